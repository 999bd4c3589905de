"""YAML values as the API server makes them: go-yaml v2's scalar rules and sigs.k8s.io/yaml's JSON
round trip (booleans, numbers, keys, tags), and the limits of one document. Free of PyYAML: both
readers (`loader`, `plainyaml`) resolve scalars here.
"""

from __future__ import annotations

import math
import re

MAX_DEPTH = 1000  # nesting levels of one document, aliases expanded
MAX_NODES = 1_000_000  # YAML nodes of one document, aliases expanded (~ a 3 MiB request body)
MAX_DOC_CHARS = 16 << 20  # characters read for one document (the API server takes 3 MiB request bodies)


class _Bad(Exception):
    """A document that Kubernetes would refuse: (reason, 0-based line or None)."""


# --- scalars, as go-yaml v2 resolves them and the JSON round trip then reads them ----------

STR = "tag:yaml.org,2002:str"
_Y = "tag:yaml.org,2002:"
_MERGE = _Y + "merge"
_WORDS = {
    **dict.fromkeys(("y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"), True),
    **dict.fromkeys(("n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"), False),
    **dict.fromkeys(("", "~", "null", "Null", "NULL"), None),
    **dict.fromkeys((".nan", ".NaN", ".NAN"), math.nan),
    **dict.fromkeys((".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"), math.inf),
    **dict.fromkeys(("-.inf", "-.Inf", "-.INF"), -math.inf),
}
_GO_INT = re.compile(r"([-+]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)")
_BASES = {"x": 16, "X": 16, "o": 8, "O": 8, "b": 2, "B": 2}
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")
# compiled when first used (re keeps them): few documents hold a scalar such as `.5` or a `!!timestamp`
_DOT_FLOAT = r"\.[0-9]+([eE][-+]?[0-9]+)?"
_TIMESTAMP = r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(([Tt ])[0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(\.[0-9]*)?.*)?"
_I64, _U64 = 1 << 63, 1 << 64
_NUMBER_ENDS = frozenset("0123456789abcdefABCDEF.")  # the last character of what _GO_INT or _FLOAT matches
_HINTS = frozenset("yYnNtTfFoO~.+-0123456789<") | {""}  # go-yaml's resolve table, and `<<`
_KIND = {type(None): "null", bool: "bool", int: "int", float: "float"}


def _go_int(s: str) -> int | None:
    """strconv.ParseInt(s, 0, 64), else ParseUint (unsigned, no sign): None when neither parses."""
    m = _GO_INT.fullmatch(s)
    if m is None or len(s) > 70:  # 64 binary digits plus prefix and sign at most
        return None
    sign, body = m.groups()
    if body[0] == "0" and len(body) > 1 and body[1] in _BASES:
        v = int(body[2:], _BASES[body[1]])
    elif body[0] == "0" and len(body) > 1:
        v = int(body[1:], 8)
    else:
        v = int(body)
    if sign == "-":
        v = -v
    if -_I64 <= v < _I64 or (not sign and v < _U64):
        return v
    return None


def _number(v: int | float) -> int | float:
    """A number after Go's json.Marshal and the API server's decoding (int64 when it fits)."""
    if type(v) is int:
        return v if v < _I64 else float(v)
    if math.isinf(v) or math.isnan(v):
        raise _Bad(f"json: unsupported value: {'NaN' if v != v else ('+Inf' if v > 0 else '-Inf')}")
    if v.is_integer() and abs(v) < 1e21 and -_I64 <= v < _I64:
        return int(v)
    return v


def _plain(s: str):
    """An untagged plain scalar (go-yaml v2 `resolve("", s)`)."""
    if s in _WORDS:
        return _WORDS[s]
    if len(s) < 20 and s.isdigit() and s.isascii() and (s[0] != "0" or len(s) == 1):
        return int(s)  # the common case, a plain decimal below 10**19: ParseInt's, without the regex
    c = s[0]
    if c == ".":
        return float(s) if re.fullmatch(_DOT_FLOAT, s) else s
    if not (c.isdigit() and c.isascii()) and c not in "+-":
        return s
    p = s.replace("_", "")  # a timestamp (2024-01-01) is no number either: go-yaml hands it over as text
    if p[-1] not in _NUMBER_ENDS:  # `100m`, `128Mi`: neither pattern can match
        return s
    v = _go_int(p)
    if v is not None:
        return v
    if _FLOAT.fullmatch(p):
        f = float(p)
        if not math.isinf(f):  # ParseFloat's out-of-range error: the scalar stays a string
            return f
    return s


def _tagged(tag: str, s: str):
    """A scalar with an explicit tag (go-yaml v2: only the core tags are checked)."""
    import json

    if tag == STR:
        return s
    if tag == _Y + "binary":
        import base64  # only here: a tag only the loader reads (which has imported it with yaml anyway)
        import binascii

        try:
            # Go's base64 decoder skips line breaks (a block scalar), nothing else
            return base64.b64decode(s.replace("\n", "").replace("\r", ""), validate=True).decode("utf-8", "replace")
        except (binascii.Error, ValueError):
            raise _Bad("!!binary value contains invalid base64 data") from None
    want = tag[len(_Y) :] if tag.startswith(_Y) else None
    if want not in ("bool", "int", "float", "null", "timestamp"):
        return s  # any other tag (`!foo`, `!!set`): go-yaml keeps the text
    v = s if want == "timestamp" and re.fullmatch(_TIMESTAMP, s) else _plain(s)
    got = _KIND.get(type(v)) or ("timestamp" if re.fullmatch(_TIMESTAMP, s) else "str")
    if got == want:
        return v
    if want == "float" and got == "int":
        return float(v)
    text = s if len(s) <= 60 else s[:60] + "..."  # one line, not a whole block scalar
    raise _Bad(f"cannot decode !!{got} `{json.dumps(text, ensure_ascii=False)[1:-1]}` as a !!{want}")


def _key(k: object, s: str) -> str:
    """A mapping key as sigs.k8s.io/yaml writes it into JSON."""
    if type(k) is str:
        return k
    if k is True or k is False:
        return "true" if k else "false"
    if type(k) is int and k < _I64:  # a uint64 key is one sigs.k8s.io/yaml does not convert
        return str(k)
    if type(k) is float:
        return _go_float32(k)
    raise _Bad(f"unsupported map key: {s or 'null'}")


def _go_float32(f: float) -> str:
    """strconv.FormatFloat(f, 'g', -1, 32), with sigs.k8s.io/yaml's names for infinities."""
    import struct  # here: only a float32 field's value is formatted so

    if math.isnan(f):
        return ".nan"
    try:
        f32 = struct.unpack("f", struct.pack("f", f))[0]
    except OverflowError:
        f32 = math.copysign(math.inf, f)
    if math.isinf(f32):
        return ".inf" if f32 > 0 else "-.inf"
    for p in range(1, 10):  # the shortest digits that read back as the same float32
        txt = f"{f32:.{p - 1}e}"
        if struct.unpack("f", struct.pack("f", float(txt)))[0] == f32:
            break
    mant, exp = txt.split("e")
    e, sign = int(exp), "-" if mant.startswith("-") else ""
    digits = mant.lstrip("-").replace(".", "").rstrip("0") or "0"
    if e < -4 or e >= 6:
        frac = "." + digits[1:] if len(digits) > 1 else ""
        return f"{sign}{digits[0]}{frac}e{'-' if e < 0 else '+'}{abs(e):02d}"
    dp = e + 1
    if dp <= 0:
        return sign + "0." + "0" * -dp + digits
    if dp >= len(digits):
        return sign + digits + "0" * (dp - len(digits))
    return sign + digits[:dp] + "." + digits[dp:]
