"""The Kubernetes CEL environment of CRD rules, for cel-expr-python.

Written from the Kubernetes CEL documentation and `k8s.io/apiserver/pkg/cel/environment`: the
standard library with the cel-go extensions the server enables (strings, optional types, sets,
lists, two-variable comprehensions) and the Kubernetes libraries (`pkg/cel/library`): lists
(`isSorted`, `sum`, `min`, `max`), regex (`find`, `findAll`), URLs, IP and CIDR, quantities,
semantic versions and the format library. The runtime (`celrules`) and the admission checker's
compiler (`celast`) both build their environment here, so a rule compiles on one exactly when it
compiles on the other.

cel-expr-python has no opaque types at run time, so an IP, CIDR, URL, Quantity or Semver is a map
`{"@k8s": kind, ...}` holding its canonical value (equal values compare equal, as the library's
types do), and a format's `validate` result, an optional, is built in CEL by `rewrite`.
"""

from __future__ import annotations

import functools
import ipaddress
import re
from fractions import Fraction
from typing import Any

import re2
from cel_expr_python import cel
from cel_expr_python.ext import ext_bindings, ext_optional, ext_strings

from evaluator.apiserver.values import gourl, netip, quantity, semver
from evaluator.apiserver.values.gofmt import go_quote
from evaluator.apiserver.values.names import (
    is_label_key,
    is_label_value,
    name_dns1035_label,
    name_dns1123_label,
    name_dns1123_subdomain,
)

from .celproto import RESPELLED

T = cel.Type
OBJ = T.Map(T.STRING, T.DYN)  # an IP, CIDR, URL, Quantity or Semver
LIST = T.List(T.DYN)
_ORDERINGS = {"_<_": "less", "_<=_": "less_equals", "_>_": "greater", "_>=_": "greater_equals"}
# the orderings and `string()` are declared here (`_orderings`, `_string`), so the standard
# library's declarations of them are left out
CONFIG = (
    "extensions:\n  - name: sets\n  - name: lists\n  - name: two-var-comprehensions\n"
    "stdlib:\n  exclude_functions:\n" + "".join(f"    - name: {name}\n" for name in [*_ORDERINGS, "string"])
)
KIND = "@k8s"
STRINGS_VERSION = 2


_ENVS: dict[tuple[tuple[str, str], ...], Any] = {}  # by the variables' names and types: a CRD's rules have few


def new_env(variables: dict[str, Any], functions: tuple[cel.FunctionDecl, ...] = ()):
    """A CEL environment with the Kubernetes libraries, the given variables and any more functions;
    without more functions, one per set of variable types (building one takes ~20 ms)."""
    if functions:
        return _new_env(variables, functions)
    key = tuple((name, t.name()) for name, t in variables.items())  # a type's name spells all of it
    env = _ENVS.get(key)
    if env is None:
        if len(_ENVS) >= 512:  # the oldest goes
            del _ENVS[next(iter(_ENVS))]
        env = _ENVS[key] = _new_env(variables, ())
    return env


def _new_env(variables: dict[str, Any], functions: tuple[cel.FunctionDecl, ...]):
    return cel.NewEnv(
        config=cel.NewEnvConfigFromYaml(CONFIG),
        variables=variables,
        # the strings library at the server's version 2 (base.go: `ext.Strings(ext.StringsVersion(2))`):
        # no `reverse` of a string, which the engine's latest version has
        extensions=[ext_strings.ExtStrings(STRINGS_VERSION), ext_optional.ExtOptional(), ext_bindings.ExtBindings()],
        functions=[*declarations(), *functions],
    )


# --- IP and CIDR ----------------------------------------------------------------------------


