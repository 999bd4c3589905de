"""The admission checker gives the real API server's verdicts (../shared/apiserver-verdicts)."""

import gzip
import json
from pathlib import Path

import pytest

from evaluator.apiserver.crd.crdcheck import check_crd, cost_message
from evaluator.apiserver.values.names import is_dns1035_label
from tests import yamlc

VERDICTS = Path(__file__).resolve().parents[3] / "shared" / "apiserver-verdicts"


def _records() -> list[dict]:
    path = VERDICTS / "admission.jsonl.gz"
    if not path.exists():
        return []
    with gzip.open(path, "rt") as f:
        return [json.loads(line) for line in f]


RECORDS = _records()


@pytest.mark.skipif(not RECORDS, reason="shared/apiserver-verdicts is not beside this checkout")
@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["crd"])
def test_same_verdict_as_the_api_server(record):
    crd = yamlc.safe_load((VERDICTS / "crds" / record["crd"]).read_text())
    got = {(p.type, p.field, p.detail) for p in check_crd(crd)}
    want = {(e["type"], e["field"], e["detail"]) for e in record["errors"]}
    assert (not got) == record["accepted"]
    assert got == want


def test_cost_of_a_regex_rule_scales_with_max_length_and_max_items():
    rule = {"rule": "self.matches('^[a-z0-9]([-a-z0-9]*[a-z0-9])?$') && size(self) <= 63"}

    def verdict(name: dict, max_items) -> list[str]:
        item = {"type": "object", "properties": {"name": {**name, "x-kubernetes-validations": [rule]}}}
        ports = {"type": "array", "items": item, **({"maxItems": max_items} if max_items else {})}
        return [p.detail[:40] for p in check_crd(_crd({"type": "object", "properties": {"ports": ports}}))]

    assert verdict({"type": "string"}, 16) == ["estimated rule cost exceeds budget by fa"]  # the widget's 4.0x
    assert verdict({"type": "string", "maxLength": 63}, 16) == []
    assert verdict({"type": "string", "maxLength": 63}, None) != []


def test_cost_message_factors():
    assert "factor of 4.0x" in cost_message("estimated rule cost", 40_265_408, 10_000_000)
    assert "factor of 1.200000x" in cost_message("estimated rule cost", 12_000_000, 10_000_000)
    assert "more than 100x" in cost_message("estimated rule cost", 10**10, 10_000_000)


def _crd(schema: dict, **spec) -> dict:
    base = {
        "group": "example.com",
        "scope": "Namespaced",
        "names": {"kind": "W", "listKind": "WList", "plural": "ws", "singular": "w"},
        "versions": [{"name": "v1", "served": True, "storage": True, "schema": {"openAPIV3Schema": schema}}],
    }
    return {"metadata": {"name": "ws.example.com"}, "spec": {**base, **spec}}


def test_compile_errors_and_optional_old_self():
    schema = {
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "x-kubernetes-validations": [
            {"rule": "self.a +"},
            {"rule": "self.a == 'x'", "optionalOldSelf": True},
        ],
    }
    got = sorted((p.field.rsplit("[", 1)[1], p.detail.split(":")[0]) for p in check_crd(_crd(schema)))
    assert got == [
        ("0].rule", "compilation failed"),
        ("1].optionalOldSelf", "may not be set if oldSelf is not used in rule"),
    ]


def test_group_needs_a_dot_and_versions_are_dns_labels():
    schema = {"type": "object"}
    bad = _crd(schema, group="example")
    bad["metadata"]["name"] = "ws.example"
    assert [p.detail for p in check_crd(bad)] == ["should be a domain with at least one dot"]
    v = _crd(schema)
    v["spec"]["versions"][0]["name"] = "V1"
    assert [p.field for p in check_crd(v)] == ["spec.versions[0].name"]
    assert is_dns1035_label("1abc") and not is_dns1035_label("v1beta1")


def test_undeclared_fields_do_not_compile_and_reserved_names_are_escaped():
    props = {"a": {"type": "string"}, "namespace": {"type": "string"}, "x-y": {"type": "string"}}

    def problems(rule: str, **extra) -> list[str]:
        schema = {"type": "object", "properties": props, "x-kubernetes-validations": [{"rule": rule}], **extra}
        return [p.detail for p in check_crd(_crd(schema))]

    assert problems("self.nope == 'x'") == ["compilation failed: undefined field 'nope'"]
    assert problems("has(self.nope)") == ["compilation failed: undefined field 'nope'"]
    assert problems("self.__namespace__ == self.x__dash__y && self.a == 'x'") == []
    assert problems("self.nope == 'x'", **{"x-kubernetes-preserve-unknown-fields": True}) == []


