"""The loader reads YAML as the API server does (sigs.k8s.io/yaml on go-yaml v2, then JSON) and
bounds the work any input can cause; deep data never surfaces as a RecursionError."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evaluator
from evaluator.input import loader
from evaluator.input.loader import MAX_DEPTH, InputError, iter_docs
from evaluator.run.cli import main
from evaluator.schema.errors import OMITTED, FieldError
from tests.cli import invoke

SCHEMA = "schemas/widget.openapi.yaml"
VALID = "examples/widget/objects/valid.yaml"


def load(text: str, **kw) -> list:
    return [d.value for d in iter_docs("t.yaml", text, **kw)]


def error(text: str) -> str:
    """The one-line reason: an InputError (the stream cannot go on) or the refused document's `error`."""
    try:
        docs = list(iter_docs("t.yaml", text))
    except InputError as e:
        msg = str(e)
    else:
        msg = next(d.error for d in docs if d.error)
    assert "\n" not in msg
    return msg


def test_scalars_resolve_as_go_yaml_v2_then_json():
    doc = load(
        "released: 2024-01-01\nstamp: 2001-12-14t21:59:43.10-05:00\n"
        "a: yes\nb: off\nc: y\nd: 'yes'\ne: True\n"
        "f: 1.0\ng: 0x1F\nh: 017\ni: 0o17\nj: 1_000\nk: 1e3\nl: -9223372036854775808\nm: 1.5\nnil: ~\no: null\n"
    )[0]
    assert doc["released"] == "2024-01-01" and doc["stamp"] == "2001-12-14t21:59:43.10-05:00"
    assert [doc[k] for k in "abcde"] == [True, False, True, "yes", True]
    assert [doc[k] for k in "fghijkl"] == [1, 31, 15, 15, 1000, 1000, -(1 << 63)]
    assert all(type(doc[k]) is int for k in "fghijkl")
    assert doc["m"] == 1.5 and doc["nil"] is None and doc["o"] is None


def test_numbers_beyond_64_bits():
    doc = load("u: 18446744073709551615\nf: 99999999999999999999999\nhuge: " + "9" * 5000 + "\n")[0]
    assert doc["u"] == float(1 << 64) and type(doc["u"]) is float  # JSON decoding: past int64 is a float
    assert type(doc["f"]) is float
    assert doc["huge"] == "9" * 5000  # go-yaml cannot parse it as a number: it stays a string
    assert "json: unsupported value: +Inf" in error("a: .inf\n")
    assert "NaN" in error("a: [.nan]\n")


def test_keys_become_json_strings():
    assert load("y: 1\n")[0] == {"true": 1}  # go-yaml v2: `y` is a boolean, even as a key
    assert 'key "true" already set in map' in error("y: 1\non: 2\n")
    doc = load("1: a\nfalse: b\n1.5: c\n1e7: d\n0.1: e\n")[0]
    assert doc == {"1": "a", "false": "b", "1.5": "c", "1e+07": "d", "0.1": "e"}
    assert "t.yaml:2: document 1: unsupported map key" in error("a: 1\n~: 2\n")
    assert "invalid map key" in error("? [a]\n: 1\n")
    assert "unsupported map key: 18446744073709551615" in error("18446744073709551615: x\n")  # a uint64


def test_tags():
    doc = load("a: !!binary aGVsbG8=\nb: !!int '12'\nc: !custom text\nd: !!set {x, z}\ne: !!float 1\nf: !!str 12\n")[0]
    assert doc == {"a": "hello", "b": 12, "c": "text", "d": {"x": None, "z": None}, "e": 1, "f": "12"}
    assert "cannot decode !!str `abc` as a !!int" in error("a: !!int abc\n")
    assert "invalid base64" in error("a: !!binary '***'\n")
    assert load("a: !!binary |\n  aGVs\n  bG8=\n")[0] == {"a": "hello"}  # line breaks are skipped, as Go does


def test_duplicate_keys_are_the_strict_decoders_error():
    msg = error("kind: Widget\nspec:\n  replicas: 1\n  replicas: 2\n")
    assert msg == 't.yaml:4: document 1: strict decoding error: key "replicas" already set in map'
    assert "already set in map" in error("base: &b {x: 1}\nm:\n  <<: *b\n  x: 2\n")  # go-yaml strict: merges too
    docs = list(iter_docs("t.yaml", "a: 1\na: 2\n", duplicates="keep"))
    assert docs[0].value == {"a": 2}
    assert docs[0].duplicates == ['t.yaml:2: document 1: strict decoding error: key "a" already set in map']


def test_merge_keys():
    doc = load("base: &b {x: 1, w2: 2}\nother: &o {z: 3}\nm:\n  <<: [*b, *o]\n  w: 4\n")[0]
    assert doc["m"] == {"z": 3, "x": 1, "w2": 2, "w": 4}
    assert "map merge requires map" in error("m:\n  <<: [1]\n")


def test_alias_bomb_ends_at_once_with_one_line():
    bomb = "a0: &a0 [x, y]\n" + "".join(f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]\n" for i in range(1, 45))
    assert len(bomb) < 1100 and bomb.count("*") == 88
    assert error(bomb).endswith("document 1: document contains excessive aliasing")


