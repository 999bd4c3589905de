"""The README as a newcomer uses it: every shell block, in order, pasted into one shell in a fresh
copy of the repository, starting with the README's own install command (which makes the virtual
environment); each command exits as its comment says (0 unless `# exit N`), and the output a
`text` block shows after a shell block is in that block's output. The test-suite command is the
one block not run (it is this suite).

The install compiles nothing here (`DV_EVAL_PURE_PYTHON=1`, the documented switch): the compiled
build is what `.ci/run` installs and tests; this test is about the commands."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.M | re.S)


def _blocks() -> list[tuple[str, str | None]]:
    """(shell block, the text block right after it or None), in README order."""
    text = (ROOT / "README.md").read_text()
    found = [(m.group(1), m.group(2), m.start(), m.end()) for m in FENCE.finditer(text)]
    out = []
    for i, (lang, body, _, end) in enumerate(found):
        if lang != "sh":
            continue
        after = found[i + 1] if i + 1 < len(found) else None
        shown = after[1] if after and after[0] == "text" and not text[end : after[2]].strip() else None
        out.append((body, shown))
    return out


def _commands(block: str) -> list[str]:
    return [line for line in block.replace("\\\n", " ").splitlines() if line.strip() and not line.startswith("#")]


def _expected_exit(command: str) -> int:
    m = re.search(r"#.*\bexit (\d+)", command)
    return int(m.group(1)) if m else 0


def test_the_readme_blocks_were_found():
    blocks = _blocks()
    assert len(blocks) >= 5
    assert "pip install" in blocks[0][0] and blocks[0][1]  # the first command installs and shows its result


@pytest.mark.skipif(shutil.which("bash") is None, reason="the README's commands are bash")
def test_every_shell_block_runs_as_written(tmp_path):
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    clone = tmp_path / "clone"
    for name in files.splitlines():
        src = ROOT / name
        if src.is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, clone / name)
    script, checks = ["set -u", f"cd {clone}"], []
    for b, (block, shown) in enumerate(_blocks()):
        commands = _commands(block)
        if any("pytest" in c for c in commands):
            continue  # the test suite: this very run
        for c, command in enumerate(commands):
            out = tmp_path / f"out-{b}-{c}"
            script.append(f"{{ {command}\n}} > {out} 2>&1; echo $? > {out}.rc")
            checks.append((command, out, b))
        checks.append((None, shown, b))
    env = {**os.environ, "DV_EVAL_PURE_PYTHON": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("VIRTUAL_ENV", None)
    env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep) if not p.startswith(sys.prefix))
    subprocess.run(["bash", "-c", "\n".join(script)], env=env, check=True, timeout=1200)
    outputs: dict[int, str] = {}
    for command, where, b in checks:
        if command is None:  # the text block shown after shell block b
            for line in (where or "").splitlines():
                assert line in outputs.get(b, ""), f"README shows {line!r}, the block printed:\n{outputs.get(b)}"
            continue
        printed = where.read_text()
        outputs[b] = outputs.get(b, "") + printed
        code = int(Path(f"{where}.rc").read_text())
        assert code == _expected_exit(command), f"{command}\nexit {code}:\n{printed[-2000:]}"


def test_ci_runs_the_readmes_one_install_then_its_test_command():
    """The README installs once (its first command, with the extras its later sections use), and
    `.ci/run` runs that install and then the README's test command, as written."""
    blocks = [block for block, _ in _blocks()]
    assert sum("pip install" in block for block in blocks) == 1
    install = blocks[0].split(" && .venv/bin/dv2openapi ")[0].strip()
    test = next(block for block in blocks if "pytest" in block).strip()
    script = (ROOT / ".ci" / "run").read_text().splitlines()
    commands = [line for line in script if line.strip() and not line.startswith(("#", "set ", "cd "))]
    assert commands == [install, test]
