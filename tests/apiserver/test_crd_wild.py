"""dv-eval against the real API server (v0.35.0) on 87 more public CRDs (`../shared/crd-wild`).

Every recorded request is replayed through dv-eval's own path, as in `test_crd_verdicts.py`, but for
the updates whose stored object has no `metadata.name` (the README there leaves out stored objects
the server could never have stored; those with an invalid name are kept: on update the server checks
a custom resource's name only as a path segment, `rest.BeforeUpdate`). The verdict and the (type,
field) error set must equal the server's on at least the floors below, and no valid request may be
refused on a CEL rule's cost: a cost estimate refused 81 (80 of envoy-gateway's SecurityPolicy); the
actual cost (`celinterp`: what the server charges for what it evaluated) accepts them all.
"""

from __future__ import annotations

import collections

from evaluator.input.loader import Doc
from evaluator.run.routing import Catalog
from evaluator.run.verdict import Options, judge
from tests.shared_data import crd, records

VERDICT_FLOOR = 0.9995  # measured: 12,874 of 12,874 requests
FIELDS_FLOOR = 0.996  # measured: 12,836 of 12,874 (at the 2026-11-27 session start: 12,436 of 12,596)
COST = "cost limit exceeded"


def _named(r: dict) -> bool:
    meta = r["old"].get("metadata") if isinstance(r["old"], dict) else None
    return isinstance(meta, dict) and isinstance(meta.get("name"), str) and meta["name"] != ""


def test_dv_eval_reaches_the_servers_verdicts_on_more_public_crds():
    catalogs: dict = {}
    total = verdicts = fields = cost_rejects = 0
    causes: collections.Counter = collections.Counter()
    for r in records("crd-wild/requests.jsonl.gz"):
        if r["update"] and not _named(r):
            continue
        if r["crd"] not in catalogs:
            catalog = Catalog()
            catalog.add_doc(crd("crd-wild/crds/" + r["crd"]), r["crd"])
            catalogs[r["crd"]] = Options(catalog)
        old = Doc(r["old"], "old.yaml", 0) if r["update"] else None
        vd = judge(catalogs[r["crd"]], Doc(r["new"], "new.yaml", 0), old)
        total += 1
        got = {(f.reason, f.field) for f in vd.errors + vd.rejected}
        want = {(e["type"], e["field"]) for e in r["server_errors"]}
        verdicts += (not got) == r["server_valid"]
        fields += got == want
        if got != want:
            causes[r["crd"].split("/")[0] + ": " + r["mutation"].split(" at ")[0][:40]] += 1
        if r["server_valid"] and any(COST in f.message for f in vd.errors + vd.rejected):
            cost_rejects += 1
    summary = f"verdicts {verdicts}/{total}, error sets {fields}/{total}; differences: {causes.most_common(8)}"
    assert cost_rejects == 0, summary
    assert total == 12874, summary
    assert verdicts / total >= VERDICT_FLOOR, summary
    assert fields / total >= FIELDS_FLOOR, summary