def _addr(s: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An IP address as the library's `parseIPAddr` reads it (Go's `netip.ParseAddr`, no zone, not
    IPv4-mapped), with its messages."""
    try:
        addr = netip.parse_addr(s)
    except netip.NetipError as e:
        raise ValueError(f"IP Address {go_quote(s)} parse error during conversion from string: {e}") from None
    if addr[2]:
        raise ValueError(f"IP address {go_quote(s)} with zone value is not allowed")
    if netip.is_4in6(addr):
        raise ValueError(f"IPv4-mapped IPv6 address {go_quote(s)} is not allowed")
    return _as_address(addr)


def _as_address(addr: tuple[int, int, str]) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    return ipaddress.IPv4Address(addr[1]) if addr[0] == 4 else ipaddress.IPv6Address(addr[1])


def _prefix(s: str) -> tuple[Any, int]:
    """A CIDR as the library's `parseCIDR` reads it (Go's `netip.ParsePrefix`, not IPv4-mapped): its
    address as written and its length."""
    try:
        addr, bits = netip.parse_prefix(s)
    except netip.NetipError as e:
        raise ValueError(f"network address parse error during conversion from string: {e}") from None
    if netip.is_4in6(addr):
        raise ValueError(f"IPv4-mapped IPv6 address {go_quote(s)} is not allowed")
    return _as_address(addr), bits


def _ok(fn, s: str) -> bool:
    try:
        fn(s)
    except ValueError:
        return False
    return True


def _ip(s: str) -> dict:
    return {KIND: "IP", "v": str(_addr(s))}


def _cidr(s: str) -> dict:
    """`cidr(s)`: its errors say once more what `_prefix` says (the library wraps them twice)."""
    try:
        a, bits = _prefix(s)
    except ValueError as e:
        raise ValueError(f"network address parse error during conversion from string: {e}") from None
    return {KIND: "CIDR", "v": f"{a}/{bits}"}


def _get(o: dict, kind: str) -> str:
    if not isinstance(o, dict) or o.get(KIND) != kind:
        raise ValueError(f"no such overload: expected {kind}")
    return o["v"]


def _ip_of(o: dict) -> Any:
    return ipaddress.ip_address(_get(o, "IP"))


def _net(o: dict) -> tuple[Any, int]:
    return _prefix(_get(o, "CIDR"))


def _global_unicast(a: Any) -> bool:
    """Go's `IsGlobalUnicast`: private ranges count, broadcast does not."""
    if a.version == 4 and a == ipaddress.IPv4Address("255.255.255.255"):
        return False
    return not (a.is_unspecified or a.is_loopback or a.is_multicast or a.is_link_local)


def _link_local_multicast(a: Any) -> bool:
    net = "224.0.0.0/24" if a.version == 4 else "ff02::/16"
    return a in ipaddress.ip_network(net)


def _contains_ip(o: dict, other: Any) -> bool:
    a, bits = _net(o)
    if isinstance(other, str):
        try:
            ip = _addr(other)
        except ValueError:  # the library passes the parse error on where an IP should be: no overload takes it
            raise ValueError("no such overload") from None
    else:
        ip = _ip_of(other)
    return ip.version == a.version and ip in ipaddress.ip_network(f"{a}/{bits}", strict=False)


def _contains_cidr(o: dict, other: Any) -> bool:
    a, bits = _net(o)
    b, obits = _net(_cidr(other)) if isinstance(other, str) else _net(other)
    return b.version == a.version and bits <= obits and b in ipaddress.ip_network(f"{a}/{bits}", strict=False)


def _masked(o: dict) -> dict:
    a, bits = _net(o)
    return {KIND: "CIDR", "v": str(ipaddress.ip_network(f"{a}/{bits}", strict=False))}


# --- URLs -----------------------------------------------------------------------------------


def _url(s: str) -> dict:
    """`url(s)`: an absolute URI or an absolute path, as Go's `url.ParseRequestURI` takes it."""
    try:
        gourl.parse_request_uri(s)
    except ValueError as e:
        raise ValueError(f"URL parse error during conversion from string: {e}") from None
    return {KIND: "URL", "v": s}


