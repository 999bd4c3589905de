"""URLs as Go's `net/url` reads them, for the Kubernetes CEL URL library: `ParseRequestURI` decides
what `url()` and `isURL()` accept (with Go's error text), and `Parse` gives the parts its accessors
return (scheme, host, hostname and port, escaped path, query)."""

from __future__ import annotations

from dataclasses import dataclass

from . import netip
from .gofmt import go_quote

_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_HEX = frozenset("0123456789abcdefABCDEF")
_HOST_SUB_DELIMS = frozenset("!$&'()*+,;=:[]<>\"")
_USERINFO = _ALNUM | frozenset("-._:~!$&'()*+,;=%@")
_PATH_SUB_DELIMS = frozenset("!$&'()*+,;=:@[]%")


@dataclass
class URL:
    scheme: str = ""
    host: str = ""
    path: str = ""
    raw_path: str = ""
    raw_query: str = ""


def parse_request_uri(raw: str) -> URL:
    """`url.ParseRequestURI`: an absolute URI or an absolute path; ValueError in Go's words."""
    try:
        return _parse(raw, True)
    except ValueError as e:
        raise ValueError(f"parse {go_quote(raw)}: {e}") from None


def parse(raw: str) -> URL:
    """`url.Parse` (the fragment cut off first)."""
    try:
        return _parse(raw.split("#", 1)[0], False)
    except ValueError as e:
        raise ValueError(f"parse {go_quote(raw)}: {e}") from None


def _parse(raw: str, via_request: bool) -> URL:
    if any(c < " " or c == "\x7f" for c in raw):
        raise ValueError("net/url: invalid control character in URL")
    if raw == "" and via_request:
        raise ValueError("empty url")
    url = URL()
    if raw == "*":
        url.path = "*"
        return url
    url.scheme, rest = _scheme(raw)
    url.scheme = url.scheme.lower()
    if rest.endswith("?") and rest.count("?") == 1:
        rest = rest[:-1]
    else:
        rest, _, url.raw_query = rest.partition("?")
    if not rest.startswith("/"):
        if url.scheme:
            return url  # opaque
        if via_request:
            raise ValueError("invalid URI for request")
        if ":" in rest.partition("/")[0]:
            raise ValueError("first path segment in URL cannot contain colon")
    if (url.scheme or (not via_request and not rest.startswith("///"))) and rest.startswith("//"):
        authority, slash, path = rest[2:].partition("/")
        url.host = _authority(url.scheme, authority)
        rest = slash + path
    url.path = _unescape(rest, "path")
    url.raw_path = "" if _escape_path(url.path) == rest else rest
    return url


def _scheme(raw: str) -> tuple[str, str]:
    for i, c in enumerate(raw):
        if c in _ALNUM and not "0" <= c <= "9":
            continue
        if "0" <= c <= "9" or c in "+-.":
            if i == 0:
                return "", raw
            continue
        if c == ":":
            if i == 0:
                raise ValueError("missing protocol scheme")
            return raw[:i], raw[i + 1 :]
        return "", raw
    return "", raw


def _authority(scheme: str, authority: str) -> str:
    """The host of `user:password@host:port`, user information checked and dropped."""
    user, at, hostport = authority.rpartition("@")
    host = _host(scheme, hostport if at else authority)
    if at:
        if any(c not in _USERINFO for c in user):
            raise ValueError("net/url: invalid userinfo")
        for part in user.split(":", 1):
            _unescape(part, "userinfo")
    return host