def test_moderate_aliasing_is_accepted_and_shared():
    text = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(f"b{i}: [*a, *a, *a]\n" for i in range(200))
    doc = load(text)[0]  # 600 aliases: go-yaml's ratio (about 0.9) is under its 0.99 limit
    assert doc["b0"][0] is doc["a"] and len(doc) == 201


def test_node_cap_counts_expanded_aliases(monkeypatch):
    monkeypatch.setattr(loader, "MAX_NODES", 500)
    assert "more than 500 YAML nodes in one document" in error("a: [" + "1, " * 600 + "]\n")
    text = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(f"b{i}: [*a, *a]\n" for i in range(30))
    assert "(aliases expanded)" in error(text)


def test_nesting_limit_is_the_one_documented():
    assert load("[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n")  # 999 + the root mapping... fits
    assert load("a: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "\n")
    assert "nesting deeper than 1000 levels" in error("a: " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n")
    assert "nesting deeper than 1000 levels" in error("a: " + "[" * 200_000 + "]" * 200_000 + "\n")
    deep = "a: &a " + "[" * 600 + "]" * 600 + "\nb: " + "[" * 500 + "*a" + "]" * 500 + "\n"
    assert "nesting deeper than 1000 levels (aliases expanded)" in error(deep)


RECURSIVE = {
    "openapi": "3.0.3",
    "components": {
        "schemas": {
            "N": {
                "type": "object",
                "properties": {
                    "v": {"type": "integer", "minimum": 0},
                    "l": {"type": "array", "items": {"$ref": "#/components/schemas/N"}},
                },
            }
        }
    },
}


def _nest(n: int, leaf: dict) -> dict:
    for _ in range(n):
        leaf = {"l": [leaf]}
    return leaf


def test_deep_data_under_a_recursive_schema_never_raises_recursion_error():
    v = evaluator.compile(RECURSIVE, "N")
    new, old = _nest(1000, {"v": -1}), _nest(1000, {"v": 1})
    errs = v.validate(new, old)
    assert [e.field for e in errs] == ["l[0]" + ".l[0]" * 999 + ".v"]
    assert v.validate(_nest(1000, {"v": 1}), _nest(1000, {"v": 1})) == []  # deep equality: ratcheted
    errs = v.validate(_nest(1000, {"v": "text"}))  # a type error also makes validate() re-read the object
    assert [e.type for e in errs] == ["FieldValueTypeInvalid"]
    with pytest.raises(evaluator.DepthError):
        v.validate(_nest(50_000, {"v": -1}))


def test_deep_bad_value_renders():
    e = FieldError("FieldValueInvalid", "x", _nest(1500, {}), "bad")
    assert str(e).startswith('x: Invalid value: {"l":[{"l":')


def test_cli_deep_document_is_validated_with_its_line(tmp_path):
    f = tmp_path / "deep.yaml"
    nested = "".join("  " * i + "- l:\n" for i in range(495)) + "  " * 495 + "- v: -1\n"
    body = "apiVersion: v1\nkind: N\nv: 1\nl:\n" + nested
    f.write_text(body)
    s = tmp_path / "n.json"
    s.write_text(json.dumps(RECURSIVE))
    for strict in ([], ["--strict"]):  # --strict's unknown-field walk follows the data too
        r = invoke(main, ["--schema", str(s), *strict, str(f)])
        assert r.exit_code == 1 and "must be greater than or equal to 0" in r.output, r.output
        assert f"({f}:{body.count(chr(10))})" in r.output


def test_cli_int32_range_and_huge_numbers(tmp_path):
    text = Path(VALID).read_text()
    assert "  replicas: 3\n" in text
    for value, expect, code in (
        ("2147483647", "is valid", 0),
        ("4294967296", "spec.replicas: Invalid value: 4294967296: must be of type int32", 1),
        ("9" * 5000, "must be of type integer", 1),
    ):
        f = tmp_path / "w.yaml"
        f.write_text(text.replace("  replicas: 3\n", f"  replicas: {value}\n"))
        r = invoke(main, ["--schema", SCHEMA, str(f)])
        assert r.exit_code == code and expect in r.output, r.output
        assert "internal error" not in r.output


def test_a_refused_document_does_not_end_the_stream(tmp_path):
    docs = list(iter_docs("t.yaml", "a: 1\n---\nb: 1\nb: 2\n---\nc: .inf\n---\nd: 4\n"))
    assert [d.value for d in docs] == [{"a": 1}, None, None, {"d": 4}]
    assert [d.error for d in docs] == [
        None,
        't.yaml:4: document 2: strict decoding error: key "b" already set in map',
        "t.yaml:6: document 3: json: unsupported value: +Inf",
        None,
    ]
    f = tmp_path / "one.yaml"
    f.write_text("b: 1\nb: 2\n")
    with pytest.raises(InputError, match="already set in map"):
        loader.load_one(str(f))


def test_cli_duplicate_key_warns_or_fails_under_strict_and_a_refused_document_does_not_end_the_stream(tmp_path):
    valid = Path(VALID).read_text()
    dup = valid.replace("  replicas: 3\n", "  replicas: 3\n  replicas: 4\n")
    f = tmp_path / "one.yaml"
    f.write_text(dup)
    where = f"{f}:{dup.splitlines().index('  replicas: 4') + 1}"
    r = invoke(main, ["--schema", SCHEMA, str(f)])  # the server's default: a warning
    assert r.exit_code == 0 and f'{where}: key "replicas" already set in map' in r.output
    r = invoke(main, ["--schema", SCHEMA, "--strict", str(f)])  # kubectl --validate=strict
    assert r.exit_code == 1 and f'key "replicas" already set in map ({where})' in r.output
    s = tmp_path / "stream.yaml"
    s.write_text(valid + "---\nx: .inf\n---\n" + valid)
    r = invoke(main, ["--schema", SCHEMA, str(s)])
    assert r.exit_code == 2 and "3 objects: 2 valid, 0 invalid, 1 unusable" in r.output, r.output
    assert f"{s}:{valid.count(chr(10)) + 2}: document 2: json: unsupported value: +Inf" in r.output


def test_error_values_follow_kubernetes_omission_rules():
    long = "x" * 100_000
    assert str(FieldError("FieldValueTooLong", "f", OMITTED, "may not be more than 63 bytes")) == (
        "f: Too long: may not be more than 63 bytes"
    )
    for etype in ("FieldValueRequired", "FieldValueForbidden", "InternalError"):
        assert long not in str(FieldError(etype, "f", long, "detail"))
    assert str(FieldError("FieldValueTooMany", "f", 70, "must have at most 64 items")) == (
        "f: Too many: 70: must have at most 64 items"
    )


@pytest.mark.parametrize(
    "data,reason",
    [
        (b"a: \xff\xfe\n", "not UTF-8 text"),
        (b"a: b\x00c\n", "invalid YAML: control characters are not allowed: #x0000 at offset 4"),
        (b"a: [1, 2\n", "invalid YAML: did not find expected ',' or ']'"),
    ],
)
def test_unreadable_text_is_one_line(tmp_path, data, reason):
    f = tmp_path / "bad.yaml"
    f.write_bytes(data)
    with pytest.raises(InputError) as e:
        list(iter_docs(str(f)))
    assert reason in str(e.value) and "\n" not in str(e.value)


def test_empty_and_null_documents_are_skipped_as_kubectl_skips_them():
    docs = list(iter_docs("t.yaml", "---\n# Source: chart/empty.yaml\n---\na: 1\n---\nnull\n---\n~\n---\nb: 2\n---\n"))
    assert [(d.index, d.value) for d in docs] == [(0, {"a": 1}), (1, {"b": 2})]
    assert [d.line_of("b") for d in docs[1:]] == [10]


_ATOMS = [
    "a",
    "b",
    ":",
    " ",
    "\n",
    "- ",
    "[",
    "]",
    "{",
    "}",
    ",",
    "&x ",
    "*x",
    "&y ",
    "*y",
    "<<",
    "!!binary ",
    "!!int ",
    "!!str ",
    "!foo ",
    "yes",
    "~",
    "1.0",
    "0x1F",
    "017",
    ".inf",
    "?",
    "'q'",
    '"d"',
    "|\n  ",
    ">\n  ",
    "---\n",
    "...\n",
    "#c\n",
    "1e400",
    "9" * 30,
    "2024-01-01",
    "\t",
    "%YAML 1.1\n",
    "\x00",
    "é",
]


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_ATOMS), min_size=1, max_size=40))
def test_any_yaml_ish_text_is_documents_or_one_line_errors(atoms):
    try:
        for d in iter_docs("f.yaml", "".join(atoms)):
            assert (d.error is None) != (d.value is None)
            assert d.error is None or "\n" not in d.error
            d.line_of("a.b[0]")
    except InputError as e:
        assert "\n" not in str(e)


def test_reading_leaves_the_garbage_collector_as_it_was(tmp_path):
    import gc

    f = tmp_path / "s.yaml"
    f.write_text("a: 1\n---\nb: [1, 2]\n---\nc: {d: x, d: y}\n---\n[unclosed\n")
    for enabled in (True, False):
        (gc.enable if enabled else gc.disable)()
        try:
            seen = []
            with pytest.raises(InputError):
                for doc in iter_docs(str(f)):
                    seen.append(doc)
                    assert gc.isenabled() is enabled  # never off while the caller holds a document
            assert [d.value for d in seen] == [{"a": 1}, {"b": [1, 2]}, None] and seen[2].error
            assert gc.isenabled() is enabled
        finally:
            gc.enable()


def test_documents_without_their_nodes_hold_the_same_values():
    with_nodes = list(iter_docs(VALID))
    without = list(iter_docs(VALID, nodes=False))
    assert [d.value for d in without] == [d.value for d in with_nodes]
    assert all(d.node is None for d in without) and all(d.node is not None for d in with_nodes)
