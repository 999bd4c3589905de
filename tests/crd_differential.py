"""CRD versus dv-eval on the same requests: the differential behind `test_crd_differential.py`.

For every conformance root type the generated CRD is judged by the API-server emulation
(`apiserver`) and the OpenAPI document by dv-eval (every option off, beta enforced, no
subresource: the state a CRD renders). Each disagreement on valid/invalid gets a cause; the
documented causes (docs/crd-rendering.md, "Where a CRD and dv-eval differ") are recognised from
the generator's own warnings, so a difference nobody warned about stays "unexplained".
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import evaluator
from dv2openapi.crd import to_crd
from dv2openapi.errors import InputError
from dv2openapi.frontend import build_model
from dv2openapi.openapi import to_openapi
from evaluator.apiserver.request.server import Validator
from tests.shared_data import named

CASES = Path(__file__).parent / "conformance" / "cases"


@functools.cache
def judges(package: str, type_name: str):
    """(dv-eval validator, API-server emulation or the reason there is no CRD, generator warnings)."""
    warnings: list[str] = []
    doc = to_openapi(build_model(str(CASES / package / "models.py"), [type_name]), warnings)
    try:
        crd = to_crd(doc, type_name, "example.com", warn=warnings.append)
    except InputError as e:
        return evaluator.compile(doc, type_name), str(e), tuple(warnings)
    return evaluator.compile(doc, type_name), Validator(crd), tuple(warnings)


def _norm(path: str) -> str:
    """A field path with indexes and keys as `[*]` (the generator's warnings name schema paths)."""
    return re.sub(r"\[[^\]]*\]", "[*]", "" if path == "<nil>" else path).lstrip(".")


def _warned(path: str, type_name: str, warnings: tuple, schema: dict) -> bool:
    """Some warning names this path, one of its parents or one of its children; a warning about the
    root type covers the root's own fields and paths outside the CRD's fields (embedded structs)."""
    p = _norm(path)
    own = not re.search(r"[.\[]", p) or p.split(".")[0].split("[")[0] not in schema.get("properties", {})
    for w in warnings:
        where = w.split(": ", 1)[0]
        if not where.startswith(type_name):
            continue
        where = where[len(type_name) :].lstrip(".")
        if not where:
            if own:
                return True
        elif p == where or p.startswith((where + ".", where + "[")) or where.startswith(p):
            return True
    return False


def cause(record: dict, dv_errors: list, server) -> str | None:
    """Why the CRD and dv-eval disagree on this request (None: they agree)."""
    _, judge, warnings = judges(record["package"], record["type"])
    if isinstance(judge, str):
        return "no CRD: " + ("not a struct" if "must name a struct" in judge else "refused by the API server")
    server_errors = server
    if bool(dv_errors) == bool(server_errors):
        return None
    if dv_errors:
        if any(e.type == "InternalError" for e in dv_errors):
            return "subresource-only type"
        if all(e.type == "FieldValueRequired" and e.origin == "" for e in dv_errors) and _defaulted(record):
            return "defaulted by the server"
        if all(e.type == "FieldValueDuplicate" for e in dv_errors) and _old_has_duplicates(record, judge):
            return "duplicates: the server skips the list-type check when the old object had any"
        if all(_warned(e.field, record["type"], warnings, judge.schema) for e in dv_errors):
            return "warned: not rendered"
        if all(
            _warned(e.field, record["type"], warnings, judge.schema)
            or e.type == "FieldValueDuplicate"
            and _old_has_duplicates(record, judge)
            for e in dv_errors
        ):
            return "warned: not rendered, and duplicates the server skips (the old object had some)"
        return "unexplained: CRD too lax"
    if all(_warned(e.field, record["type"], warnings, judge.schema) for e in server_errors):
        return "warned: rendered approximately"
    if record["update"] and all(e.type == "FieldValueRequired" or "not checked" in e.detail for e in server_errors):
        return "required below the root: the server ratchets it per object, dv-eval per field"
    if record["update"] and all(_old_set_item(record, judge.schema, e.field) for e in server_errors):
        return "set/atomic list items: dv-eval ratchets an item found unchanged, the server only a whole list"
    if record["update"] and all(_zero_vs_absent(record, e.field) or "not checked" in e.detail for e in server_errors):
        return "a Go zero value against an absent old value: dv-eval ratchets them as equal"
    if all(_map_key(judge.schema, e.field) or e.field == "<nil>" and "not checked" in e.detail for e in server_errors):
        return "list-map keys: required by the API server (dv-eval: an absent key is its zero value)"
    return "unexplained: CRD too strict"


def _map_key(schema: dict, path: str) -> bool:
    """The path ends at a key field of a `map` list item (`list[3].key`)."""
    parts = re.findall(r"[^.\[\]]+|\[[^\]]*\]", path)
    lst: dict = {}
    for part in parts[:-1]:
        if part.startswith("["):
            lst, schema = schema, schema.get("items") or schema.get("additionalProperties") or {}
        else:
            schema = schema.get("properties", {}).get(part, {})
    return len(parts) > 1 and parts[-2].startswith("[") and parts[-1] in lst.get("x-kubernetes-list-map-keys", ())


def _at(obj, path: str):
    for part in re.findall(r"[^.\[\]]+|\[[^\]]*\]", path):
        key = part[1:-1] if part.startswith("[") else part
        if isinstance(obj, list) and key.isdigit() and int(key) < len(obj):
            obj = obj[int(key)]
        elif isinstance(obj, dict) and key in obj:
            obj = obj[key]
        else:
            return None
    return obj


def _zero_vs_absent(record: dict, path: str) -> bool:
    """At `path` (or one of its parents) new and old differ only by Go zero values against absent ones."""
    parts = re.findall(r"[^.\[\]]+|\[[^\]]*\]", path)
    for n in range(1, len(parts) + 1):
        prefix = ".".join(parts[:n])
        new, old = _at(record["new"], prefix), _at(record["old"], prefix)
        if new in ("", 0, False, [], {}) and old is None or new is not None and _nonzero(new) == _nonzero(old):
            return True
    return False


def _nonzero(v):
    """A value with its Go zero values dropped (as dv-eval compares value fields)."""
    if isinstance(v, dict):
        return {k: _nonzero(x) for k, x in v.items() if _nonzero(x) not in ("", 0, False, [], {}, None)}
    return [_nonzero(x) for x in v] if isinstance(v, list) else v


def _old_set_item(record: dict, schema: dict, path: str) -> bool:
    """The path runs through an item of a set or atomic list that the old list holds unchanged."""
    parts = re.findall(r"[^.\[\]]+|\[[^\]]*\]", path)
    for n, part in enumerate(parts):
        if part.startswith("[") and schema.get("type") == "array":
            if schema.get("x-kubernetes-list-type") != "map":
                prefix = ".".join(parts[:n])
                old_list = _at(record["old"], prefix)
                return isinstance(old_list, list) and _at(record["new"], ".".join(parts[: n + 1])) in old_list
            schema = schema.get("items", {})
        elif part.startswith("["):
            schema = schema.get("additionalProperties") or {}
        else:
            schema = schema.get("properties", {}).get(part, {})
    return False


def _old_has_duplicates(record: dict, judge) -> bool:
    return record["update"] and any(e.type == "FieldValueDuplicate" for e in judge.validate(named(record["old"])))


def _defaulted(record: dict) -> bool:
    _, judge, _ = judges(record["package"], record["type"])
    return '"default"' in repr(judge.schema).replace("'", '"')


def run(records) -> Counter:
    """Disagreement counts by cause over (package, type, new, old, update) records."""
    out: Counter = Counter()
    for r in records:
        dv, judge, _ = judges(r["package"], r["type"])
        if isinstance(judge, str):
            out["no CRD: " + ("not a struct" if "must name a struct" in judge else "refused")] += 1
            continue
        old = r["old"] if r["update"] else None
        if not isinstance(r["new"], dict) or (r["update"] and not isinstance(old, dict)):
            out["not an object"] += 1
            continue
        dv_errors = [e for e in dv.validate(r["new"], old, options=(), update=r["update"]) if e.level != "alpha"]
        c = cause(r, dv_errors, judge.validate(named(r["new"]), named(old)))
        out[c or "agree"] += 1
    return out
