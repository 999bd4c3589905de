"""Rules the API server runs that cel-expr-python cannot run whole (issue 27): past its iteration
budget (about 10,000 comprehension steps per evaluation) and past its parser's nesting (32 levels;
the server's 250). dv-eval gives the server's verdict on them, checked here against the engine
itself wherever the engine can run the same rule whole."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path

import pytest
import yaml
from cel_expr_python import cel

from evaluator.apiserver.cel import celdeep, cellib, celproto, celrules
from evaluator.apiserver.cel.celsyntax import SyntaxProblem, parse
from evaluator.run.cli import main
from tests import yamlc
from tests.cli import invoke
from tests.shared_data import SHARED

ROOT = Path(__file__).resolve().parents[2]
CRD = yamlc.safe_load((ROOT / "schemas/widget.crd.yaml").read_text())
VALID = yamlc.safe_load((ROOT / "examples/widget/objects/valid.yaml").read_text())
ENV = celrules.ENV


def _dv_eval(tmp_path, monkeypatch, rule: dict, spec: dict | None = None, props: dict | None = None):
    """dv-eval on the widget CRD with one more rule on `spec`, and the valid widget (with `spec`
    fields changed)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    crd = copy.deepcopy(CRD)
    crd["metadata"].pop("annotations", None)  # anyone's CRD: judged by its schema, as the server judges
    node = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]
    node["properties"].update(props or {})
    node.setdefault("x-kubernetes-validations", []).append(rule)
    obj = copy.deepcopy(VALID)
    obj["spec"].update(spec or {})
    (tmp_path / "crd.yaml").write_text(yaml.safe_dump(crd))
    (tmp_path / "obj.yaml").write_text(yaml.safe_dump(obj))
    return invoke(main, ["--schema", str(tmp_path / "crd.yaml"), str(tmp_path / "obj.yaml")])


ITEMS = {"items": {"type": "array", "items": {"type": "object", "properties": {"x": {"type": "integer"}}}}}


# --- the iteration budget --------------------------------------------------------------------


def test_a_rule_over_more_steps_than_the_engines_budget_gets_the_servers_verdict(tmp_path, monkeypatch):
    rule = {"rule": "self.items.all(o, has(o.x))"}
    ok = _dv_eval(tmp_path, monkeypatch, rule, {"items": [{"x": 1}] * 10_500}, ITEMS)
    assert ok.exit_code == 0, ok.output
    bad = _dv_eval(tmp_path, monkeypatch, rule, {"items": [{"x": 1}] * 10_499 + [{}]}, ITEMS)
    assert bad.exit_code == 1, bad.output
    assert "spec: Invalid value: failed rule: self.items.all(o, has(o.x))" in bad.stdout


def test_nested_loops_past_the_budget_together_run_in_the_interpreter():
    """200 x 100 steps: each level alone is within the budget, together they are not."""
    data = {"self": [list(range(100))] * 200}
    text = "self.all(row, row.exists(v, v == 99)) && self.map(row, row.filter(v, v % 2 == 0).size()).all(n, n == 50)"
    with pytest.raises(RuntimeError, match="Iteration budget"):
        ENV.compile(text).eval(data=data)
    assert celrules.run(text, False, data) == (True, None)
    data["self"] = [list(range(100))] * 199 + [list(range(99))]
    assert celrules.run(text, False, data) == (False, None)


TEMPLATES = [
    "self.all(x, 12 / x > 1)",
    "self.exists(x, 12 / x > 3)",
    "self.exists_one(x, 12 / x == 6)",
    "self.map(x, 12 / x)",
    "self.filter(x, 12 / x > 2)",
    "self.map(x, x > 1, 12 / x)",
    "self.all(i, x, 12 / x > i)",
    "self.exists(i, x, 12 / (x - i) == 6)",
    "self.existsOne(i, x, i == x)",
    "self.transformList(i, x, 12 / x + i)",
    "self.transformList(i, x, x > 2, 12 / x)",
    "self.all(x, self.exists(y, 12 / (y - x) == 12))",
    "self.filter(x, x > 1).all(y, 12 / y < 5) || size(self) == 0",
    "cel.bind(m, {'a': 1, 'b': 0, 'c': 2}, m.all(k, 12 / m[k] > 1))",
    "cel.bind(m, {'a': 1, 'b': 0}, m.exists(k, v, 12 / v == 12))",
    "self.map(x, x * 2).filter(y, 12 / y > 1).size() > 0 ? 'many' : 'none'",
    "[self.all(x, x >= 0), self.exists(x, 12 / x == 3)]",
    "self.all(x, x == 0 || 12 / x > 0) && self.exists(x, x == 0)",
]


