"""The string formats kube-apiserver checks in custom resources, written from the Go they run.

A CRD's `format` goes through apiextensions-apiserver's `StripUnsupportedFormatsPostProcessor`
(a format the server does not support, or one on a non-string type, is dropped; see
`effective_format`), then kube-openapi's format validator checks string values against strfmt's
default registry. Names are compared with dashes removed (`date-time` is `datetime`). Each entry of
`FORMATS` is one validator of that registry, with Go's semantics: RE2 classes are ASCII (`\\d` is
`[0-9]`), `$` is the end of the text, and lengths are counted in UTF-8 bytes where Go's `len` counts.
"""

from __future__ import annotations

import base64
import re
import unicodedata
from collections.abc import Callable

from . import gourl, netip

INT64_MAX = 2**63 - 1
U64 = 2**64 - 1

_HEX = "0123456789abcdefABCDEF"
_DIGITS = "0123456789"
_BASE64 = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})")
_UUID = r"[0-9a-f]{8}-?[0-9a-f]{4}-?%s[0-9a-f]{3}-?%s[0-9a-f]{3}-?[0-9a-f]{12}"
_CREDIT_CARD = re.compile(
    r"4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}"
    r"|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35[0-9]{3})[0-9]{11}"
)
_BYTE = r"(0|[1-9][0-9]?|1[0-9][0-9]?|2[0-4][0-9]|25[0-5])"
_SP = r"[\t\n\f\r ]*"  # RE2's \s*
_RGB = re.compile(rf"rgb\({_SP}{_BYTE}{_SP},{_SP}{_BYTE}{_SP},{_SP}{_BYTE}{_SP}\)")
_TIME = re.compile(r"([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))")
# strfmt's `(\d+)\s*([A-Za-zµ]+)`, found as RE2 finds it: only at the start of a run of digits, so
# this form (letters optional, checked by the caller) is linear where the original backtracks
_DURATION_TERM = re.compile(r"([0-9]+)[\t\n\f\r ]*([A-Za-zµ]*)")
_SHORT_NAME = r"[a-z0-9]([-a-z0-9]*[a-z0-9])?"


def _go_len(s: str) -> int:
    """Go's `len` of a string: its UTF-8 bytes."""
    return len(s.encode("utf-8", "surrogatepass"))


def _all(s: str, chars: str) -> bool:
    return bool(s) and all(c in chars for c in s)


def _decimal(digits: str) -> int:
    """The value of ASCII digits, any number of them (beyond 20 significant ones, some value above 2**64)."""
    return int(digits.lstrip("0")[:21] or "0")


# --- IP addresses: Go 1.16's net.ParseIP (k8s.io/utils ParseIPSloppy) and net/netip's ParseAddr --


def _ipv4(s: str) -> bytes | None:
    """Four dotted decimal fields up to 255 (leading zeros allowed)."""
    fields = s.split(".")
    if len(fields) != 4 or not all(_all(f, _DIGITS) for f in fields):
        return None
    values = [_decimal(f) for f in fields]
    return bytes(values) if max(values) <= 255 else None


def _ipv6(s: str) -> bytes | None:
    """Hex groups with one optional `::` and an optional trailing IPv4 (any number of digits a group
    up to 0xffff)."""
    out = bytearray(16)
    ellipsis = -1
    if s.startswith("::"):
        ellipsis, s = 0, s[2:]
        if not s:
            return bytes(out)
    i = 0
    while i < 16:
        n = next((k for k, c in enumerate(s) if c not in _HEX), len(s))
        if n == 0 or int(s[:n], 16) > 0xFFFF:
            return None
        if s[n:].startswith("."):  # the embedded IPv4 of the last 32 bits
            v4 = _ipv4(s) if (ellipsis >= 0 or i == 12) and i + 4 <= 16 else None
            if v4 is None:
                return None
            out[i : i + 4] = v4
            s, i = "", i + 4
            break
        out[i : i + 2] = int(s[:n], 16).to_bytes(2, "big")
        s, i = s[n:], i + 2
        if not s:
            break
        if s[0] != ":" or len(s) == 1:
            return None
        s = s[1:]
        if s[0] == ":":
            if ellipsis >= 0:
                return None
            ellipsis, s = i, s[1:]
            if not s:
                break
    if s:
        return None
    if i < 16:
        if ellipsis < 0:
            return None
        return bytes(out[:ellipsis] + bytes(16 - i) + out[ellipsis:i])
    return bytes(out) if ellipsis < 0 else None


