"""dv-eval reads a published OpenAPI document (`dv2openapi openapi`'s output, `clients.for_clients`)
with the verdicts of the translator's document, on every object generated for the client comparison."""

from __future__ import annotations

from pathlib import Path

import pytest

import evaluator
from dv2openapi.clients import for_clients
from dv2openapi.frontend import build_model
from dv2openapi.openapi import to_openapi
from evaluator.input.loader import iter_docs
from evaluator.schema.published import UNSET, unpublished
from tests import yamlc
from tests.clients import objects

ROOT = Path(__file__).resolve().parents[2]
TYPES = [
    ("examples/widget/types.py", "Widget", "examples/widget/objects/valid.yaml"),
    ("examples/csr/types.py", "CertificateSigningRequest", "examples/csr/objects/pending.yaml"),
    (
        "examples/replicationcontroller/types.py",
        "ReplicationController",
        "examples/replicationcontroller/objects/valid.yaml",
    ),
    ("tests/clients/forms.py", "Forms", "tests/clients/forms.yaml"),
]


def _errors(validator, text: str) -> list:
    (doc,) = iter_docs("case.yaml", text)  # read as Kubernetes reads it: `3.0` is the integer 3
    return [(e.type, e.field, e.bad_value, e.detail, e.origin, e.level) for e in validator.validate(doc.value)]


@pytest.mark.parametrize("types,kind,base", TYPES, ids=[t[1] for t in TYPES])
def test_same_errors_on_every_generated_object(types, kind, base):
    doc = to_openapi(build_model(str(ROOT / types)))
    published = for_clients(doc)
    mine, theirs = evaluator.compile(doc, kind), evaluator.compile(published, kind)
    cases = objects.cases(published, kind, yamlc.safe_load((ROOT / base).read_text()))
    differ = [c.name for c in cases if _errors(mine, c.text) != _errors(theirs, c.text)]
    assert len(cases) > 30 and not differ, differ


def test_unset_branches_fold_back_in_place():
    """An optional value field whose rules fault its zero value gets an `x-dv-unset` branch; folded
    back, its keys are the translator's, in their order (dv-eval runs a field's checks in that order)."""
    doc = to_openapi(build_model(str(ROOT / "tests/clients/forms.py")))
    published = for_clients(doc)
    spec, published_spec = (d["components"]["schemas"]["FormsSpec"]["properties"] for d in (doc, published))
    marked = sorted(k for k, v in published_spec.items() if "anyOf" in v and v["anyOf"][0].get(UNSET))
    assert marked == ["hosts", "label", "mode", "optCount"]
    folded = unpublished(published)["components"]["schemas"]["FormsSpec"]["properties"]
    for name in marked:
        assert [k for k in folded[name] if k not in ("type", "nullable")] == [k for k in spec[name] if k != "type"]
    assert unpublished(doc) is doc  # nothing to fold: the same document, no copy
    assert for_clients(published) == published
