"""The CEL cost model against the figures of Kubernetes' own cost-estimation test table
(apiextensions-apiserver `TestCostEstimation`: the rule's MaxCost on a generated schema, without
and with `maxItems` / `maxProperties` / `maxLength` set)."""

import pytest

from evaluator.apiserver.cel.celast import compile_rule
from evaluator.apiserver.cel.celcost import cel_type, decl_of, estimate

TYPES = {
    "number": {"type": "number"},
    "string": {"type": "string"},
    "boolean": {"type": "boolean"},
    "int-or-string": {"x-kubernetes-int-or-string": True},
    "duration": {"type": "string", "format": "duration"},
    "date": {"type": "string", "format": "date"},
    "date-time": {"type": "string", "format": "date-time"},
}


def array(item: str, n=None) -> dict:
    return {"type": "array", "items": TYPES[item], **({"maxItems": n} if n is not None else {})}


def amap(value: dict, n=None) -> dict:
    return {"type": "object", "additionalProperties": value, **({"maxProperties": n} if n is not None else {})}


def string(n=None, **extra) -> dict:
    return {"type": "string", **({"maxLength": n} if n is not None else {}), **extra}


OBJ = {
    "type": "object",
    "properties": {"required": {"type": "string"}, "optional": {"type": "string"}},
    "required": ["required"],
}
CASES = [
    # (name, schema builder, rule, cost unbounded, bound, cost bounded)
    ("number array all", lambda n: array("number", n), "self.all(x, true)", 4718591, 10, 32),
    ("string array all", lambda n: array("string", n), "self.all(x, true)", 3145727, 20, 62),
    ("boolean array all", lambda n: array("boolean", n), "self.all(x, true)", 1887437, 5, 17),
    (
        "object array all",
        lambda n: {"type": "array", "items": OBJ, **({"maxItems": n} if n else {})},
        "self.all(x, true)",
        555128,
        50,
        152,
    ),
    ("number map all", lambda n: amap({"type": "number"}, n), "self.all(x, true)", 1348169, 10, 32),
    ("string map all", lambda n: amap({"type": "string"}, n), "self.all(x, true)", 1179647, 3, 11),
    ("boolean map all", lambda n: amap({"type": "boolean"}, n), "self.all(x, true)", 943718, 100, 302),
    ("contains", string, "self.contains('test')", 314574, 10, 5),
    ("startsWith", string, "self.startsWith('test')", 2, 15, 2),
    ("concat", string, 'size(self + "hello") > size("hello")', 314578, 4, 7),
    ("index numbers", lambda n: array("number", n), "self[1] == 0.0", 2, 5000, 2),
    ("index strings", lambda n: array("string", n), "self[1] == self[1]", 314577, 8, 314577),
    ("O(n^2)", lambda n: array("number", n), "self.all(x, self.all(y, true))", None, 10, 352),
    ("O(n^3)", lambda n: array("number", n), "self.all(x, self.all(y, self.all(z, true)))", None, 10, 3552),
    ("matches", string, 'self.matches("x")', 314574, 50, 22),
    ("matches literal", string, '"".matches("(((((((((())))))))))[0-9]")', 7, 10, 7),
    ("matches empty", string, 'self.matches("")', 1, 100, 1),
    ("string equals", string, 'self == "x"', 2, 0, 1),
    ("bytes equals", lambda n: string(n, format="byte"), 'self == b"x"', 2, 0, 1),
    ("int-or-string array all", lambda n: array("int-or-string", n), "self.all(x, true)", 4718591, 10, 32),
    ("int-or-string index", lambda n: array("int-or-string", n), "self[0] == 5", 3, 10, 3),
    ("duration array all", lambda n: array("duration", n), "self.all(x, true)", 2359295, 5, 17),
    ("date array all", lambda n: array("date", n), "self.all(x, true)", 725936, 15, 47),
    ("date-time array all", lambda n: array("date-time", n), "self.all(x, true)", 428963, 25, 77),
    ("date-time map all", lambda n: amap(TYPES["date-time"], n), "self.all(x, true)", 349526, 25, 77),
    (
        "map value length",
        lambda n: amap(string(n), n),
        "self.all(x, x.contains(self[x]))",
        2752507,
        10,
        72,
    ),
    (
        "nested root rule, all bounded",
        lambda n: nested(n, True),
        'self.all(x, x["y"].required == "z")',
        7340027,
        10,
        72,
    ),
    (
        "nested root rule, one bounded",
        lambda n: nested(n, False),
        'self.all(x, x["y"].required == "z")',
        7340027,
        10,
        7340027,
    ),
    ("size calls", lambda n: amap({"type": "integer"}, n), "oldSelf.size() == self.size()", 5, 10, 5),
    ("timestamp equality", lambda n: amap(TYPES["date-time"], n), 'self["a"] == self["b"]', 8, 7, 8),
    ("duration equality", lambda n: amap(TYPES["duration"], n), 'self["c"] == self["d"]', 8, 42, 8),
    ("enum contains", lambda n: string(n, enum=["A", "B", "C", "LongValue"]), "self.contains('A')", 2, 1000, 401),
    ("lowerAscii", string, "self.lowerAscii() == 'lower!'", 314575, 10, 6),
    (
        "number maps in array",
        lambda n: {"type": "array", "items": amap({"type": "number"}), **({"maxItems": n} if n else {})},
        "self.all(x, x.y == 25.2)",
        6291452,
        12,
        74,
    ),
]


