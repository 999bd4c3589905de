"""Reading an OpenAPI document published for client validators (`dv2openapi.clients.for_clients`).

Publishing moves the rules of an optional value field that would fault its zero value into the
second branch of an `anyOf` whose first branch (marked `x-dv-unset`) admits null and the zero value,
so that a client lets an unset field through as dv-eval does. dv-eval reads such a field with its
rules back in place, in their order: the same schema as the translator's, the same verdicts.
"""

from __future__ import annotations

from .schemaerror import SchemaError

UNSET = "x-dv-unset"


def _marked(node: dict) -> bool:
    branches = node.get("anyOf")
    return type(branches) is list and len(branches) == 2 and type(branches[0]) is dict and bool(branches[0].get(UNSET))


def unpublished(doc: dict) -> dict:
    """`doc` with every `x-dv-unset` branch folded back (a copy where there is one; else `doc`)."""
    if not _has_mark(doc):
        return doc
    try:
        return _fold(doc)
    except RecursionError:
        raise SchemaError("the document nests too deeply to read") from None


def _has_mark(value: object) -> bool:
    stack, seen = [value], set()
    while stack:
        x = stack.pop()
        if type(x) is dict:
            if id(x) in seen:
                continue
            seen.add(id(x))
            if _marked(x):
                return True
            stack.extend(x.values())
        elif type(x) is list:
            stack.extend(x)
    return False


def _fold(value: object) -> object:
    if type(value) is list:
        return [_fold(x) for x in value]
    if type(value) is not dict:
        return value
    out: dict = {}
    for k, v in value.items():
        if k == "anyOf" and _marked(value) and type(value["anyOf"][1]) is dict:
            out.update((bk, _fold(bv)) for bk, bv in value["anyOf"][1].items())
        else:
            out[k] = _fold(v)
    return out
