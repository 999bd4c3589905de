"""dv-eval against the real API server on public CRDs (`../shared/crd-verdicts`, README there).

Every recorded request (13,343 creates and updates of objects of 38 CRDs: gateway-api, kueue,
jobset, prometheus-operator, kubectl-validate's) is replayed through dv-eval's own path, as
`dv-eval --schema CRD new.yaml [old.yaml]` takes it: the CRD loaded into the schema catalog, the
object routed by apiVersion/kind and judged. The verdict and the (type, field) error set must
equal the server's on at least the floors below, and where the sets agree each of the server's
details must be in our message on its field; the differences left are listed by cause in the
README (Conformance).
"""

from __future__ import annotations

import collections

from evaluator.input.loader import Doc
from evaluator.run.routing import Catalog
from evaluator.run.verdict import Options, judge
from tests.shared_data import crd, records

VERDICT_FLOOR = 0.9995
FIELDS_FLOOR = 0.9995
WORDING_FLOOR = 0.999  # of the requests whose error sets agree


def _doc(obj: dict, name: str) -> Doc:
    return Doc(obj, name, 0)


def test_dv_eval_reaches_the_servers_verdicts_on_public_crds():
    catalogs: dict = {}
    total = verdicts = fields = worded = 0
    causes: collections.Counter = collections.Counter()
    for r in records("crd-verdicts/requests.jsonl.gz"):
        if r["crd"] not in catalogs:
            catalog = Catalog()
            catalog.add_doc(crd("crd-verdicts/crds/" + r["crd"]), r["crd"])
            catalogs[r["crd"]] = Options(catalog)
        vd = judge(catalogs[r["crd"]], _doc(r["new"], "new.yaml"), _doc(r["old"], "old.yaml") if r["update"] else None)
        total += 1
        assert not vd.skipped, (r["id"], vd.skipped)
        got = {(f.reason, f.field) for f in vd.errors + vd.rejected}
        want = {(e["type"], e["field"]) for e in r["server_errors"]}
        verdicts += (not got) == r["server_valid"]
        fields += got == want
        if got != want:
            causes[r["mutation"].split(" at ")[0][:50]] += 1
            continue
        # each of the server's details is worded in one of our messages on its (type, field)
        said = collections.defaultdict(list)
        for f in vd.errors + vd.rejected:
            said[(f.reason, f.field)].append(f.message)
        if all(any(e["detail"] in m for m in said[(e["type"], e["field"])]) for e in r["server_errors"]):
            worded += 1
        else:
            causes["wording: " + r["mutation"].split(" at ")[0][:40]] += 1
    assert total == 13343
    summary = (
        f"verdicts {verdicts}/{total}, error sets {fields}/{total}, wording {worded}/{fields}; "
        f"differences: {causes.most_common(8)}"
    )
    assert verdicts / total >= VERDICT_FLOOR, summary
    assert fields / total >= FIELDS_FLOOR, summary
    assert worded / fields >= WORDING_FLOOR, summary
