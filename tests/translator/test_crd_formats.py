"""The CEL renderings of `k8s-*` formats (dv2openapi/crd/formats.py) accept exactly what dv-eval accepts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dv2openapi.crd.formats import FORMAT_RULES
from evaluator.apiserver.cel.celrules import compile_rule
from evaluator.schema.formats import FORMATS

PIECES = ["a", "z", "0", "9", "A", "Z", "-", ".", "_", "/", "%", "é", "\u017f", "\u212a", "example.com", "requests.",
          "kubernetes.io/", "a" * 63, "a" * 70, "x" * 250]  # fmt: skip
VALUES = st.lists(st.sampled_from(PIECES), max_size=8).map("".join)


@pytest.mark.parametrize("fmt", sorted(FORMAT_RULES))
@settings(max_examples=150, deadline=None)
@given(value=VALUES)
def test_cel_rule_accepts_what_dv_eval_accepts(fmt, value):
    result = compile_rule(FORMAT_RULES[fmt][0], False).eval(data={"self": value}).plain_value()
    assert result is (not FORMATS[fmt](value)), (fmt, value)
