"""Built-in kinds (--kubernetes-version) as the API server decodes them: Go's lists and maps hold
values, so a null item or map value is its type's zero value, then validated."""

from __future__ import annotations

import pytest
import yaml

from dv2openapi.evaluator.cli import main
from tests.cli import invoke

pytest.importorskip("kubernetes_validate", reason="built-in kinds need the kubernetes-validate package ([test] extra)")


def _deployment(container: dict | None, **pod) -> dict:
    return {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "metadata": {"name": "web"},
        "spec": {
            "selector": {"matchLabels": {"app": "web"}},
            "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [container], **pod}},
        },
    }


def _errors(tmp_path, obj: dict) -> tuple[int, list[str]]:
    path = tmp_path / "d.yaml"
    path.write_text(yaml.safe_dump(obj))
    r = invoke(main, ["--kubernetes-version", "1.37", str(path)])
    return r.exit_code, [line.split(" (")[0] for line in r.stdout.splitlines() if line.startswith("* ")]


C = "spec.template.spec.containers[0]"


@pytest.mark.parametrize(
    "container,pod,errors",
    [
        (None, {}, [f"* {C}.name: Required value"]),  # one empty Container
        ({"name": "a", "image": "x", "env": [None]}, {}, [f"* {C}.env[0].name: Required value"]),
        ({"name": "a", "image": "x", "ports": [None]}, {}, [f"* {C}.ports[0].containerPort: Required value"]),
        ({"name": "a", "image": "x", "args": [None], "command": [None]}, {}, []),  # "" is a valid argument
        ({"name": "a", "image": "x"}, {"nodeSelector": {"disk": None}}, []),  # "" is a valid label value
        ({"name": "a", "image": "x", "resources": {"limits": {"cpu": None}}}, {}, []),  # a zero Quantity
    ],
)
def test_a_null_item_or_map_value_is_its_zero_value(tmp_path, container, pod, errors):
    code, found = _errors(tmp_path, _deployment(container, **pod))
    assert (code, found) == (1 if errors else 0, errors)
