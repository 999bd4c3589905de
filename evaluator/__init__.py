"""dv-eval's engine: compile an OpenAPI schema once, validate objects fast.

v = evaluator.compile(doc, "Widget")
errors = v.validate(new, old, options={"MyFeature"}, subresource="/status")
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .compiler import Compiler
from .context import NOOLD, Ctx
from .deep import deeply
from .errors import FieldError
from .schemaerror import SchemaError
from .select import schema_root

__all__ = ["compile", "Validator", "FieldError", "SchemaError", "DepthError"]


class DepthError(ValueError):
    """An object nests too deeply to validate (far beyond the loader's 1000 levels)."""


class Validator:
    """A compiled schema; `validate` may be called any number of times."""

    def __init__(self, doc: dict, ref: str, subresources: tuple, only_for: str | None):
        self.name = ref.rsplit("/", 1)[-1]
        self._node = Compiler(doc).ref_node(ref)
        self._subresources = subresources
        self._only_for = only_for

    def validate(
        self,
        obj: object,
        old: object = None,
        *,
        options: Iterable[str] | Mapping[str, bool] = (),
        subresource: str | None = None,
        update: bool | None = None,
    ) -> list[FieldError]:
        """Errors for `obj` (a create), or for `obj` replacing `old` (an update).

        `update=True` with `old=None` validates an update whose old object is nil.
        `options` names the enabled options (every other option is disabled), or maps option
        names to enabled/disabled; then, as in Kubernetes, a rule gated on an option missing
        from the mapping reports an InternalError ("undefined validation option").
        """
        try:
            return deeply(self._validate, obj, old, options, subresource, update)
        except RecursionError:
            raise DepthError("object nests too deeply to validate") from None

    def _validate(self, obj, old, options, subresource, update) -> list[FieldError]:
        is_update = (old is not None) if update is None else update
        sub = None if subresource in (None, "", "/") else "/" + subresource.strip("/")
        if isinstance(options, Mapping):  # name -> enabled: only these options are defined
            ctx = Ctx(is_update, frozenset(k for k, on in options.items() if on), sub, frozenset(options))
        else:
            ctx = Ctx(is_update, frozenset(options), sub)
        if sub is not None and sub not in self._subresources and self._only_for != sub:
            ctx.add("InternalError", None, None, f"no validation found for {self.name}, subresource: {sub}")
            return ctx.errors
        if self._only_for is not None and sub != self._only_for:  # the root resource is not validated
            ctx.add("InternalError", None, None, f"no validation found for {self.name}, subresource: {sub or '/'}")
            return ctx.errors
        self._node.validate(obj, old if is_update else NOOLD, None, ctx)
        return ctx.errors


def compile(schema_doc: dict, type_name: str | None = None) -> Validator:  # noqa: A001 - the documented API
    """Compile `type_name` (a components.schemas name) of an OpenAPI document or CRD."""
    doc, ref = schema_root(schema_doc, type_name)
    target = doc
    for part in ref[2:].split("/"):
        target = target.get(part, {}) if isinstance(target, dict) else {}
    subs = tuple(doc.get("x-dv-supports-subresources", ()))
    return Validator(doc, ref, subs, target.get("x-dv-subresource"))
