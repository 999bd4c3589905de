"""`--jobs N` prints exactly what one process prints: same order, same file:line, same summary."""

from pathlib import Path

import pytest

from evaluator.run import batch, parallel
from evaluator.run.cli import main
from tests.cli import invoke

SCHEMA = "schemas/widget.openapi.yaml"
VALID = Path("examples/widget/objects/valid.yaml").read_text()
INVALID = Path("examples/widget/objects/invalid.yaml").read_text()


def run(*args):
    r = invoke(main, list(args))
    return r.exit_code, r.output


def _same_with_jobs(*args):
    one = run(*args, "--jobs", "1")
    two = run(*args, "--jobs", "2")
    assert two == one
    return one


@pytest.fixture
def any_size(monkeypatch):
    monkeypatch.setattr(batch, "MIN_FILES", 0)  # the workers run even for these few small files


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_directory_output_is_identical(tmp_path, fmt, any_size):
    for i in range(40):
        body = INVALID.replace("Blue_Widget", f"w{i}") if i % 3 == 0 else VALID
        (tmp_path / f"o{i:03d}.yaml").write_text(body + ("---\n" + INVALID if i % 7 == 0 else ""))
    (tmp_path / "o017.yaml").write_text("a: [1, 2\n")  # unusable: reported at its place in the order
    code, out = _same_with_jobs("--schema", SCHEMA, str(tmp_path), "-o", fmt)
    assert code == 2
    if fmt == "text":
        assert f"({tmp_path}/o003.yaml:7)" in out  # file:line survives the trip from a worker
        assert out.index("w0") < out.index("w3") < out.index("w39")


@pytest.fixture
def small_pieces(monkeypatch):
    monkeypatch.setattr(parallel, "PIECE", 300)
    monkeypatch.setattr(batch, "MIN_STREAM", 0)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_stream_output_is_identical(tmp_path, small_pieces, fmt):
    docs = [INVALID.replace("Blue_Widget", f"w{i}") if i % 5 == 2 else VALID for i in range(30)]
    f = tmp_path / "all.yaml"
    f.write_text("---\n".join(docs))
    code, out = _same_with_jobs("--schema", SCHEMA, str(f), "-o", fmt)
    # CRLF line ends and YAML's other line breaks inside a string: lines still counted alike
    odd = docs[:5] + [VALID.replace("\n", "\r\n"), VALID.replace("metadata:\n", 'metadata:\n  x: "a\u2028b"\n')]
    f.write_text("---\n".join(odd + docs[5:]), newline="")
    _same_with_jobs("--schema", SCHEMA, str(f), "-o", fmt)
    assert code == 1
    if fmt == "text":
        assert out.count("is invalid") == 6 and out.endswith("30 objects: 24 valid, 6 invalid\n")
        last = sum(d.count("\n") for d in docs[:27]) + 27  # w27 starts after 27 docs and 27 separators
        assert f"spec.replicas: Invalid value: -1: must be greater than or equal to 0 ({f}:{last + 7})" in out


def test_stream_goes_on_after_the_same_yaml_syntax_error(tmp_path, small_pieces):
    f = tmp_path / "all.yaml"
    f.write_text("---\n".join([VALID] * 24 + ["a: [1, 2\n"] + [INVALID] * 5))
    code, out = _same_with_jobs("--schema", SCHEMA, str(f))
    assert code == 2 and out.count("is invalid") == 5
    assert f"error: {f}:{24 * (VALID.count(chr(10)) + 1) + 2}: invalid YAML" in out
    assert out.endswith("30 objects: 24 valid, 5 invalid, 1 unusable\n")


def test_stream_goes_on_after_an_unusable_document(tmp_path, small_pieces):
    f = tmp_path / "all.yaml"
    f.write_text("---\n".join([VALID] * 24 + ["- 1\n- 2\n"] + [INVALID] * 5))
    code, out = _same_with_jobs("--schema", SCHEMA, str(f))
    assert code == 2 and f"error: {f}: document 25: the root must be a mapping" in out
    assert out.count("is invalid") == 5 and out.endswith("30 objects: 24 valid, 5 invalid, 1 unusable\n")


def test_pieces_cut_only_before_document_starts(tmp_path, small_pieces):
    text = "%YAML 1.1\n---\n" + "---\n".join(["a: |\n  ---x\n  b\n", 'c: "é\u2028"\n', "--- # c\r\nd: 2\n"] * 40)
    text += "...\n%YAML 1.1\n---\ne: 3\n"
    f = tmp_path / "s.yaml"
    f.write_text(text, newline="")
    got = [(parallel.read_piece(str(f), offset, size), line) for offset, size, line in parallel.pieces(str(f))]
    assert len(got) > 5 and "".join(t for t, _ in got) == text.replace("\r\n", "\n")
    line = 0
    for t, first_line in got:
        assert first_line == line
        assert t is got[0][0] or t.startswith(("---", "%YAML"))
        line += t.count("\n") + t.count("\u2028")


