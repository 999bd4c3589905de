"""Reading an OpenAPI document published for client validators (`dv2openapi.clients.for_clients`).

Publishing tells clients, in standard keywords, what dv-eval rejects by Go value semantics (a field
whose zero value fails its rules is required, a set's items are unique, …), in `allOf` entries
marked `x-dv-client`: dv-eval drops them, as it checks these its own way. Publishing also moves the
rules of an optional value field that would fault its zero value into the second branch of an
`anyOf` whose first branch (marked `x-dv-unset`) admits null and the zero value, so that a client
lets an unset field through as dv-eval does (and a kind's metadata, whose first branch is an object
named by its generateName alone). dv-eval reads such a field with its
rules back in place, in their order: the same schema as the translator's, the same verdicts.

A JSON Schema export (`clients.to_jsonschema`) embeds the translator's document in its `$comment`,
with the SHA-256 of the rest of the file: dv-eval validates with that document while the file is
unchanged, as with a CRD dv2openapi rendered.
"""

from __future__ import annotations

import re

from .schemaerror import SchemaError

UNSET = "x-dv-unset"
CLIENT = "x-dv-client"
EMBEDDED = re.compile(r"dv2openapi: .*? \(SHA-256 ([0-9a-f]{64})\): (\{.*\})\Z", re.S)  # an export's $comment


def _marked(node: dict) -> bool:
    branches = node.get("anyOf")
    return type(branches) is list and len(branches) == 2 and type(branches[0]) is dict and bool(branches[0].get(UNSET))


def unpublished(doc: dict) -> dict:
    """`doc` with every `x-dv-unset` branch folded back and every `x-dv-client` entry dropped (a copy
    where there is one; else `doc`)."""
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
            if _marked(x) or x.get(CLIENT):
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
            out.update(_fold(value["anyOf"][1]))
        elif k == "allOf" and type(v) is list and any(type(x) is dict and x.get(CLIENT) for x in v):
            kept = [_fold(x) for x in v if not (type(x) is dict and x.get(CLIENT))]
            if kept:
                out[k] = kept
        else:
            out[k] = _fold(v)
    return out


def export_digest(schema: dict) -> str:
    """The SHA-256 of a JSON Schema export as canonical JSON, without its `$id` and `$comment`."""
    import hashlib  # OpenSSL's bindings: only for a JSON Schema export
    import json

    rest = {k: v for k, v in schema.items() if k not in ("$id", "$comment")}
    return hashlib.sha256(json.dumps(rest, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def embedded_document(schema: dict) -> dict | None:
    """The OpenAPI document a JSON Schema export of dv2openapi embeds in its `$comment`, when the
    export is unchanged since it was written; None for any other schema."""
    comment = schema.get("$comment")
    m = EMBEDDED.match(comment) if isinstance(comment, str) else None
    if m is None or m[1] != export_digest(schema):
        return None
    import json

    try:
        doc = json.loads(m[2])
    except (ValueError, RecursionError):
        return None
    return doc if isinstance(doc, dict) else None