def parse_ip_sloppy(s: str) -> bytes | None:
    """`netutils.ParseIPSloppy`: IPv4 (leading zeros allowed) or IPv6, by the first `.` or `:`."""
    first = next((c for c in s if c in ".:"), "")
    return _ipv4(s) if first == "." else _ipv6(s) if first == ":" else None


def parse_addr(s: str) -> tuple[bytes, str] | None:
    """`netip.ParseAddr` (`netip.py`): the address (IPv4 in 4 bytes) and its IPv6 zone, or None."""
    try:
        version, value, zone = netip.parse_addr(s)
    except netip.NetipError:
        return None
    return value.to_bytes(4 if version == 4 else 16, "big"), zone


def parse_ip(s: str) -> bytes | None:
    """`net.ParseIP` of current Go (netip's parser, no zone): 16 bytes, IPv4 mapped."""
    got = parse_addr(s)
    if got is None or got[1]:
        return None
    return got[0] if len(got[0]) == 16 else bytes(10) + b"\xff\xff" + got[0]


def _is_v4_mapped(ip: bytes) -> bool:
    """`IP.To4() != nil` of a 16-byte address."""
    return ip[:12] == bytes(10) + b"\xff\xff"


# --- the formats -----------------------------------------------------------------------------


def is_byte(s: str) -> bool:
    """`byte`: govalidator's base64 regex (at least one full quantum; no decoding)."""
    return bool(_BASE64.fullmatch(s))


def is_ipv4(s: str) -> bool:
    """`ipv4`: ParseIPSloppy accepts it and it holds a `.` (so `::ffff:1.2.3.4` passes)."""
    return parse_ip_sloppy(s) is not None and "." in s


def is_ipv6(s: str) -> bool:
    """`ipv6`: net.ParseIP accepts it (no zone) and it holds a `:`."""
    return parse_ip(s) is not None and ":" in s


def is_cidr(s: str) -> bool:
    """`cidr`: ParseCIDRSloppy: an IPv4 (else IPv6) address, `/`, a decimal prefix length that fits."""
    addr, slash, mask = s.partition("/")
    if not slash:
        return False
    ip = _ipv4(addr)
    bits = 32
    if ip is None:
        ip, bits = _ipv6(addr), 128
    return ip is not None and _all(mask, _DIGITS) and _decimal(mask) <= bits


def is_mac(s: str) -> bool:
    """`mac`: net.ParseMAC: 6, 8 or 20 bytes as `xx:xx:…`, `xx-xx-…` (one separator) or `xxxx.xxxx.…`."""
    if not s.isascii() or len(s) < 14:
        return False
    if s[2] in ":-":
        groups, size = s.split(s[2]), 2
    elif s[4] == ".":
        groups, size = s.split("."), 4
    else:
        return False
    return len(groups) * size // 2 in (6, 8, 20) and all(len(g) == size and _all(g, _HEX) for g in groups)


def _uuid(version: str = "[0-9a-f]", variant: str = "[0-9a-f]") -> Callable[[str], bool]:
    """A UUID (dashes optional, any case) with the given version and variant digits."""
    pattern = re.compile(_UUID % (version, variant), re.IGNORECASE)
    return lambda s: bool(pattern.fullmatch(s))


def is_isbn10(s: str) -> bool:
    """`isbn10`: after dropping whitespace and dashes, 9 digits and a digit or `X`, weighted sum % 11 == 0."""
    d = re.sub(r"[\t\n\f\r -]+", "", s)
    if not re.fullmatch(r"[0-9]{9}X|[0-9]{10}", d):
        return False
    total = sum((i + 1) * int(c) for i, c in enumerate(d[:9])) + 10 * (10 if d[9] == "X" else int(d[9]))
    return total % 11 == 0


