"""The `+k8s:` comment-tag grammar, as in Kubernetes' IDL.

    +k8s:name
    +k8s:name=payload
    +k8s:name(arg, key: value, ...)=payload
    +k8s:eachVal=+k8s:subfield(x)=+k8s:minimum=1      (a payload may be another tag)

Argument and payload values are quoted strings ("..." or `...`), integers,
booleans or bare words. A trailing `# comment` after a tag is ignored, as gengo ignores it
(`+k8s:maximum=1000000000 # HighestUserDefinablePriority`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

PREFIX = "+k8s:"

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
# A trailing comment, as gengo's tag parser reads one: whitespace, then `#` to the end of the line.
_COMMENT = re.compile(r"\s*#")
_TRAILING_COMMENT = re.compile(r"\s+#.*$")
_INT = re.compile(r"-?(0|[1-9][0-9]*)$")


class GrammarError(ValueError):
    """A tag that does not parse; the message says what was expected."""


@dataclass(frozen=True)
class Tag:
    """One parsed tag: name, positional and named arguments, and payload.

    `value` is the payload: None (no `=`), a `Tag` (a chained tag), or a
    scalar (str, int or bool). `raw` keeps the payload text as written.
    """

    name: str
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)
    value: object = None
    raw: str | None = None
    text: str = ""

    def arg(self, key: str, position: int | None = None, default: object = None) -> object:
        """A named argument, else the positional one at `position`, else `default`."""
        if key in self.kwargs:
            return self.kwargs[key]
        if position is not None and position < len(self.args):
            return self.args[position]
        return default


def _scalar(text: str) -> object:
    """A bare payload or argument: int, bool or the word itself."""
    if _INT.match(text):
        digits = text.lstrip("+-").lstrip("0")
        if len(digits) > 19 or not -(2**63) <= int(text) < 2**63:  # length first: no huge int() conversion
            shown = text if len(text) <= 24 else f"{text[:20]}... ({len(digits)} digits)"
            raise GrammarError(f"integer {shown} out of range (tag integers are Go int64)")
        return int(text)
    if text in ("true", "false"):
        return text == "true"
    return text


def _read_quoted(s: str, i: int) -> tuple[str, int]:
    quote = s[i]
    if quote == "`":
        end = s.find("`", i + 1)
        if end < 0:
            raise GrammarError("unterminated `-quoted string")
        return s[i + 1 : end], end + 1
    out = []
    j = i + 1
    while j < len(s):
        c = s[j]
        if c == "\\" and j + 1 < len(s):
            nxt = s[j + 1]
            out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(nxt, "\\" + nxt))
            j += 2
            continue
        if c == '"':
            return "".join(out), j + 1
        out.append(c)
        j += 1
    raise GrammarError('unterminated "-quoted string')


def _parse_args(s: str, i: int) -> tuple[tuple, dict, int]:
    """Parse `(a, k: v, ...)` starting at the `(`; return args, kwargs, next index."""
    args: list = []
    kwargs: dict = {}
    i += 1
    while True:
        while i < len(s) and s[i] == " ":
            i += 1
        if i < len(s) and s[i] == ")":
            return tuple(args), kwargs, i + 1
        key = None
        m = _NAME.match(s, i)
        if m:
            j = m.end()
            while j < len(s) and s[j] == " ":
                j += 1
            if j < len(s) and s[j] == ":":
                key = m.group()
                i = j + 1
                while i < len(s) and s[i] == " ":
                    i += 1
        if i >= len(s):
            raise GrammarError("unterminated argument list, expected ')'")
        if s[i] in '"`':
            val, i = _read_quoted(s, i)
        else:
            m = re.compile(r"[^,)\s]+").match(s, i)
            if not m:
                raise GrammarError(f"expected an argument value at {s[i:]!r}")
            val, i = _scalar(m.group()), m.end()
        if key is None:
            if kwargs:
                raise GrammarError("positional argument after a named one")
            args.append(val)
        else:
            kwargs[key] = val
        while i < len(s) and s[i] == " ":
            i += 1
        if i < len(s) and s[i] == ",":
            i += 1
        elif i < len(s) and s[i] == ")":
            continue
        else:
            raise GrammarError("expected ',' or ')' in argument list")


def parse_tag(text: str) -> Tag:
    """Parse one tag, `+k8s:` prefix included."""
    text = text.strip()
    if not text.startswith(PREFIX):
        raise GrammarError(f"expected a tag starting with {PREFIX!r}")
    s = text[len(PREFIX) :]
    m = _NAME.match(s)
    if not m:
        raise GrammarError("expected a tag name after '+k8s:'")
    name, i = m.group(), m.end()
    args: tuple = ()
    kwargs: dict = {}
    if i < len(s) and s[i] == "(":
        args, kwargs, i = _parse_args(s, i)
    if i == len(s) or _COMMENT.match(s, i):
        return Tag(name, args, kwargs, None, None, text)
    if s[i] != "=":
        raise GrammarError(f"unexpected {s[i:]!r} after tag name, expected '=' or '('")
    raw = s[i + 1 :].strip()
    if raw.startswith("+"):
        return Tag(name, args, kwargs, parse_tag(raw), raw, text)
    if raw[:1] in ('"', "`"):
        val, end = _read_quoted(raw, 0)
        if raw[end:].strip() and not _COMMENT.match(raw, end):
            raise GrammarError(f"unexpected text after quoted payload: {raw[end:]!r}")
        return Tag(name, args, kwargs, val, raw[:end], text)
    raw = _TRAILING_COMMENT.sub("", raw)
    return Tag(name, args, kwargs, _scalar(raw) if raw else "", raw, text)
