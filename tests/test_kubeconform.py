"""dv-eval run as kubeconform is run: its flags as it spells them, its schema locations, its outputs,
and its own fixtures (../shared/realworld/kubeconform) with the exit codes its acceptance tests expect."""

from __future__ import annotations

import pytest

from dv2openapi.evaluator.cli import main
from tests.cli import invoke

pytest.importorskip("kubernetes_validate", reason="built-in kinds need the kubernetes-validate package ([test] extra)")

JOB = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  {meta}\nspec:\n  template:\n    spec:\n      containers: []\n"


@pytest.mark.parametrize(
    "meta,code,message",
    [
        ("generateName: pi-", 0, ""),  # the server names it before validating: valid
        ("generateName: " + "a" * 80, 0, ""),  # cut to 58 characters first: no length error
        ("generateName: Pi-", 1, "metadata.generateName: Invalid value"),
        ("namespace: x", 1, "metadata.name: Required value: name or generateName is required"),
    ],
)
def test_a_builtin_kind_created_with_generate_name(tmp_path, meta, code, message):
    (tmp_path / "job.yaml").write_text(JOB.format(meta=meta))
    r = invoke(main, ["--kubernetes-version", "1.37", str(tmp_path / "job.yaml")])
    assert r.exit_code == code and message in r.stdout, r.output
