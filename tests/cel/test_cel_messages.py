"""A failed rule's message as the API server words it (`validateExpressions`, `evalMessageExpression`):
messageExpression results trimmed as Go trims them, falling back to `message` when blank, over 5 KiB,
holding a line break or not a string; `failed rule: ` with the rule trimmed."""

from __future__ import annotations

import pytest

from evaluator.apiserver.cel.celrules import MAX_MESSAGE_BYTES, node_errors
from evaluator.apiserver.values.correlate import MISSING

SCHEMA = {"type": "object", "properties": {"n": {"type": "integer"}, "s": {"type": "string"}}}


def _detail(rule: dict, value: dict, old=MISSING) -> str:
    schema = {**SCHEMA, "x-kubernetes-validations": [rule]}
    errs = node_errors(schema, value, old, (("spec", True),), ratchet=False)
    assert len(errs) == 1, errs
    return errs[0][2]


FALLS_BACK = {
    "blank": "'   '",
    "only Go spaces": "'\\u00a0\\u3000\\t'",
    "line break": "'two\\nlines'",
    "not a string": "self.n",
    "a runtime error": "string(self.n / 0)",
    "over 5 KiB": f"self.s + '{'y' * MAX_MESSAGE_BYTES}'",
    "a number strconv does not read": "'n is ' + string(int(self.s))",  # ' 5': the engine reads 5, cel-go fails
}


@pytest.mark.parametrize("case", sorted(FALLS_BACK))
def test_an_unusable_message_expression_falls_back_to_the_message(case):
    rule = {"rule": "self.n > 5", "message": "  n must exceed five  ", "messageExpression": FALLS_BACK[case]}
    assert _detail(rule, {"n": 1, "s": " 5" if case.startswith("a number") else "z"}) == "n must exceed five"


def test_a_message_expression_reads_a_number_in_a_string_as_strconv_does():
    rule = {"rule": "self.n > 5", "messageExpression": "'s is ' + string(double(self.s))"}
    assert _detail(rule, {"n": 1, "s": "1_000"}) == "s is 1000"  # Go's underscores; the engine refuses them


def test_a_message_expression_is_trimmed_as_go_trims():
    rule = {"rule": "self.n > 5", "messageExpression": "'  n is ' + string(self.n) + '\\u00a0\\n '"}
    assert _detail(rule, {"n": 1}) == "n is 1"


def test_a_message_of_exactly_5_kib_is_kept():
    rule = {"rule": "self.n > 5", "message": "m", "messageExpression": f"'{'y' * MAX_MESSAGE_BYTES}'"}
    assert _detail(rule, {"n": 1}) == "y" * MAX_MESSAGE_BYTES


def test_without_a_message_the_rule_is_shown_trimmed():
    assert _detail({"rule": "self.n > 5\n"}, {"n": 1}) == "failed rule: self.n > 5"


def test_a_message_expression_reads_old_self_on_an_update():
    rule = {"rule": "self.n >= oldSelf.n", "messageExpression": "'n went down from ' + string(oldSelf.n)"}
    assert _detail(rule, {"n": 1}, {"n": 4}) == "n went down from 4"
