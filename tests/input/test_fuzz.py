"""Fuzz: mutated valid objects, as creates and updates, against every shipped schema (schemas/, with the
examples' objects as seeds) and every conformance type (tests/conformance/cases/, with its cases' objects).

The only documented outcomes of `validate` are a `Result` of well-formed field errors, or a `DepthError`
for data nested too deeply; any other exception fails the test. Bounded: a modest number of examples.
"""

import contextlib
import copy
import functools
import json
import math
import os
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import evaluator
from evaluator.run.batch import file_results
from evaluator.run.routing import Catalog
from evaluator.run.verdict import Options, Unusable, Verdict
from evaluator.schema.errors import TYPE_TEXT
from evaluator.schema.select import as_openapi
from tests.conformance.runner import CASES, document, load_cases, validator

ROOT = Path(__file__).resolve().parents[2]
LEVELS = {"", "alpha", "beta"}


def _shipped() -> list[tuple[str, object, list]]:
    seeds = [
        d
        for f in sorted((ROOT / "examples").glob("*/objects/*.yaml"))
        for d in yaml.safe_load_all(f.read_text())
        if isinstance(d, dict)
    ]
    out = []
    for path in sorted((ROOT / "schemas").glob("*.yaml")):
        doc = as_openapi(yaml.safe_load(path.read_text()))
        for name in doc["components"]["schemas"]:
            out.append((f"{path.name}:{name}", evaluator.compile(doc, name), seeds))
    return out


def _conformance() -> list[tuple[str, object, list]]:
    """Every type of every conformance models file, seeded with its cases' objects (or `{}`)."""
    seeds: dict[tuple, list] = {}
    for case in load_cases():
        d = case.data
        path = str(CASES / case.folder / d.get("types", case.default_types))
        for name in document(path)["components"]["schemas"]:
            seeds.setdefault((path, name), [])
        objects = (d.get("object"), d.get("old"))
        seeds[(path, d["type"])].extend(x for x in objects if isinstance(x, dict))
    return [(f"{Path(p).parent.name}:{t}", validator(p, t), s or [{}]) for (p, t), s in sorted(seeds.items())]


@functools.cache
def _targets() -> list[tuple[str, object, list]]:
    """Built on the first draw, not when the file is collected (every worker collects every file)."""
    return _shipped() + _conformance()


@functools.cache
def _options() -> list[str]:
    return sorted({o for c in load_cases() for o in (c.data.get("options") or ())} | {"HugeWidgets"})


TARGETS = st.deferred(lambda: st.sampled_from(_targets()))
OPTIONS = st.deferred(lambda: st.sampled_from(_options()))

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**64), 2**64)
    | st.sampled_from([10**40, -(2**63) - 1, 2**31, 0, -1, 0.5, 1e308, -0.0, math.inf, math.nan])
    | st.text(max_size=12)
    | st.sampled_from(["", "a" * 300, "ß", "\u202e", "Invalid_Name", "true", "01", "0x1f"])
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=6) | st.sampled_from(["name", "type"]), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(v, path=()):
    yield path
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _paths(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _paths(x, path + (i,))


def _mutate(obj: dict, data) -> dict:
    obj = copy.deepcopy(obj)
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        path = data.draw(st.sampled_from(list(_paths(obj))), label="path")
        parent = obj
        for seg in path[:-1]:
            parent = parent[seg]
        here = parent[path[-1]] if path else obj
        op = data.draw(st.sampled_from(["replace", "delete", "add", "duplicate", "wrap", "null"]), label="op")
        if op == "add" and isinstance(here, dict):
            here[data.draw(st.sampled_from([*here, "name", "x", "type"]) if here else st.just("name"))] = data.draw(
                values
            )
        elif op == "add" and isinstance(here, list):
            here.append(data.draw(values))
        elif op == "duplicate" and isinstance(here, list) and here:
            here.append(copy.deepcopy(here[data.draw(st.integers(0, len(here) - 1))]))
        elif not path:
            continue  # the root stays an object
        elif op == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif op == "wrap":
            parent[path[-1]] = [here]
        elif op == "null":
            parent[path[-1]] = None
        else:
            parent[path[-1]] = data.draw(values)
    return obj


def _documented(result) -> None:
    assert isinstance(result, evaluator.Result)
    for e in result:
        assert e.type in TYPE_TEXT and e.level in LEVELS
        assert isinstance(e.field, str) and isinstance(e.detail, str) and isinstance(e.origin, str)
        json.dumps(str(e))


def _validate(v, *args, **kwargs) -> None:
    with contextlib.suppress(evaluator.DepthError):
        _documented(v.validate(*args, **kwargs))


EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "250"))  # CI: a few seconds; set it higher to fuzz longer


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(TARGETS, st.data())
def test_mutated_objects_give_only_documented_outcomes(target, data):
    _, v, seeds = target
    seed = data.draw(st.sampled_from(seeds), label="seed")
    new = _mutate(seed, data)
    options = data.draw(st.lists(OPTIONS, max_size=3), label="options")
    if data.draw(st.booleans(), label="as mapping"):
        options = {o: data.draw(st.booleans()) for o in options}
    sub = data.draw(st.sampled_from([None, "/status", "/scale"]), label="subresource")
    _validate(v, new, options=options, subresource=sub)  # a create
    _validate(v, new, seed, options=options, subresource=sub)  # an update from the valid object
    _validate(v, seed, new, options=options, subresource=sub)  # an update back to it
    _validate(v, new, new, options=options)  # nothing changed
    _validate(v, new, update=True)  # an update from nil


