"""Whether Go's `regexp.Compile` takes a pattern, and its error in Go's words when it does not.

RE2 (C++, through the `re2` module) and Go's `regexp/syntax` read the same syntax; only the words of
a refusal differ (`missing ): (` is Go's ``error parsing regexp: missing closing ): `(` ``)."""

from __future__ import annotations

import functools

import re2

_QUIET = re2.Options()
_QUIET.log_errors = False  # a bad pattern is a field error, not a line on stderr

# RE2's error strings (re2/regexp.cc) -> Go's ErrorCode strings (regexp/syntax)
_GO_CODES = {
    "missing ]": "missing closing ]",
    "missing )": "missing closing )",
    "trailing \\": "trailing backslash at end of expression",
    "no argument for repetition operator": "missing argument to repetition operator",
    "invalid repetition size": "invalid repeat count",
    "bad repetition operator": "invalid nested repetition operator",
    "invalid perl operator": "invalid or unsupported Perl syntax",
    "invalid named capture group": "invalid named capture",
}


@functools.lru_cache(maxsize=256)
def compile_error(pattern: str) -> str | None:
    """None when Go compiles `pattern`; else Go's error (`error parsing regexp: CODE: `EXPR``)."""
    try:
        re2.compile(pattern, _QUIET)
    except re2.error as e:
        raw = e.args[0] if e.args else b""
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
        code, _, expr = text.partition(": ")
        return f"error parsing regexp: {_GO_CODES.get(code, code)}: `{expr}`"
    return None
