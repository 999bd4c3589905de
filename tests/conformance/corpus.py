"""Replay the reference verdicts (`../shared/reference-verdicts/`) through the user's path.

Each record is a random input of an output_tests type and the errors the real validation-gen
reported. Here it goes through ported types -> translator -> OpenAPI -> `evaluator.compile`
-> `validate`, and the two error lists are compared as multisets of
`(type, field, origin, level, detail)`. Used by `test_corpus.py` and `tools/conformance_report.py`.
"""

from __future__ import annotations

import functools
import gzip
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import yaml

from .runner import CASES, validator

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "reference-verdicts" / "validation-gen.jsonl.gz"
# Packages whose verdicts cannot come from tags alone (the reason is reported beside the figure).
SKIPPED = {
    "tags/customvalidation": "calls hand-written Go validation functions, which tags cannot express",
}
# The one wording that cannot match: Go type names inside InternalError details (`*immutable.Struct`).
_GO_TYPE = re.compile(r"(?<=no validation found for )[^,]+")


def records() -> Iterator[dict]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


@functools.cache
def _modules(package: str) -> dict[str, str]:
    """Root type name -> module path, from the package's cases.yaml (default module otherwise)."""
    folder = CASES / package
    doc = yaml.safe_load((folder / "cases.yaml").read_text()) or {}
    default = doc.get("types", "models.py")
    out = {}
    for c in doc.get("cases") or []:
        out.setdefault(str(c["type"]), str(folder / c.get("types", default)))
    out[""] = str(folder / default)
    return out


def module_for(package: str, type_name: str) -> str:
    mods = _modules(package)
    return mods.get(type_name, mods[""])


def _key(e: dict) -> tuple:
    detail = e["detail"] or ""
    if e["type"] == "InternalError":
        detail = _GO_TYPE.sub("<type>", detail)
    return (e["type"], e["field"], e["origin"] or "", e["level"] or "", detail)


def ours(rec: dict) -> list[dict]:
    v = validator(module_for(rec["package"], rec["type"]), rec["type"])
    opts = rec["options"]
    errs = v.validate(
        rec["new"],
        rec["old"],
        options={} if opts is None else opts,
        subresource=rec["subresource"],
        update=rec["update"],
    )
    return [{"type": e.type, "field": e.field, "origin": e.origin, "level": e.level, "detail": e.detail} for e in errs]


def compare(rec: dict) -> tuple[Counter, Counter]:
    """(missing, unexpected): reference errors we did not report, and ours the reference did not."""
    want = Counter(_key(e) for e in rec["errors"])
    got = Counter(_key(e) for e in ours(rec))
    return want - got, got - want