def is_isbn13(s: str) -> bool:
    """`isbn13`: after dropping whitespace and dashes, 13 digits with the EAN check digit."""
    d = re.sub(r"[\t\n\f\r -]+", "", s)
    if not re.fullmatch(r"[0-9]{13}", d):
        return False
    total = sum((3 if i % 2 else 1) * int(c) for i, c in enumerate(d[:12]))
    return int(d[12]) == (10 - total % 10) % 10


def is_creditcard(s: str) -> bool:
    """`creditcard`: the digits alone (everything else dropped) match a card pattern and pass Luhn."""
    d = re.sub(r"[^0-9]+", "", s)
    if not _CREDIT_CARD.fullmatch(d):
        return False
    total = 0
    for i, c in enumerate(reversed(d)):
        n = int(c) * (2 if i % 2 else 1)
        total += n % 10 + 1 if n >= 10 else n
    return total % 10 == 0


def is_ssn(s: str) -> bool:
    """`ssn`: 11 bytes: three, two and four digits, separated by `-` or a space."""
    return _go_len(s) == 11 and bool(re.fullmatch(r"[0-9]{3}[- ]?[0-9]{2}[- ]?[0-9]{4}", s))


def is_date(s: str) -> bool:
    """`date`: time.Parse("2006-01-02"): four-digit year, two-digit month 1-12, a day the month has."""
    m = re.fullmatch(r"([0-9]{4})-([0-9]{2})-([0-9]{2})", s)
    if not m:
        return False
    year, month, day = (int(g) for g in m.groups())
    if not 1 <= month <= 12:
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return 1 <= day <= days


def is_datetime(s: str) -> bool:
    """`date-time`: strfmt's IsDateTime: lowercased and split at every `t`, the first part a date,
    the second `hh:mm:ss[<any char><digits>](z|±hh:mm)` with hh <= 23, mm and ss <= 59 (offsets
    unchecked); further parts are ignored."""
    parts = s.lower().split("t")
    if len(s) < 4 or len(parts) < 2 or not is_date(parts[0]):
        return False
    m = _TIME.fullmatch(parts[1])
    return bool(m) and m[1] <= "23" and m[2] <= "59" and m[3] <= "59"


_UNITS = {"ns": 1, "us": 10**3, "µs": 10**3, "μs": 10**3, "ms": 10**6, "s": 10**9, "m": 60 * 10**9, "h": 3600 * 10**9}


_NUMBER = re.compile(r"([0-9]*)(?:\.([0-9]*))?")
_UNIT = re.compile(r"[^.0-9]*")


def go_duration_ns(s: str) -> int | None:
    """Go's time.ParseDuration of `s` in nanoseconds, or None where it fails."""
    neg = s[:1] == "-"
    i = 1 if s[:1] in ("-", "+") else 0
    if s[i:] == "0":
        return 0
    if i == len(s):
        return None
    total = 0
    while i < len(s):
        if s[i] != "." and s[i] not in _DIGITS:
            return None
        number = _NUMBER.match(s, i)
        unit = _UNIT.match(s, number.end())
        whole, frac, i = number[1], number[2], unit.end()
        v, scale = _decimal(whole), _UNITS.get(unit[0])
        if (not whole and not frac) or v > 2**63 or scale is None or v > 2**63 // scale:
            return None  # no digits, leadingInt overflows, an unknown or missing unit, or overflow
        v *= scale
        f, div = _fraction(frac or "")
        if f > 0:
            v += int(float(f) * (float(scale) / div))
            if v > 2**63:
                return None
        total = (total + v) & U64
        if total > 2**63:
            return None
    if neg:
        return -total
    return total if total <= INT64_MAX else None


def _fraction(digits: str) -> tuple[int, float]:
    """Go's leadingFraction: the digits' value and 10**count, accumulated until the next would overflow."""
    x, scale = 0, 1.0
    for c in digits:
        if x > INT64_MAX // 10 or x * 10 + int(c) > 2**63:
            break
        x, scale = x * 10 + int(c), scale * 10
    return x, scale