def test_found_by_fuzzing_a_mode_discriminator_of_the_wrong_type():
    v = validator(str(CASES / "tags/mode/models.py"), "ChainedValidation")
    errs = v.validate({"d1": ["A"], "fieldA": "abc"})
    assert [(e.type, e.field) for e in errs] == [("FieldValueTypeInvalid", "d1")]
    assert [e.field for e in v.validate({"d1": ["A"]}, {"d1": "A", "fieldA": "x"})] == ["d1"]


def test_found_by_fuzzing_payload_rules_skip_values_of_the_wrong_type():
    subfield = validator(str(CASES / "tags/subfield/list/models.py"), "Struct")
    assert "labels key error" in str(subfield.validate({"objectMeta": {"labels": {"k": "v"}}})[0])
    errs = subfield.validate({"objectMeta": {"labels": [{"key1": "val1"}]}})  # the eachKey payload meets a list
    assert all(e.type == "FieldValueTypeInvalid" for e in errs)  # (the opaque type reports nothing else)
    levels = validator(str(CASES / "tags/levels/listset/models.py"), "ListSetStruct")
    errs = levels.validate({"chainedSubfieldSet": [[]]})  # subfield payload on a list item that is a list
    assert {e.type for e in errs} == {"FieldValueTypeInvalid"}


VALID_RC = "examples/replicationcontroller/objects/valid.yaml"
STREAM_OPTIONS = Options(Catalog())
for _schema in ("schemas/widget.openapi.yaml", "schemas/replicationcontroller.openapi.yaml"):
    STREAM_OPTIONS.catalog.add_path(str(ROOT / _schema))
STREAM = "---\n".join(
    Path(f).read_text() for f in sorted((ROOT / "examples/widget/objects").glob("*.yaml")) + [ROOT / VALID_RC]
)
NOISE = ["[", "]", "{", "}", ":", ": ", "- ", "---\n", "\n---", "&a ", "*a", "!!int ", '"', "'", "\t", "\n", "#", "|"]


@settings(max_examples=EXAMPLES // 2, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(st.integers(0, len(STREAM)), st.integers(0, 8), st.sampled_from(NOISE)), max_size=6))
def test_mutated_yaml_streams_give_one_result_per_document_and_never_an_internal_error(edits):
    """Broken YAML in a batch: every result is a verdict or an unusable document, never our bug."""
    text = STREAM
    for at, cut, noise in edits:
        text = text[:at] + noise + text[at + cut :]
    results = list(file_results(STREAM_OPTIONS, "s.yaml", text=text))
    assert all(isinstance(r, (Verdict, Unusable)) and not getattr(r, "internal", False) for r in results), results
    assert len(results) <= text.count("\n") + 1  # resuming always moves on


def test_found_by_fuzzing_item_update_rules_on_values_of_the_wrong_type():
    v = validator(str(CASES / "tags/update/maps/models.py"), "UpdateMapStruct")
    old = {"mapNoAdd": {"a": "1"}}
    for bad in ([[]], False, "x"):
        assert {e.type for e in v.validate({"mapNoAdd": bad}, old)} == {"FieldValueTypeInvalid"}
    assert [e.detail for e in v.validate({"mapNoAdd": {"a": "1", "b": "2"}}, old)] == ["item may not be added"]