def _parts(o: dict) -> gourl.URL:
    return gourl.parse(_get(o, "URL"))


# --- quantities and semantic versions --------------------------------------------------------


def _quantity(s: str) -> dict:
    return {KIND: "Quantity", "v": str(quantity.parse(s))}


def _amount(o: Any) -> Fraction:
    return Fraction(o) if isinstance(o, int) else Fraction(_get(o, "Quantity"))


def _semver(s: str, normalize: bool = False) -> dict:
    major, minor, patch, pre = semver.parse(s, normalize)
    return {KIND: "Semver", "v": [major, minor, patch], "pre": [str(p) for p in pre]}


def _version(o: dict) -> tuple:
    _get(o, "Semver")
    pre = tuple(int(p) if p.isdigit() else p for p in o["pre"])
    return (*o["v"], pre)


def _compare(a: dict, b: dict) -> int:
    """compareTo of two quantities or two semantic versions."""
    if isinstance(a, dict) and a.get(KIND) == "Semver":
        return semver.compare(_version(a), _version(b))
    x, y = _amount(a), _amount(b)
    return (x > y) - (x < y)


def _arith(sign: int):
    def op(a: dict, b: Any) -> dict:
        return {KIND: "Quantity", "v": str(_amount(a) + sign * _amount(b))}

    return op


def _as_integer(o: dict) -> int:
    n = quantity.as_int64(_amount(o))
    if n is None:
        raise ValueError("cannot convert value to integer")
    return n


# --- lists and regular expressions ----------------------------------------------------------


def _is_sorted(items: list) -> bool:
    return all(a <= b for a, b in zip(items, items[1:], strict=False))


def index_of(s: str, sub: str, offset: int = 0) -> int:
    """The strings extension's indexOf (cel-go v0.26, the server's), in code points: an empty
    substring is found at the offset as given; a negative offset is an error, one past the text
    finds nothing."""
    if sub == "":
        return offset
    if offset < 0:
        raise ValueError(f"index out of range: {offset}")
    return s.find(sub, offset) if offset < len(s) else -1


def last_index_of(s: str, sub: str, offset: int | None = None) -> int:
    """lastIndexOf and lastIndexOfOffset (cel-go v0.26), as `index_of`."""
    if offset is None:
        if sub == "":
            return len(s)
        if len(s.encode()) < len(sub.encode()):  # Go compares the texts' bytes here
            return -1
        offset = len(s) - 1
    if sub == "":
        return offset
    if offset < 0:
        raise ValueError(f"index out of range: {offset}")
    if offset >= len(s):
        return -1
    offset = min(offset, len(s) - len(sub))
    return s.rfind(sub, 0, offset + len(sub)) if offset >= 0 else -1


def _find_in_list(last: bool):
    """The lists library's indexOf and lastIndexOf of a list: the first (last) item equal to `v`."""

    def find(items: list, v: Any) -> int:
        order = range(len(items) - 1, -1, -1) if last else range(len(items))
        return next((i for i in order if _equal(items[i], v)), -1)

    return find


def _equal(a: Any, b: Any) -> bool:
    """CEL's equality of two values as the engine hands them to Python: numbers across int, uint
    and double, no bool equal to a number, lists and maps member by member."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(v, b[k]) for k, v in a.items())
    if isinstance(a, (bytes, bytearray)) and isinstance(b, (bytes, bytearray)):
        return bytes(a) == bytes(b)
    return type(a) is type(b) and a == b


def _sum(items: list) -> Any:
    return sum(items[1:], items[0]) if items else 0


def _extreme(name: str, pick):
    def op(items: list) -> Any:
        if not items:
            raise ValueError(f"{name} called on empty list")
        return pick(items)

    return op


_QUIET = re2.Options()
_QUIET.log_errors = False  # a bad pattern is the rule's runtime error, not a line on stderr


@functools.lru_cache(maxsize=256)
def _regex(pattern: str):
    try:
        return re2.compile(pattern, options=_QUIET)
    except re2.error as e:
        why = e.args[0].decode() if e.args and isinstance(e.args[0], bytes) else str(e)
        raise ValueError(f"Illegal regex: error parsing regexp: {why}") from None


def _find(s: str, pattern: str) -> str:
    m = _regex(pattern).search(s)
    return m.group(0) if m else ""


def _find_all(s: str, pattern: str, limit: int = -1) -> list[str]:
    found = [m.group(0) for m in _regex(pattern).finditer(s)]
    return found if limit < 0 else found[:limit]


# --- the format library ---------------------------------------------------------------------

_UUID = re.compile(r"(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$")
_B64 = re.compile(r"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$")


def _prefix_name(check):
    """apimachinery's `NameIs…(name, prefix=true)`: a generateName prefix may end in a dash."""
    return lambda s: check(s[:-1] + "a" if len(s) > 1 and s.endswith("-") else s)


def _date(s: str) -> bool:
    import datetime

    try:
        datetime.date.fromisoformat(s)
    except ValueError:
        return False
    return bool(_DATE.match(s))


FORMATS = {
    "dns1123Label": name_dns1123_label,
    "dns1123Subdomain": name_dns1123_subdomain,
    "dns1035Label": name_dns1035_label,
    "qualifiedName": is_label_key,
    "dns1123LabelPrefix": _prefix_name(name_dns1123_label),
    "dns1123SubdomainPrefix": _prefix_name(name_dns1123_subdomain),
    "dns1035LabelPrefix": _prefix_name(name_dns1035_label),
    "labelValue": is_label_value,
    "uri": lambda s: [] if _ok(_url, s) else [f'parse "{s}": invalid URI for request'],
    "uuid": lambda s: [] if _UUID.match(s) else ["does not match the UUID format"],
    "byte": lambda s: [] if _B64.match(s) else ["invalid base64"],
    "date": lambda s: [] if _date(s) else ["invalid date"],
    "datetime": lambda s: [] if _DATETIME.match(s) and _date(s[:10]) else ["invalid datetime"],
}


def _format_errors(name: str, value: str) -> list[str]:
    return FORMATS[name](value)


_VALIDATE = re.compile(r"\.validate\(")
_NAMED = re.compile(r"\bformat\.named\(")


_EXISTS_ONE = re.compile(r"\.exists_one\(")
_INDEX_CALL = re.compile(r"(\.\s*)(indexOf|lastIndexOf)(?=\s*\()")


_LITERAL = re.compile(r"""((?<![\w.])[rRbB]{1,2})?('''|\"\"\"|'|")""")
_ESCAPES = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r"}


def unraw(rule: str) -> str:
    """A rule whose raw string literals holding a backslash are written as plain ones: in CEL's
    grammar a raw literal holds anything but its own quote, and cel-expr-python's lexer reads a
    backslash before the quote as an escape (`r'\\'` is one backslash)."""
    if "\\" not in rule:
        return rule
    out, pos, i = [], 0, 0
    while (m := _LITERAL.search(rule, i)) is not None:
        prefix, quote = (m.group(1) or "").lower(), m.group(2)
        if prefix not in ("", "r", "b", "rb", "br"):
            i = m.end()
            continue
        raw, j = "r" in prefix, m.end()
        while j < len(rule) and not rule.startswith(quote, j):
            j += 1 if raw or rule[j] != "\\" else 2
        body = rule[m.end() : j]
        if raw and "\\" in body:
            plain = "".join(_ESCAPES.get(c, c) for c in body)
            out += [rule[pos : m.start()], f"{'b' if 'b' in prefix else ''}'{plain}'"]
            pos = j + len(quote)
        i = j + len(quote)
    return "".join(out) + rule[pos:]


