"""Objects as Python users hold them -> the JSON values the evaluator validates.

Dataclass instances become mappings keyed by their JSON names (dv2openapi's
`field(metadata={"json": …})` and `{"inline": True}` conventions), `Enum` members their values,
tuples lists; anything JSON cannot hold is a `TypeError` that names where it is.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Mapping

_SCALARS = (str, int, float, bool, type(None))
WHAT = "a dict (parsed YAML/JSON) or a dataclass instance of the schema's types"


def to_json(value: object, where: str = "object") -> object:
    """`value` as plain JSON data; returns `value` itself when it already is (no copy)."""
    t = type(value)
    if t is dict:
        out = None
        for i, (k, v) in enumerate(value.items()):
            c = to_json(v, f"{where}.{k}")
            if out is None and (c is not v or type(k) is not str):
                out = dict(itertools.islice(value.items(), i))  # copy only from the first change on
            if out is not None:
                out[k if type(k) is str else _key(k, where)] = c
        return value if out is None else out
    if t is list:
        conv = [to_json(v, f"{where}[{i}]") for i, v in enumerate(value)]
        return value if all(a is b for a, b in zip(conv, value, strict=True)) else conv
    if t in (str, int, float, bool) or value is None:
        return value
    if isinstance(value, enum.Enum):
        return to_json(value.value, where)
    if hasattr(t, "__dataclass_fields__") and not isinstance(value, type):  # dataclasses.is_dataclass's test
        return _dataclass(value, where)
    if isinstance(value, Mapping):
        return {_key(k, where): to_json(v, f"{where}.{k}") for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, _SCALARS):  # subclasses of str/int/float
        return value
    raise TypeError(f"{where}: cannot validate a {type(value).__name__}: pass {WHAT}")


def _key(k: object, where: str) -> str:
    if isinstance(k, enum.Enum):
        k = k.value
    if not isinstance(k, str):
        raise TypeError(f"{where}: mapping keys must be strings, got {type(k).__name__}")
    return str(k)


def _dataclass(obj: object, where: str) -> dict:
    import dataclasses  # only for Python values: not a cost of every start

    out: dict = {}
    for f in dataclasses.fields(obj):
        v = getattr(obj, f.name)
        name = f.metadata.get("json", f.name)
        if f.metadata.get("inline"):
            inner = to_json(v, where)
            if isinstance(inner, dict):
                out.update(inner)
            continue
        out[name] = to_json(v, f"{where}.{name}")
    return out