@pytest.mark.parametrize("template", TEMPLATES)
def test_macros_past_the_budget_run_as_the_engine_runs_them_whole(template):
    """On lists the engine can run whole (with zeros, so steps fail), the interpreter, which runs
    them past the budget, gives the same value or the same error as the engine."""
    rng = random.Random(template)
    program = ENV.compile(template)
    for _ in range(60):
        data = {"self": [rng.choice([0, 1, 2, 3, 4, 6, -1]) for _ in range(rng.randint(0, 7))]}
        result = program.eval(data=data)
        want = (None, str(result.value())) if result.type() == cel.Type.ERROR else (result.plain_value(), None)
        value, err = celrules._interpreted(template, False, data)
        assert (value, None if err is None else celrules.go_error(err)) == (
            want[0],
            None if want[1] is None else celrules.go_error(want[1]),
        ), data


@pytest.mark.parametrize(
    ("rule", "data", "want"),
    [
        ("self.transformMap(i, x, 12 / x)", [1, 2, 3], ({0: 12, 1: 6, 2: 4}, None)),
        ("self.transformMap(i, x, x > 1, 12 / x)", [1, 2, 3], ({1: 6, 2: 4}, None)),
        ("self.transformMap(i, x, 12 / x)", [1, 0], (None, "division by zero")),  # cel-go's words
        ("self.transformMapEntry(i, x, {string(x): i})", [5, 6], ({"5": 0, "6": 1}, None)),
        ("self.transformMapEntry(i, x, {string(x): i})", [5, 5], (None, "insert failed: key 5 already exists")),
        ("self.transformMap(i, x, x * 2).size() == size(self)", [1, 2], (True, None)),
    ],
)
def test_transform_map_which_the_engine_cannot_run_is_interpreted(rule, data, want):
    with pytest.raises(RuntimeError, match="mapInsert"):
        ENV.compile(rule).eval(data={"self": data})
    assert celrules.run(rule, False, {"self": data}) == want


@pytest.mark.parametrize(
    ("rule", "want"),
    [
        ("self.map(x, duration(x)).all(d, self.all(y, d > duration('1s')))", True),
        ("self.map(x, duration(x)).exists(d, self.exists(y, d == duration('0.000000001s')))", False),
        (
            "cel.bind(t, timestamp('2020-01-01T00:00:00.000000001Z'), self.all(x, self.all(y, t + duration(x) > t)))",
            True,
        ),
        ("self.map(x, uint(size(x))).all(u, self.all(y, u == 2u))", True),
        ("[1u, 2u].all(u, u > 0u) && self.all(x, self.all(y, x != ''))", True),
        ("cel.bind(o, optional.of(duration('1s')), self.all(x, self.all(y, o.value() < duration(x))))", True),
        ("cel.bind(o, optional.none(), self.all(x, self.all(y, !o.hasValue())))", True),
    ],
)
def test_uint_duration_and_timestamp_values_past_the_budget_are_exact(rule, want):
    """Past the budget (105 x 105 steps), as dv-eval runs the rule (in `celinterp`)."""
    data = {"self": ["2s"] * 105}
    with pytest.raises(RuntimeError, match="Iteration budget"):
        ENV.compile(rule).eval(data=data)
    assert celrules.run(rule, False, data) == (want, None)


def test_a_loop_over_more_values_than_the_engines_budget_runs_in_the_interpreter_at_once(monkeypatch):
    """Values past the engine's budget go to `celinterp` before the engine: its map() over 10,500
    items would take seconds to reach the budget and stop there."""
    data = {"self": ["2s"] * 10_500}
    calls = []
    real = celrules._interpreted
    monkeypatch.setattr(celrules, "_interpreted", lambda *a, **k: calls.append(a) or real(*a, **k))
    assert celrules.run("self.map(x, duration(x)).all(d, d > duration('1s'))", False, data) == (True, None)
    assert celrules.run("self.all(x, x == '2s')", False, {"self": ["2s"] * 50}) == (True, None)
    assert len(calls) == 1


# --- where the engine's answer is not cel-go's ------------------------------------------------

