"""Tag translation (one check per tag family) and every bad-input class of the translator."""

import textwrap

import pytest
from click.testing import CliRunner

from dv2openapi.cli import main
from dv2openapi.errors import InputError
from dv2openapi.frontend import build_model
from dv2openapi.grammar import GrammarError, parse_tag
from dv2openapi.openapi import to_openapi
from dv2openapi.registry import REGISTRY

HEADER = (
    "from __future__ import annotations\nfrom dataclasses import dataclass, field\n"
    "from enum import Enum\nfrom typing import Annotated, NewType, Optional\n"
)


def emit(tmp_path, body: str, name="T"):
    f = tmp_path / "types_under_test.py"
    f.write_text(HEADER + textwrap.dedent(body))
    return to_openapi(build_model(str(f)))["components"]["schemas"][name]


def field_schema(tmp_path, tags: str, annotation: str = "int"):
    lines = "".join(f"    # {t}\n" for t in tags.split(";") if t)
    return emit(tmp_path, f"@dataclass\nclass T:\n{lines}    f: {annotation}\n")["properties"]["f"]


# --- grammar -------------------------------------------------------------------


def test_grammar_forms():
    t = parse_tag('+k8s:item(type: "Approved", port: 80, enabled: true)=+k8s:eachVal=+k8s:minimum=1')
    assert t.kwargs == {"type": "Approved", "port": 80, "enabled": True}
    assert t.value.name == "eachVal" and t.value.value.value == 1
    assert parse_tag("+k8s:subfield(name)=+k8s:required").args == ("name",)
    assert parse_tag('+k8s:subfield("name")=+k8s:required').args == ("name",)
    assert parse_tag("+k8s:update=NoModify,NoClear").value == "NoModify,NoClear"
    assert parse_tag('+k8s:alpha(since: "1.35")=+k8s:beta=+k8s:optional').value.value.name == "optional"
    assert parse_tag('+k8s:neq="a \\"b\\""').value == 'a "b"'
    with pytest.raises(GrammarError):
        parse_tag("+k8s:item(type: ")


# --- translation ----------------------------------------------------------------


@pytest.mark.parametrize(
    "tags,annotation,expected",
    [
        ("+k8s:minimum=0", "int", {"minimum": 0}),
        ("+k8s:maximum=9", "int", {"maximum": 9}),
        ("+k8s:maxLength=5", "str", {"maxLength": 5}),
        ("+k8s:minLength=2", "str", {"minLength": 2}),
        ("+k8s:maxBytes=8", "str", {"x-dv-max-bytes": 8}),
        ("+k8s:maxItems=3", "list[int]", {"maxItems": 3}),
        ("+k8s:minItems=1", "list[int]", {"minItems": 1}),
        ("+k8s:maxProperties=3", "dict[str, int]", {"maxProperties": 3}),
        ("+k8s:minProperties=1", "dict[str, int]", {"minProperties": 1}),
        ('+k8s:neq="x"', "str", {"x-dv-neq": "x"}),
        ("+k8s:neq=0", "int", {"x-dv-neq": 0}),
        ("+k8s:format=k8s-short-name", "str", {"format": "k8s-short-name"}),
        ("+k8s:immutable", "int", {"x-dv-immutable": True}),
        ("+k8s:update=NoSet,NoModify", "int", {"x-dv-update": ["NoSet", "NoModify"]}),
        ("+k8s:monotonic", "int", {"x-dv-monotonic": True}),
        ("+k8s:optional", "int", {"x-dv-optional": True}),
        ("+k8s:forbidden", "int", {"x-dv-forbidden": True}),
        ("+k8s:listType=set", "list[int]", {"x-kubernetes-list-type": "set"}),
        ("+k8s:unique=set", "list[int]", {"x-dv-unique": "set"}),
        ("+k8s:customUnique", "list[int]", {"x-dv-custom-unique": True}),
        ("+k8s:eachVal=+k8s:minimum=1", "list[int]", {"x-dv-each-val": {"minimum": 1}}),
        ("+k8s:eachKey=+k8s:maxLength=3", "dict[str, int]", {"x-dv-each-key": {"maxLength": 3}}),
        ('+k8s:ifEnabled("F")=+k8s:minimum=1', "int", {"x-dv-if-enabled": [{"option": "F", "schema": {"minimum": 1}}]}),
        (
            '+k8s:ifDisabled("F")=+k8s:minimum=1',
            "int",
            {"x-dv-if-disabled": [{"option": "F", "schema": {"minimum": 1}}]},
        ),
        (
            '+k8s:alpha(since: "1.35")=+k8s:minimum=1',
            "int",
            {"x-dv-alpha": [{"schema": {"minimum": 1}, "since": "1.35"}]},
        ),
        ("+k8s:beta=+k8s:minimum=1", "int", {"x-dv-beta": [{"schema": {"minimum": 1}}]}),
        ('+k8s:validateFalse="no"', "int", {"x-dv-fixed": [{"result": False, "message": "no"}]}),
        ('+k8s:default="x"', "str", {"default": "x"}),
        ("+k8s:customValidation", "int", {"x-dv-custom-validation": True}),
        ("+k8s:opaqueType", "int", {"x-dv-opaque": True}),
    ],
)
def test_field_tag_translation(tmp_path, tags, annotation, expected):
    schema = field_schema(tmp_path, tags, annotation)
    for key, value in expected.items():
        assert schema[key] == value