def test_defaults_must_be_valid_values_of_their_schema():
    def problems(prop: dict) -> list[tuple[str, str]]:
        schema = {"type": "object", "properties": {"f": prop}}
        return [(p.type, p.field.removeprefix("spec.validation.openAPIV3Schema.")) for p in check_crd(_crd(schema))]

    assert problems({"type": "string", "default": ""}) == []
    assert problems({"type": "string", "minLength": 1, "default": ""}) == [
        ("FieldValueInvalid", "properties[f].default")
    ]
    assert problems({"type": "string", "enum": ["a"], "default": "b"}) == [
        ("FieldValueNotSupported", "properties[f].default")
    ]
    assert problems({"type": "integer", "default": "1"}) == [("FieldValueTypeInvalid", "properties[f].default")]
    obj = {"type": "object", "properties": {"a": {"type": "integer"}}, "default": {"a": 1, "b": 2}}
    assert problems(obj) == [("FieldValueInvalid", "properties[f].default")]


def test_optional_old_self_is_typed_as_an_optional_of_self():
    m = {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 10}
    rule = "self.all(k, (oldSelf.hasValue() && k in oldSelf.value()) || self[k] != '')"
    ok = {**m, "x-kubernetes-validations": [{"rule": rule, "optionalOldSelf": True}]}
    assert check_crd(_crd({"type": "object", "properties": {"m": ok}})) == []  # `in` a map costs 1, not its size
    bad = {**m, "x-kubernetes-validations": [{"rule": "oldSelf.size() > 0", "optionalOldSelf": True}]}
    [p] = check_crd(_crd({"type": "object", "properties": {"m": bad}}))
    assert p.detail.startswith("compilation failed") and "size" in p.detail


def test_field_paths_must_name_fields():
    from evaluator.apiserver.crd.crdcheck import field_path_valid

    s = {
        "type": "object",
        "properties": {
            "a": {"type": "object", "additionalProperties": {"type": "object", "properties": {"b": {"type": "string"}}}}
        },
    }
    assert field_path_valid(s, ".a") and field_path_valid(s, ".a.anykey.b") and field_path_valid(s, "['a']['k'].b")
    assert not field_path_valid(s, ".nope") and not field_path_valid(s, ".a.k.c") and not field_path_valid(s, "a")
    schema = {**s, "x-kubernetes-validations": [{"rule": "true", "fieldPath": ".x"}]}
    assert [p.detail for p in check_crd(_crd(schema))] == ["must be a valid path"]


def test_library_rules_the_server_admits_are_admitted():
    # each compiles on the server and is priced by its library: `==` of two IPs costs 1, a format
    # looked up by name is an optional, cel-go reads `exists_one` with two variables as `existsOne`,
    # and `exists_one` is a bool (a count compared with 1)
    rules = [
        "cidr(self.net).ip() == ip(self.addr)",
        "format.named('dns1123Label').hasValue()",
        "self.ports.exists_one(i, p, p == 80)",
        "self.ports.exists_one(p, p == 80)",
    ]
    props = {
        "net": {"type": "string", "maxLength": 43},
        "addr": {"type": "string", "maxLength": 39},
        "ports": {"type": "array", "maxItems": 8, "items": {"type": "integer"}},
    }
    schema = {"type": "object", "properties": props, "x-kubernetes-validations": [{"rule": r} for r in rules]}
    assert check_crd(_crd(schema)) == []


def test_a_list_function_over_unbounded_strings_is_refused_for_its_cost():
    names = {"type": "array", "items": {"type": "string"}}
    schema = {
        "type": "object",
        "properties": {"names": names},
        "x-kubernetes-validations": [{"rule": "self.names.isSorted()"}],
    }
    rule = "spec.validation.openAPIV3Schema.x-kubernetes-validations[0].rule"
    details = {p.detail.split(" (")[0] for p in check_crd(_crd(schema)) if p.field == rule}
    assert "estimated rule cost exceeds budget by factor of more than 100x" in details


