"""Every name and message that reaches an output, escaped for that output's grammar: a terminal
(Go's `%q` for control characters, as kubectl prints them), TAP 13, GitHub workflow commands, XML
and JSON. A manifest's names and values are hostile text: none may clear a screen, fake a line or
turn a failure into a TODO."""

from __future__ import annotations

import functools
import re

__all__ = [
    "go_quote",
    "terminal",
    "tap_description",
    "tap_reason",
    "github_data",
    "github_property",
    "xml_text",
    "json_document",
]


def go_quote(s: str) -> str:
    """Go's `%q` of a string (strconv.Quote). A printable name needs only its quotes; any other is
    quoted by the API server model's reader of Go's `fmt`, loaded then (a short run does not load it)."""
    if s.isprintable() and '"' not in s and "\\" not in s:
        return f'"{s}"'
    from evaluator.apiserver.values.gofmt import go_quote as quote

    return quote(s)


def _escape_char(c: str) -> str:
    """One character a terminal would act on, as Go's `%q` writes it (a byte of a name that was not
    UTF-8, kept by Python as a surrogate escape, as `\\xNN`)."""
    o = ord(c)
    if 0xDC80 <= o <= 0xDCFF:
        return f"\\x{o - 0xDC00:02x}"
    if 0xD800 <= o < 0xE000:
        return f"\\u{o:04x}"
    return go_quote(c)[1:-1]


def terminal(s: str, keep: str = "") -> str:
    """`s` with every character Go's `strconv.IsPrint` refuses (control and format characters, line
    breaks, separators other than the space) escaped as `%q` escapes it; characters in `keep` stay."""
    if s.isprintable():
        return s
    return "".join(c if c.isprintable() or c in keep else _escape_char(c) for c in s)


def tap_description(s: str) -> str:
    """A TAP 13 test point's description: one printable line, `\\` and `#` escaped (`\\\\`, `\\#`) so
    no name can start a directive (`# TODO`, `# SKIP`) that would turn a failure into a pass."""
    return terminal(s).replace("\\", "\\\\").replace("#", "\\#")


def tap_reason(s: str) -> str:
    """The explanation after a directive (`# skip …`) or in a comment line: one printable line."""
    return terminal(s)


def github_data(s: str) -> str:
    """A workflow command's message: `%`, CR and LF escaped as the runner reads them back (a line
    break is the annotation's own), other control characters escaped as `%q` escapes them."""
    return terminal(s, keep="\r\n").replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def github_property(s: str) -> str:
    """A workflow command's property value (file, title): as the message, and `:` and `,` too."""
    return github_data(s).replace(":", "%3A").replace(",", "%2C")


@functools.cache
def _not_xml() -> re.Pattern:
    """Characters XML 1.0 cannot hold (compiled on first use: the class costs ~5 ms to compile)."""
    return re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(s: str) -> str:
    """`s` with every character XML 1.0 cannot hold (control characters, the lone surrogates of a
    file name that is not UTF-8) written as `%q` writes it, so the document stays well-formed."""
    return _not_xml().sub(lambda m: _escape_char(m[0]), s)


def json_document(doc: object, indent: int | None = 2) -> str:
    """A JSON document in ASCII: every control character, line separator and lone surrogate written
    as a `\\u` escape, so the text is valid JSON and inert on a terminal."""
    import json  # only a JSON report needs it

    return json.dumps(doc, indent=indent, ensure_ascii=True)
