"""A create's walk takes shortcuts an update's does not: it passes some values without calling their
checks (structural.Accept), and walks a struct's fields in the object's order, putting their errors
back in the order of the update's walk (structural._walk_fields). The oracle for both is the same
object on an update from an old object whose every value differs: each field is ratcheted, then
checked by its checks in that order, so the two walks must report the same errors, in the same order."""

from hypothesis import given, settings
from hypothesis import strategies as st

import evaluator

NUMBERS = st.one_of(st.integers(-(2**64), 2**64), st.floats(allow_nan=False, allow_infinity=False, width=32))
BOUNDS = st.sampled_from([0, 1, -1, 2**31 - 1, -(2**31), 2**31, 0.5, -2.5, 10])
STRINGS = st.text(st.sampled_from("ab-Z0é\u20ac\U0001f600"), max_size=6)
VALUES = st.one_of(
    BOUNDS,  # a value on a bound
    NUMBERS,
    STRINGS,
    st.booleans(),
    st.sampled_from([1, 0, 1.0, True, "A", "b", [], [1], {}, {"a": 1}, 2**31 - 1, 2**31, -(2**31) - 1]),
)
KEYWORD = {  # each a keyword (with the flag that changes it) and the values it takes
    "minimum": st.builds(lambda b, x: {"minimum": b, "exclusiveMinimum": x}, BOUNDS, st.booleans()),
    "maximum": st.builds(lambda b, x: {"maximum": b, "exclusiveMaximum": x}, BOUNDS, st.booleans()),
    "maxLength": st.builds(lambda n: {"maxLength": n}, st.integers(0, 5)),
    "minLength": st.builds(lambda n: {"minLength": n}, st.integers(0, 5)),
    "x-dv-max-bytes": st.builds(lambda n: {"x-dv-max-bytes": n}, st.integers(0, 12)),
    "enum": st.builds(
        lambda e: {"enum": e},
        st.lists(st.sampled_from(["A", "b", 1, 1.0, 0, True, False, 2.5]), min_size=1, max_size=4),
    ),
    "format": st.builds(lambda f: {"format": f}, st.sampled_from(["int32", "int64", "byte", "date-time"])),
    "pattern": st.builds(lambda p: {"pattern": p}, st.sampled_from(["^[a-z]+$", "b", "^.{2,}$", "\u20ac"])),
}
KEYWORDS = st.sets(st.sampled_from(sorted(KEYWORD)), max_size=3).flatmap(
    lambda names: st.tuples(*(KEYWORD[n] for n in sorted(names))).map(
        lambda parts: {k: v for p in parts for k, v in p.items()}
    )
)
TYPES = st.one_of(
    st.sampled_from([{"type": t} for t in ("string", "integer", "number", "boolean")]),
    st.just({"anyOf": [{"type": "integer"}, {"type": "string"}]}),  # a type test of its own, no `type`
)


def _errors(result) -> list[tuple]:
    return [(e.type, e.field, e.detail, e.origin) for e in result]


def _both(schema: dict, new: dict, old: dict) -> tuple[list, list]:
    v = evaluator.compile({"openapi": "3.0.0", "components": {"schemas": {"T": schema}}}, "T")
    return _errors(v.validate(new)), _errors(v.validate(new, old))


def _near_bounds(keywords: dict):
    """Values, half of the time one on a bound the keywords set (where > and >= part, or an int32 ends)."""
    bounds = [keywords[k] for k in ("minimum", "maximum") if k in keywords]
    bits = {"int32": 31, "int64": 63}.get(keywords.get("format"))
    if bits:
        bounds += [-(2**bits) - 1, -(2**bits), 2**bits - 1, 2**bits]
    return st.one_of(st.sampled_from(bounds), VALUES) if bounds else VALUES


