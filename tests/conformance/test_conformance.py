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


def test_published_documents_give_the_same_errors():
    """`dv2openapi openapi` publishes the document for client validators (nullable, null in enums,
    types beside references): dv-eval's errors on it are those on the translator's, case by case."""
    differ = []
    for case in CASES:
        if not case.data.get("skip"):
            want, got = (
                [(e.type, e.field, e.bad_value, e.detail, e.origin, e.level, e.short_circuit) for e in run(case, p)]
                for p in (False, True)
            )
            if want != got:
                differ.append(f"{case.id}: {want} != {got}")
    assert not differ, "\n".join(differ[:10])