def _admitted_rules(props: dict, rules: list[str]):
    """A CRD whose `spec` has `props` and `rules`, admitted (asserted); the details of the errors
    a `W` with a given `spec` gets from it."""
    from evaluator.apiserver.request.server import Validator

    spec = {"type": "object", "properties": props, "x-kubernetes-validations": [{"rule": r} for r in rules]}
    crd = _crd({"type": "object", "properties": {"spec": spec}})
    crd.update(apiVersion="apiextensions.k8s.io/v1", kind="CustomResourceDefinition")
    assert check_crd(crd) == []

    def failed(spec: dict) -> list[str]:
        obj = {"apiVersion": "example.com/v1", "kind": "W", "metadata": {"name": "w"}, "spec": spec}
        return [e.detail for e in Validator(crd).validate(obj)]

    return failed


def test_rules_spelled_for_cel_go_run_on_a_create():
    # a rule with `format.named` or two-variable `exists_one` reads no oldSelf: it runs on a create
    # (it was once taken for a transition rule, because only its rewritten text compiles here)
    rules = [
        "!format.named('dns1123Label').value().validate(self.name).hasValue()",
        "self.ports.exists_one(i, p, p == 80)",
        "self.ratio <= 1",
    ]
    props = {
        "name": {"type": "string", "maxLength": 63},
        "ports": {"type": "array", "maxItems": 8, "items": {"type": "integer"}},
        "ratio": {"type": "number"},
    }
    failed = _admitted_rules(props, rules)
    assert failed({"name": "ok", "ports": [80, 443], "ratio": 0.5}) == []
    assert failed({"name": "Not_OK", "ports": [80, 80], "ratio": 2}) == [f"failed rule: {r}" for r in rules]


@pytest.mark.parametrize(
    "rule, where",
    [  # the API server's compile errors on these (apiextensions' validation tests)
        ("duration('1') == duration('1s')", "1:10: invalid duration argument"),
        ("duration('1d') == duration('1s')", "1:10: invalid duration argument"),
        ("duration('1us') < duration('1nns')", "1:28: invalid duration argument"),
        ("duration('87600000h') > duration('1s')", "1:10: invalid duration argument"),  # past int64 ns in Go
        ("timestamp('1000-00-00T00:00:00Z') == timestamp(0)", "1:11: invalid timestamp argument"),
        ("timestamp('1000-01-01T00:00:00ZZ') == timestamp(0)", "1:11: invalid timestamp argument"),
        ("timestamp(-62135596801) == timestamp(0)", "1:11: invalid timestamp argument"),
        ("'x'.matches('(')", "1:13: invalid matches argument"),
    ],
)
def test_a_literal_that_cannot_convert_is_a_compile_error(rule, where):
    schema = {"type": "object", "x-kubernetes-validations": [{"rule": rule}]}
    (problem,) = check_crd(_crd(schema))
    assert problem.detail.startswith(f"compilation failed: ERROR: <input>:{where}\n | {rule}\n | "), problem.detail
    assert (
        check_crd(_crd({"type": "object", "x-kubernetes-validations": [{"rule": "duration('1h') > duration('1m')"}]}))
        == []
    )


def test_the_strings_library_is_the_servers_version_2():
    # `reverse` of a string came with version 3; the server's environment has version 2
    spec = {"type": "object", "properties": {"s": {"type": "string", "maxLength": 10}}}
    bad = {**spec, "x-kubernetes-validations": [{"rule": "self.s.reverse() != ''"}]}
    (problem,) = check_crd(_crd({"type": "object", "properties": {"spec": bad}}))
    # refused, as on the server; the engine's checker words it at the `!=` (cel-go: at `reverse`)
    assert (
        problem.detail.startswith("compilation failed: ERROR: <input>:1:") and "no matching overload" in problem.detail
    )
    rule = "['a', self.s].join('-') != self.s && '%s'.format([self.s]) != 'x'"
    good = {**spec, "x-kubernetes-validations": [{"rule": rule}]}
    assert check_crd(_crd({"type": "object", "properties": {"spec": good}})) == []


@pytest.mark.parametrize(("max_items", "admitted"), [(2236, True), (2237, False)])
def test_sorting_a_list_is_estimated_as_cel_go_s_lists_extension_estimates_it(max_items, admitted):
    # ext/lists.go (version 3): sort compares the list with itself, 2 per pair, plus the call and the
    # list's creation, and the rest of the rule 4: 2 * 2236^2 + 15 = 9,999,407 is within the estimated
    # per-rule limit (10,000,000), 2 * 2237^2 + 15 is not
    ints = {"type": "array", "maxItems": max_items, "items": {"type": "integer"}}
    spec = {"type": "object", "properties": {"ints": ints}}
    spec["x-kubernetes-validations"] = [{"rule": "self.ints.sort().size() > 0"}]
    problems = check_crd(_crd({"type": "object", "properties": {"spec": spec}}))
    assert (problems == []) is admitted, problems
    assert admitted or "estimated rule cost exceeds budget" in problems[0].detail