def respell(rule: str) -> str:
    """A rule in the spelling cel-expr-python parses: raw literals as plain ones (`unraw`); cel-go's
    two-variable comprehensions also take the name `exists_one` for `existsOne`, which the C++
    parser reads as the one-variable macro only; `indexOf` and `lastIndexOf` under names of their
    own length (`celproto.RESPELLED`), declared here for strings and lists alike."""
    rule = unraw(rule)
    out, pos = [], 0
    for m in _EXISTS_ONE.finditer(rule):
        if m.start() < pos or _in_literal(rule, m.start()):
            continue
        end = _closing(rule, m.end() - 1)
        if _top_level_commas(rule, m.end(), end) == 2:
            out += [rule[pos : m.start()], ".existsOne("]
            pos = m.end()
    rule = "".join(out) + rule[pos:]
    if "ndexOf" not in rule:
        return rule
    return _INDEX_CALL.sub(
        lambda m: m.group(0) if _in_literal(rule, m.start()) else m.group(1) + RESPELLED[m.group(2)], rule
    )


def unspell(message: str) -> str:
    """An engine's message about a respelled rule, in the rule's own names."""
    for name, alias in RESPELLED.items():
        message = message.replace(alias, name)
    return message


def _code(text: str, start: int, end: int):
    """(index, character) of `text[start:end]` outside its string literals (their quotes left out)."""
    quote, i = "", start
    while i < end:
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "'\"":
            quote = c
        else:
            yield i, c
        i += 1


def _in_literal(text: str, at: int) -> bool:
    """Whether position `at` of `text` (not a quote) is inside a quoted string."""
    return at not in dict(_code(text, 0, at + 1))


def _top_level_commas(text: str, start: int, end: int) -> int:
    """The commas of `text[start:end]` outside brackets and string literals."""
    depth = count = 0
    for _, c in _code(text, start, end):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            count += 1
    return count


def rewrite(rule: str) -> str:
    """A rule with the format library's optionals built in CEL, since cel-expr-python cannot return
    one from Python: `<format>.validate(s)` becomes `optional.none()` when `s` is valid, else
    `optional.of(<messages>)`; `format.named(n)` becomes `optional.of(n)` for a known format.
    Respelled (`respell`) first."""
    rule = respell(rule)
    out, pos = [], 0
    for m in _VALIDATE.finditer(rule):
        start = _receiver_start(rule, m.start())
        if m.start() < pos or start == m.start() or start < pos or _in_literal(rule, m.start()):
            continue
        end = _closing(rule, m.end() - 1)
        receiver, arg = rewrite(rule[start : m.start()]), rewrite(rule[m.end() : end])
        errs = f"__format_errors({receiver}, {arg})"
        call = f"cel.bind(__errs, {errs}, size(__errs) == 0 ? optional.none() : optional.of(__errs))"
        out += [_rewrite_named(rule[pos:start]), call]
        pos = end + 1
    return "".join(out) + _rewrite_named(rule[pos:])


def _rewrite_named(text: str) -> str:
    out, pos = [], 0
    for m in _NAMED.finditer(text):
        if m.start() < pos or _in_literal(text, m.start()):
            continue
        end = _closing(text, m.end() - 1)
        arg = rewrite(text[m.end() : end])
        out += [
            text[pos : m.start()],
            f"cel.bind(__n, {arg}, __format_named(__n) ? optional.of(__n) : optional.none())",
        ]
        pos = end + 1
    return "".join(out) + text[pos:]


def _closing(text: str, open_at: int) -> int:
    """The index of the parenthesis closing the one at `open_at` (string literals skipped)."""
    depth = 0
    for i, c in _code(text, open_at, len(text)):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
    return len(text) - 1


def _receiver_start(text: str, end: int) -> int:
    """Where the member-call receiver ending at `end` starts (identifiers, dots, calls)."""
    i = end
    while i > 0:
        c = text[i - 1]
        if c == ")":
            depth = 0
            while i > 0:
                i -= 1
                depth += {")": 1, "(": -1}.get(text[i], 0)
                if depth == 0:
                    break
        elif c.isalnum() or c in "._":
            i -= 1
        else:
            break
    return i