TIME = {"type": "string", "format": "date-time"}
TEXT = {"type": "string"}
INT_OR_STRING = {"x-kubernetes-int-or-string": True}


@pytest.mark.parametrize(
    "rule, props, value, code",
    [
        ("self.t.getHours() == 18", {"t": TIME}, "2011-08-18T19:03:37+01:00", 1),  # cel-go keeps the zone
        ("self.t.getHours() == 19", {"t": TIME}, "2011-08-18T19:03:37+01:00", 0),
        ("int(self.t) == 5", {"t": TEXT}, " 5", 1),  # strconv.ParseInt: no space
        ("uint(self.t) == 5u", {"t": TEXT}, "+5", 1),  # strconv.ParseUint: no sign
        ("double(self.t) > 0.0", {"t": TEXT}, "1e400", 1),  # strconv.ParseFloat: out of range
        ("double(self.t) == 1000.0", {"t": TEXT}, "1_000", 0),  # strconv.ParseFloat: Go's underscores
        ("string(duration(self.t)) == '1.5s'", {"t": TEXT}, "1.5s", 0),  # the engine prints 1.500s
        ("string(timestamp(self.t)) == self.t", {"t": TEXT}, "2020-01-01T00:00:00.5+01:00", 0),  # its own zone
        ("'%d'.format([1.5]) != ''", {}, "", 1),  # cel-go: a decimal clause takes no double
        ("duration(self.t) > duration('0s')", {"t": TEXT}, "87600000h", 1),  # past int64 nanoseconds
        ("timestamp(self.t).getHours() == 10", {"t": TEXT}, "2020-01-01T10:00:00+01:00", 0),  # its zone
        ("!has(self.t.x)", {"t": INT_OR_STRING}, 5, 0),  # a presence test on a scalar is false
        ("self.t.lastIndexOf('x', 9) == -1 && self.t.indexOf('', 9) == 9", {"t": TEXT}, "abc", 0),  # past the text
    ],
)
def test_a_rule_the_engine_answers_otherwise_gets_cel_go_s_verdict(tmp_path, monkeypatch, rule, props, value, code):
    result = _dv_eval(tmp_path, monkeypatch, {"rule": rule}, {"t": value}, props)
    assert result.exit_code == code, result.output


@pytest.mark.parametrize(
    "rule, words",
    [
        ("self.t.charAt(10) != ''", "index out of range: 10"),
        ("self.t.substring(2, 1) != ''", "invalid substring range. start: 2, end: 1"),
        ("self.t.substring(-1) != ''", "index out of range: -1"),
        ("self.t.x == 1", "no such key: x"),  # a selection on a string
        ("self.t.indexOf('a', -1) > 0", "index out of range: -1"),
    ],
)
def test_a_runtime_error_the_engine_words_otherwise_is_in_cel_go_s_words(tmp_path, monkeypatch, rule, words):
    r = _dv_eval(tmp_path, monkeypatch, {"rule": rule}, {"t": "abc"}, {"t": TEXT})
    assert r.exit_code == 1 and f"{words} evaluating rule: {rule}" in r.stdout, r.output


def test_a_type_value_past_the_budget_is_run_by_the_interpreter():
    assert celrules.run("cel.bind(t, type(1), self.all(x, t == int))", False, {"self": ["a"] * 10_500}) == (True, None)


def test_the_type_of_an_object_past_the_budget_is_a_map_as_on_the_server():
    # the server's values of an object answer `types.MapType` (common/valuesunstructured.go)
    rule = "cel.bind(t, type(self[0]), self.all(x, t == map && type(x) == t))"
    assert celrules.run(rule, False, {"self": [{"a": 1}] * 10_500}) == (True, None)


def test_a_rule_the_interpreter_does_not_model_past_the_budget_is_an_engine_limit_not_a_guess(monkeypatch):
    def unsupported(*args, **kwargs):
        raise celrules.celinterp.Unsupported("a construct")

    monkeypatch.setattr(celrules.celinterp, "evaluate", unsupported)
    with pytest.raises(celrules.EngineLimit, match="Iteration budget"):
        celrules.run("self.all(x, x == 'a')", False, {"self": ["a"] * 10_500})


# --- nesting ---------------------------------------------------------------------------------

CHAIN = " : ".join(f"self.replicas == {i} ? 'r{i}'" for i in range(35)) + " : 'many'"


