"""Uniqueness of list-map items: the quick test on raw key values (structural._duplicates) reports
exactly what comparing every item's canonical key reports."""

from hypothesis import given, settings
from hypothesis import strategies as st

from evaluator.schema import structural
from evaluator.schema.compiler import Compiler
from evaluator.schema.context import Ctx


def _key(value_field: bool, fields: tuple = ("name",)):
    """A list-map's key function, its key fields values (nil is "", 0) or pointers (nil stays nil)."""
    value = {"x-dv-value": True} if value_field else {}
    item = {"type": "object", "properties": {"name": {"type": "string", **value}, "port": {"type": "integer", **value}}}
    return Compiler({"openapi": "3.0.0"}).eqs.key_fn(item, fields)


KEYS = {"value": _key(True), "pointer": _key(False)}
PAIR_KEYS = {"value": _key(True, ("name", "port")), "pointer": _key(False, ("name", "port"))}
# key values where raw values and canonical keys could part: absent, nil, zero, numbers equal across
# types, a value of the wrong type, maps and lists (unhashable)
VALUES = st.sampled_from([None, "", "a", "b", 1, 1.0, True, 0, False, {"x": 1}, {"x": 1.0}, [1], "1"])
ITEMS = st.one_of(
    st.builds(lambda v: {"name": v}, VALUES),
    st.just({}),
    st.just({"port": 80}),
    st.sampled_from([None, "a", 7, ["name"]]),  # items that are not maps
)
PAIRS = st.one_of(
    st.builds(lambda n, p: {"name": n, "port": p}, VALUES, VALUES),
    st.builds(lambda n: {"name": n}, VALUES),
    st.builds(lambda p: {"port": p}, VALUES),
    st.just({}),
    st.sampled_from([None, "a", 7, ["name", "port"]]),
)


def _reported(key, field, items) -> list[tuple[str, object]]:
    ctx = Ctx(False, frozenset(), None)
    structural._duplicates(key, field, items, (None, "list"), ctx)
    return [(e.field, e.bad_value) for e in ctx.errors]


def test_the_key_function_names_its_fields():
    assert KEYS["value"].field == KEYS["pointer"].field == "name"
    assert PAIR_KEYS["value"].field == PAIR_KEYS["pointer"].field == ("name", "port")


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from(sorted(KEYS)), st.lists(ITEMS, min_size=2, max_size=6))
def test_the_quick_test_reports_what_comparing_keys_reports(kind, items):
    key = KEYS[kind]
    assert _reported(key, "name", items) == _reported(key, None, items)


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from(sorted(PAIR_KEYS)), st.lists(PAIRS, min_size=2, max_size=6))
def test_the_quick_test_of_two_key_fields_reports_what_comparing_keys_reports(kind, items):
    key = PAIR_KEYS[kind]
    assert _reported(key, ("name", "port"), items) == _reported(key, None, items)