def _named(name: str) -> bool:
    return name in FORMATS


def _unrewritten(name: str):
    raise ValueError(f"format.named({name!r}) outside what the rule rewriting reads")


# --- declarations ---------------------------------------------------------------------------


def _o(oid: str, ret: Any, params: list, impl, member: bool = False) -> cel.Overload:
    return cel.Overload(oid, ret, params, member, impl)


_ORDERED = (  # the lists library's element types: the summable ones first
    ("int", T.INT),
    ("uint", T.UINT),
    ("double", T.DOUBLE),
    ("duration", T.DURATION),
    ("bool", T.BOOL),
    ("timestamp", T.TIMESTAMP),
    ("string", T.STRING),
    ("bytes", T.BYTES),
)


_ANY_LIST = T.List(T.AbstractType("dv2openapi.any_element"))  # no list type-checks as it; any runs as it


# the runtime kinds an element of a list `indexOf` looks for may have (the engine dispatches a dyn
# parameter on none of them, so each has its overload)
_ELEMENT_KINDS = (*_ORDERED, ("map", T.Map(T.STRING, T.DYN)), ("list", T.List(T.DYN)), ("null", T.NULL))


def _index_overloads(name: str, strings, last: bool) -> list[cel.Overload]:
    """`indexOf` or `lastIndexOf` (under its respelled name) of a string, with or without an offset,
    and of a list (the Kubernetes lists library) for an element of each kind."""
    S, N = T.STRING, T.INT
    out = [
        _o(f"string_{name}_string", N, [S, S], strings, True),
        _o(f"string_{name}_string_int", N, [S, S, N], strings, True),
    ]
    return out + [_o(f"list_{name}_{k}", N, [LIST, t], _find_in_list(last), True) for k, t in _ELEMENT_KINDS]


def _list_overloads(name: str, result: Any, impl, types: tuple) -> list[cel.Overload]:
    """A lists-library member function declared on a list of each of `types` (returning `result`,
    or the element type). The engine dispatches on "a list" whatever its elements, so one more
    overload, on a list no expression is typed as, carries the implementation for all of them."""
    typed = [
        _o(f"list_{n}_{name}" + ("" if result is not None else f"_{n}"), result or t, [T.List(t)], None, True)
        for n, t in types
    ]
    return [*typed, _o(f"list_{name}_impl", T.DYN, [_ANY_LIST], impl, True)]


