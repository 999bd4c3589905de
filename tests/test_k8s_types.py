"""Kubernetes' own types, exactly: the verdicts validation-gen's generated code gives on k8s.io/api.

- Go packages the project wrote (`tests/golang/`), one per kind of rule k8s.io/api relies on, with
  the verdicts the generated Go code gives (read from validation-gen's emitter and apimachinery's
  `validate` package).
- With checkouts of k8s.io/api (DV2OPENAPI_K8S_API) and k8s.io/apimachinery
  (DV2OPENAPI_APIMACHINERY), the requests of `../shared/k8s-verdicts/` replay through documents
  built from the Go sources, against the errors the generated code returned.
"""

from __future__ import annotations

import functools
from pathlib import Path

from dv2openapi import evaluator
from dv2openapi.golang.model import build_go_model
from dv2openapi.openapi import to_openapi

GO = Path(__file__).resolve().parent / "golang"


@functools.cache
def _validator(package: str, type_name: str) -> evaluator.Validator:
    return evaluator.compile(to_openapi(build_go_model(str(GO / package))), type_name)


def _verdict(package: str, type_name: str, new: dict, old: dict | None = None, **kw) -> list[tuple]:
    """(type, field, origin, level) of every error, sorted."""
    errs = _validator(package, type_name).validate(new, old, **kw)
    return sorted((e.type, e.field, e.origin, e.level) for e in errs)


# --- level wrappers keep the wrapped tag's semantics --------------------------------------------

REF = {"roleRef": {"name": "admin"}}


def test_a_wrapped_dependency_reports_at_its_level():
    assert _verdict("levels", "Spec", {**REF, "workload": "w", "group": "g"}) == [
        ("FieldValueForbidden", "group", "dependentForbidden", "alpha")
    ]
    assert _verdict("levels", "Spec", {**REF, "perIndex": 1}) == [
        ("FieldValueRequired", "limit", "dependentRequired", "beta")
    ]
    assert _verdict("levels", "Spec", {**REF, "perIndex": 1, "limit": 2, "workload": "w"}) == []


def test_a_wrapped_optional_stops_the_wrapped_rules_on_an_empty_value():
    tolerations = {"tolerations": [{}, {"key": ""}, {"key": "not a key"}]}
    assert _verdict("levels", "Spec", {**REF, **tolerations}) == [
        ("FieldValueInvalid", "tolerations[2].key", "format=k8s-label-key", "alpha")
    ]


def test_a_wrapped_immutable_that_fails_stops_the_value_s_validation():
    old = {"roleRef": {"name": "admin"}}
    assert _verdict("levels", "Spec", {"roleRef": {}}, old) == [("FieldValueInvalid", "roleRef", "immutable", "alpha")]
    assert _verdict("levels", "Spec", {"roleRef": {}}) == [("FieldValueRequired", "roleRef.name", "", "beta")]


def test_a_wrapped_opaque_each_val_leaves_the_items_rules_out():
    assert _verdict("levels", "Spec", {**REF, "templates": [{"name": "Not_A_Name"}, {}]}) == []


# --- constants: enum members defined from other constants ---------------------------------------


def test_enum_members_defined_from_another_package_s_constants():
    schemas = to_openapi(build_go_model(str(GO / "constants/discovery")))["components"]["schemas"]
    assert schemas["AddressType"]["enum"] == ["IPv4", "IPv6", "FQDN"]
    assert schemas["Drink"]["enum"] == ["café", "thé", "IP-raw\\n", "AB"]  # Go's escapes; a raw string's are text
    assert schemas["Size"]["enum"] == ["S", "L"]  # repeated values are one member; "M" is excluded
    v = _validator("constants/discovery", "Endpoints")
    assert not v.validate({"addressType": "IPv6", "drink": "café", "size": "L"})
    (err,) = v.validate({"addressType": "IPv5", "drink": "thé", "size": "S"})
    assert (err.type, err.field, err.detail) == (
        "FieldValueNotSupported",
        "addressType",
        'supported values: "FQDN", "IPv4", "IPv6"',
    )


# --- list semantics written under level wrappers -------------------------------------------------


def test_a_wrapped_custom_unique_leaves_the_uniqueness_check_out_but_items_correlate():
    two = {"conditions": [{"type": "Approved"}, {"type": "Approved", "reason": "a very long reason"}]}
    assert _verdict("lists", "Status", two) == [("FieldValueTooLong", "conditions[1].reason", "maxLength", "")]
    old = {"conditions": [{"type": "Approved", "reason": "a very long reason"}]}
    new = {"conditions": [{"type": "Denied"}, {"type": "Approved", "reason": "a very long reason"}]}
    assert _verdict("lists", "Status", new, old) == []  # the Approved item is unchanged: ratcheted


def test_items_of_an_atomic_list_unique_by_key_correlate_and_ratchet():
    old = {"sharedCounters": [{"name": "gpu"}]}
    new = {"sharedCounters": [{"name": "Mem_1"}, {"name": "gpu"}]}
    assert _verdict("lists", "Spec", new, old) == [
        ("FieldValueInvalid", "sharedCounters[0].name", "format=k8s-short-name", "beta"),
        ("FieldValueRequired", "sharedCounters[0].counters", "", "beta"),
    ]
    dup = {"sharedCounters": [{"name": "gpu", "counters": {"a": {}}}, {"name": "gpu", "counters": {"b": {}}}]}
    assert _verdict("lists", "Spec", dup) == [("FieldValueDuplicate", "sharedCounters[1]", "", "beta")]