# strfmt's units: the short forms, then the long form a unit may start with
_DURATION_UNITS = [
    (("ns",), "nano"),
    (("us", "µs"), "micro"),
    (("ms",), "milli"),
    (("s",), "sec"),
    (("m",), "min"),
    (("h", "hr"), "hour"),
    (("d",), "day"),
    (("w", "wk"), "week"),
]
_DURATION_UNIT_NS = [1, 10**3, 10**6, 10**9, 60 * 10**9, 3600 * 10**9, 86400 * 10**9, 7 * 86400 * 10**9]


def duration_ns(s: str) -> int | None:
    """strfmt's ParseDuration in nanoseconds: Go's ParseDuration, else strfmt's words: anywhere in the
    text, `<digits> <unit>` with a unit named by one of its short forms or starting with its long
    form (`5 minutes`, `2 d`), the terms added up (as int64); None where no term names a unit, or a
    count is beyond int64."""
    ns = go_duration_ns(s)
    if ns is not None:
        return ns
    total, ok = 0, False
    for m in _DURATION_TERM.finditer(s):
        if not m[2]:
            continue
        if _decimal(m[1]) > INT64_MAX:  # strconv.Atoi
            return None
        unit = m[2].lower()
        for (short, long), unit_ns in zip(_DURATION_UNITS, _DURATION_UNIT_NS, strict=True):
            if unit in short or unit.startswith(long):
                ok = True
                total = (total + _decimal(m[1]) * unit_ns) & U64
    if not ok:
        return None
    return total - 2**64 if total > INT64_MAX else total


def is_duration(s: str) -> bool:
    """`duration`: strfmt's ParseDuration takes it (`duration_ns`)."""
    return duration_ns(s) is not None


def is_hostname(s: str) -> bool:
    """`hostname`: strfmt's RFC 1034 pattern (letters of any script and symbols count as letters;
    a single label may hold one `-`, right after its first character; a dotted name ends in a
    2-63 letter top-level label), at most 255 bytes, labels at most 63 bytes."""
    if _go_len(s) > 255 or any(_go_len(p) > 63 for p in s.split(".")):
        return False
    labels = s.split(".")
    if len(labels) == 1:
        rest = s[1:][1:] if s[1:2] == "-" else s[1:]
        return bool(s) and _host_char(s[0]) and len(rest) <= 62 and all(_host_char(c) for c in rest)
    *head, top = labels
    return 2 <= len(top) <= 63 and all(_letter(c) for c in top) and all(_host_label(p) for p in head)


def _letter(c: str) -> bool:
    return ("a" <= c <= "z") or ("A" <= c <= "Z") or unicodedata.category(c)[0] == "L"


def _host_char(c: str) -> bool:
    return _letter(c) or c in _DIGITS or unicodedata.category(c)[0] == "S"


def _host_label(p: str) -> bool:
    return 0 < len(p) <= 63 and _host_char(p[0]) and _host_char(p[-1]) and all(_host_char(c) or c == "-" for c in p)


def is_bsonobjectid(s: str) -> bool:
    """`bsonobjectid`: hex that decodes to 12 bytes."""
    return len(s) == 24 and _all(s, _HEX)


def is_short_name(s: str) -> bool:
    """`k8s-short-name`: an RFC 1123 label of lower-case letters, digits and `-`, at most 63."""
    return len(s) <= 63 and bool(re.fullmatch(_SHORT_NAME, s))


def is_long_name(s: str) -> bool:
    """`k8s-long-name`: dot-separated short-name segments (no 63 limit each), at most 253."""
    return len(s) <= 253 and bool(re.fullmatch(rf"{_SHORT_NAME}(\.{_SHORT_NAME})*", s))


# --- uri: net/url.ParseRequestURI ------------------------------------------------------------


def is_uri(s: str) -> bool:
    """`uri`: Go's url.ParseRequestURI accepts it (`gourl`)."""
    try:
        gourl.parse_request_uri(s)
    except ValueError:
        return False
    return True


# --- email: net/mail.ParseAddress ------------------------------------------------------------