def nested(n, all_bounded: bool) -> dict:
    """An array of maps of objects; `n` bounds every level, or only the middle map."""
    inner = {**OBJ, **({"maxProperties": n} if n is not None and all_bounded else {})}
    mid = {"type": "object", "additionalProperties": inner, **({"maxProperties": n} if n is not None else {})}
    return {"type": "array", "items": mid, **({"maxItems": n} if n is not None and all_bounded else {})}


def max_cost(schema: dict, rule: str) -> int:
    decl = decl_of(schema)
    ast = compile_rule(rule, cel_type(decl))
    return estimate(ast, decl)[0]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_cost_matches_kubernetes_figures(case):
    _, build, rule, unbounded, bound, bounded = case
    if unbounded is None:
        assert max_cost(build(None), rule) > 10_000_000
    else:
        assert max_cost(build(None), rule) == unbounded
    assert max_cost(build(bound), rule) == bounded


def test_a_select_on_a_pathless_value_is_sized_like_the_server_does():
    # Go appends the field to a nil path: `oldSelf.value().s` is looked up as `self` itself, an
    # object of size 0, so the comparison costs nothing per character of `s`.
    obj = {"type": "object", "properties": {"s": {"type": "string"}}}
    rule = "(oldSelf.hasValue() && (has(self.s) ? self.s : '') == (has(oldSelf.value().s) ? oldSelf.value().s : ''))"
    decl = decl_of(obj)
    assert estimate(compile_rule(rule, cel_type(decl), True), decl)[0] < 100


# The library's own cost figures (k8s.io/apiserver `pkg/cel/library` cost tests: the estimated
# maximum of each expression, on no schema).
LIBRARY = [
    ("ip('192.168.0.1').family()", 3),
    ("ip('192.168.0.1') == ip('192.168.0.1')", 5),
    ("ip('2001:db8:3333:4444:5555:6666:7777:8888') == ip('192.168.0.1')", 7),
    ("ip.isCanonical('192.168.0.1')", 3),
    ("ip.isCanonical('2001:db8:3333:4444:5555:6666:7777:8888')", 8),
    ("cidr('192.168.0.0/16').ip()", 3),
    ("cidr('192.168.0.0/16').masked()", 3),
    ("cidr('192.168.0.0/16') == cidr('2001:db8::/32')", 5),
    ("cidr('192.168.0.0/16').containsCIDR(cidr('192.0.0.0/30'))", 11),
    ("cidr('192.168.0.0/16').containsCIDR('192.0.0.0/30')", 11),
    ("cidr('192.168.0.0/16').containsIP(ip('192.169.0.1'))", 8),
    ("cidr('192.168.0.0/16').containsIP('192.0.0.1')", 7),
    ("cidr('2001:db8::/32').containsIP(ip('2001:db8:3333:4444:5555:6666:7777:8888'))", 10),
    ("[1, 2, 3, 4, 5].sum()", 15),
    ("[1.0, 2.0, 3.0, 4.0, 5.0].max()", 15),
    ("[false, true, false, true, false].isSorted()", 15),
    ("url('https:://kubernetes.io/').getQuery()", 4),
    ("url('https:://kubernetes.io/') == url('https:://kubernetes.io/')", 9),
    ("url('https:://kubernetes.io/') == url('http://x.b')", 5),
    ('quantity("200M") == quantity("0.2G") && quantity("0.2G") == quantity("200M")', 6),
    ('quantity("50k").add(quantity("20")) == quantity("50.02k")', 5),
    ('quantity("50k").sub(20) == quantity("49980")', 4),
    ('format.named("dns1123subdomain")', 1),
    ('format.named("dns1123Subdomain").value().validate("my-name")', 34),
    ('format.named("dns1123Label").value() == format.named("dns1123Label").value()', 11),
    ('semver("1.0.0") == semver("1.0.0")', 3),
]


@pytest.mark.parametrize("rule, cost", LIBRARY, ids=[r for r, _ in LIBRARY])
def test_library_costs_match_kubernetes_figures(rule, cost):
    assert max_cost({"type": "object"}, rule) == cost


def test_a_list_function_is_priced_by_the_list_and_its_strings():
    names = {"type": "array", "items": {"type": "string"}}
    bounded = {"type": "array", "maxItems": 10, "items": {"type": "string", "maxLength": 20}}
    assert max_cost(names, "self.isSorted()") > 10_000_000  # the server refuses such a rule
    # `self` (1), then ten items, each compared (1) and traversed (20 characters of up to 4 bytes at 0.1 each)
    assert max_cost(bounded, "self.isSorted()") == 1 + 10 * (1 + 8)
    assert max_cost({"type": "array", "maxItems": 10, "items": {"type": "integer"}}, "self.sum() > 0") == 1 + 10 + 1
    # a literal's strings have no schema to bound them
    assert max_cost({"type": "object"}, "['a', 'b'].isSorted()") > 10_000_000
