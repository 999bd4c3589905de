"""The API-server emulation (apiserver) against the real server's recorded verdicts.

`../shared/apiserver-verdicts/objects.jsonl.gz` holds what kube-apiserver's
custom-resource code said about 12,599 creates and updates of our generated
CRDs. Every record is replayed (about 3 s): the emulation must reach the same
verdict and the same (error type, field) set.
"""

from __future__ import annotations

import re

import yaml

from apiserver.server import Validator
from tests.shared_data import SHARED, named, records


def _norm(field: str) -> str:
    """The server prints the root as `<nil>`; kube-openapi prints list indexes `a.0` in some errors."""
    return "" if field == "<nil>" else re.sub(r"\.(\d+)(?=[.\[]|$)", r"[\1]", field)


def _fields(errors: list[dict]) -> set:
    return {(e["type"], _norm(e["field"])) for e in errors}


def test_emulation_reaches_the_servers_verdicts():
    validators: dict = {}
    total = 0
    verdicts, fields = [], []
    for r in records("apiserver-verdicts/objects.jsonl.gz"):
        if r["crd"] not in validators:
            validators[r["crd"]] = Validator(
                yaml.safe_load((SHARED / "apiserver-verdicts/crds" / r["crd"]).read_text())
            )
        errs = validators[r["crd"]].validate(named(r["new"]), named(r["old"]) if r["update"] else None)
        total += 1
        if (not errs) != r["apiserver_valid"]:
            verdicts.append((r["id"], errs))
        elif _fields([e._asdict() for e in errs]) != _fields(r["apiserver_errors"]):
            fields.append((r["id"], errs, r["apiserver_errors"]))
    assert total > 12000
    assert verdicts == []
    assert fields == []


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


def test_set_lists_compare_without_order():
    assert Validator(CRD).validate(named({"tags": ["a", "b"]}), named({"tags": ["b", "a"]})) == []


def test_unchanged_fields_ratchet_but_the_root_never_does():
    v = Validator(CRD)
    assert v.validate(named({"n": 12}), named({"n": 12})) == []
    assert [e.field for e in v.validate(named({"n": 12}), named({"n": 11}))] == ["n"]
    assert [(e.field, e.detail) for e in v.validate(named({"n": 5}), named({"n": 5}))] == [("<nil>", "root")]
