"""Random objects and random old/new pairs against every example schema: only documented results."""

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import evaluator
from evaluator.schema.errors import TYPE_TEXT
from tests import yamlc

ROOT = Path(__file__).resolve().parents[2]
DOCS = {p.name: yamlc.safe_load(p.read_text()) for p in sorted((ROOT / "schemas").glob("*.openapi.yaml"))}
VALIDATORS = [evaluator.compile(doc, name) for doc in DOCS.values() for name in doc["components"]["schemas"]]
LEVELS = {"", "alpha", "beta"}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
keys = st.sampled_from(
    [
        "apiVersion",
        "kind",
        "metadata",
        "spec",
        "status",
        "name",
        "size",
        "replicas",
        "sourceType",
        "git",
        "image",
        "ports",
        "port",
        "conditions",
        "type",
        "tags",
        "labels",
    ]
)
values = st.recursive(json_values, lambda inner: st.dictionaries(keys, inner, max_size=6), max_leaves=30)
objects = values.filter(lambda v: v is not None)  # validate(None) is a TypeError: there is no object


def _documented(errors):
    for e in errors:
        assert e.type in TYPE_TEXT
        assert isinstance(e.field, str) and isinstance(e.detail, str) and isinstance(e.origin, str)
        assert e.level in LEVELS
        str(e)  # renders


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VALIDATORS), objects, st.lists(st.sampled_from(["F", "HugeWidgets", "WidgetPriorities"])))
def test_random_creates(v, obj, options):
    _documented(v.validate(obj, options=options))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VALIDATORS), objects, values)
def test_random_updates(v, new, old):
    _documented(v.validate(new, old, update=True))


@settings(max_examples=100, deadline=None)
@given(objects)
def test_unchanged_objects_ratchet_to_no_more_errors_than_a_create(obj):
    for v in VALIDATORS:
        update_errors = v.validate(obj, obj, update=True)
        assert len(update_errors) <= len(v.validate(obj))
