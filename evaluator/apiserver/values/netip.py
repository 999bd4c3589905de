"""IP addresses and prefixes read as Go's `net/netip` reads them (`ParseAddr`, `ParsePrefix`), with its
error messages: the Kubernetes CEL IP and CIDR libraries parse with it and put its words in theirs.

An address is `(version, value, zone)`: 4 or 6, the address as an integer, the IPv6 zone ("" for
none). Python's `ipaddress` does the arithmetic on what this reads.
"""

from __future__ import annotations

from .gofmt import go_quote

_HEX = "0123456789abcdefABCDEF"


class NetipError(ValueError):
    """A string `netip` refuses; its text is Go's error text."""


def _addr_error(text: str, msg: str, at: str = "") -> NetipError:
    where = f" (at {go_quote(at)})" if at else ""
    return NetipError(f"ParseAddr({go_quote(text)}): {msg}{where}")


def parse_addr(text: str) -> tuple[int, int, str]:
    """`netip.ParseAddr`: dotted decimal, IPv6 (with an embedded IPv4 tail), or IPv6 with a zone."""
    for c in text:
        if c == ".":
            return 4, _ipv4(text, 0, len(text)), ""
        if c == ":":
            return _ipv6(text)
        if c == "%":
            raise _addr_error(text, "missing IPv6 address")
    raise _addr_error(text, "unable to parse IP")


def _ipv4(text: str, start: int, end: int) -> int:
    """The four octets of `text[start:end]` as one integer (Go's `parseIPv4Fields`)."""
    s = text[start:end]
    fields: list[int] = []
    value, digits = 0, 0
    for i, c in enumerate(s):
        if "0" <= c <= "9":
            if digits == 1 and value == 0:
                raise _addr_error(text, "IPv4 field has octet with leading zero")
            value = value * 10 + ord(c) - 48
            digits += 1
            if value > 255:
                raise _addr_error(text, "IPv4 field has value >255")
        elif c == ".":
            if i == 0 or i == len(s) - 1 or s[i - 1] == ".":
                raise _addr_error(text, "IPv4 field must have at least one digit", s[i:])
            if len(fields) == 3:
                raise _addr_error(text, "IPv4 address too long")
            fields.append(value)
            value, digits = 0, 0
        else:
            raise _addr_error(text, "unexpected character", s[i:])
    if len(fields) < 3:
        raise _addr_error(text, "IPv4 address too short")
    a, b, c, d = (*fields, value)
    return a << 24 | b << 16 | c << 8 | d


def _ipv6(text: str) -> tuple[int, int, str]:
    s, zone = text, ""
    if "%" in s:
        s, zone = s.split("%", 1)
        if not zone:
            raise _addr_error(text, "zone must be a non-empty string")
    groups: list[int] = []  # 16-bit groups
    ellipsis = -1  # the group index where `::` stands
    if s.startswith("::"):
        ellipsis, s = 0, s[2:]
        if not s:
            return 6, 0, zone
    while len(groups) < 8:
        off, acc = 0, 0
        while off < len(s) and s[off] in _HEX:
            if off > 3:
                raise _addr_error(text, "each group must have 4 or less digits", s)
            acc = (acc << 4) + int(s[off], 16)
            off += 1
        if off == 0:
            raise _addr_error(text, "each colon-separated field must have at least one digit", s)
        if off < len(s) and s[off] == ".":
            if ellipsis < 0 and len(groups) != 6:
                raise _addr_error(text, "embedded IPv4 address must replace the final 2 fields of the address", s)
            if len(groups) > 6:
                raise _addr_error(text, "too many hex fields to fit an embedded IPv4 at the end of the address", s)
            end = len(text) - (len(zone) + 1 if zone else 0)
            v4 = _ipv4(text, end - len(s), end)
            groups += [v4 >> 16, v4 & 0xFFFF]
            s = ""
            break
        groups.append(acc)
        s = s[off:]
        if not s:
            break
        if s[0] != ":":
            raise _addr_error(text, "unexpected character, want colon", s)
        if len(s) == 1:
            raise _addr_error(text, "colon must be followed by more characters", s)
        s = s[1:]
        if s[0] == ":":
            if ellipsis >= 0:
                raise _addr_error(text, "multiple :: in address", s)
            ellipsis, s = len(groups), s[1:]
            if not s:
                break
    if s:
        raise _addr_error(text, "trailing garbage after address", s)
    if len(groups) < 8:
        if ellipsis < 0:
            raise _addr_error(text, "address string too short")
        groups[ellipsis:ellipsis] = [0] * (8 - len(groups))
    elif ellipsis >= 0:
        raise _addr_error(text, "the :: must expand to at least one field of zeros")
    value = 0
    for g in groups:
        value = value << 16 | g
    return 6, value, zone


def is_4in6(addr: tuple[int, int, str]) -> bool:
    """An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`)."""
    return addr[0] == 6 and addr[1] >> 32 == 0xFFFF


def parse_prefix(text: str) -> tuple[tuple[int, int, str], int]:
    """`netip.ParsePrefix`: an address and a prefix length after the last `/`, no IPv6 zone."""

    def error(msg: str) -> NetipError:
        return NetipError(f"netip.ParsePrefix({go_quote(text)}): {msg}")

    i = text.rfind("/")
    if i < 0:
        raise error("no '/'")
    try:
        addr = parse_addr(text[:i])
    except NetipError as e:
        raise error(str(e)) from None
    if addr[2]:
        raise error("IPv6 zones cannot be present in a prefix")
    bits = text[i + 1 :]
    # Go's strconv.Atoi takes a sign and leading zeros; ParsePrefix refuses both before it
    if (len(bits) > 1 and not "1" <= bits[0] <= "9") or not bits.isascii() or not bits.isdigit():
        raise error(f"bad bits after slash: {go_quote(bits)}")
    if int(bits) > 2**63 - 1:  # out of Atoi's range
        raise error(f"bad bits after slash: {go_quote(bits)}")
    if int(bits) > (32 if addr[0] == 4 else 128):
        raise error("prefix length out of range")
    return addr, int(bits)
