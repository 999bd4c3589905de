"""The code blocks of the README and of the hand-written docs run as written: Python blocks are
executed (tagged types are also translated and compiled), and every `dv-eval` command line of a
shell block runs on the shipped files."""

import re
import shlex
import sys
import types
from pathlib import Path

import pytest

import evaluator
from dv2openapi.frontend import build_model
from dv2openapi.openapi import to_openapi
from evaluator.run.cli import main as dv_eval
from tests.cli import invoke

ROOT = Path(__file__).resolve().parents[2]
DOCS = [
    "writing-types",
    "crd",
    "dv-eval",
    "published-schemas",
    "go-types",
    "input",
    "design",
    "ci",
    "kubeconform",
    "kubernetes-types",
    "clients",
    "against",
]
README = "\n".join(p.read_text() for p in [ROOT / "README.md", *(ROOT / "docs" / f"{d}.md" for d in DOCS)])
FENCE = re.compile(r"^( *)```(\w+)\n(.*?)^\1```$", re.M | re.S)
BLOCKS = [(lang, re.sub(rf"^{indent}", "", body, flags=re.M)) for indent, lang, body in FENCE.findall(README)]
PYTHON = [b for lang, b in BLOCKS if lang == "python"]
COMMANDS = [
    line.split("  #")[0].strip()
    for lang, b in BLOCKS
    if lang == "sh"
    for line in b.splitlines()
    if line.startswith("dv-eval ")
]


def test_blocks_were_found():
    assert len(PYTHON) >= 4 and len(COMMANDS) >= 5


@pytest.mark.parametrize("i", range(len(PYTHON)))
def test_python_block_runs(i, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    code = PYTHON[i]
    if "# +k8s:" in code:  # a module of tagged types: it must translate, and compile for dv-eval
        src = tmp_path / "types.py"
        src.write_text(code)
        doc = to_openapi(build_model(str(src)))
        for name in doc["components"]["schemas"]:
            evaluator.compile(doc, name)
    module = types.ModuleType(f"readme_block_{i}")
    monkeypatch.setitem(sys.modules, module.__name__, module)  # dataclasses look their module up
    exec(compile(code, f"README.md python block {i + 1}", "exec"), module.__dict__)


@pytest.mark.parametrize("command", COMMANDS)
def test_dv_eval_command_runs(command, monkeypatch):
    if "--kubernetes-version" in command:
        pytest.importorskip("kubernetes_validate", reason="built-in kinds need the kubernetes-validate package")
    monkeypatch.chdir(ROOT)
    r = invoke(dv_eval, shlex.split(command)[1:])
    assert r.exit_code in (0, 1), r.output  # a verdict, never unusable input


def test_every_relative_link_of_the_docs_resolves():
    pages = [ROOT / "README.md", ROOT / "benchmarks" / "README.md", *(ROOT / "docs" / f"{d}.md" for d in DOCS)]
    broken = []
    for page in pages:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text()):
            external = target.startswith(("http:", "https:", "mailto:", "#"))
            if not external and not (page.parent / target.split("#")[0]).exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken
