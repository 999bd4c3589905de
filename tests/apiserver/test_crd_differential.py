"""CRDs judged by the API server (emulated) against dv-eval on the OpenAPI document.

Inputs: the creates and updates of `../shared/reference-verdicts/validation-gen.jsonl.gz`
(random objects of every conformance root type) with no option on and no subresource, the
state a CRD renders. Every 8th record is replayed (about 6,500 requests; building the 233 CRDs
dominates the ~15 s) to keep the suite fast; `python tools/crd_differential.py` runs all of them
and prints the figures docs/crd-rendering.md quotes. Causes are named in tests/crd_differential.py.
"""

from __future__ import annotations

import functools

import evaluator
from dv2openapi.crd import to_crd
from dv2openapi.frontend import build_model
from dv2openapi.openapi import to_openapi
from evaluator.apiserver.request.server import Validator
from tests.crd_differential import run
from tests.shared_data import named, records

STEP = 8


@functools.cache
def _counts():
    def sample():
        for i, r in enumerate(records("reference-verdicts/validation-gen.jsonl.gz")):
            if i % STEP == 0 and r["subresource"] is None and not (r["options"] and any(r["options"].values())):
                yield r

    return run(sample())


def test_crd_and_dv_eval_agree_on_almost_every_request():
    counts = _counts()
    compared = sum(v for k, v in counts.items() if not k.startswith(("no CRD", "not an object")))
    assert compared > 5000
    assert counts["agree"] / compared > 0.93, counts


def test_every_disagreement_has_a_documented_cause():
    """The full run (tools/crd_differential.py) has 0 unexplained of 52,315 records too."""
    counts = _counts()
    assert {k: v for k, v in counts.items() if k.startswith("unexplained")} == {}, counts


def _both(tmp_path, source: str, obj: dict) -> tuple[bool, bool]:
    """(the API server rejects `obj` on the CRD of T, dv-eval rejects it) for a types file."""
    src = tmp_path / "t.py"
    src.write_text("from dataclasses import dataclass\nfrom typing import Optional\n\n" + source)
    doc = to_openapi(build_model(str(src), ["T"]))
    server = Validator(to_crd(doc, "T", "example.com")).validate(named(obj), None)
    dv = evaluator.compile(doc, "T").validate(obj, options=())
    return bool(server), bool(dv)


def test_an_opaque_field_keeps_the_shape_of_its_type_and_none_of_its_rules(tmp_path):
    source = (
        '# +k8s:validateFalse="type Inner"\n@dataclass\nclass Inner:\n    # +k8s:required\n    name: Optional[str]\n\n'
        "@dataclass\nclass T:\n    # +k8s:opaqueType\n    f: Inner\n"
    )
    assert _both(tmp_path, source, {"f": {}}) == (False, False)
    assert _both(tmp_path, source, {"f": {"name": 1}})[0]  # the CRD keeps the field's type


def test_set_items_that_differ_only_by_go_zero_values_are_duplicates(tmp_path):
    source = (
        "@dataclass\nclass Item:\n    name: str\n    tags: list[str]\n\n"
        "@dataclass\nclass T:\n    # +k8s:listType=set\n    items: list[Item]\n"
    )
    assert _both(tmp_path, source, {"items": [{}, {"name": "", "tags": []}]}) == (True, True)
    assert _both(tmp_path, source, {"items": [{}, {"name": "a"}]}) == (False, False)