def test_a_35_branch_conditional_is_admitted_and_judged(tmp_path, monkeypatch):
    rule = {"rule": f"({CHAIN}) != 'r7'", "message": "not seven"}
    assert _dv_eval(tmp_path, monkeypatch, rule, {"replicas": 3}).exit_code == 0
    bad = _dv_eval(tmp_path, monkeypatch, rule, {"replicas": 7})
    assert bad.exit_code == 1 and "spec: Invalid value: not seven" in bad.stdout, bad.output


def test_a_40_term_message_expression_is_admitted_and_evaluated(tmp_path, monkeypatch):
    message = " + ".join(["self.code"] * 40)
    rule = {"rule": "self.replicas < 5", "messageExpression": message}
    code = {"code": {"type": "string", "maxLength": 8}}
    r = _dv_eval(tmp_path, monkeypatch, rule, {"replicas": 9, "code": "ab"}, code)
    assert r.exit_code == 1, r.output
    assert "ab" * 40 in r.stdout


def test_a_long_concatenation_of_unbounded_strings_is_refused_for_its_estimated_cost(tmp_path, monkeypatch):
    """Each `+` of strings costs a tenth of the estimated sizes, which add up: over the server's
    per-expression limit, whether the engine parses the text whole (20 terms) or not (40)."""
    for n in (20, 40):
        rule = {"rule": "true", "messageExpression": " + ".join(["self.clusterRef"] * n)}
        r = _dv_eval(tmp_path, monkeypatch, rule)
        assert r.exit_code == 2 and "estimated messageExpression cost exceeds budget" in r.stderr, r.output


def test_a_rule_deeper_than_the_engine_can_read_whole_runs_in_pieces(tmp_path, monkeypatch):
    """Past about 48 levels the engine's protobuf reader refuses the joined tree too."""
    rule = {"rule": " + ".join(["self.replicas"] * 80) + " < 100", "message": "too many"}
    assert _dv_eval(tmp_path, monkeypatch, rule, {"replicas": 1}).exit_code == 0
    bad = _dv_eval(tmp_path, monkeypatch, rule, {"replicas": 2})
    assert bad.exit_code == 1 and "too many" in bad.stdout, bad.output


@pytest.mark.parametrize(
    "rule",
    ["(" * 240 + "self.replicas < 5" + ")" * 240, "string(" * 120 + "self.clusterRef" + ")" * 120 + " != ''"],
)
def test_a_rule_nested_up_to_the_servers_limit_is_admitted_and_judged(tmp_path, monkeypatch, rule):
    """cel-go's parser allows 250 levels; the rule is the server's to run, so it is ours to judge."""
    assert _dv_eval(tmp_path, monkeypatch, {"rule": rule, "message": "no"}).exit_code == 0
    bad = _dv_eval(tmp_path, monkeypatch, {"rule": rule, "message": "no"}, {"replicas": 9, "clusterRef": ""})
    assert bad.exit_code == 1 and "spec: Invalid value: no" in bad.stdout, bad.output


def _nested(n: int, wrap: str, inner: str = "self.replicas < 5") -> str:
    for i in range(n):
        inner = wrap.format(inner, i)
    return inner


DEEP_SHAPES = {  # issue 41: rules cel-go parses that the engine cannot read whole, nor check in pieces
    "list literals": "[" * 30 + "self.replicas < 5" + "]" * 30 + "[0]" * 30,
    "map literals": _nested(40, "{{'a': {0}}}") + "['a']" * 40,
    "all() macros": _nested(120, "[1].all(v{1}, {0})"),
    "map() macros": _nested(40, "[{0}].map(v{1}, v{1})[0]"),
}


