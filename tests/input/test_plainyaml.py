"""The direct YAML reader (evaluator/input/plainyaml.pyx) gives what the loader gives, or steps aside (None).

Its contract: for any text, `read` returns either None or exactly the documents `loader` builds
(go-yaml's scalar rules, empty and `null` documents skipped), each with the line it starts on.
Checked on every YAML file the project and the shared data hold, and on generated YAML with the
scalars where YAML readers disagree; and whole runs give the same output with it and without it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evaluator.input import schemacache
from evaluator.input.loader import InputError, iter_docs
from evaluator.run.cli import main
from evaluator.runtime import native
from tests.cli import invoke
from tests.shared_data import SHARED

if not native.PLAINYAML:
    pytest.skip(
        "the fast schema reader is not built here (no libyaml header at install, or DV_EVAL_PURE_PYTHON=1)",
        allow_module_level=True,
    )

from evaluator.input.plainyaml import read  # noqa: E402 - only where it was built

ROOT = Path(__file__).resolve().parents[2]
_ERROR = "error"


def loader_docs(data: bytes):
    """What the loader makes of `data`: its documents with their first lines, or _ERROR."""
    try:
        text = data.decode("utf-8")
        docs = list(iter_docs("x", text))
    except (InputError, UnicodeDecodeError):
        return _ERROR
    return _ERROR if any(d.error for d in docs) else [(d.value, d.line_of("")) for d in docs]


def agrees(data: bytes) -> bool:
    """Whether the direct reader read `data` (asserting it read it as the loader does)."""
    fast = read(data)
    if fast is None:
        return False
    assert fast == loader_docs(data), data[:300]
    return True


def _yaml_files() -> list[Path]:
    found = [p for d in ("schemas", "examples", "docs") for p in sorted((ROOT / d).rglob("*.y*ml"))]
    found += sorted((SHARED / "crd-verdicts" / "crds").rglob("*.y*ml"))
    found += sorted((SHARED / "realworld").rglob("*.y*ml"))[:400]
    return found


def test_every_yaml_file_at_hand_reads_as_the_loader_reads_it():
    files = _yaml_files()
    read_fast = [p for p in files if agrees(p.read_bytes())]
    assert len(files) > (50 if SHARED.exists() else 20)  # the project's own files, and the shared data's where present
    assert len(read_fast) > 0.8 * len(files)  # plain YAML is the common case: the fast path is taken


# Scalars where YAML 1.1, YAML 1.2 and go-yaml part ways, and what makes the reader step aside.
TRICKY = [
    "yes", "no", "on", "off", "y", "n", "Y", "N", "True", "FALSE", "tRue", "null", "Null", "NULL", "~", "",
    "017", "-017", "+011", "0o17", "0x1F", "0b101", "1_000", "_1", ".0_5", "1e3", "1.", ".5", "+.5", "-.5",
    ".inf", "-.Inf", ".nan", "inf", "NaN", "2024-01-01", "2024-01-01T10:00:00Z", "9223372036854775808",
    "18446744073709551616", "1e400", "1:20", "0", "00", "08", "0.1.0", "<<", "=", "!", "&a", "*a", "- x",
    "'q'", '"d"', "'017'", '"yes"', "!!str 1", "!!int 017", "!!binary aGk=", "!foo bar", "&a 1", "é", "\\u00e9",
    "a: b", "[1, 2]", "{a: 1}", "|\n  block", ">\n  folded",
]  # fmt: skip
scalar = st.one_of(st.sampled_from(TRICKY), st.text(alphabet="0123456789_+-.eExXoObBnNyYtT~<:!&* ", max_size=6))


@st.composite
def documents(draw, depth=0, unit="  "):
    kind = draw(st.sampled_from(["scalar", "map", "list", "flow"] if depth < 3 else ["scalar"]))
    if kind == "scalar":
        return draw(scalar)
    pad = unit * (depth + 1)
    if kind == "flow":
        items = draw(st.lists(scalar, max_size=3))
        if draw(st.booleans()):
            return "[" + ", ".join(items) + "]"
        return "{" + ", ".join(f"k{i}: {v}" for i, v in enumerate(items)) + "}"
    n = draw(st.integers(1, 3))
    if kind == "list":
        return "".join(f"\n{pad}- {draw(documents(depth + 1, unit))}" for _ in range(n))
    keys = [draw(st.one_of(st.sampled_from(["a", "b", "a"]), scalar)) for _ in range(n)]
    return "".join(f"\n{pad}{k}: {draw(documents(depth + 1, unit))}" for k in keys)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=documents(), sep=st.sampled_from(["", "---\n", "a: 1\n---\n", "--- \n"]))
def test_generated_yaml_reads_as_the_loader_reads_it_or_not_at_all(body, sep):
    agrees((sep + "root: " + body + "\n").encode())


BOM = "\ufeff"


@st.composite
def streams_with_boms(draw):
    """A stream of one to three documents, indented by one or two spaces (one is where a byte order
    mark read as a column would shift line 1), each with a BOM at its start, after its `---` line, before
    that line, or none; line breaks LF or CRLF."""
    unit = draw(st.sampled_from([" ", "  "]))
    text = ""
    for i in range(draw(st.integers(1, 3))):
        body = "root: " + draw(documents(unit=unit)) + "\n"
        marker = "---\n" if i or draw(st.booleans()) else ""
        where = draw(st.sampled_from(["none", "before content", "before marker"]))
        if where == "before content":
            body = BOM + body
        elif where == "before marker" and marker:
            marker = BOM + marker
        text += marker + body
    return text.replace("\n", "\r\n") if draw(st.booleans()) else text


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=streams_with_boms())
def test_streams_with_byte_order_marks_read_as_the_loader_reads_them_or_not_at_all(text):
    agrees(text.encode())


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_byte_order_mark_starting_the_data_is_dropped_as_the_loader_drops_it(newline):
    data = f"{BOM}spec:{newline} replicas: -1{newline}".encode()
    assert agrees(data)
    assert read(data) == [({"spec": {"replicas": -1}}, 1)]


@pytest.mark.parametrize(
    "text",
    [
        "a: &x {b: 1}\nc: *x\n",  # anchors and aliases
        "a: !!str 017\n",  # an explicit tag
        "base: &b {x: 1}\nc:\n  <<: *b\n",  # a merge key
        "a: 1\na: 2\n",  # a duplicate key (the loader words the error)
        "? [1, 2]\n: x\n",  # a list as a key
        "a: [1, 2\n",  # not YAML
        "a: .inf\n",  # a number JSON cannot hold
        "a: b\xff\n",  # not UTF-8
    ],
)
def test_outside_the_subset_the_reader_steps_aside(text):
    assert read(text.encode("latin-1")) is None


def test_nesting_past_half_the_loaders_limit_is_left_to_the_loader():
    assert read(("[" * 499 + "]" * 499).encode()) is not None
    assert read(("[" * 501 + "]" * 501).encode()) is None


def test_a_schema_file_reads_the_same_with_and_without_it(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    f = tmp_path / "s.yaml"
    f.write_bytes(b"type: object\r\nproperties:\r\n  a: {type: integer, minimum: 017, default: yes}\r\n")
    fast = schemacache._parse(str(f), f.read_bytes())
    monkeypatch.setattr(native, "PLAINYAML", False)
    assert schemacache._parse(str(f), f.read_bytes()) == fast
    assert fast[0]["properties"]["a"] == {"type": "integer", "minimum": 15, "default": True}


# Whole runs: valid files are judged from the direct reader, the others again from the loader.
RK = SHARED / "realworld"
RUNS = {
    "repository": ["--schema", "schemas/widget.crd.yaml", "--schema", "examples/repository/crds",
                   "--kubernetes-version", "1.37", "--strict", "examples/repository/manifests"],
    "kubeconform fixtures": ["--kubernetes-version", "1.37", str(RK / "kubeconform/fixtures")],
    "kubectl-validate": ["--kubernetes-version", "1.37", "--schema", str(RK / "kubectl-validate/testcases/crds"),
                         str(RK / "kubectl-validate/testcases/manifests")],
    "gateway-api": ["--schema", str(RK / "gateway-api/config/crd/experimental"), str(RK / "gateway-api/examples")],
    "one valid file": ["--kubernetes-version", "1.37", "examples/repository/manifests/web/deployment.yaml"],
    "one invalid file": ["--kubernetes-version", "1.37", "examples/repository/manifests/web/configmap.yaml"],
    "one file, several objects": ["--kubernetes-version", "1.37", str(RK / "kubeconform/fixtures/multi_valid.yaml")],
    "one blank file": ["--kubernetes-version", "1.37", str(RK / "kubeconform/fixtures/blank.yaml")],
    "one comment-only file": ["--kubernetes-version", "1.37", str(RK / "kubeconform/fixtures/comment.yaml")],
}  # fmt: skip


@pytest.mark.parametrize("run", RUNS)
@pytest.mark.parametrize("fmt", ["text", "json", "junit"])  # junit: every object with its line
def test_a_run_says_the_same_with_and_without_the_direct_reader(run, fmt, monkeypatch, tmp_path):
    pytest.importorskip("kubernetes_validate", reason="built-in kinds need the kubernetes-validate package")
    args = RUNS[run]
    if not all(Path(a).exists() for a in args if "/" in a):
        pytest.skip(f"{run}: input not present (shared data sits beside the checkout)")
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    fast = invoke(main, ["-o", fmt, "--jobs", "1", *args])
    monkeypatch.setattr(native, "PLAINYAML", False)
    slow = invoke(main, ["-o", fmt, "--jobs", "1", *args])
    assert (fast.exit_code, fast.stdout, fast.stderr) == (slow.exit_code, slow.stdout, slow.stderr)
    assert fast.stdout


@pytest.mark.parametrize(("example", "code"), [("valid", "0"), ("invalid", "1")])
def test_a_run_on_a_file_the_direct_reader_reads_does_not_import_pyyaml(tmp_path, example, code):
    """A valid file, and an invalid one too: its errors take their lines from libyaml's events
    (`plainyaml.lines`), where the loader's nodes put them (the whole runs above compare them)."""
    probe = (
        "import sys\n"
        "from evaluator.run.cli import main\n"
        "try:\n"
        f"    main(['--schema', 'schemas/widget.openapi.yaml', 'examples/widget/objects/{example}.yaml'])\n"
        "except SystemExit as e:\n"
        "    print(e.code, 'yaml' in sys.modules)\n"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert r.stdout.split()[-2:] == [code, "False"], r.stdout + r.stderr
    assert example == "valid" or "(examples/widget/objects/invalid.yaml:6)" in r.stdout


def _fields(value, prefix: str = "") -> list[str]:
    """Every field path down to every node of a value, as error paths write them (`a.b[0].c`)."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _fields(v, f"{prefix}.{k}" if prefix else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _fields(v, f"{prefix}[{i}]")
    return out


def test_an_errors_line_from_the_direct_reader_is_the_loaders():
    """Every node of every document of every YAML file at hand: the line `Doc.line_of` finds from the
    direct reader's events (an invalid file's errors, without PyYAML) is the loader's node walk's."""
    from evaluator.input.document import Doc

    compared = 0
    for path in _yaml_files():
        data = path.read_bytes()
        found = read(data)
        if not found:
            continue
        loaded = [d for d in iter_docs(str(path), duplicates="keep") if d.value is not None]
        assert len(loaded) == len(found)
        for doc, (value, start) in zip(loaded, found, strict=True):
            fast = Doc(value, str(path), doc.index, start=start, data=data)
            for field in [*_fields(value)[:400], "nope", "spec.nope[3]"]:
                assert fast.line_of(field) == doc.line_of(field), (path, field)
                compared += 1
    assert compared > 1000


def test_a_document_with_many_errors_reads_its_lines_once(tmp_path, monkeypatch):
    """One pass over the events per document, whatever the number of errors: bounded work."""
    from evaluator.input import plainyaml

    calls = []
    lines = plainyaml.lines
    monkeypatch.setattr(plainyaml, "lines", lambda *a: calls.append(1) or lines(*a))
    bad = (ROOT / "examples/widget/objects/valid.yaml").read_text().replace("tags: [blue, round]", "tags: [1, 2, 3]")
    (tmp_path / "w.yaml").write_text(bad + "---\n" + bad)
    r = invoke(main, ["--schema", "schemas/widget.openapi.yaml", str(tmp_path / "w.yaml")])
    assert r.exit_code == 1 and r.output.count("must be of type string") >= 6, r.output
    assert len(calls) == 2  # one per document