def test_types_pointers_and_value_semantics(tmp_path):
    props = emit(
        tmp_path,
        """
        from dv2openapi.types import int32
        A = NewType("A", int)
        B = NewType("B", A)
        @dataclass
        class T:
            i: int32
            p: Optional[str]
            s: list[B]
            m: dict[str, float]
            ios: int | str
            J: bool = field(metadata={"json": "j"})
        """,
    )["properties"]
    assert props["i"] == {"type": "integer", "format": "int32", "x-dv-value": True}
    assert props["p"]["nullable"] is True and "x-dv-value" not in props["p"]
    assert props["s"]["items"]["allOf"] == [{"$ref": "#/components/schemas/B"}]
    assert props["m"]["additionalProperties"]["type"] == "number"
    assert props["ios"]["x-kubernetes-int-or-string"] is True
    assert "j" in props and "J" not in props


def test_required_lifts_to_parent_and_typedef_chain(tmp_path):
    f = tmp_path / "m.py"
    f.write_text(
        HEADER
        + textwrap.dedent("""
        # +k8s:minimum=1
        A = NewType("A", int)
        # +k8s:maximum=9
        B = NewType("B", A)
        @dataclass
        class T:
            # +k8s:required
            b: B
        """)
    )
    doc = to_openapi(build_model(str(f)))["components"]["schemas"]
    assert doc["T"]["required"] == ["b"]
    # Go's `type B A`: B has A's underlying type and its own tags, not A's
    assert doc["B"] == {"type": "integer", "format": "int64", "maximum": 9}
    assert doc["A"]["minimum"] == 1


def test_typedef_of_named_type_drops_its_type_tags(tmp_path):
    f = tmp_path / "m.py"
    f.write_text(
        HEADER
        + textwrap.dedent("""
        # +k8s:enum
        class E(str, Enum):
            X = "x"
        NotEnum = NewType("NotEnum", E)
        # +k8s:maxItems=2
        L = NewType("L", Annotated[list[E], "+k8s:listType=set"])
        # +k8s:minItems=1
        L2 = NewType("L2", L)
        @dataclass
        # +k8s:validateFalse="type S"
        class S:
            # +k8s:minimum=1
            i: int
        S2 = NewType("S2", S)
        """)
    )
    doc = to_openapi(build_model(str(f)))["components"]["schemas"]
    assert doc["NotEnum"] == {"type": "string"}
    assert doc["L"]["x-kubernetes-list-type"] == "set" and doc["L"]["maxItems"] == 2
    assert doc["L2"]["minItems"] == 1 and not {"maxItems", "x-kubernetes-list-type"} & set(doc["L2"])
    assert "x-dv-validate-false" not in doc["S2"] and doc["S2"]["properties"]["i"]["minimum"] == 1