@pytest.mark.parametrize("shape", DEEP_SHAPES)
def test_a_rule_deeper_than_the_engine_parses_runs_in_the_interpreter(tmp_path, monkeypatch, shape):
    """Run by `celinterp` over its parsed tree (read in pieces), the server's verdict both ways."""
    rule = DEEP_SHAPES[shape]
    with pytest.raises(RuntimeError, match="recursion"):
        ENV.compile(rule)  # the engine cannot read it whole
    answers = []
    interpreted = celrules._interpreted

    def spy(*args, **kwargs):
        answers.append(interpreted(*args, **kwargs))
        return answers[-1]

    monkeypatch.setattr(celrules, "_interpreted", spy)
    ok = _dv_eval(tmp_path, monkeypatch, {"rule": rule, "message": "no"}, {"replicas": 1})
    assert ok.exit_code == 0, ok.output
    bad = _dv_eval(tmp_path, monkeypatch, {"rule": rule, "message": "no"}, {"replicas": 9})
    assert bad.exit_code == 1 and "spec: Invalid value: no" in bad.stdout, bad.output
    assert (True, None) in answers and (False, None) in answers  # the interpreter's answers, both


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        (" + ".join(["self.replicas"] * 40) + " > self.nope", "undefined field 'nope'"),
        (" + ".join(["self.replicas"] * 40), "must evaluate to a bool"),
        ("(" * 260 + "true" + ")" * 260, "expression recursion limit exceeded: 250"),
    ],
)
def test_a_deep_rule_the_server_refuses_is_refused_in_its_words(tmp_path, monkeypatch, rule, words):
    r = _dv_eval(tmp_path, monkeypatch, {"rule": rule})
    assert r.exit_code == 2 and r.stdout == "", r.output
    # the server's words, not the engine's limit ("cel-expr-python parses at most 32 levels ..."); the
    # message names a temporary path, so the number alone could be part of it
    assert words in r.stderr and "cel-expr-python" not in r.stderr and "internal error" not in r.stderr


# --- the pieces are the whole: differential against the engine's own parse and check ----------

OWN_RULES = [
    *TEMPLATES,
    "self.a.b.c.d.e.f == 1 ? [1, 2, 3].map(x, x * 2).filter(y, y > 2).size() == 2 : {'a': 1}['a'] == -5",
    "self.m.transformMap(k, v, v > 1, v * 2).size() > 0 && self.?a.orValue(1) == 2 && [?self.?b].size() == 0",
    '(((((self.x + 1) * 2) - 3) / 4) % 5) == 1 && -(-self.y) == 1.5e3 && b\'abc\' != r\'x\' + """q"""',
    "has(self.a.b) && !has(self.c) || self.d in ['x', 'y'] && 0x1fu > 2u && .5 < 1.0 && self.e.startsWith('a')",
    "self.x.optMap(v, v + 1).orValue(0) > 1 && optional.of(1).optFlatMap(v, optional.of(v)).hasValue()",
    "cel.bind(v, self.a + self.b, v.startsWith('x') && !(v.endsWith('y'))) ? true : self.n.all(k, v, k != v)",
    "quantity(self.q).isGreaterThan(quantity('1Gi')) && ip(self.ip).family() == 4 && url(self.u).getHost() != ''",
    "'%s/%d'.format(['a', 1]) == self.f && self.s.split(',').size() < 3 && sets.contains([1, 2], [1])",
]


def _rules() -> list[str]:
    found = set(OWN_RULES)
    if SHARED.is_dir():
        # crd-wild's 787 rules run through the interpreter's differential test and test_crd_wild;
        # cutting each of them three ways here would take the suite's longest minutes
        for path in sorted(p for p in SHARED.rglob("*.y*ml") if "crd-wild" not in p.parts):
            try:
                docs = list(yamlc.safe_load_all(path.read_text()))
            except (yaml.YAMLError, UnicodeDecodeError):
                continue
            stack = docs
            while stack:
                node = stack.pop()
                if isinstance(node, dict):
                    rules = node.get("x-kubernetes-validations")
                    for rule in rules if isinstance(rules, list) else ():
                        if isinstance(rule, dict):
                            texts = (rule.get("rule"), rule.get("messageExpression"))
                            found.update(t for t in texts if isinstance(t, str))
                    stack += node.values()
                elif isinstance(node, list):
                    stack += node
    return sorted(found)


_PLAIN_STRING = re.compile(r"'[^'\\\n]*'|\"[^\"\\\n]*\"")
_FIELD = re.compile(r"\.(\??)[A-Za-z_]\w*(?!\w|\s*\()")
_NUMBER = re.compile(r"\b\d+(?:\.\d+)?\b")


def _shape_of(text: str) -> str:
    """A rule with its field names, numbers and plain string literals blanked: rules of one shape
    are cut at the same places and checked alike (the public CRDs repeat a few hundred shapes)."""
    return " ".join(_NUMBER.sub("0", _FIELD.sub(r".\1f", _PLAIN_STRING.sub("''", text))).split())


def _one_of_each_shape(items: list, key) -> list:
    seen: dict = {}
    for item in items:
        seen.setdefault(key(item), item)
    return list(seen.values())


