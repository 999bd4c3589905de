"""What `pip install .` (not editable: the GitHub Action's install) puts in site-packages: every package
of the source tree, so no module a run imports is missing from a wheel."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOP = ("dv2openapi", "evaluator")  # the translator, the evaluator with the server model inside it


def test_every_package_of_the_tree_is_in_the_distribution():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for top in TOP
        for p in (ROOT / top).rglob("*.py")
        if "build" not in p.parts
    }
    assert found == listed, (sorted(found - listed), sorted(listed - found))  # (not listed, listed but gone)
    assert {name.split(".")[0] for name in listed} == set(TOP)  # two import packages in site-packages
