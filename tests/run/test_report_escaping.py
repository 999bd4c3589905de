"""No name or message from a manifest can fool a report's reader: TAP directives, terminal control
sequences, GitHub workflow commands, XML and JSON are all escaped in `evaluator/run/escaping.py`."""

import json
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from evaluator.run.cli import main
from evaluator.run.escaping import github_data, go_quote, tap_description, terminal, xml_text
from tests.cli import invoke

ROOT = Path(__file__).resolve().parents[2]
CRD = str(ROOT / "schemas" / "widget.crd.yaml")
BAD = (ROOT / "examples" / "widget" / "objects" / "invalid.yaml").read_text()
ESC_NAME = "\x1b[2J\x1b[31mred"


def _widget(tmp_path: Path, file: str, name: str) -> Path:
    f = tmp_path / file
    f.write_text(BAD.replace("name: Blue_Widget", f"name: {json.dumps(name)}"))
    return f


def _tap_parser(tap: str) -> dict:
    """What Perl's TAP::Parser reads from `tap`: counts of failed, todo and skipped test points."""
    code = (
        "use TAP::Parser; my $p = TAP::Parser->new({tap => do { local $/; <STDIN> }}); $p->run;"
        'print join(" ", scalar($p->failed), scalar($p->todo), scalar($p->skipped))'
    )
    r = subprocess.run(["perl", "-e", code], input=tap, capture_output=True, text=True, check=True)
    return dict(zip(("failed", "todo", "skipped"), map(int, r.stdout.split()), strict=True))


@pytest.mark.parametrize(("file", "name"), [("bad # TODO later.yaml", "blue-widget"), ("w.yaml", "x # SKIP fine")])
def test_a_hash_in_a_name_cannot_turn_a_tap_failure_into_a_todo_or_skip(tmp_path, file, name):
    _widget(tmp_path, file, name)
    r = invoke(main, ["--schema", CRD, "-o", "tap", str(tmp_path)])
    lines = r.stdout.splitlines()
    assert r.exit_code == 1 and lines[1].startswith("not ok 1 - "), r.output
    assert "\\#" in lines[1] and " # " not in lines[1].split(" - ", 1)[1]
    if shutil.which("perl") is None or subprocess.run(["perl", "-MTAP::Parser", "-e", "1"]).returncode:
        pytest.skip("Perl's TAP::Parser is not installed: the reading is checked by the escape above only")
    assert _tap_parser(r.stdout) == {"failed": 1, "todo": 0, "skipped": 0}


def test_tap_escapes_backslash_before_hash_so_no_escape_can_be_undone():
    assert tap_description("a\\# TODO") == "a\\\\\\# TODO"
    assert tap_description("line\nok 2") == "line\\\\nok 2"


@pytest.mark.parametrize("fmt", ["text", "pretty", "github", "tap"])
def test_control_characters_of_a_name_never_reach_the_terminal(tmp_path, monkeypatch, fmt):
    monkeypatch.setenv("NO_COLOR", "1")
    _widget(tmp_path, "w.yaml", ESC_NAME)
    r = invoke(main, ["--schema", CRD, "-o", fmt, str(tmp_path / "w.yaml")])
    assert r.exit_code == 1, r.output
    assert "\x1b" not in r.output and "\\x1b[2J" in r.stdout, r.stdout


def test_the_text_title_quotes_the_name_as_kubectl_does(tmp_path):
    _widget(tmp_path, "w.yaml", ESC_NAME)
    r = invoke(main, ["--schema", CRD, str(tmp_path / "w.yaml")])
    assert r.stdout.splitlines()[0] == 'The Widget "\\x1b[2J\\x1b[31mred" is invalid:', r.stdout


def test_the_json_status_message_quotes_the_name_as_the_server_does(tmp_path):
    _widget(tmp_path, "w.yaml", 'say "hi"\x07')
    r = invoke(main, ["--schema", CRD, "-o", "json", str(tmp_path / "w.yaml")])
    assert r.stdout.isascii()
    message = json.loads(r.stdout)["message"]
    assert message.startswith('Widget.example.com "say \\"hi\\"\\a" is invalid: '), message


def test_junit_stays_well_formed_with_control_characters(tmp_path):
    _widget(tmp_path, "w.yaml", ESC_NAME)
    r = invoke(main, ["--schema", CRD, "-o", "junit", str(tmp_path / "w.yaml")])
    case = ET.fromstring(r.stdout.split("\n", 1)[1]).find("testsuite/testcase")
    assert case is not None and '"\\x1b[2J\\x1b[31mred"' in case.get("name", "")


@pytest.mark.parametrize(
    ("text", "escaped"),
    [
        ("plain", "plain"),
        ("\x1b[2J", "\\x1b[2J"),
        ("tab\there", "tab\\there"),
        ("\u202eevil", "\\u202eevil"),  # a right-to-left override reorders what a terminal shows
        ("\x85", "\\u0085"),
        ("bad\udcffname", "bad\\xffname"),  # a byte of a file name that is not UTF-8
        ("caf\u00e9 \U0001f600", "caf\u00e9 \U0001f600"),
    ],
)
def test_terminal_escapes_what_go_would_not_print(text, escaped):
    assert terminal(text) == escaped
    assert terminal(text).isprintable()


def test_go_quote_is_kubectls_percent_q():
    assert go_quote('a"b\\c\n\x1b') == '"a\\"b\\\\c\\n\\x1b"'


def test_github_keeps_an_annotations_line_breaks_and_escapes_the_rest():
    assert github_data("50%\nnext\x1b[0m") == "50%25%0Anext\\x1b[0m"


def test_xml_text_holds_only_characters_xml_can():
    assert xml_text("a\x1bb\udc80\tc") == "a\\x1bb\\x80\tc"


def test_a_one_line_error_on_stderr_never_carries_a_control_character(tmp_path):
    missing = str(tmp_path / "gone\x1b[2J\nnext.yaml")
    r = invoke(main, ["--schema", CRD, missing])
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1, r.stderr
    assert "\x1b" not in r.stderr and "gone\\x1b[2J\\nnext.yaml" in r.stderr