def _host(scheme: str, host: str) -> str:
    """Go's parseHost: a bracketed IPv6 literal (an RFC 6874 `%25` zone allowed) with an optional
    port, or a name whose colon starts a numeric port (the first colon for http and https, else the
    last); the host unescaped."""
    bracket = host.rfind("[")
    if bracket > 0:
        raise ValueError("invalid IP-literal")
    if bracket == 0:
        end = host.rfind("]")
        if end < 0:
            raise ValueError("missing ']' in host")
        port = host[end + 1 :]
        if not _valid_port(port):
            raise ValueError(f"invalid port {go_quote(port)} after host")
        name = host[1:end]
        zone = name.find("%25")
        zone = len(name) if zone < 0 else zone  # the zone, if any, is escaped more freely
        name = _unescape(name[:zone], "host") + _unescape(name[zone:], "zone")
        try:  # only an IPv6 address (IPv4-mapped too) may stand in brackets
            version = netip.parse_addr(name)[0]
        except netip.NetipError as e:
            raise ValueError(f"invalid host: {e}") from None
        if version == 4:
            raise ValueError("invalid IP-literal")
        return f"[{name}]{port}"
    colon = host.find(":")
    if colon >= 0:
        if host.rfind(":") != colon and scheme not in ("http", "https"):
            colon = host.rfind(":")
        if not _valid_port(host[colon:]):
            raise ValueError(f"invalid port {go_quote(host[colon:])} after host")
    return _unescape(host, "host")


def _valid_port(port: str) -> bool:
    return port == "" or (port[0] == ":" and all("0" <= c <= "9" for c in port[1:]))


def _should_escape(c: str, mode: str) -> bool:
    """Go's `shouldEscape` of an ASCII character in one of the modes used here."""
    if c in _ALNUM:
        return False
    if mode in ("host", "zone") and c in _HOST_SUB_DELIMS:
        return False
    if c in "-_.~":
        return False
    if c in "$&+,/:;=?@":
        return {"path": c == "?", "userinfo": c in "@/?:", "query": True}.get(mode, True)
    return True


def _unescape(s: str, mode: str) -> str:
    """Go's `unescape`: `%XX` decoded (a bad one is an error), `+` a space in a query component."""
    i = 0
    while i < len(s):
        c = s[i]
        if c == "%":
            if i + 2 >= len(s) or s[i + 1] not in _HEX or s[i + 2] not in _HEX:
                raise ValueError(f"invalid URL escape {go_quote(s[i : i + 3])}")
            if mode == "host" and int(s[i + 1], 16) < 8 and s[i : i + 3] != "%25":
                raise ValueError(f"invalid URL escape {go_quote(s[i : i + 3])}")
            if mode == "zone":
                v = chr(int(s[i + 1 : i + 3], 16))
                if s[i : i + 3] != "%25" and v != " " and _should_escape(v, "host"):
                    raise ValueError(f"invalid URL escape {go_quote(s[i : i + 3])}")
            i += 3
            continue
        if mode in ("host", "zone") and c < "\x80" and _should_escape(c, mode):
            raise ValueError(f"invalid character {go_quote(c)} in host name")
        i += 1
    data, out, i = s.encode(), bytearray(), 0
    while i < len(data):
        b = data[i]
        if b == 0x25:  # %
            out.append(int(data[i + 1 : i + 3], 16))
            i += 3
        else:
            out.append(0x20 if b == 0x2B and mode == "query" else b)
            i += 1
    return out.decode("utf-8", "replace")


def _escape_path(s: str) -> str:
    return "".join(chr(b) if b < 0x80 and not _should_escape(chr(b), "path") else f"%{b:02X}" for b in s.encode())


def escaped_path(url: URL) -> str:
    """`URL.EscapedPath`: the path as written where that is a valid encoding of it, else escaped."""
    raw = url.raw_path
    if raw and all(c in _PATH_SUB_DELIMS or not _should_escape(c, "path") for c in raw):
        try:
            if _unescape(raw, "path") == url.path:
                return raw
        except ValueError:
            pass
    return "*" if url.path == "*" else _escape_path(url.path)


def split_host_port(host: str) -> tuple[str, str]:
    """`URL.Hostname` and `URL.Port`."""
    name, port = host, ""
    colon = host.rfind(":")
    if colon != -1 and _valid_port(host[colon:]):
        name, port = host[:colon], host[colon + 1 :]
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    return name, port


def query(url: URL) -> dict[str, list[str]]:
    """`URL.Query`: `&`-separated pairs; one with a `;` or a bad escape is left out."""
    out: dict[str, list[str]] = {}
    for pair in url.raw_query.split("&"):
        if not pair or ";" in pair:
            continue
        key, _, value = pair.partition("=")
        try:
            key, value = _unescape(key, "query"), _unescape(value, "query")
        except ValueError:
            continue
        out.setdefault(key, []).append(value)
    return out
