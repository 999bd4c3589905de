"""How Go's encoding/json reads a JSON stream's `\\u` escapes of UTF-16 surrogates, which YAML refuses
(`found invalid Unicode character escape code`): a pair (`\\ud83d\\ude00`, as Python's `json.dumps`
and `jq -a` write a character past U+FFFF) is joined into one character; any other surrogate escape
is U+FFFD, as `unquote` falls back to the replacement rune. The API server reads a body that starts
with `{` as JSON (apimachinery's `YAMLOrJSONDecoder`); the loader hands such a stream to YAML with
these escapes rewritten as YAML's own (`\\U0001f600`, `\\ufffd`), on the same lines."""

from __future__ import annotations

import re

# an escaped backslash (consumed, so `\\\\ud83d` is no escape), a high-low pair, or any other surrogate
_ESCAPE = re.compile(
    r"\\(?:\\|u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})|u[dD][89a-fA-F][0-9a-fA-F]{2})"
)
LONGEST = 12  # characters of the longest rewritten escape, a pair


def is_json(text: str) -> bool | None:
    """Whether a stream starting with `text` is JSON as apimachinery guesses it (its first non-space
    character is `{`); None while `text` is all space."""
    m = re.compile(r"\s*").match(text)
    return None if m.end() == len(text) else text[m.end()] == "{"


def _rewritten(m: re.Match) -> str:
    if m[1]:
        return f"\\U{0x10000 + ((int(m[1], 16) - 0xD800) << 10) + int(m[2], 16) - 0xDC00:08x}"
    return m[0] if m[0] == "\\\\" else "\\ufffd"


def surrogate_escapes(text: str, final: bool = True) -> tuple[str, str]:
    """(`text` with its surrogate escapes rewritten, the rest held back): unless `final`, the last
    LONGEST characters may begin an escape that the next part of the stream ends, and wait for it."""
    cut = len(text) if final else max(0, len(text) - LONGEST)
    out, pos = [], 0
    for m in _ESCAPE.finditer(text):
        if m.end() > cut:
            cut = min(cut, m.start())
            break
        out += (text[pos : m.start()], _rewritten(m))
        pos = m.end()
    out.append(text[pos:cut])
    return "".join(out), text[cut:]