@settings(max_examples=400, deadline=None)
@given(TYPES, KEYWORDS, st.data(), st.booleans())
def test_a_field_passed_without_its_checks_is_one_they_pass(typ, keywords, data, required):
    value = data.draw(_near_bounds(keywords))
    field = {**typ, **keywords}
    schema = {"type": "object", "properties": {"f": field, "g": {**field, "maxLength": 0}}}
    if required:
        schema["required"] = ["f"]
    old_value = [value]  # never equal to `value`: the update runs the field's checks
    created, updated = _both(schema, {"f": value, "g": value}, {"f": old_value, "g": old_value})
    assert created == updated


@settings(max_examples=200, deadline=None)
@given(TYPES, KEYWORDS, st.lists(VALUES, max_size=3))
def test_a_map_value_passed_without_its_checks_is_one_they_pass(typ, keywords, values):
    schema = {
        "type": "object",
        "properties": {"m": {"type": "object", "additionalProperties": {**typ, **keywords}}},
    }
    new = {"m": {f"k{i}": v for i, v in enumerate(values)}}
    old = {"m": {f"k{i}": [v] for i, v in enumerate(values)}}
    created, updated = _both(schema, new, old)
    assert created == updated


FIELD = st.sampled_from(
    [
        {"type": "string", "maxLength": 2},
        {"type": "integer", "minimum": 0},
        {"type": "string", "enum": ["a", "b"]},
        {"type": "integer", "format": "int32"},
        {"type": "boolean"},
        {"type": "object", "properties": {"x": {"type": "integer"}, "y": {"type": "string"}}, "required": ["x"]},
        {"type": "array", "items": {"type": "string", "maxLength": 1}},
    ]
)
VALUE = st.sampled_from(["a", "abc", 1, -1, 2**40, True, None, {"x": "no"}, {}, {"y": 1}, ["a", "bc", 3], 1.5])


@settings(max_examples=300, deadline=None)
@given(st.lists(FIELD, min_size=1, max_size=6), st.data())
def test_a_struct_reports_its_fields_errors_in_the_update_walks_order(fields, data):
    names = [f"f{i}" for i in range(len(fields))]
    required = data.draw(st.lists(st.sampled_from(names), unique=True))
    schema = {"type": "object", "properties": dict(zip(names, fields, strict=True)), "required": required}
    present = data.draw(st.lists(st.sampled_from(names), unique=True))
    new = {name: data.draw(VALUE) for name in present}  # in a random order, some absent, some nil
    old = {name: ["old"] for name in names}
    created, updated = _both({"type": "object", "properties": {"s": schema}}, {"s": new}, {"s": old})
    assert created == updated


ELEMENT = st.sampled_from(
    [
        {"type": "object", "properties": {"x": {"type": "integer"}, "y": {"type": "string"}}, "required": ["x"]},
        {"type": "string", "maxLength": 1},
        {"type": "string", "minLength": 1},
        {"type": "integer", "minimum": 1},
        {"type": "string"},
        {"type": "array", "items": {"type": "string"}, "minItems": 1},
    ]
)


@settings(max_examples=300, deadline=None)
@given(ELEMENT, st.booleans(), st.lists(st.sampled_from([None, "a", "", 0, 2, {}, {"x": 1}, ["a"]]), max_size=4))
def test_a_nil_item_or_map_value_is_its_zero_value_or_skipped_as_the_update_walk_takes_it(element, value, xs):
    """A nil list item or map value of a Go value type is that type's zero value, validated (the API
    server decodes `containers: [null]` to one empty Container); a nil pointer is skipped."""
    elem = {**element, "x-dv-value": True} if value else element
    schema = {
        "type": "object",
        "properties": {
            "l": {"type": "array", "items": elem},
            "m": {"type": "object", "additionalProperties": elem},
        },
    }
    new = {"l": xs, "m": {f"k{i}": x for i, x in enumerate(xs)}}
    old = {"l": [["old"]], "m": {f"k{i}": ["old"] for i in range(len(xs))}}
    created, updated = _both(schema, new, old)
    assert created == updated
    if value and None in xs and element.get("required"):  # the zero struct lacks `x`
        assert ("FieldValueRequired", f"l[{xs.index(None)}].x", "", "") in created
