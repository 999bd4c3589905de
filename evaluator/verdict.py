"""Judging one document: the verdict (enforced and shadowed errors), or why it is unusable."""

from __future__ import annotations

from dataclasses import dataclass

from . import compile as compile_schema
from .loader import Doc, InputError
from .schemaerror import SchemaError
from .select import schema_root


@dataclass
class Options:
    schema: dict
    type_name: str | None
    enable: tuple
    subresource: str | None
    beta: bool


@dataclass
class Verdict:
    kind: str
    name: str
    file: str
    errors: list
    shadowed: list
    lines: dict  # id(error) -> line

    def __getstate__(self) -> dict:  # a worker's verdict: error ids change on the way, positions do not
        return {**self.__dict__, "lines": [self.lines.get(id(e)) for e in self.errors + self.shadowed]}

    def __setstate__(self, state: dict) -> None:
        lines = state.pop("lines")
        self.__dict__.update(state)
        self.lines = {id(e): n for e, n in zip(self.errors + self.shadowed, lines, strict=True) if n}


@dataclass
class Unusable:
    """A document (or the rest of a file) that could not be judged, reported in place of its verdict."""

    file: str
    reason: str  # one line, already naming the file (and document) where known
    internal: bool = False  # a bug of ours (an unexpected exception), not bad input
    ends_file: bool = False  # the file could not be read on (a YAML syntax error): no more results


_CACHE: dict = {}


def _validator(opts: Options, obj: object):
    doc, ref = schema_root(opts.schema, opts.type_name, obj)
    if ref not in _CACHE:
        _CACHE[ref] = compile_schema(doc, ref.rsplit("/", 1)[1])
    return _CACHE[ref]


def judge(opts: Options, new: Doc, old: Doc | None) -> Verdict:
    """Validate one object (and its old version) and split enforced from shadowed errors."""
    obj = new.value
    if not isinstance(obj, dict):
        raise InputError(f"{new.file}: document {new.index + 1}: the root must be a mapping, got {type(obj).__name__}")
    v = _validator(opts, obj)
    try:
        errs = v.validate(
            obj, old.value if old else None, options=opts.enable, subresource=opts.subresource, update=old is not None
        )
    except RecursionError:
        raise InputError(f"{new.file}: document {new.index + 1}: nesting too deep to validate") from None
    shadow = [e for e in errs if e.level == "alpha" or (e.level == "beta" and not opts.beta)]
    enforced = [e for e in errs if e not in shadow]
    meta = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    lines = {id(e): new.line_of(e.field) for e in errs}
    return Verdict(
        str(obj.get("kind") or v.name),
        str(meta.get("name") or ""),
        new.file,
        enforced,
        shadow,
        {k: val for k, val in lines.items() if val},
    )


def judge_safely(opts: Options, doc: Doc) -> Verdict | Unusable:
    """`judge` for batch mode (a create): any failure becomes an `Unusable` in place of the verdict."""
    try:
        return judge(opts, doc, None)
    except InputError as e:
        return Unusable(doc.file, str(e))
    except SchemaError as e:
        return Unusable(doc.file, f"{doc.file}: document {doc.index + 1}: schema: {e}")
    except Exception as e:  # a bug of ours must not sink the other documents
        return Unusable(doc.file, f"{doc.file}: document {doc.index + 1}: {internal_error(e)}", internal=True)


def internal_error(e: BaseException) -> str:
    """The one-line text of an unexpected exception."""
    return f"internal error (please report): {type(e).__name__}: {e}"
