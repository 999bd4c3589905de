"""The CEL interpreter (`celinterp`): cel-go's runtime costs and its evaluation semantics.

The cost figures are those of cel-go's `interpreter/runtimecost_test.go` and Kubernetes'
`pkg/cel/library/cost_test.go` (both run without `OptOptimize`; the server runs with it, where
literals of constants cost nothing: see `test_the_servers_program_options_fold_constant_literals`).
"""

from __future__ import annotations

import pytest
from cel_expr_python import cel

from evaluator.apiserver.cel import celinterp
from evaluator.apiserver.cel.celast import _compile


def run(expr: str, variables: dict | None = None, optimize: bool = False, limit: int | None = None):
    names = {k: cel.Type.DYN for k in variables or {}} or {"unused": cel.Type.DYN}
    return celinterp.evaluate(_compile(expr, names), dict(variables or {}), limit, optimize)


# fmt: off
CEL_GO_COSTS = [
    ("'Hello World!'", {}, 0),
    ("input", {"input": [1, 2]}, 1),
    ("input['key']", {"input": {"key": "v"}}, 2),
    ("input[0]", {"input": ["v"]}, 2),
    ("input.single_int32", {"input": {"single_int32": 1}}, 2),
    ("input['ke' + 'y']", {"input": {"key": "v"}}, 3),
    ("input[3-3]", {"input": ["v"]}, 3),
    ("has(input.single_int32)", {"input": {"single_int32": 1}}, 1),
    ("has(input.testAttr.nestedAttr)", {"input": {"testAttr": {"nestedAttr": "a"}}}, 2),
    ("[1, 2, 3]", {}, 10),
    ("{'a': 1, 'b': 2, 'c': 3}", {}, 30),
    ("input.all(x, true)", {"input": []}, 2),
    ("[1, 2, 3].all(x, true)", {}, 20),
    ("input.matches('[0-9]')", {"input": "x" * 500}, 103),
    ("'123'.matches('[0-9]')", {}, 2),
    ("false || false", {}, 0),
    ("true || false", {}, 0),
    ("a || b || c || d", dict.fromkeys("abcd", False), 4),
    ("a && b && c && d", dict.fromkeys("abcd", True), 4),
    ("1 < 2", {}, 1),
    ("1 == 2", {}, 1),
    ("2 in [1, 2, 3]", {}, 13),
    ("1 + 1", {}, 1),
    ("1 % 1", {}, 1),
    ("true ? 1 : 2", {}, 0),
    ('size("123")', {}, 1),
    ("'12345678901234567890' == '123456789012345678901234567890'", {}, 2),
    ("string(input)", {"input": b"x" * 500}, 51),
    ("bytes(input)", {"input": "x" * 500}, 51),
    ("string(1)", {}, 1),
    ("input.contains(arg1)", {"input": "x" * 500, "arg1": "y" * 500}, 2502),
    ("input.startsWith(arg1)", {"input": "idc", "arg1": "x" * 500}, 3),
    ("input.endsWith(arg1)", {"input": "idc", "arg1": "x" * 500}, 3),
    ("input.size()", {"input": "500"}, 2),
    ("(x > 2 ? input1 : input2).all(y, true)", {"x": 1, "input1": [{}], "input2": [{}]}, 6),
    ("true ? false : 1 > 3", {}, 0),
    ("false ? false : 1 > 3", {}, 1),
    ("input.all(k, input[k].single_int32 > 3)", {"input": {"val": {"single_int32": 0}}}, 9),
    ("input.all(k, input[k].all(x, true))", {"input": {}}, 2),
    ("(list1 + list2).all(x, true)", {"list1": [], "list2": []}, 4),
    ('"abcdefg".contains(str1 + str2)', {"str1": "val1", "str2": "val2222222"}, 6),
    ("(1 > 2 ? 5 : 3) > 1", {}, 2),
    ("(1 > 2 || 2 > 1) == true", {}, 3),
    ("[{'k1': 1}, {'k2': 2}].all(x, true)", {}, 77),
    ("[1,2,3,4,5].filter(x, x % 2 == 0)", {}, 62),
    ("[1,2,3,4,5].map(x, x)", {}, 86),
    ("[1,2,3,4,5].map(x, x).filter(x, x % 2 == 0)", {}, 138),
    ("[1,2,3,4,5].map(x, x).exists(x, x == 5) == true", {}, 118),
    ("[1,2,3,4,5].map(x, x).map(x, x)", {}, 162),
    ("[1,2,3,4,5].map(x, [x, x]).filter(z, z.size() == 2)", {}, 232),
    ("[1,2,3,4,5].map(x, [x, x]).all(y, y.all(y, y == 1))", {}, 171),
    ("[1,2,3,4,5].map(x, x).map(x, x) + [1]", {}, 173),
    ("[1,2,3].all(i, i in [1,2,3].map(j, j + j))", {}, 86),
]
KUBERNETES_LIBRARY_COSTS = [
    ("[1, 2, 3, 4, 5].sum()", 15),
    ("[1.0, 2.0, 3.0, 4.0, 5.0].max()", 15),
    ("[false, true, false, true, false].isSorted()", 15),
    ("['012345678901', '012345678901', '012345678901', '012345678901', '012345678901'].min()", 15),
    ("'01234567890123456789012345678901234567890123456789'.indexOf('123')", 5),
    ("'ABCDEFGHIJ abcdefghij'.lowerAscii()", 3),
    ("'ABCDEFGHIJ abcdefghij'.lowerAscii() == 'abcdefghij ABCDEFGHIJ'.lowerAscii()", 9),
    ("'ABCDEFGHIJ abcdefghij'.upperAscii() == 'abcdefghij ABCDEFGHIJ'.upperAscii()", 9),
    ("strings.quote('ABCDEFGHIJ abcdefghij')", 3),
    ("strings.quote('ABCDEFGHIJ abcdefghij') == strings.quote('ABCDEFGHIJ abcdefghij')", 9),
    ("'abc 123 def 123'.replace('123', '456')", 3),
    ("'abc 123 def 123'.replace('', 'x')", 3),
    ("'abc 123 def 123'.split(' ', 1)", 3),
    ("'abc 123 def 123'.substring(5, 8)", 2),
    ("'  abc 123 def 123  '.trim()", 2),
    ("['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join(' ')", 15),
    ("['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join()", 13),
    ("'abc 123 def 123'.find('123')", 2),
    ("'abc 123 def 123'.findAll('123', 1)", 2),
    ("format.named('dns1123Label').value().validate('my-name')", 10),
    ("format.named('dns1123Subdomain').value().validate('my-name')", 17),
    ("format.uuid().validate('my-name')", 19),  # len(strfmt.UUIDPattern): 70
    ("format.datetime().validate('my-name')", 19),  # len(strfmt.DateTimePattern): 71
    # cel-go's lists extension trackers (version 3): the list built, times a factor, + call + creation
    # (after each list literal's 10)
    ("[3, 1, 2].sort()", 10 + 2 * 9 + 11),
    ("['b', 'a'].sort()", 10 + int(4 * 2.1) + 11),  # a string list's factor: 2 + 0.1
    ("[1, 2, 2].distinct()", 10 + 2 * 9 + 11),
    ("[1, 2, 3].slice(0, 2)", 10 + 2 + 11),
    ("[[1], [2, 3]].flatten()", 30 + 2 + 11),
    ("lists.range(5)", 5 + 11),
]
# fmt: on