def _engine_parse(text: str) -> bytes:
    any_msg = {n: v for n, _, v in celproto.fields(ENV.compile(text, disable_check=True).serialize())}
    return celdeep._join(next(v for n, _, v in celproto.fields(any_msg[2]) if n == 2), {}, [0])


def _shape(n: celproto.Node):
    return (
        n.kind,
        n.value,
        n.test_only,
        n.overloads,
        _shape(n.target) if n.target else None,
        tuple(_shape(a) for a in n.args),
        tuple((k, v if isinstance(v, str) else _shape(v)) for k, v in sorted(n.comp.items())),
    )


def test_cut_into_pieces_every_rule_parses_and_checks_as_the_engine_parses_and_checks_it_whole():
    """Every rule of ours and of the public CRDs in ../shared (when present), cut into pieces of
    height 2, 3 and 5: the joined parse is the engine's parse of the whole text, and the joined
    checked tree (overloads included) and result type are the engine's check of the whole."""
    variables = {"self": cel.Type.DYN, "oldSelf": cel.Type.DYN}
    rules = _one_of_each_shape(_rules(), _shape_of)
    assert len(rules) >= len({_shape_of(r) for r in OWN_RULES})
    for rule in rules:
        text = cellib.rewrite(rule)
        whole = _engine_parse(text)
        parse(text)
        for limit in (2, 3, 5):
            joined = {n: v for n, _, v in celproto.fields(celdeep.parsed(text, ENV, (limit,)))}
            assert next(v for n, _, v in celproto.fields(joined[2]) if n == 2) == whole, (limit, rule)
        try:
            compiled = cellib.new_env(variables).compile(text)
        except RuntimeError:
            continue  # a rule that needs the schema's types to check
        any_msg = {n: v for n, _, v in celproto.fields(compiled.serialize())}
        want = _shape(celproto.checked(any_msg[2]))
        for limit in (2, 3, 5):
            result, tree = celdeep.check(text, variables, (limit,))
            assert _shape(tree) == want and result.name() == compiled.return_type().name(), (limit, rule)


@pytest.mark.parametrize("text", ["self.a +", "self.(a)", "[1, 2", "'abc", "a ? b", "self.a]"])
def test_text_the_grammar_refuses_is_a_syntax_problem(text):
    with pytest.raises(SyntaxProblem, match="Syntax error"):
        parse(text)
    with pytest.raises(RuntimeError):
        ENV.compile(text)


def _random_rule(r: random.Random, depth: int = 0) -> str:
    """A random CEL expression over the whole grammar: every operator and precedence, literals of
    each kind, selections (optional ones too), indexes, calls, macros, lists and maps with optional
    entries and trailing commas, comments and line breaks."""
    literals = ["1", "0x1F", "7u", "0x2au", "1.5", ".5", "1e3", "2.5e-3", "-3", "-1.5", "'a'", '"b\\n"', "'\\u00e9'"]
    literals += ["r'\\d+'", "b'xy'", 'B"z"', "'''tri\nple'''", '"""q"""', "true", "false", "null"]
    if depth > 5 or r.random() < 0.15:
        return r.choice([*literals, "self", "self.a", "oldSelf.b", "x"])

    def g() -> str:
        return _random_rule(r, depth + 1)

    forms = [
        lambda: f"{g()} {r.choice(['+', '-', '*', '/', '%'])} {g()}",
        lambda: f"{g()} {r.choice(['==', '!=', '<', '<=', '>', '>=', 'in'])} {g()}",
        lambda: f"{g()} {r.choice(['&&', '||'])} {g()} {r.choice(['&&', '||'])} {g()}",
        lambda: f"{g()} ? {g()} : {g()}",
        lambda: f"({g()})",
        lambda: r.choice(["!", "-", "!!", "--"]) + (r.choice(literals) if r.random() < 0.5 else f"({g()})"),
        lambda: "self." + r.choice("abc") + r.choice(["", ".d", ".?e", "[0]", '[?"k"]']),
        lambda: "[" + ", ".join(r.choice(["", "?"]) + g() for _ in range(r.randrange(4))) + r.choice(["", ","]) + "]",
        lambda: "{" + ", ".join(f"{r.choice(['', '?'])}{g()}: {g()}" for _ in range(r.randrange(3))) + "}",
        lambda: g() + "." + r.choice(["size()", 'startsWith("a")', "contains(x)", 'matches("a+")', "orValue(1)"]),
        lambda: f"size({g()})",
        lambda: f"self.l.{r.choice(['all', 'exists', 'exists_one', 'map', 'filter'])}(x, {g()})",
        lambda: f"cel.bind(v, {g()}, {g()} + v)",
        lambda: f"{g()} // a comment\n + {g()}",
    ]
    return r.choice(forms)()