def test_enum_union_item_subfield_dependent_mode(tmp_path):
    f = tmp_path / "m.py"
    f.write_text(
        HEADER
        + textwrap.dedent("""
        # +k8s:enum
        class E(str, Enum):
            A = "A"
            # +k8s:ifEnabled("F")=+k8s:enumExclude
            B = "B"
            # +k8s:enumExclude
            C = "C"
        @dataclass
        class Item:
            name: str
            v: int
        @dataclass
        class S:
            x: int
        @dataclass
        class T:
            # +k8s:unionDiscriminator
            d: str
            # +k8s:unionMember
            # +k8s:dependentRequired(e)
            A: Optional[S] = field(metadata={"json": "a"})
            # +k8s:zeroOrOneOfMember
            e: Optional[E]
            # +k8s:listType=map
            # +k8s:listMapKey=name
            # +k8s:item(name: "x")=+k8s:subfield(v)=+k8s:minimum=2
            items: list[Item]
            # +k8s:modeDiscriminator
            mode: str
            # +k8s:ifMode("on")=+k8s:required
            z: Optional[int]
        """)
    )
    doc = to_openapi(build_model(str(f)))["components"]["schemas"]
    assert doc["E"]["enum"] == ["A", "B"]
    assert doc["E"]["x-dv-enum-exclude"] == [{"value": "B", "option": "F", "excludeWhen": True}]
    t = doc["T"]
    assert t["x-dv-unions"] == [{"members": [{"field": "a", "memberName": "A"}], "discriminator": "d"}]
    assert t["x-dv-zero-or-one-of"] == [{"members": [{"field": "e", "memberName": "e"}]}]
    assert t["x-dv-dependent-required"] == {"a": ["e"]}
    assert t["properties"]["items"]["x-dv-item"] == [
        {"match": {"name": "x"}, "schema": {"x-dv-subfield": [{"field": "v", "schema": {"minimum": 2}}]}}
    ]
    assert t["x-dv-modes"] == [
        {"fields": {"z": [{"mode": "on", "schema": {"x-dv-required": True}}]}, "discriminator": "mode"}
    ]


def test_annotated_tags_are_the_same_grammar(tmp_path):
    props = emit(
        tmp_path,
        """
        @dataclass
        class T:
            n: Annotated[int, "+k8s:minimum=1"]
            xs: list[Annotated[str, "+k8s:maxLength=3"]]
        """,
    )["properties"]
    assert props["n"]["minimum"] == 1
    assert props["xs"]["items"]["maxLength"] == 3


def test_module_subresource_tags(tmp_path):
    f = tmp_path / "m.py"
    f.write_text('# +k8s:supportsSubresource="/status"\n' + HEADER + "@dataclass\nclass T:\n    a: int\n")
    assert to_openapi(build_model(str(f)))["x-dv-supports-subresources"] == ["/status"]


def test_every_registered_tag_is_documented():
    for name, d in REGISTRY.items():
        assert d.doc and d.example.startswith("+k8s:" + name.split("(")[0]) and d.scopes


# --- bad input ------------------------------------------------------------------


@pytest.mark.parametrize(
    "tags,annotation,expected",
    [
        ("+k8s:bogus", "int", "unknown tag 'bogus'"),
        ("+k8s:minimum=abc", "int", "expected an integer payload"),
        ("+k8s:maxLength=4", "int", "may not be used on a int value"),
        ("+k8s:required;+k8s:optional", "int", None),
        ("+k8s:listType=map", "list[int]", "only lists of structs can be list-maps"),
        ("+k8s:update=NoFoo", "int", "expected a comma list"),
        ("+k8s:enum", "str", "may not be used on struct fields"),
        ("+k8s:eachVal", "list[int]", "expected a tag payload"),
        ('+k8s:neq="a"', "int", "expected a int payload"),
        ("+k8s:format=k8s-nope", "str", "unknown format"),
        ("+k8s:item(", "list[int]", "unterminated argument list"),
    ],
)
def test_bad_tags_name_file_line_and_expectation(tmp_path, tags, annotation, expected):
    with pytest.raises(InputError) as err:
        field_schema(tmp_path, tags, annotation)
    msg = str(err.value)
    assert "types_under_test.py:" in msg
    if expected:
        assert expected in msg


