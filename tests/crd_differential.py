"""CRD versus dv-eval on the same requests: the differential behind `test_crd_differential.py`.

For every conformance root type the generated CRD is judged by the API-server emulation
(`tests/apiserver`) and the OpenAPI document by dv-eval (every option off, beta enforced, no
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
from tests.apiserver import Validator

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


def _warned(path: str, type_name: str, warnings: tuple) -> bool:
    """Some warning names this path, one of its parents or one of its children."""
    p = _norm(path)
    for w in warnings:
        where = w.split(": ", 1)[0]
        if not where.startswith(type_name):
            continue
        where = where[len(type_name) :].lstrip(".")
        if not where or p == where or p.startswith((where + ".", where + "[")) or where.startswith(p):
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
        if all(_warned(e.field, record["type"], warnings) for e in dv_errors):
            return "warned: not rendered"
        return "unexplained: CRD too lax"
    if all(_warned(e.field, record["type"], warnings) for e in server_errors):
        return "warned: rendered approximately"
    return "unexplained: CRD too strict"


def _old_has_duplicates(record: dict, judge) -> bool:
    return record["update"] and any(e.type == "FieldValueDuplicate" for e in judge.validate(record["old"]))


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
        c = cause(r, dv_errors, judge.validate(r["new"], old))
        out[c or "agree"] += 1
    return out
