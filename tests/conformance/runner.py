"""Run ported validation-gen cases through translator -> OpenAPI -> evaluator.

Used by `test_conformance.py` (one pytest case per reference case) and by
`tools/conformance_report.py` (docs/conformance.md).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

import evaluator
from dv2openapi.clients import for_clients
from dv2openapi.frontend import build_model
from dv2openapi.openapi import to_openapi

CASES = Path(__file__).parent / "cases"


@dataclass
class Case:
    folder: str
    name: str
    data: dict
    default_types: str

    @property
    def id(self) -> str:
        return f"{self.folder}::{self.name}"


LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: PyYAML's safe values, read faster


def load_cases() -> list[Case]:
    out = []
    for f in sorted(CASES.rglob("cases.yaml")):
        doc = yaml.load(f.read_text(), Loader=LOADER) or {}
        folder = str(f.parent.relative_to(CASES))
        for c in doc.get("cases") or []:
            out.append(Case(folder, str(c.get("name")), c, doc.get("types", "models.py")))
    return out


@functools.cache
def document(path: str) -> dict:
    return to_openapi(build_model(path))


@functools.cache
def validator(path: str, type_name: str, published: bool = False):
    """dv-eval on the translator's document, or on the document as `dv2openapi openapi` publishes it."""
    return evaluator.compile(for_clients(document(path)) if published else document(path), type_name)


def run(case: Case, published: bool = False) -> list:
    d = case.data
    path = str(CASES / case.folder / d.get("types", case.default_types))
    v = validator(path, d["type"], published)
    update = "old" in d
    # no `options` key = the Go test made no Opts(...) call: no option is defined at all
    options = d["options"] or () if "options" in d else {}
    return v.validate(d.get("object"), d.get("old"), options=options, subresource=d.get("subresource"), update=update)


def _matches(want: dict, got, keys: list) -> bool:
    for k in keys:
        if k == "type" and want.get("type") != got.type:
            return False
        if k == "field" and str(want.get("field", "")) != got.field:
            return False
        if k == "origin" and (want.get("origin") or "") != got.origin:
            return False
        if k == "detail" and str(want.get("detail") or "") not in got.detail:
            return False
        if k == "detail_exact" and str(want.get("detail_exact", want.get("detail")) or "") != got.detail:
            return False
        if k == "detail_regexp" and not re.search(str(want.get("detail_regexp", want.get("detail")) or ""), got.detail):
            return False
        if k == "short_circuit" and bool(want.get("short_circuit", False)) != got.short_circuit:
            return False
        if k == "level" and (want.get("level") or "") != got.level:
            return False
        if k == "value" and want.get("value") != got.bad_value:
            return False
    return True


def check(case: Case, got: list) -> list[str]:
    """Problems with `got` against the case's expectation ([] = pass), like ErrorMatcher.Test."""
    d = case.data
    shown = [f"{e.type} {e.field!r} origin={e.origin!r} level={e.level!r}: {e.detail}" for e in got]
    if "validate_false" in d:
        by_path: dict = {}
        for e in got:
            if e.detail.startswith("forced failure: "):
                by_path.setdefault(e.field, []).append(e.detail[len("forced failure: ") :])
        want = {str(k): sorted(v) for k, v in (d["validate_false"] or {}).items()}
        got_sorted = {k: sorted(v) for k, v in by_path.items()}
        return [] if want == got_sorted else [f"validateFalse by path: want {want}, got {got_sorted}"]
    if d.get("valid"):
        return [] if not got else ["want no errors, got:"] + shown
    keys = d.get("match", ["type", "field", "origin", "detail"])
    problems = []
    remaining = list(got)
    for w in d.get("errors") or []:
        matched = False
        rest = []
        consume_all = "origin" in keys and w.get("origin")
        for i, g in enumerate(remaining):
            if (not matched or consume_all) and _matches(w, g, keys):
                matched = True
                if not consume_all:
                    rest.extend(remaining[i + 1 :])
                    break
                continue
            rest.append(g)
        if not matched:
            problems.append(f"missing: {w}")
        remaining = rest
    problems += [f"unexpected: {e.type} {e.field!r} origin={e.origin!r}: {e.detail}" for e in remaining]
    return problems + (["got:"] + shown if problems else [])