class _MailParser:
    """Go's net/mail address parser, reduced to whether ParseAddress succeeds; ValueError when not."""

    def __init__(self, s: str):
        self.s, self.i = s, 0

    def at(self, c: str) -> bool:
        return self.s.startswith(c, self.i)

    def empty(self) -> bool:
        return self.i >= len(self.s)

    def consume(self, c: str) -> bool:
        if self.at(c):
            self.i += 1
            return True
        return False

    def skip_space(self) -> None:
        while self.at(" ") or self.at("\t"):
            self.i += 1

    def skip_cfws(self) -> bool:
        self.skip_space()
        while self.consume("("):
            if self.comment() is None:
                return False
            self.skip_space()
        return True

    def comment(self) -> str | None:
        """The text of a comment whose `(` is consumed (nested, with `\\` escapes); None if unclosed."""
        depth, start = 1, self.i
        while not self.empty() and depth:
            c = self.s[self.i]
            if c == "\\" and self.i + 1 < len(self.s):
                self.i += 1
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
            self.i += 1
        return re.sub(r"\\(.)", r"\1", self.s[start : self.i - 1], flags=re.DOTALL) if depth == 0 else None

    def single_address(self) -> None:
        found = self.address(True)
        if not self.skip_cfws() or not self.empty() or found != 1:
            raise ValueError

    def address(self, group: bool) -> int:
        """The number of addresses parsed: one, or a group's."""
        self.skip_space()
        if self.empty():
            raise ValueError
        if self.addr_spec():
            self.skip_space()
            if self.consume("("):
                text = self.comment()
                if text is None or any(_charset_error(w) for w in re.split("[ \t]", text)):
                    raise ValueError
            return 1
        if not self.at("<"):
            self.phrase()
        self.skip_space()
        if group and self.consume(":"):
            return self.group_list()
        if not self.consume("<") or not self.addr_spec() or not self.consume(">"):
            raise ValueError
        return 1

    def group_list(self) -> int:
        found = 0
        self.skip_space()
        if self.consume(";"):
            if not self.skip_cfws():
                raise ValueError
            return found
        while True:
            self.skip_space()
            found += self.address(False)
            if not self.skip_cfws():
                raise ValueError
            if self.consume(";"):
                if not self.skip_cfws():
                    raise ValueError
                return found
            if not self.consume(","):
                raise ValueError

    def addr_spec(self) -> bool:
        """Whether an addr-spec follows (consumed; the position restored when none does)."""
        saved = self.i
        try:
            self.skip_space()
            if self.empty():
                raise ValueError
            local = self.quoted() if self.at('"') else self.atom(True, False)
            if local == "" or not self.consume("@"):
                raise ValueError
            self.skip_space()
            if self.empty():
                raise ValueError
            if self.at("["):
                self.domain_literal()
            else:
                self.atom(True, False)
            return True
        except ValueError:
            self.i = saved
            return False

    def phrase(self) -> None:
        words = 0
        while True:
            if words and not self.skip_cfws():
                raise ValueError
            self.skip_space()
            if self.empty():
                break
            try:
                if self.at('"'):
                    self.quoted()
                elif _charset_error(self.atom(True, True)):
                    break
            except ValueError:
                break
            words += 1
        if not words:
            raise ValueError

    def quoted(self) -> str:
        """A quoted-string's content (its `"` at the position)."""
        out, escaped = [], False
        for i in range(self.i + 1, len(self.s)):
            r = self.s[i]
            if escaped:
                if not (_vchar(r) or r in " \t"):
                    raise ValueError
                out.append(r)
                escaped = False
            elif (_vchar(r) and r not in '\\"') or r in " \t":
                out.append(r)
            elif r == '"':
                self.i = i + 1
                return "".join(out)
            elif r == "\\":
                escaped = True
            else:
                raise ValueError
        raise ValueError  # unclosed

    def atom(self, dot: bool, permissive: bool) -> str:
        end = self.i
        while end < len(self.s) and _atext(self.s[end], dot):
            end += 1
        if end == self.i:
            raise ValueError
        atom, self.i = self.s[self.i : end], end
        if not permissive and (atom.startswith(".") or atom.endswith(".") or ".." in atom):
            raise ValueError
        return atom

    def domain_literal(self) -> None:
        close = self.s.find("]", self.i)
        text = self.s[self.i + 1 : close if close >= 0 else len(self.s)]
        if close < 0 or any(not _vchar(r) or r in "[\\" for r in text):
            raise ValueError
        self.i = close + 1
        v6 = text.startswith("IPv6:")  # then any IP; else an IPv4 (or IPv4-mapped) address
        ip = parse_ip(text.removeprefix("IPv6:"))
        if ip is None or not (v6 or _is_v4_mapped(ip)):
            raise ValueError