def test_a_stream_that_is_not_utf8_is_reported_in_place(tmp_path, small_pieces):
    f = tmp_path / "all.yaml"
    f.write_bytes(("---\n".join([VALID] * 30)).encode() + b"---\nname: \xff\n")
    code, out = run("--schema", SCHEMA, str(f), "--jobs", "2")
    assert code == 2 and "not UTF-8 text" in out


def test_a_failing_worker_is_one_line_and_exit_2(tmp_path, monkeypatch, any_size):
    for i in range(6):
        (tmp_path / f"o{i}.yaml").write_text(VALID)
    real = batch.file_results

    def broken(opts, path, docs=None):
        if path.endswith("o4.yaml"):
            raise MemoryError("worker out of memory")
        return real(opts, path, docs)

    monkeypatch.setattr(batch, "file_results", broken)  # inherited by the forked workers
    r = invoke(main, ["--schema", SCHEMA, str(tmp_path), "--jobs", "2"])
    assert r.exit_code == 2
    assert "worker out of memory" in r.output and "Traceback" not in r.output


def test_too_little_input_is_judged_without_workers(tmp_path, monkeypatch):
    for i in range(20):
        (tmp_path / f"o{i}.yaml").write_text(VALID)

    def no_fork(*args):
        raise AssertionError("forked workers for 20 small files")

    monkeypatch.setattr(parallel, "_ordered", no_fork)
    r = invoke(main, ["--schema", SCHEMA, str(tmp_path), "--jobs", "2"])
    assert r.exit_code == 0 and "20 objects: 20 valid" in r.output


def test_a_few_thousand_small_files_are_spread_over_workers(tmp_path, monkeypatch):
    """Each file costs its own open, read and routing: 2,500 small files pay for two workers (18%
    less wall time, measured; 600 do not)."""
    for i in range(2500):
        (tmp_path / f"o{i}.yaml").write_text(VALID)
    forked = []
    ordered = parallel._ordered

    def spy(*args):
        forked.append(True)
        return ordered(*args)

    monkeypatch.setattr(parallel, "_ordered", spy)
    r = invoke(main, ["--schema", SCHEMA, str(tmp_path), "--jobs", "2"])
    assert r.exit_code == 0 and "2500 objects: 2500 valid" in r.output and forked


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_stream_read_in_pieces_by_one_process_prints_what_the_loader_prints(tmp_path, monkeypatch, fmt):
    """A stream larger than the direct reader's file limit is read in pieces by the direct reader
    (issue 29), even with one process; a part with anything to report is read again by the loader,
    so the output is the loader's, byte for byte: invalid objects, a List, blank and comment-only
    documents, a line break YAML counts inside a string, CRLF line ends."""
    from evaluator.runtime import native

    if not native.PLAINYAML:
        pytest.skip("the direct reader is not built here (no C compiler or no libyaml header at install)")
    monkeypatch.setattr(parallel, "PIECE", 1200)
    monkeypatch.setattr(batch, "FAST_MAX", 1500)
    monkeypatch.setattr(batch, "SUB_PIECE", 200)
    listed = "apiVersion: v1\nkind: List\nitems:\n- " + VALID.replace("\n", "\n  ").rstrip() + "\n"
    docs = [VALID] * 12 + [INVALID, listed, VALID.replace("spec:\n", "spec:\n  size: Small\n", 1)]
    docs += ["", "# only a comment\n", VALID.replace("metadata:\n", 'metadata:\n  x: "a\u2028b"\n')]
    docs += [VALID.replace("\n", "\r\n")] * 3 + [VALID] * 6 + [INVALID.replace("Blue_Widget", "w9")]
    docs += [VALID] * 4 + [""]
    f = tmp_path / "all.yaml"
    f.write_text("---\n".join(docs), newline="")
    fast, plain = [], batch.plain_results
    monkeypatch.setattr(batch, "plain_results", lambda *a: fast.append(plain(*a)) or fast[-1])
    pieces = run("--schema", SCHEMA, str(f), "-o", fmt, "--jobs", "1")
    assert any(r is not None for r in fast) and None in fast  # pieces read directly, and by the loader
    monkeypatch.setattr(native, "PLAINYAML", False)  # the loader alone, document by document
    assert pieces == run("--schema", SCHEMA, str(f), "-o", fmt, "--jobs", "1")
    assert pieces[0] == 1 and ("30 objects: 28 valid, 2 invalid" in pieces[1] or fmt == "json")


@pytest.mark.parametrize("plain", [True, False])
def test_after_a_yaml_syntax_error_no_document_is_lost_to_a_line_break_inside_a_string(tmp_path, monkeypatch, plain):
    """The loader counts YAML's other line breaks (U+2028 here) as lines; reading on after a syntax
    error must count them too, or it starts a document late and never judges one."""
    from evaluator.runtime import native

    monkeypatch.setattr(native, "PLAINYAML", plain and native.PLAINYAML)
    f = tmp_path / "all.yaml"
    f.write_text("---\n".join([VALID, 'x: "a\u2028b"\n', "a: [1, 2\n", INVALID, VALID]))
    code, out = run("--schema", SCHEMA, str(f), "--jobs", "1")
    assert code == 2 and "Blue_Widget" in out and out.rstrip().endswith("5 objects: 2 valid, 2 invalid, 1 unusable")
