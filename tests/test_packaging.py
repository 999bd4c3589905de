"""What `pip install .` (not editable: the GitHub Action's install) puts in site-packages: every package
of the source tree, so no module a run imports is missing from a wheel."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_of_the_tree_is_in_the_distribution():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "dv2openapi").rglob("*.py")}
    assert found == listed, (sorted(found - listed), sorted(listed - found))  # (not listed, listed but gone)