def declarations() -> list[cel.FunctionDecl]:
    """The function declarations (with their implementations) to pass to `cel.NewEnv`."""
    S, B, N, D = T.STRING, T.BOOL, T.INT, T.DOUBLE
    funcs: dict[str, list[cel.Overload]] = {
        "isIP": [_o("is_ip_string", B, [S], lambda s: _ok(_addr, s))],
        "ip": [_o("string_to_ip", OBJ, [S], _ip), _o("cidr_ip", OBJ, [OBJ], lambda o: _ip(str(_net(o)[0])), True)],
        "ip.isCanonical": [_o("ip_is_canonical", B, [S], lambda s: str(_addr(s)) == s)],
        "family": [_o("ip_family", N, [OBJ], lambda o: _ip_of(o).version, True)],
        "isUnspecified": [_o("ip_is_unspecified", B, [OBJ], lambda o: _ip_of(o).is_unspecified, True)],
        "isLoopback": [_o("ip_is_loopback", B, [OBJ], lambda o: _ip_of(o).is_loopback, True)],
        "isLinkLocalMulticast": [_o("ip_llm", B, [OBJ], lambda o: _link_local_multicast(_ip_of(o)), True)],
        "isLinkLocalUnicast": [_o("ip_llu", B, [OBJ], lambda o: _ip_of(o).is_link_local, True)],
        "isGlobalUnicast": [_o("ip_gu", B, [OBJ], lambda o: _global_unicast(_ip_of(o)), True)],
        "isCIDR": [_o("is_cidr_string", B, [S], lambda s: _ok(_prefix, s))],
        "cidr": [_o("string_to_cidr", OBJ, [S], _cidr)],
        "containsIP": [
            _o("cidr_contains_ip_string", B, [OBJ, S], _contains_ip, True),
            _o("cidr_contains_ip_ip", B, [OBJ, OBJ], _contains_ip, True),
        ],
        "containsCIDR": [
            _o("cidr_contains_cidr_string", B, [OBJ, S], _contains_cidr, True),
            _o("cidr_contains_cidr", B, [OBJ, OBJ], _contains_cidr, True),
        ],
        "masked": [_o("cidr_masked", OBJ, [OBJ], _masked, True)],
        "prefixLength": [_o("cidr_prefix_length", N, [OBJ], lambda o: _net(o)[1], True)],
        "url": [_o("string_to_url", OBJ, [S], _url)],
        "isURL": [_o("is_url_string", B, [S], lambda s: _ok(_url, s))],
        "getScheme": [_o("url_get_scheme", S, [OBJ], lambda o: _parts(o).scheme, True)],
        "getHost": [_o("url_get_host", S, [OBJ], lambda o: _parts(o).host, True)],
        "getHostname": [_o("url_get_hostname", S, [OBJ], lambda o: gourl.split_host_port(_parts(o).host)[0], True)],
        "getPort": [_o("url_get_port", S, [OBJ], lambda o: gourl.split_host_port(_parts(o).host)[1], True)],
        "getEscapedPath": [_o("url_get_escaped_path", S, [OBJ], lambda o: gourl.escaped_path(_parts(o)), True)],
        "getQuery": [_o("url_get_query", T.Map(S, T.List(S)), [OBJ], lambda o: gourl.query(_parts(o)), True)],
        "quantity": [_o("string_to_quantity", OBJ, [S], _quantity)],
        "isQuantity": [_o("is_quantity_string", B, [S], lambda s: quantity.problem(s) is None)],
        "sign": [_o("quantity_sign", N, [OBJ], lambda o: (_amount(o) > 0) - (_amount(o) < 0), True)],
        "isInteger": [_o("quantity_is_integer", B, [OBJ], lambda o: quantity.as_int64(_amount(o)) is not None, True)],
        "asInteger": [_o("quantity_as_integer", N, [OBJ], _as_integer, True)],
        "asApproximateFloat": [_o("quantity_as_float", D, [OBJ], lambda o: float(_amount(o)), True)],
        "add": [
            _o("quantity_add", OBJ, [OBJ, OBJ], _arith(1), True),
            _o("quantity_add_int", OBJ, [OBJ, N], _arith(1), True),
        ],
        "sub": [
            _o("quantity_sub", OBJ, [OBJ, OBJ], _arith(-1), True),
            _o("quantity_sub_int", OBJ, [OBJ, N], _arith(-1), True),
        ],
        "semver": [
            _o("string_to_semver", OBJ, [S], _semver),
            _o("string_to_semver_normalize", OBJ, [S, B], _semver),
        ],
        "isSemver": [
            _o("is_semver_string", B, [S], lambda s: _ok(semver.parse, s)),
            _o("is_semver_string_normalize", B, [S, B], lambda s, n: _ok(lambda x: semver.parse(x, n), s)),
        ],
        "major": [_o("semver_major", N, [OBJ], lambda o: _version(o)[0], True)],
        "minor": [_o("semver_minor", N, [OBJ], lambda o: _version(o)[1], True)],
        "patch": [_o("semver_patch", N, [OBJ], lambda o: _version(o)[2], True)],
        "isGreaterThan": [_o("k8s_is_greater_than", B, [OBJ, OBJ], lambda a, b: _compare(a, b) > 0, True)],
        "isLessThan": [_o("k8s_is_less_than", B, [OBJ, OBJ], lambda a, b: _compare(a, b) < 0, True)],
        "compareTo": [_o("k8s_compare_to", N, [OBJ, OBJ], _compare, True)],
        # the lists library, typed as the server declares it: `sum` of numbers and durations, the
        # others of any ordered type (a list of lists or maps does not compile)
        "isSorted": _list_overloads("is_sorted_bool", B, _is_sorted, _ORDERED),
        "sum": _list_overloads("sum", None, _sum, _ORDERED[:4]),
        "min": _list_overloads("min", None, _extreme("min", min), _ORDERED),
        "max": _list_overloads("max", None, _extreme("max", max), _ORDERED),
        "find": [_o("string_find", S, [S, S], _find, True)],
        "findAll": [
            _o("string_find_all", T.List(S), [S, S], _find_all, True),
            _o("string_find_all_n", T.List(S), [S, S, N], _find_all, True),
        ],
        RESPELLED["indexOf"]: _index_overloads("index_of", index_of, False),
        RESPELLED["lastIndexOf"]: _index_overloads("last_index_of", last_index_of, True),
        "__format_errors": [_o("format_errors", T.List(S), [S, S], _format_errors)],
        "validate": [_o("format_validate", T.DYN, [S, S], lambda f, s: _format_errors(f, s) or None, True)],
        "__format_named": [_o("format_named_known", B, [S], _named)],
        # for the admission checker's compile of the rule as written (at run time `rewrite` replaces
        # the call): an optional of a format, which cel-expr-python cannot declare, as `validate`
        "format.named": [_o("format_named", T.DYN, [S], _unrewritten)],
    }
    for name in FORMATS:
        funcs[f"format.{name}"] = [_o(f"format_{name}", S, [], lambda n=name: n)]
    return [cel.FunctionDecl(name, overloads) for name, overloads in funcs.items()] + _orderings() + [_string()]


