"""A compiled schema's entry point: `Validator.validate` and its `Result`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from evaluator.input.pyobj import WHAT, to_json
from evaluator.runtime import native
from evaluator.runtime.deep import NoRoom, check_room, deeply

from .compiler import Compiler, recursive
from .context import NOOLD, Ctx
from .equality import close_scope, open_scope
from .errors import INTERNAL, TYPE_INVALID, FieldError

_NO_OPTIONS: frozenset = frozenset()


class DepthError(ValueError):
    """An object nests too deeply to validate (far beyond the loader's 1000 levels)."""


class Result(list):
    """Every error of one validation (a list, as `validate` always returned), enforced and shadowed apart.

    `enforced`: the errors Kubernetes would reject the object for (untagged and GA rules, and beta rules
    unless the beta switch is off); `shadowed`: errors of alpha rules (never enforced) and, with
    `beta=False`, of beta rules, which Kubernetes only logs. `valid` is True when nothing is enforced.
    """

    __slots__ = ("shadowed", "enforced")

    def __init__(self, errors: list[FieldError], beta: bool):
        if not errors:  # the common case, without the two passes
            self.shadowed, self.enforced = [], []
            return
        list.__init__(self, errors)
        self.shadowed = [e for e in errors if e.level == "alpha" or (e.level == "beta" and not beta)]
        self.enforced = [e for e in errors if not (e.level == "alpha" or (e.level == "beta" and not beta))]

    @property
    def valid(self) -> bool:
        return not self.enforced


class Validator:
    """A compiled schema; `validate` may be called any number of times."""

    def __init__(self, doc: dict, ref: str, subresources: tuple, only_for: str | None, deferring: bool = False):
        self.name = ref.rsplit("/", 1)[-1]
        self._node = Compiler(doc, deferring).ref_node(ref)
        # Compiled, a walk recurses on the C stack, where no recursion limit stops it: as deep as the
        # schema nests (MAX_NESTING), or, through a recursive type, as deep as the data: then measured.
        self._measure = native.NATIVE and recursive(doc, ref)
        self._subresources = subresources
        self._only_for = only_for

    def supports(self, subresource: str | None) -> bool:
        """Whether the type has validation for writes to `subresource` (None or "/" = the resource)."""
        sub = _subresource(subresource)
        if self._only_for is not None:
            return sub == self._only_for
        return sub is None or sub in self._subresources

    def validate(
        self,
        obj: object,
        old: object = None,
        *,
        options: str | Iterable[str] | Mapping[str, bool] = (),
        subresource: str | None = None,
        update: bool | None = None,
        beta: bool = True,
    ) -> Result:
        """Errors for `obj` (a create), or for `obj` replacing `old` (an update), as a `Result`.

        `obj` and `old` are dicts (parsed YAML/JSON) or dataclass instances of the schema's types;
        `Enum` members and tuples are taken as their JSON values. `update=True` with `old=None`
        validates an update whose old object is nil. `options` names the enabled options (one name
        or several; every other option is disabled), or maps option names to enabled/disabled; then,
        as in Kubernetes, a rule gated on an option missing from the mapping reports an
        InternalError ("undefined validation option"). `beta=False` is Kubernetes'
        `DeclarativeValidationBeta=false`: beta rules are then shadowed, not enforced.
        """
        run = self._validate if old is None and not update else self._update
        if native.NATIVE and type(obj) is dict and (old is None or type(old) is dict):
            try:  # parsed JSON/YAML, compiled walk: no Python recursion on the way (see `_measure`)
                return run(obj, old, options, subresource, update, beta)
            except RecursionError:
                pass  # deeper than this thread's stack takes: `deeply` runs it on a big one
        try:  # deep data: once more with room for ~2000 levels (in another thread), then a DepthError
            return deeply(run, obj, old, options, subresource, update, beta)
        except NoRoom as e:
            raise DepthError(f"object nests too deeply to validate: {e}") from None
        except RecursionError:
            raise DepthError("object nests too deeply to validate") from None

    def _update(self, *args) -> Result:
        """`_validate` with ratcheting's comparisons remembered: each old/new pair compared once."""
        token = open_scope()
        try:
            return self._validate(*args)
        finally:
            close_scope(token)

    def _validate(self, obj, old, options, subresource, update, beta) -> Result:
        if obj is None:
            raise TypeError(f"validate() needs the object to validate: {WHAT}, got None")
        if type(obj) is not dict:
            obj = to_json(obj)
        if old is not None and type(old) is not dict:
            old = to_json(old, "old")
        ctx = self._ctx(options, subresource, update, old, beta)
        errors = self._run(obj, old, ctx)
        # A wrong type may be a Python value (an Enum member, a tuple, a dataclass) that stands for JSON:
        # then once more on the JSON form. Parsed YAML/JSON holds none: no walk for it.
        if errors and any(e.type == TYPE_INVALID and type(e.bad_value) not in _JSON_TYPES for e in errors):
            plain, plain_old = to_json(obj), to_json(old, "old")
            if plain is not obj or plain_old is not old:
                errors = self._run(plain, plain_old, self._ctx(options, subresource, update, old, beta))
        return Result(errors, beta)

    def _ctx(self, options, subresource, update, old, beta) -> Ctx:
        if options == () and subresource is None and type(beta) is bool and (update is None or type(update) is bool):
            return Ctx((old is not None) if update is None else update, _NO_OPTIONS, None)  # the defaults, fast
        if not isinstance(beta, bool):
            raise TypeError(f"beta must be True or False, got {beta!r}")
        if update is not None and not isinstance(update, bool):
            raise TypeError(f"update must be True, False or None, got {update!r}")
        if subresource is not None and not isinstance(subresource, str):
            raise TypeError(f'subresource must be a path such as "/status", got {subresource!r}')
        is_update = (old is not None) if update is None else update
        sub = _subresource(subresource)
        if isinstance(options, str):
            options = (options,)
        if isinstance(options, Mapping):  # name -> enabled: only these options are defined
            _names(options)
            return Ctx(is_update, frozenset(k for k, on in options.items() if on), sub, frozenset(options))
        if not isinstance(options, Iterable):
            raise TypeError(f"options must be option names or a mapping name -> bool, got {options!r}")
        return Ctx(is_update, frozenset(_names(options)), sub)

    def _run(self, obj: object, old: object, ctx: Ctx) -> list[FieldError]:
        if (ctx.subresource is not None or self._only_for is not None) and not self.supports(ctx.subresource):
            detail = f"no validation found for {self.name}, subresource: {ctx.subresource or '/'}"
            ctx.errors.append(FieldError(INTERNAL, "<nil>", None, detail))
            return ctx.errors
        if not ctx.measured:
            if not self._measure:
                ctx.measured = True
            elif not (ctx.update and type(old) is dict and self._node.props_only):
                # The data of a recursive type is measured first (deep.check_room); an update of a
                # struct field by field as the walk descends, so that an unchanged field costs only
                # its comparison with the old one.
                check_room(obj, old if ctx.update else None)
                ctx.measured = True
        self._node.validate(obj, old if ctx.update else NOOLD, None, ctx)
        return ctx.errors


_JSON_TYPES = frozenset({str, int, float, bool, type(None), dict, list})


def _subresource(subresource: str | None) -> str | None:
    return None if subresource in (None, "", "/") else "/" + subresource.strip("/")


def _names(options: Iterable) -> list[str]:
    names = list(options)
    for n in names:
        if not isinstance(n, str):
            raise TypeError(f"option names must be strings, got {n!r}")
    return names
