"""The API-server emulation (apiserver) against the real server's recorded verdicts.

`../shared/apiserver-verdicts/objects.jsonl.gz` holds what kube-apiserver's
custom-resource code said about 12,599 creates and updates of our generated
CRDs. Every record is replayed (about 3 s): the emulation must reach the same
verdict and the same (error type, field) set, and print each error as the server does (its value
and detail).
"""

from __future__ import annotations

import re

from evaluator.apiserver.request.server import NO_VALUE, Validator
from evaluator.schema.errors import OMITTED, FieldError
from tests.shared_data import crd, named, records


def _norm(field: str) -> str:
    """The server prints the root as `<nil>`; kube-openapi prints list indexes `a.0` in some errors."""
    return "" if field == "<nil>" else re.sub(r"\.(\d+)(?=[.\[]|$)", r"[\1]", field)


def _printed(e) -> str:
    """A field error as Go's `field.Error.Error()` prints it."""
    shown = FieldError(e.type, e.field, OMITTED if e.value == NO_VALUE else e.value, e.detail)
    return f"{e.field or '<nil>'}: {shown.body()}"


def _fields(errors: list[dict]) -> set:
    return {(e["type"], _norm(e["field"])) for e in errors}


def test_emulation_reaches_the_servers_verdicts():
    validators: dict = {}
    total = 0
    verdicts, fields, details = [], [], []
    for r in records("apiserver-verdicts/objects.jsonl.gz"):
        if r["crd"] not in validators:
            validators[r["crd"]] = Validator(crd("apiserver-verdicts/crds/" + r["crd"]))
        errs = validators[r["crd"]].validate(named(r["new"]), named(r["old"]) if r["update"] else None)
        total += 1
        if (not errs) != r["apiserver_valid"]:
            verdicts.append((r["id"], errs))
        elif _fields([e._asdict() for e in errs]) != _fields(r["apiserver_errors"]):
            fields.append((r["id"], errs, r["apiserver_errors"]))
        else:  # each error as the server prints it (`field: Invalid value: <value>: <detail>`)
            said = {_printed(e) for e in errs}
            missed = [e["error"] for e in r["apiserver_errors"] if e["error"] not in said]
            if missed:
                details.append((r["id"], missed))
    assert total > 12000
    assert verdicts == []
    assert fields == []
    assert details == [], f"{len(details)} requests worded otherwise, first: {details[:2]}"


CRD = {
    "spec": {
        "group": "example.com",
        "names": {"kind": "T"},
        "versions": [
            {
                "name": "v1",
                "schema": {
                    "openAPIV3Schema": {
                        "type": "object",
                        "properties": {
                            "metadata": {"type": "object"},
                            "s": {
                                "type": "string",
                                "nullable": True,
                                "x-kubernetes-validations": [{"rule": "self == oldSelf", "message": "immutable"}],
                            },
                            "o": {
                                "type": "string",
                                "x-kubernetes-validations": [
                                    {"rule": "!oldSelf.hasValue() || self == oldSelf.value()", "optionalOldSelf": True}
                                ],
                            },
                            "tags": {
                                "type": "array",
                                "items": {"type": "string"},
                                "x-kubernetes-list-type": "set",
                                "x-kubernetes-validations": [{"rule": "self == oldSelf"}],
                            },
                            "n": {"type": "integer", "x-kubernetes-validations": [{"rule": "self < 10"}]},
                        },
                        "x-kubernetes-validations": [{"rule": "!has(self.n) || self.n != 5", "message": "root"}],
                    }
                },
            }
        ],
    }
}


def test_transition_rules_need_an_old_value_unless_optional_old_self():
    v = Validator(CRD)
    assert v.validate(named({"s": "b"}), named({})) == []
    assert [e.detail for e in v.validate(named({"s": "b"}), named({"s": "a"}))] == ["immutable"]
    assert v.validate(named({"s": None}), named({"s": "a"})) == []  # a null value skips its rules
    assert [e.field for e in v.validate(named({"o": "b"}), named({"o": "a"}))] == ["o"]


