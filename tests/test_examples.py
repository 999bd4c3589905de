"""Every example's expected dv-eval verdicts, through the CLI (-o json)."""

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml

from evaluator.cli import main
from tests.cli import invoke

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
CASES = [
    (d, i, c)
    for d in sorted(EXAMPLES.iterdir())
    if (d / "expect.yaml").exists()
    for i, c in enumerate(yaml.safe_load((d / "expect.yaml").read_text())["cases"])
]


def _key(cause: dict) -> tuple:
    return (cause.get("reason"), cause.get("field"), cause.get("origin"))


@pytest.mark.parametrize("folder,i,case", CASES, ids=[f"{d.name}-{i}" for d, i, _ in CASES])
def test_example_verdict(folder, i, case, monkeypatch):
    monkeypatch.chdir(folder)
    schema = yaml.safe_load((folder / "expect.yaml").read_text())["schema"]
    args = ["--schema", schema, case["new"]] + ([case["old"]] if "old" in case else [])
    for opt in case.get("enable", []):
        args += ["--enable", opt]
    result = invoke(main, args + ["-o", "json"])
    assert result.exit_code == case["exit"], result.output
    status = json.loads(result.output)
    assert status["kind"] == "Status"
    causes = status["details"].get("causes", [])
    assert Counter(map(_key, causes)) == Counter(map(_key, case.get("errors", [])))
    shadowed = status["details"].get("shadowedCauses", [])
    assert Counter(map(_key, shadowed)) == Counter(map(_key, case.get("shadowed", [])))
