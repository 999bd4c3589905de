"""A deferring compile (Kubernetes' own schemas: a struct's fields are compiled when a walk first meets
it, structural.Tables) gives the verdicts of an eager one: random objects of built-in kinds, mostly
shaped by the schema and sometimes not, created and updated, through one deferring validator that
fills as the objects reach new types, against one compiled whole. A field whose absence has nothing
to check is compiled only when an object has it: that is told from its keys, which must never say so
of a field whose compiled node can fault when it is absent."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from evaluator.run import builtin
from evaluator.schema.compiler import Compiler
from evaluator.schema.shape import REF
from evaluator.schema.validator import Validator
from tests import yamlc
from tests.conformance.runner import CASES, document

ROOT = Path(__file__).resolve().parents[2]
needs_builtin = pytest.mark.skipif(
    importlib.util.find_spec("kubernetes_validate") is None,
    reason="built-in kinds need the kubernetes-validate package ([test] extra)",
)

KINDS = [
    ("apps", "v1", "Deployment"),
    ("apps", "v1", "StatefulSet"),
    ("batch", "v1", "CronJob"),
    ("", "v1", "Pod"),
    ("", "v1", "Service"),
    ("", "v1", "PersistentVolume"),
    ("networking.k8s.io", "v1", "Ingress"),
    ("autoscaling", "v2", "HorizontalPodAutoscaler"),
    ("rbac.authorization.k8s.io", "v1", "ClusterRole"),
    ("admissionregistration.k8s.io", "v1", "ValidatingWebhookConfiguration"),
]
SCALARS = ["", "a", "x y", "1GB", 1, -1, 3_000_000_000, 0.5, True, None]  # of any type, some wrong
TYPED = {"string": ["", "a", "web-1", "1Gi", "500m", "aGVsbG8="], "integer": [0, 1, 3], "number": [0.5, 2]}
TYPED["boolean"] = [True, False]


def _value(doc: dict, schema: dict, rnd: random.Random, depth: int):
    """A value for `schema`: of its shape, or, below the top, one time in forty (always past depth 6) any
    scalar."""
    while "$ref" in schema:
        schema = doc["components"]["schemas"][schema["$ref"][len(REF) :]]
    if depth and (rnd.random() < 0.025 or depth > 6):
        return rnd.choice(SCALARS)
    kind = schema.get("type")
    if "properties" in schema or kind == "object":
        props = schema.get("properties") or {}
        if not props and isinstance(schema.get("additionalProperties"), dict):
            sub = schema["additionalProperties"]
            return {f"k{i}": _value(doc, sub, rnd, depth + 1) for i in range(rnd.randint(0, 2))}
        names = [n for n in props if n in schema.get("required", ()) or rnd.random() < 0.3]
        return {n: _value(doc, props[n], rnd, depth + 1) for n in names}
    if kind == "array":
        return [_value(doc, schema.get("items") or {}, rnd, depth + 1) for _ in range(rnd.randint(0, 3))]
    return rnd.choice(TYPED.get(kind) or SCALARS)


def _errors(result) -> list[tuple]:
    return [(e.type, e.field, e.detail, e.origin) for e in result]


@needs_builtin
@pytest.mark.parametrize("gvk", KINDS, ids=lambda g: g[2])
def test_a_deferring_compile_gives_an_eager_compile_s_verdicts(gvk):
    target = builtin.lookup("1.37")(gvk)
    ref = REF + target.name
    eager = Validator(target.doc, ref, (), None)
    deferring = Validator(target.doc, ref, (), None, deferring=True)
    rnd = random.Random(gvk[2])
    objects = [_value(target.doc, {"$ref": ref}, rnd, 0) for _ in range(120)]
    seen = 0
    for new, old in zip(objects, objects[1:] + objects[:1], strict=True):
        assert _errors(deferring.validate(new)) == _errors(eager.validate(new)), new
        assert _errors(deferring.validate(new, old)) == _errors(eager.validate(new, old)), (new, old)
        seen += bool(_errors(eager.validate(new)))
    assert 0 < seen < len(objects)  # the objects are valid and invalid


def _quiet_fields_are_absent_noops(doc: dict) -> tuple[int, int]:
    """Every optional field of every component that `quiet_when_absent` leaves pending compiles to a
    node with nothing to check when absent; (fields left pending, optional fields)."""
    c = Compiler(doc)
    quiet = optional = 0
    for name, schema in doc["components"]["schemas"].items():
        props = schema.get("properties") if isinstance(schema, dict) else None
        for field, sub in (props or {}).items():
            if field in schema.get("required", ()):
                continue
            optional += 1
            if c.quiet_when_absent(sub):
                quiet += 1
                assert c.node(sub, "field").absent_noop, (name, field, sub)
    return quiet, optional


@needs_builtin
@pytest.mark.parametrize("which", ["oldest", "newest"])
def test_fields_left_pending_in_kubernetes_own_schemas_have_nothing_to_check_when_absent(which):
    versions = builtin.available()
    quiet, optional = _quiet_fields_are_absent_noops(builtin.load(versions[0 if which == "oldest" else -1]))
    assert quiet > optional * 0.8, (quiet, optional)  # most of them: the point of leaving them pending


def test_the_keys_never_leave_a_field_pending_that_can_fault_when_absent():
    """The ported validation-gen cases and the published documents are rich in rules that see an
    absent field (+k8s:required, forbidden, immutable, update, unions, options...)."""
    docs = [document(str(p)) for p in sorted(CASES.rglob("*.py")) if p.name != "__init__.py"]
    docs += [yamlc.safe_load(p.read_text()) for p in sorted((ROOT / "schemas").glob("*.openapi.yaml"))]
    quiet = optional = 0
    for doc in docs:
        q, o = _quiet_fields_are_absent_noops(doc)
        quiet, optional = quiet + q, optional + o
    assert 0 < quiet < optional, (quiet, optional)