def test_on_update_a_name_is_checked_only_as_a_path_segment():
    """A custom resource's update meets `rest.BeforeUpdate`'s metadata check (path.ValidatePathSegmentName),
    not the RFC 1123 rule of a create: a stored `${CLUSTER_NAME}` (a template's) updates; `a/b` does not."""
    v = Validator(CRD)

    def named_as(name: str) -> dict:
        return {"s": "a", "metadata": {"name": name}}

    assert [e.field for e in v.validate(named_as("${CLUSTER_NAME}"))] == ["metadata.name"]  # a create
    assert v.validate(named_as("${CLUSTER_NAME}"), named_as("${CLUSTER_NAME}")) == []
    assert [e.detail for e in v.validate(named_as("a/b"), named_as("a/b"))] == ["may not contain '/'"]


def test_set_lists_compare_without_order():
    assert Validator(CRD).validate(named({"tags": ["a", "b"]}), named({"tags": ["b", "a"]})) == []


def test_unchanged_fields_ratchet_but_the_root_never_does():
    v = Validator(CRD)
    assert v.validate(named({"n": 12}), named({"n": 12})) == []
    assert [e.field for e in v.validate(named({"n": 12}), named({"n": 11}))] == ["n"]
    assert [(e.field, e.detail) for e in v.validate(named({"n": 5}), named({"n": 5}))] == [("<nil>", "root")]


def _crd(schema: dict, subresources: dict | None = None) -> dict:
    version = {"name": "v1", "schema": {"openAPIV3Schema": schema}, "subresources": subresources or {}}
    return {"spec": {"group": "example.com", "names": {"kind": "T"}, "versions": [version]}}


SPEC = {
    "type": "object",
    "properties": {
        "metadata": {"type": "object"},
        "spec": {
            "type": "object",
            "properties": {
                "replicas": {"type": "integer", "format": "int32"},
                "tags": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set"},
                "refs": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"kind": {"type": "string"}, "group": {"type": "string"}},
                    },
                    "x-kubernetes-validations": [
                        {"rule": "self.all(r, (r.group == '' && r.kind == 'Service') ? false : true)", "message": "m"}
                    ],
                },
            },
        },
    },
}


def test_a_fraction_for_an_int32_is_named_by_its_format_with_the_number_validators_error():
    errs = Validator(_crd(SPEC)).validate(named({"spec": {"replicas": 1.5}}))
    assert [(e.type, e.field, e.detail) for e in errs[:2]] == [
        ("FieldValueTypeInvalid", "spec.replicas", 'spec.replicas in body must be of type int32: "float64"'),
        ("FieldValueInvalid", "<nil>", "Checked value must be of type integer with format int32 in spec.replicas"),
    ]
    assert Validator(_crd(SPEC)).validate(named({"spec": {"replicas": 2.0}})) == []


def test_the_scale_subresource_reads_its_replica_path_on_every_write():
    scale = {"scale": {"specReplicasPath": ".spec.replicas", "statusReplicasPath": ".status.replicas"}}
    v = Validator(_crd({"type": "object", "x-kubernetes-preserve-unknown-fields": True}, scale))
    bad = v.validate(named({"spec": "not-an-object"}))
    assert [(e.field, e.detail) for e in bad] == [
        (
            ".spec.replicas",
            ".spec.replicas accessor error: not-an-object is of the type string, expected map[string]interface{}",
        )
    ]
    unchanged = named({"spec": {"replicas": 2.5}})
    assert [e.detail for e in v.validate(unchanged, unchanged)] == [
        ".spec.replicas accessor error: 2.5 is of the type float64, expected int64"
    ]
    assert [e.detail for e in v.validate(named({"spec": {"replicas": -1}}))] == ["should be a non-negative integer"]


def test_each_repeated_set_value_is_reported_once_at_its_second_appearance():
    errs = Validator(_crd(SPEC)).validate(named({"spec": {"tags": ["a", "b", "a", "b", "a"]}}))
    assert [(e.type, e.field) for e in errs] == [
        ("FieldValueDuplicate", "spec.tags[2]"),
        ("FieldValueDuplicate", "spec.tags[3]"),
    ]


def test_an_unreadable_value_fails_a_rule_only_where_cel_does_not_absorb_the_error():
    v = Validator(_crd(SPEC))
    absorbed = named({"spec": {"refs": [{"group": "x.io", "kind": 12345}]}})  # `false && <error>`
    assert v.validate(absorbed, absorbed) == []
    read = named({"spec": {"refs": [{"group": "", "kind": 12345}]}})
    assert [(e.field, e.detail) for e in v.validate(read, read)] == [
        ("spec.refs", "invalid data, expected string, got int64 evaluating rule: m")
    ]


