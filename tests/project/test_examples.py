"""Every example's expected dv-eval verdicts, through the CLI (-o json)."""

import json
from collections import Counter
from pathlib import Path

import pytest

from evaluator.run.cli import main
from tests import yamlc
from tests.cli import invoke

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CASES = [
    (d, i, c)
    for d in sorted(EXAMPLES.iterdir())
    if (d / "expect.yaml").exists()
    for i, c in enumerate(yamlc.safe_load((d / "expect.yaml").read_text())["cases"])
]


def _key(cause: dict) -> tuple:
    return (cause.get("reason"), cause.get("field"), cause.get("origin"))


@pytest.mark.parametrize("folder,i,case", CASES, ids=[f"{d.name}-{i}" for d, i, _ in CASES])
def test_example_verdict(folder, i, case, monkeypatch, tmp_path):
    monkeypatch.chdir(folder)
    schema = yamlc.safe_load((folder / "expect.yaml").read_text())["schema"]
    old = case.get("old")
    if old == case["new"]:  # an update that changes nothing: the stored object in a copy (one file cannot be both)
        old = str(tmp_path / "stored.yaml")
        Path(old).write_text(Path(case["new"]).read_text())
    args = ["--schema", schema, case["new"]] + ([old] if old else [])
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