def _vchar(r: str) -> bool:
    return "!" <= r <= "~" or ord(r) >= 0x80


def _atext(r: str, dot: bool) -> bool:
    return dot if r == "." else _vchar(r) and r not in '()<>[]:;@\\,"'


def _charset_error(word: str) -> bool:
    """Whether Go's RFC 2047 decoder fails on `word` for want of a charset reader: a well-formed,
    decodable `=?charset?B|Q?text?=` whose charset is not UTF-8, ISO-8859-1 or US-ASCII."""
    if _go_len(word) < 8 or not word.startswith("=?") or not word.endswith("?=") or word.count("?") != 4:
        return False
    charset, _, rest = word[2:-2].partition("?")
    encoding, _, text = rest.partition("?")
    if not charset or _go_len(encoding) != 1 or encoding not in "BbQq":
        return False
    if encoding in "Bb":
        try:
            base64.b64decode(text.replace("\r", "").replace("\n", "").encode(), validate=True)
        except ValueError:
            return False
    elif not re.fullmatch(r"(?:[^=\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\U0010ffff]|=[0-9A-Fa-f]{2})*", text):
        return False
    return charset.casefold() not in ("utf-8", "iso-8859-1", "us-ascii")


def is_email(s: str) -> bool:
    """`email`: Go's net/mail.ParseAddress accepts it (`a@b`, `Name <a@b>`, a one-address group,
    comments; quoted local parts; `[IP]` domains)."""
    try:
        _MailParser(s).single_address()
    except ValueError:
        return False
    return True


FORMATS: dict[str, Callable[[str], bool]] = {
    "bsonobjectid": is_bsonobjectid,
    "uri": is_uri,
    "email": is_email,
    "hostname": is_hostname,
    "ipv4": is_ipv4,
    "ipv6": is_ipv6,
    "cidr": is_cidr,
    "mac": is_mac,
    "uuid": _uuid(),
    "uuid3": _uuid("3"),
    "uuid4": _uuid("4", "[89ab]"),
    "uuid5": _uuid("5", "[89ab]"),
    "isbn": lambda s: is_isbn10(s) or is_isbn13(s),
    "isbn10": is_isbn10,
    "isbn13": is_isbn13,
    "creditcard": is_creditcard,
    "ssn": is_ssn,
    "hexcolor": lambda s: bool(re.fullmatch(r"#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", s)),
    "rgbcolor": lambda s: bool(_RGB.fullmatch(s)),
    "byte": is_byte,
    "password": lambda s: True,
    "date": is_date,
    "duration": is_duration,
    "datetime": is_datetime,
    "k8sshortname": is_short_name,
    "k8slongname": is_long_name,
}
"""The validators of strfmt's default registry, by normalized name; the server supports exactly these
(`k8s-short-name` and `k8s-long-name` from Kubernetes 1.34)."""


def normalized(name: str) -> str:
    """A format name as strfmt compares them: dashes removed."""
    return name.replace("-", "")


def effective_format(schema: dict) -> str:
    """The format the server validates with: a supported string format on a string (or untyped, or
    int-or-string) node, `int32`/`int64` on an integer, `float`/`double` on a number; else none."""
    name = schema.get("format")
    if not isinstance(name, str) or not name:
        return ""
    kind = "" if schema.get("x-kubernetes-int-or-string") else schema.get("type", "")
    if kind in ("", "string"):
        return name if normalized(name) in FORMATS else ""
    if kind == "integer":
        return name if name in ("int32", "int64") else ""
    if kind == "number":
        return name if name in ("float", "double") else ""
    return ""


def valid(name: str, value: str) -> bool:
    """Whether a string passes the (effective) format `name`."""
    return FORMATS[normalized(name)](value)
