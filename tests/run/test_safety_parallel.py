"""`--jobs 2` prints what `--jobs 1` prints, byte for byte, wherever the stream is cut (issue 17 item 7).

The piece size is a parameter (`parallel.PIECE`), so small streams are cut as a 4 MiB one is."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evaluator.run import batch, parallel
from evaluator.run.cli import main
from tests.cli import invoke

SCHEMA = "schemas/widget.openapi.yaml"
VALID = Path("examples/widget/objects/valid.yaml").read_text()
INVALID = Path("examples/widget/objects/invalid.yaml").read_text()


def outputs(path: Path, piece: int) -> list:
    saved = parallel.PIECE, batch.MIN_STREAM
    parallel.PIECE, batch.MIN_STREAM = piece, 0
    try:
        out = []
        for jobs in ("1", "2"):
            r = invoke(main, ["--schema", SCHEMA, str(path), "--jobs", jobs])
            out.append((r.exit_code, r.stdout, r.stderr))  # each stream alike (their interleaving may differ)
        return out
    finally:
        parallel.PIECE, batch.MIN_STREAM = saved


def test_a_4_mib_stream_starting_with_a_directive_and_a_blank_line(tmp_path):
    f = tmp_path / "big.yaml"
    docs = [VALID] * (4 * 1024 * 1024 // len(VALID) + 1)
    f.write_text("%YAML 1.1\n\n---\n" + "---\n".join(docs))
    assert f.stat().st_size >= 4 * 1024 * 1024
    one, two = outputs(f, parallel.PIECE)
    assert one[0] == 0 and two == one


def test_a_quoted_scalar_across_a_cut(tmp_path):
    f = tmp_path / "s.yaml"
    quoted = VALID.replace("metadata:\n", 'metadata:\n  annotations: {a: "x\n---\n  y"}\n', 1)
    f.write_text("---\n".join([VALID] * 5 + [quoted] + [INVALID] * 5))
    one, two = outputs(f, 200)
    assert one[0] == 2 and two == one


PARTS = {
    "valid": VALID,
    "invalid": INVALID,
    "directive": "%YAML 1.1\n\n# c\n---\n" + VALID,
    "tag": "%TAG !e! tag:example.com,2000:\n---\n" + VALID,
    "quoted": VALID.replace("metadata:\n", 'metadata:\n  labels: {a: "x\n---\n  y"}\n', 1),
    "single": VALID.replace("metadata:\n", "metadata:\n  labels: {a: 'x\n\n  y'}\n", 1),
    "broken": "a: [1, 2\n",
    "list": "- 1\n- 2\n",
    "empty": "# nothing\n",
    "end": VALID + "...\n",
}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    parts=st.lists(st.sampled_from(sorted(PARTS)), min_size=1, max_size=14),
    seps=st.lists(st.sampled_from(["---\n", "--- \n", "\n---\n", "---\n\n"]), min_size=14, max_size=14),
    piece=st.integers(min_value=40, max_value=700),
)
def test_jobs_2_equals_jobs_1_on_random_streams(tmp_path, parts, seps, piece):
    f = tmp_path / "r.yaml"
    f.write_text("".join(sep + PARTS[p] for p, sep in zip(parts, seps, strict=False)))
    one, two = outputs(f, piece)
    assert two == one


@pytest.mark.parametrize("text", ["a: 1\n#c\n%YAML 1.1\n\n---\nb: 2\n", "a: 1\n---\n\n%TAG !a! b\n# x\n---\nb: 2\n"])
def test_directives_stay_with_their_document(text):
    cut = parallel._last_start(text)
    assert text[cut] == "%"