@pytest.mark.parametrize(("expr", "variables", "cost"), CEL_GO_COSTS)
def test_cel_gos_runtime_cost_table(expr, variables, cost):
    assert run(expr, variables)[1] == cost


@pytest.mark.parametrize(("expr", "cost"), KUBERNETES_LIBRARY_COSTS)
def test_the_kubernetes_librarys_runtime_costs(expr, cost):
    assert run(expr)[1] == cost


def test_the_cost_limit_cancels_past_it_not_at_it():
    expr, variables = '"abcdefg".contains(str1 + str2)', {"str1": "val1", "str2": "val2222222"}
    assert run(expr, variables, limit=6)[1] == 6
    with pytest.raises(celinterp.CostLimit):
        run(expr, variables, limit=5)


def test_the_servers_program_options_fold_constant_literals():
    assert run("[1, 2, 3].all(x, true)", optimize=True)[1] == 10  # the list costs nothing
    assert run("x in ['a', 'b']", {"x": "b"}, optimize=True) == (True, 1)  # a set membership test
    assert run("[x].size()", {"x": 1}, optimize=True)[1] == 12  # not all constants: built


def test_only_what_is_evaluated_is_charged():
    items = {"l": list(range(1000))}
    assert run("l.exists(x, x == 0)", items)[1] == 1 + 3 + 3 + 3 + 1  # the first step decides
    assert run("false && l.all(x, x > 0)", items)[1] == 0
    assert run("l.exists(x, x == 999)", items)[1] == 1 + 1000 * 6 + 1  # every step, no condition after the last