def test_random_expressions_cut_into_pieces_parse_as_the_engine_parses_them_whole():
    """Expressions no rule of ours or of the corpus holds: wherever the engine parses one, its
    pieces joined are the engine's parse of the whole, and our grammar accepts it."""
    r = random.Random(27)
    parsed = 0
    for _ in range(600):
        text = _random_rule(r)
        try:
            whole = _engine_parse(text)
        except RuntimeError:
            continue
        parse(text)
        for limit in (2, 4):
            joined = {n: v for n, _, v in celproto.fields(celdeep.parsed(text, ENV, (limit,)))}
            assert next(v for n, _, v in celproto.fields(joined[2]) if n == 2) == whole, (limit, text)
        parsed += 1
    assert parsed > 300


def test_random_expressions_cut_into_pieces_check_as_the_engine_checks_them_whole():
    """Wherever the engine type-checks a random expression (its variables dyn), the pieces checked
    one by one and joined give the engine's checked tree (overloads included) and result type."""
    variables = {"self": cel.Type.DYN, "oldSelf": cel.Type.DYN, "x": cel.Type.DYN}
    r = random.Random(29)
    checked = 0
    for _ in range(500):
        text = _random_rule(r)
        try:
            compiled = cellib.new_env(variables).compile(text)
        except RuntimeError:
            continue
        try:
            result = compiled.return_type().name().lower()
        except RuntimeError:  # a type the binding cannot return (a map keyed by lists): dyn here
            result = "dyn"
        any_msg = {n: v for n, _, v in celproto.fields(compiled.serialize())}
        want = _shape(celproto.checked(any_msg[2]))
        for limit in (2, 4):
            got, tree = celdeep.check(text, variables, (limit,))
            assert _shape(tree) == want and got.name().lower() == result, (limit, text)
        checked += 1
    assert checked > 100


def _typed_rules() -> list[tuple[str, object]]:
    """(rule or messageExpression, the CEL type of `self` from its schema) of every public CRD in
    ../shared, once each."""
    from evaluator.apiserver.cel.celcost import cel_type, decl_of

    found: dict = {}

    def walk(s: dict, root: bool) -> None:
        rules = s.get("x-kubernetes-validations")
        if isinstance(rules, list) and rules:
            decl = decl_of(s, root or bool(s.get("x-kubernetes-embedded-resource")))
            for r in rules if decl is not None else ():
                for text in (r.get("rule"), r.get("messageExpression")) if isinstance(r, dict) else ():
                    if isinstance(text, str):
                        t = cel_type(decl)
                        found.setdefault((text, t.name()), (text, t))
        subs = [*(s.get("properties") or {}).values(), s.get("items"), s.get("additionalProperties")]
        for sub in subs:
            if isinstance(sub, dict):
                walk(sub, False)

    for path in sorted(SHARED.rglob("*.y*ml")):
        try:
            docs = list(yamlc.safe_load_all(path.read_text()))
        except (yaml.YAMLError, UnicodeDecodeError):
            continue
        for doc in docs:
            if isinstance(doc, dict) and doc.get("kind") == "CustomResourceDefinition":
                for version in (doc.get("spec") or {}).get("versions") or ():
                    schema = ((version or {}).get("schema") or {}).get("openAPIV3Schema")
                    if isinstance(schema, dict):
                        walk(schema, True)
    return list(found.values())


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared (the public CRDs); its rules are not shipped")
def test_public_crds_rules_cut_into_pieces_check_as_the_engine_checks_them_with_their_schemas_types():
    """With `self` typed from each rule's own schema, as admission checks it: the pieces checked
    one by one and joined give the engine's checked tree of the whole rule."""
    rules = _one_of_each_shape(_typed_rules(), lambda r: (_shape_of(r[0]), r[1].name()))
    assert len(rules) > 100
    for text, self_type in rules:
        variables = {"self": self_type, "oldSelf": self_type}
        compiled = cellib.new_env(variables).compile(text)
        any_msg = {n: v for n, _, v in celproto.fields(compiled.serialize())}
        _, tree = celdeep.check(text, variables, (3,))
        assert _shape(tree) == _shape(celproto.checked(any_msg[2])), text