def test_the_lists_librarys_index_of_is_admitted_and_runs():
    # the engine's strings extension owns `indexOf`; the rules run respelled (`cellib.respell`)
    props = {
        "l": {"type": "array", "maxItems": 5, "items": {"type": "integer"}},
        "s": {"type": "string", "maxLength": 9},
    }
    rules = ["self.l.indexOf(2) == 1", "self.l.lastIndexOf(1) == 0", "self.s.indexOf('b') == 1"]
    failed = _admitted_rules(props, rules)
    assert failed({"l": [1, 2, 2], "s": "abc"}) == []
    assert failed({"l": [2, 1], "s": "bab"}) == [f"failed rule: {r}" for r in rules]
    bad = {"type": "object", "properties": props, "x-kubernetes-validations": [{"rule": "self.l.indexOf(2, 1) >= 0"}]}
    (problem,) = check_crd(_crd({"type": "object", "properties": {"spec": bad}}))
    assert "no matching overload for 'indexOf'" in problem.detail and "indexO_" not in problem.detail


MIXED_PROPS = {"n": {"type": "integer"}, "s": {"type": "string"}, "r": {"type": "number"}, "t": {"type": "boolean"}}


@pytest.mark.parametrize(
    "rule, where",
    [  # cel-go's homogeneous aggregate literal validator, on in the server's environment since 1.29
        ("[1, 'a'].size() == 2", "1:5: expected type 'int' but found 'string'"),
        ("[self.n, 1, 2u, 'x'].size() > 0", "1:13: expected type 'int' but found 'uint'"),  # the first only
        ("[self.r, 1].size() > 0", "1:10: expected type 'double' but found 'int'"),
        ("{'a': 1, 2: self.s}.size() > 0", "1:10: expected type 'string' but found 'int'"),
        ("[null, self.t].size() > 0", "1:12: expected type 'null_type' but found 'bool'"),
    ],
)
def test_a_literal_of_mixed_types_is_a_compile_error(rule, where):
    spec = {"type": "object", "properties": MIXED_PROPS, "x-kubernetes-validations": [{"rule": rule}]}
    (problem,) = check_crd(_crd({"type": "object", "properties": {"spec": spec}}))
    assert problem.detail.startswith(f"compilation failed: ERROR: <input>:{where}\n | {rule}\n | "), problem.detail


def test_a_message_expression_formatting_values_of_two_types_is_a_compile_error():
    rule = {"rule": "self.n > 0", "messageExpression": "'%s is %d'.format([self.s, self.n])"}
    spec = {"type": "object", "properties": MIXED_PROPS, "x-kubernetes-validations": [rule]}
    (problem,) = check_crd(_crd({"type": "object", "properties": {"spec": spec}}))
    assert problem.field.endswith(".messageExpression")
    assert problem.detail.startswith(
        "messageExpression compilation failed: ERROR: <input>:1:32: expected type 'string' but found 'int'"
    ), problem.detail


@pytest.mark.parametrize(
    "rule",
    ["[self.n, 1, -2].size() > 0", "{'a': self.s, 'b': 'x'}.size() > 0", "[self.n, int(self.s)].size() > 0"],
)
def test_a_literal_of_one_type_or_of_types_not_known_here_is_admitted(rule):
    spec = {"type": "object", "properties": MIXED_PROPS, "x-kubernetes-validations": [{"rule": rule}]}
    assert check_crd(_crd({"type": "object", "properties": {"spec": spec}})) == []


@pytest.mark.parametrize("rule", ["['a', 'b'].sum() == 'c'", "[[1], [2]].min() == [1]", "[{'a': 1}].max() == {'a': 1}"])
def test_the_lists_library_takes_the_element_types_the_server_declares(rule):
    # `sum` adds numbers and durations, `min`, `max` and `isSorted` compare ordered types
    schema = {"type": "object", "x-kubernetes-validations": [{"rule": rule}]}
    (problem,) = check_crd(_crd(schema))
    assert problem.detail.startswith("compilation failed: ") and "no matching overload" in problem.detail