@pytest.mark.parametrize(
    ("expr", "value"),
    [
        ("dyn(1) == 1.0 && dyn(1u) == 1 && dyn([1]) == [1.0] && dyn({1: 'a'})[1.0] == 'a'", True),
        ("1 < 1.5 && 2u > 1 && -1 < 1u", True),
        ("[dyn(1), 'a'] == [1, 'b']", False),
        ("(1 / 0 > 1) || true", True),
        ("true && (1 / 0 > 1)", "division by zero"),
        ("false && (1 / 0 > 1)", False),
        ("(1 / 0 > 1) && false", False),
        ("[0, 1].all(x, 1 / x > 0)", "division by zero"),
        ("[0, -1].all(x, 1 / x > 0)", False),
        ("[0, 1].exists(x, 1 / x > 0)", True),
        ("[1, 2, 3].exists_one(x, x > 2)", True),
        ("[1, 2, 3].map(x, x * 2).filter(x, x > 2)", [4, 6]),
        ("{'a': 1, 'b': 2}.all(k, v, v > 0 && k != '')", True),
        ("[5, 6].exists(i, v, i == 1 && v == 6)", True),
        ("cel.bind(x, 2, x * x) == 4", True),
        ("9223372036854775807 + 1", "integer overflow"),
        ("-9223372036854775808 - 1", "integer overflow"),
        ("0u - 1u", "unsigned integer overflow"),
        ("-7 / 2 == -3 && -7 % 2 == -1", True),
        ("{'a': 1}.b", "no such key: b"),
        ("[1][2]", "index out of bounds: 2"),
        ("optional.of(1).orValue(2) + optional.none().orValue(3)", 4),
        ("{'a': {'b': 1}}.?a.?b.orValue(0) + {'a': {}}.?a.?b.orValue(5)", 6),
        ("'abc'.substring(1) + 'a,b'.split(',')[1] + 'x'.upperAscii()", "bcbX"),
        ("dyn(1) < 'a'", "no such overload"),
        ("[?optional.none(), ?optional.of(1), 2]", [1, 2]),  # optional elements and entries
        ("{?'a': optional.none(), ?'b': optional.of(1), 'c': 2}", {"b": 1, "c": 2}),
        # the lists extension, version 3 (ext/lists.go), and the optional library's first() and last()
        ("[3, 1, 2].sort() == [1, 2, 3] && ['b', 'a'].sort() == ['a', 'b']", True),
        ("[{'n': 2}, {'n': 1}].sortBy(o, o.n).map(o, o.n)", [1, 2]),
        ("[1, 2u].sort()", "list elements must have the same type"),
        ("[1, 1.0, 1u, 2].distinct()", [1, 2]),  # heterogeneous equality
        ("[1, [2, [3, [4]]]].flatten(2)", [1, 2, 3, [4]]),
        ("[1, [2]].flatten(-1)", "level must be non-negative"),
        ("[1, 2, 3].slice(1, 5)", "cannot slice(1, 5), list is length 3"),
        ("[1, 2, 3].slice(2, 1)", "cannot slice(2, 1), start index must be less than or equal to end index"),
        ("[1, 2, 3].reverse() == [3, 2, 1] && lists.range(3) == [0, 1, 2] && lists.range(-3) == []", True),
        ("[1, 2].first().value() + [1, 2].last().value()", 3),
        # selection and indexing as cel-go's refQualify answers them
        ("dyn(1).a", "no such key: a"),
        ("has(dyn(1).a) || has(dyn('s').a)", False),  # no EnableErrorOnBadPresenceTest on the server
        ("dyn([1]).a", "unsupported index type 'string' in list"),
        ("dyn([1])[1.5]", "unsupported index value 1.5 in list"),
        ("dyn([1, 2])[1.0] + dyn([1, 2])[0u]", 3),
        ("dyn([1])[?5].hasValue() || dyn(1).?a.hasValue()", False),
        ("-9223372036854775808 % -1", "integer overflow"),
        # indexOf and lastIndexOf as cel-go v0.26 (the server's) answers past the text and for ''
        ("'abc'.indexOf('c', 7) + 'abc'.lastIndexOf('a', 7) + 'abc'.indexOf('', 9)", 7),
        ("'abc'.indexOf('', -2) + 'abc'.lastIndexOf('') + 'abc'.lastIndexOf('bc', 2)", 2),
        ("'abc'.indexOf('a', -1)", "index out of range: -1"),
        ("string(dyn([1]))", "no such overload"),  # no `string` overload takes a list, map, null or type
        ("string(dyn(null))", "no such overload"),
        ("string(dyn(type(1)))", "no such overload"),
        ("type({'a': 1}) == map && type(type(1)) == type && type(optional.of(1)) == optional_type", True),
        # durations, as cel-go's common/types/duration.go and string.go hold them
        ("duration('1m') + duration('1s') == duration('61s') && duration('1h') > duration('59m')", True),
        (
            "string(duration('1h30m')) + ' ' + string(duration('1ns')) + ' ' + string(duration('-1.5s'))",
            "5400s 0.000000001s -1.5s",
        ),  # strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
        ("duration('1.5s').getMilliseconds() + duration('-90m').getHours()", 1499),  # the whole, truncated
        ("int(duration('2s'))", 2000000000),  # Int(d.Duration): nanoseconds
        ("duration('1 day')", "type conversion error from 'string' to 'google.protobuf.Duration'"),
        ("duration('2562047h') + duration('2562047h')", "integer overflow"),
        # two-variable comprehensions building maps (cel-go's ext/comprehensions.go, cel.@mapInsert)
        ("{'a': 1, 'b': 2}.transformMap(k, v, v * 2) == {'a': 2, 'b': 4}", True),
        ("[1, 2, 3].transformMap(i, v, v > 1, v + i)", {1: 3, 2: 5}),
        ("{'a': 1}.transformMapEntry(k, v, {k + 'x': v})", {"ax": 1}),
        ("[1, 1].transformMapEntry(i, v, {v: i})", "insert failed: key 1 already exists"),
        ("['a', 'a'].transformMapEntry(i, v, {v: i})", "insert failed: key a already exists"),
    ],
)
def test_cel_go_semantics(expr, value):
    got = run(expr)[0]
    if isinstance(got, celinterp.Err):
        got = got.message
    assert got == value


@pytest.mark.parametrize(
    ("rule", "value"),
    [
        (r"r'\' == '\\'", True),  # a raw literal holds anything but its own quote
        (r"br'\' == b'\\'", True),
        (r"R'a\b' + r'''c\'d''' == 'a\\bc\\\'d'", True),
        (r"'it\'s' == r" + '"' + r"it's" + '"', True),
    ],
)
def test_raw_strings_as_cel_go_reads_them(rule, value):
    from evaluator.apiserver.cel import celrules

    assert celrules.run(rule, False, {"self": 1}) == (value, None)
