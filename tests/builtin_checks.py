"""Helpers of the built-in kinds' tests: dv-eval on objects with `--kubernetes-version`, and the
hand-written checks' errors alone."""

from __future__ import annotations

import yaml

from evaluator.kinds import handwritten
from evaluator.run.cli import main
from tests.cli import Result, invoke


def run(tmp_path, *objs: dict, version: str = "1.31") -> Result:
    """dv-eval on `objs`, one file of documents."""
    (tmp_path / "m.yaml").write_text(yaml.safe_dump_all(objs))
    return invoke(main, ["--kubernetes-version", version, str(tmp_path / "m.yaml")])


def verdict(tmp_path, obj: dict, version: str = "1.31") -> tuple[int, list[str]]:
    """dv-eval's exit status and the errors it lists for `obj` (without their `(file:line)`)."""
    r = run(tmp_path, obj, version=version)
    return r.exit_code, [line[2:].rpartition(" (")[0] for line in r.stdout.splitlines() if line.startswith("* ")]


def errors(obj: dict, version: str = "1.31") -> list[str]:
    """The hand-written checks' errors for `obj`, as text."""
    return [str(e) for e in handwritten.errors(obj, version)]