def test_item_naming_a_non_key_field(tmp_path):
    with pytest.raises(InputError, match="'nope' is not a field of the list item"):
        emit(
            tmp_path,
            """
            @dataclass
            class I:
                name: str
            @dataclass
            class T:
                # +k8s:listType=map
                # +k8s:listMapKey=name
                # +k8s:item(nope: "x")=+k8s:immutable
                f: list[I]
            """,
        )


def test_list_map_without_key_is_an_error(tmp_path):
    with pytest.raises(InputError, match="listMapKey"):
        emit(
            tmp_path,
            """
            @dataclass
            class I:
                name: str
            @dataclass
            class T:
                # +k8s:listType=map
                f: list[I]
            """,
        )


def test_unsupported_annotation_and_unimportable_file(tmp_path):
    with pytest.raises(InputError, match="unsupported"):
        emit(tmp_path, "@dataclass\nclass T:\n    f: set[int]\n")
    bad = tmp_path / "bad.py"
    bad.write_text("import not_a_module_anywhere\n")
    with pytest.raises(InputError, match="cannot import"):
        build_model(str(bad))


def test_cli_bad_input_exit_2_and_no_partial_file(tmp_path):
    src = tmp_path / "t.py"
    src.write_text(HEADER + "@dataclass\nclass T:\n    # +k8s:minimum=abc\n    f: int\n")
    out = tmp_path / "out.yaml"
    r = CliRunner().invoke(main, ["openapi", str(src), "-o", str(out)])
    assert r.exit_code == 2
    assert "t.py:7" in r.output and "+k8s:minimum=abc" in r.output and "Traceback" not in r.output
    assert not out.exists() and not list(tmp_path.glob(".dv2openapi-*"))


def test_cli_openapi_is_deterministic(tmp_path):
    args = ["openapi", "examples/widget/types.py"]
    a, b = CliRunner().invoke(main, args), CliRunner().invoke(main, args)
    assert a.exit_code == 0 and a.output == b.output


def test_tags_command_lists_the_catalog():
    r = CliRunner().invoke(main, ["tags"])
    assert r.exit_code == 0
    for name in ("eachVal", "unionMember", "zeroOrOneOfMember", "ifEnabled", "listMapKey"):
        assert f"+k8s:{name}" in r.output


def test_same_named_types_of_two_modules_get_qualified_names(tmp_path):
    (tmp_path / "other.py").write_text(HEADER + "@dataclass\nclass T:\n    # +k8s:minimum=1\n    x: int\n")
    main_file = tmp_path / "main_types.py"
    main_file.write_text(HEADER + "from other import T as OtherT\n@dataclass\nclass T:\n    o: OtherT\n")
    schemas = to_openapi(build_model(str(main_file), ["T"]))["components"]["schemas"]
    assert set(schemas) == {"T", "other.T"}
    assert schemas["T"]["properties"]["o"]["allOf"] == [{"$ref": "#/components/schemas/other.T"}]
    assert schemas["other.T"]["properties"]["x"]["minimum"] == 1


def test_unforeseen_translator_failure_is_one_line_exit_2(monkeypatch):
    import dv2openapi.cli as cli

    def boom(*args, **kwargs):
        raise KeyError("surprise")

    monkeypatch.setattr(cli, "to_openapi", boom)
    r = CliRunner().invoke(main, ["openapi", "examples/widget/types.py"])
    assert r.exit_code == 2 and "internal error" in r.output and "Traceback" not in r.output