def test_a_stored_value_of_a_tightened_type_fails_a_transition_rule_that_compares_it_whole():
    """A schema tightened after objects were stored (numbers where it now says string): the update
    ratchets the schema error, but `self == oldSelf` compares the value (a list's items, a map's
    values), which the server cannot convert: its runtime error, never ratcheted."""
    fields = {"x": {"type": "string"}, "l": {"type": "array", "items": {"type": "string"}}}
    fields["m"] = {"type": "object", "additionalProperties": {"type": "string"}}
    fields["n"] = {"type": "integer"}
    fields["o"] = {"type": "array", "items": {"type": "object", "properties": {"s": {"type": "string"}}}}
    ERR = "invalid data, expected string, got int64"  # noqa: N806
    for rule, stored, verdict in [
        ("self == oldSelf", {"l": [1]}, "invalid data, expected string, got int64"),
        ("self == oldSelf", {"m": {"a": True}}, "invalid data, expected string, got bool"),
        ("self == oldSelf", {"x": 1.5}, "invalid data, expected string, got float64"),
        ("self.n == oldSelf.n", {"l": [1], "n": 1}, None),  # the rule reads no unreadable value
        ("size(self.l) == size(oldSelf.l)", {"l": [1]}, None),  # a size reads no item
        # kueue's Topology: each item compared with every other; the wrong-typed one with itself
        ("size(self.o.filter(i, size(self.o.filter(j, j == i)) > 1)) == 0", {"o": [{"s": "a"}, {"s": 1}]}, ERR),
        ("self.o.all(i, !has(i.s) || i.s != '')", {"o": [{"s": 1}]}, ERR),  # has() of it fails too
        ("self.o.all(i, size(i) == 1)", {"o": [{"s": 1}]}, None),  # a map's size reads no value
        ("self == oldSelf || true", {"x": 1}, None),  # `||` absorbs the error
    ]:
        spec = {"type": "object", "properties": fields, "x-kubernetes-validations": [{"rule": rule}]}
        v = Validator(_crd({"type": "object", "properties": {"metadata": {"type": "object"}, "spec": spec}}))
        obj = named({"spec": stored})
        want = [] if verdict is None else [("spec", f"{verdict} evaluating rule: {rule}")]
        assert [(e.field, e.detail) for e in v.validate(obj, obj)] == want, rule


def test_one_run_over_the_whole_object_stands_for_the_plain_rules_only_when_all_hold():
    from evaluator.apiserver.cel import celrules

    item = {
        "type": "object",
        "properties": {"v": {"type": "integer"}},
        "x-kubernetes-validations": [{"rule": "self.v > 0"}],
    }
    schema = {
        "type": "object",
        "properties": {
            "metadata": {"type": "object"},
            "l": {"type": "array", "items": item},
            "m": {"type": "object", "additionalProperties": item},
            "o": {**item, "nullable": True},
        },
        "x-kubernetes-validations": [{"rule": "!has(self.l) || size(self.l) < 3"}],
    }
    plan = celrules.RulePlan(schema)
    props = schema["properties"]
    assert plan.only_plain == {id(schema), id(item), id(props["o"])}  # item: under l's items and m's values
    good = {"l": [{"v": 1}], "m": {"a": {"v": 2}}, "o": None}
    assert plan.holds(good)
    for bad in ({"l": [{"v": 1}, {"v": 0}]}, {"m": {"a": {"v": -1}}}, {"o": {"v": 0}}, {"l": [{}, {}, {}]}):
        assert not plan.holds(bad), bad
    assert not plan.holds({"l": [{"v": "one"}]})  # a value CEL cannot read: left to the node-by-node run
    v = Validator(_crd(schema))
    assert [e.field for e in v.validate(named({"m": {"a": {"v": -1}}, "l": [{"v": 5}]}))] == ["m[a]"]


def test_an_object_s_null_property_is_absent_to_cel():
    # k8s.io/apiserver's unstructured map: a null property is found as no property at all
    from evaluator.apiserver.cel import celrules

    sub = {"x-kubernetes-int-or-string": True, "nullable": True}
    for rule, want in [("!has(self.x)", []), ("self.x == 1", ["no such key: x evaluating rule: self.x == 1"])]:
        schema = {"type": "object", "properties": {"x": sub}, "x-kubernetes-validations": [{"rule": rule}]}
        assert [e[2] for e in celrules.node_errors(schema, {"x": None}, celrules.MISSING, (), False)] == want
        assert celrules.RulePlan(schema).holds({"x": None}) == (not want)
