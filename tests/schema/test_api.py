"""The Python API: results that keep enforced and shadowed apart, the beta switch, objects as users hold them."""

import dataclasses
import importlib.util
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

import pytest

import evaluator
from tests import yamlc

ROOT = Path(__file__).resolve().parents[2]
DOC = yamlc.safe_load((ROOT / "schemas/widget.openapi.yaml").read_text())
VALID = yamlc.safe_load((ROOT / "examples/widget/objects/valid.yaml").read_text())
INVALID = yamlc.safe_load((ROOT / "examples/widget/objects/invalid.yaml").read_text())


@pytest.fixture(scope="module")
def v():
    return evaluator.compile(DOC, "Widget")


def test_result_keeps_enforced_and_shadowed_apart(v):
    r = v.validate(INVALID)
    assert [e.field for e in r.shadowed] == ["spec.description"]
    assert all(e.level != "alpha" for e in r.enforced) and not r.valid
    assert len(r) == len(r.enforced) + len(r.shadowed)  # still the list of every error (the old call)
    assert v.validate(VALID).valid and v.validate(VALID) == []


def test_beta_switch(v):
    obj = {**VALID, "spec": {**VALID["spec"], "tags": list("abcdefghi")}}
    on = v.validate(obj)
    assert [e.field for e in on.enforced] == ["spec.tags"] and on.enforced[0].level == "beta"
    off = v.validate(obj, beta=False)
    assert off.valid and [e.field for e in off.shadowed] == ["spec.tags"]


class Size(str, Enum):
    SMALL = "Small"
    MEDIUM = "Medium"


@dataclass
class GitSource:
    url: str


@dataclass
class Meta:
    name: str


@dataclass
class Spec:
    size: Size
    replicas: int
    clusterRef: str
    sourceType: str
    git: GitSource
    ports: tuple = ()


@dataclass
class Widget:
    metadata: Meta
    spec: Spec
    apiVersion: str = "example.com/v1"
    kind: str = "Widget"


def _widget(replicas=1):
    return Widget(Meta("w"), Spec(Size.MEDIUM, replicas, "east", "Git", GitSource("https://x")))


def test_dataclass_instances_and_str_enum_members(v):
    assert v.validate(_widget()).valid
    assert v.validate(dataclasses.asdict(_widget())) == []  # (str, Enum) members inside plain dicts
    errs = v.validate(_widget(replicas=-1)).enforced
    assert [(e.field, e.origin) for e in errs] == [("spec.replicas", "minimum")]
    old, new = _widget(), _widget()
    new.spec.clusterRef = "west"
    assert [e.origin for e in v.validate(new, old)] == ["immutable"]


@dataclass
class Common:
    name: str


@dataclass
class Renamed:
    repo: GitSource = field(metadata={"json": "git"})
    meta: Common = field(metadata={"inline": True})
    mode: Size = Size.SMALL


def test_dataclass_json_names_inline_and_enums_convert_as_json_would():
    from evaluator.input.pyobj import to_json

    got = to_json(Renamed(GitSource("u"), Common("n")))
    assert got == {"git": {"url": "u"}, "name": "n", "mode": "Small"} and type(got["mode"]) is str


@pytest.mark.parametrize(
    "call,needle",
    [
        (lambda v: v.validate(None), "needs the object"),
        (lambda v: v.validate(object()), "cannot validate a object"),
        (lambda v: v.validate({"spec": {"replicas": object()}}), "object.spec.replicas: cannot validate"),
        (lambda v: v.validate(VALID, options=[1]), "option names must be strings"),
        (lambda v: v.validate(VALID, subresource=3), "subresource must be a path"),
        (lambda v: v.validate(VALID, beta="no"), "beta must be True or False"),
        (lambda v: v.validate(VALID, update="yes"), "update must be"),
        (lambda v: evaluator.compile("schemas/widget.openapi.yaml"), "needs the schema document as a dict"),
    ],
)
def test_bad_arguments_are_clear_type_errors(v, call, needle):
    with pytest.raises(TypeError, match=needle):
        call(v)


def test_one_option_name_is_not_split_into_characters(v):
    obj = {**VALID, "spec": {**VALID["spec"], "size": "Huge"}}
    assert not v.validate(obj).valid
    assert v.validate(obj, options="HugeWidgets").valid
    assert v.validate(obj, options={"HugeWidgets"}).valid


def test_unsupported_subresource_matches_the_reference(v):
    assert v.supports("/status") and v.supports(None) and not v.supports("/scale")
    (e,) = v.validate(VALID, subresource="/scale")
    detail = "no validation found for Widget, subresource: /scale"
    assert (e.type, e.field, e.detail) == ("InternalError", "<nil>", detail)
    assert str(e) == "<nil>: Internal error: no validation found for Widget, subresource: /scale"


def test_missing_kubernetes_validate_is_one_clear_line(monkeypatch):
    from evaluator.run import builtin
    from evaluator.run.cli import main
    from tests.cli import invoke

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda n, *a: None if n == "kubernetes_validate" else real(n, *a))
    # sys.path is looked at first (PathFinder), then import hooks (importlib.util): neither has it
    nowhere = type("NotThere", (), {"find_spec": staticmethod(lambda n: None)})
    monkeypatch.setattr(builtin, "PathFinder", nowhere)
    r = invoke(main, ["--kubernetes-version", "1.37", str(ROOT / "examples/widget/objects/valid.yaml")])
    assert r.exit_code == 2
    assert r.output.strip() == (
        "dv-eval: --kubernetes-version needs the kubernetes-validate package: pip install 'dv2openapi[kubernetes]'"
    )


def test_status_write_validates_spec_changes_as_the_reference_does(v):
    """validation-gen's generated code runs the same Validate_T for "/" and "/status": a changed spec is checked
    (it is the real server's registry strategy, not validation, that resets spec on a status write)."""
    new = {**VALID, "spec": {**VALID["spec"], "clusterRef": "elsewhere"}}
    assert [e.origin for e in v.validate(new, VALID, subresource="/status")] == ["immutable"]
    assert v.validate(VALID, VALID, subresource="/status") == []  # unchanged: ratchets


@pytest.mark.parametrize("falsy", ["", 0, False, {}, []])
def test_a_falsy_value_of_another_type_is_no_unset_value_field(v, falsy):
    """An optional value field is unset when nil or its own zero value; `tags: ""` is a type error, as
    decoding it into a Go []string is (it used to pass as an unset list)."""
    spec = {**VALID["spec"], "tags": falsy, "description": falsy}
    errors = {(e.field, e.type) for e in v.validate({**VALID, "spec": spec}).enforced}
    assert ("spec.tags", "FieldValueTypeInvalid") in errors or falsy == []
    assert ("spec.description", "FieldValueTypeInvalid") in errors or falsy == ""
    assert v.validate({**VALID, "spec": {**VALID["spec"], "tags": [], "description": ""}}).valid
