"""`date`, `date-time` and `duration` strings in CRD rules: the API server hands CEL a timestamp or a
duration (strfmt and Go's time package read the text), so rules compare, add and take them apart
as such (the apiextensions validation tests' cases)."""

import pytest

from evaluator.apiserver.cel import celrules, celtime

SCHEMA = {
    "type": "object",
    "properties": {
        "d": {"type": "string", "format": "duration"},
        "day": {"type": "string", "format": "date"},
        "t": {"type": "string", "format": "date-time"},
        "days": {"type": "array", "items": {"type": "string", "format": "date"}},
        "o": {"type": "object", "properties": {"t": {"type": "string", "format": "date-time"}}},
    },
}
OBJ = {
    "d": "1h2m3s4ms",
    "day": "1997-07-16",
    "t": "2011-08-18T19:03:37.01+01:00",
    "days": ["2001-01-01", "2002-02-02"],
    "o": {"t": "2011-08-18T18:03:37.01Z"},
}
HOLD = [
    "self.d == duration('1h2m') + duration('3s4ms')",
    "self.d.getHours() == 1 && self.d.getMinutes() == 62 && self.d.getSeconds() == 3723",
    "self.day.getFullYear() == 1997 && self.day == timestamp('1997-07-16T00:00:00Z')",
    "self.t == timestamp('2011-08-18T18:03:37.010Z') && self.t < timestamp('2030-01-01T00:00:00Z')",
    "self.t == self.o.t && self.o.t - self.day > duration('1h')",
    "self.days.all(x, x.getFullYear() > 2000) && self.days.exists(x, x == timestamp('2002-02-02T00:00:00Z'))",
    "has(self.t) && cel.bind(v, self.d, v > duration('1h'))",
    # as cel-go holds them (celinterp): a duration's whole milliseconds, the text's zone for the getters
    "self.d.getMilliseconds() == 3723004",
    "self.t.getHours() == 19 && self.t.getHours('UTC') == 18 && self.o.t.getHours() == 18",
    "string(self.t) == '2011-08-18T19:03:37.01+01:00' && string(self.day) == '1997-07-16T00:00:00Z'",
]


@pytest.mark.parametrize("rule", HOLD)
def test_a_time_string_is_a_timestamp_or_a_duration_to_a_rule(rule):
    schema = {**SCHEMA, "x-kubernetes-validations": [{"rule": rule}]}
    assert celrules.node_errors(schema, OBJ, celrules.MISSING, (), False) == []


def test_a_message_expression_prints_a_time_as_the_server_holds_it():
    rule = {"rule": "self.t < timestamp('2000-01-01T00:00:00Z')", "messageExpression": "'at ' + string(self.t)"}
    schema = {**SCHEMA, "x-kubernetes-validations": [rule]}
    errors = celrules.node_errors(schema, OBJ, celrules.MISSING, (), False)
    assert [e[2] for e in errors] == ["at 2011-08-18T19:03:37.01+01:00"]  # its zone, its digits


def test_a_comparison_the_string_would_pass_fails_as_the_server_s_does():
    rule = "self.t != timestamp('2011-08-18T18:03:37.01Z')"  # the same instant, written otherwise
    schema = {**SCHEMA, "x-kubernetes-validations": [{"rule": rule}]}
    assert [e[2] for e in celrules.node_errors(schema, OBJ, celrules.MISSING, (), False)] == [f"failed rule: {rule}"]


def test_a_rule_on_the_string_itself_and_strfmt_s_words():
    schema = {"type": "string", "format": "duration", "x-kubernetes-validations": [{"rule": "self == duration('5m')"}]}
    assert celrules.node_errors(schema, "5 minutes", celrules.MISSING, (), False) == []
    assert celrules.node_errors(schema, "6m", celrules.MISSING, (), False) != []


@pytest.mark.parametrize(
    "fmt, text, instant",
    [
        ("date", "1997-07-16", "1997-07-16T00:00:00.000000000Z"),
        ("date-time", "2011-08-18T19:03:37.01+01:00", "2011-08-18T18:03:37.010000000Z"),
        ("date-time", "2011-08-18T19:03:37Z", "2011-08-18T19:03:37.000000000Z"),
        ("date-time", "2011-08-18T19:03:37", "2011-08-18T19:03:37.000000000Z"),  # no zone: UTC
        ("date-time", "2011-08-18T19:03Z", "2011-08-18T19:03:00.000000000Z"),
        ("date-time", "2011-08-18 19:03:37", "2011-08-18T19:03:37.000000000Z"),
        ("date-time", "0001-01-01T00:30:00+01:00", "0000-12-31T23:30:00.000000000Z"),
        ("duration", "1h2m3s4ms", "3723.004000000s"),
        ("duration", "-1.5s", "-1.500000000s"),
        ("duration", "2 days", "172800.000000000s"),
    ],
)
def test_the_text_the_engine_reads(fmt, text, instant):
    assert celtime.cel_text(fmt, text) == instant


def test_a_time_string_the_server_cannot_read():
    with pytest.raises(ValueError, match="Invalid date-time formatted string 2011-08-18t19:03:37z"):
        celtime.cel_text("date-time", "2011-08-18t19:03:37z")  # strfmt's layouts want `T` and `Z`