def _string() -> cel.FunctionDecl:
    """`string()` of the standard types (declarations only: the runtime has them) and of an IP or a
    CIDR (the library's `ip_to_string`, `cidr_to_string`)."""
    standard = {"int64": T.INT, "uint64": T.UINT, "double": T.DOUBLE, "bytes": T.BYTES, "string": T.STRING}
    standard |= {"bool": T.BOOL, "timestamp": T.TIMESTAMP, "duration": T.DURATION}
    overloads = [_o(f"{name}_to_string", T.STRING, [t], None) for name, t in standard.items()]
    return cel.FunctionDecl("string", [*overloads, _o("ip_or_cidr_to_string", T.STRING, [OBJ], _ip_or_cidr_text)])


def _ip_or_cidr_text(o: dict) -> str:
    if isinstance(o, dict) and o.get(KIND) in ("IP", "CIDR"):
        return o["v"]
    raise ValueError("no such overload")


def _orderings() -> list[cel.FunctionDecl]:
    """`<`, `<=`, `>`, `>=` as the server declares them: within each ordered type, and across int,
    uint and double (cel-go's CrossTypeNumericComparisons, on since Kubernetes 1.28), which
    cel-expr-python's checker leaves out though its runtime has them. Declarations only: the
    runtime's own implementations run."""
    same = {"int64": T.INT, "uint64": T.UINT, "double": T.DOUBLE, "string": T.STRING, "bytes": T.BYTES}
    same |= {"bool": T.BOOL, "timestamp": T.TIMESTAMP, "duration": T.DURATION}
    numbers = ("int64", "uint64", "double")
    pairs = [(f"{a}", same[a], same[a]) for a in same]
    pairs += [(f"{a}_{b}", same[a], same[b]) for a in numbers for b in numbers if a != b]
    return [
        cel.FunctionDecl(name, [_o(f"{op}_{suffix}", T.BOOL, [x, y], None) for suffix, x, y in pairs])
        for name, op in _ORDERINGS.items()
    ]
