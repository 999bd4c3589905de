"""Uniqueness of list-map items: the quick test on raw key values (structural._duplicates) reports
exactly what comparing every item's canonical key reports."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dv2openapi.evaluator import structural
from dv2openapi.evaluator.compiler import Compiler
from dv2openapi.evaluator.context import Ctx


def _key(value_field: bool):
    """A list-map's key function, its key field a value (nil is "") or a pointer (nil stays nil)."""
    name = {"type": "string", **({"x-dv-value": True} if value_field else {})}
    item = {"type": "object", "properties": {"name": name, "port": {"type": "integer"}}}
    return Compiler({"openapi": "3.0.0"}).eqs.key_fn(item, ("name",))


KEYS = {"value": _key(True), "pointer": _key(False)}
# key values where raw values and canonical keys could part: absent, nil, zero, numbers equal across
# types, a value of the wrong type, maps and lists (unhashable)
VALUES = st.sampled_from([None, "", "a", "b", 1, 1.0, True, 0, False, {"x": 1}, {"x": 1.0}, [1], "1"])
ITEMS = st.one_of(
    st.builds(lambda v: {"name": v}, VALUES),
    st.just({}),
    st.just({"port": 80}),
    st.sampled_from([None, "a", 7, ["name"]]),  # items that are not maps
)


def _reported(key, field, items) -> list[tuple[str, object]]:
    ctx = Ctx(False, frozenset(), None)
    structural._duplicates(key, field, items, (None, "list"), ctx)
    return [(e.field, e.bad_value) for e in ctx.errors]


def test_the_key_function_names_its_one_field():
    assert KEYS["value"].field == KEYS["pointer"].field == "name"


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from(sorted(KEYS)), st.lists(ITEMS, min_size=2, max_size=6))
def test_the_quick_test_reports_what_comparing_keys_reports(kind, items):
    key = KEYS[kind]
    assert _reported(key, "name", items) == _reported(key, None, items)
