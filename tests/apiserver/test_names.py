"""apimachinery's name checks remember the names they passed (names._valid_remembered): the same
verdicts on every call, each a list of its own, also past the memory's bound."""

import pytest

from evaluator.apiserver.values import names

CHECKS = [names.is_dns1123_label, names.is_dns1123_subdomain, names.is_label_key, names.is_label_value]
INPUTS = ["web", "app.kubernetes.io/name", "Web", "-bad", "", "a" * 64, "a/b/c", "x" * 300, "ok-1", "é"]


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_a_name_gets_the_same_verdict_every_time(check):
    first = [check(v) for v in INPUTS]
    assert any(first) and not all(first)  # the inputs hold valid and invalid names for every check
    for errs in first:
        errs.append("changed by a caller")
    assert [check(v) for v in INPUTS] == [check.__wrapped__(v) for v in INPUTS]


def test_names_past_the_bound_are_still_judged(monkeypatch):
    monkeypatch.setattr(names, "_REMEMBERED", 8)
    many = [f"n{i}" for i in range(50)] + ["Bad_"] * 3
    assert [names.is_dns1123_label(v) for v in many] == [names.is_dns1123_label.__wrapped__(v) for v in many]
