"""Every ported validation-gen case, through the user's path (see README.md here)."""

import pytest

from .runner import check, load_cases, run

CASES = load_cases()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case(case):
    if case.data.get("skip"):
        pytest.skip(case.data["skip"])
    problems = check(case, run(case))
    assert not problems, "\n".join(problems)
