"""A CEL interpreter that follows cel-go, with the API server's runtime cost.

cel-expr-python (the fast engine) reports no cost, so where the verdict depends on what a rule
actually costs on the server (its per-call limit and a request's budget), the rule is evaluated
here instead: a walk of the rule's checked AST (`celast`, macros already expanded as cel-go
expands them) in cel-go's order, with its short-circuits (`&&`/`||` commutative over errors, `?:`,
comprehensions stopping where their condition turns false) and cel-go's runtime cost observer
(`interpreter/runtimecost.go`): only what is evaluated is charged, at the values' actual sizes, with
the Kubernetes library's call costs (`k8s.io/apiserver/pkg/cel/library/cost.go`) and the server's
program options (`OptOptimize`: literals of constants cost nothing; presence tests cost no select).

What is not modelled here raises `Unsupported`; the caller then keeps the fast engine's answer.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from typing import Any

from evaluator.apiserver.values import gostrconv
from evaluator.apiserver.values.formats import go_duration_ns

from . import celformat, cellib, celtimestamps
from .celproto import Node, Uint
from .celtimestamps import TIMESTAMP, Timestamp

INT_MIN, INT_MAX, UINT_MAX = -(1 << 63), (1 << 63) - 1, (1 << 64) - 1
STRING_FACTOR = 0.1  # common.StringTraversalCostFactor
REGEX_FACTOR = 0.25  # common.RegexStringLengthCostFactor
LIST_CREATE, MAP_CREATE = 10, 30  # common.ListCreateBaseCost, MapCreateBaseCost
LIMIT_EXCEEDED = "operation cancelled: actual cost limit exceeded"


class Unsupported(Exception):
    """A construct this interpreter does not model (the fast engine's answer stands)."""


class CostLimit(Exception):
    """The evaluation passed its cost limit (cel-go cancels it there)."""

    def __init__(self, cost: int):
        super().__init__(LIMIT_EXCEEDED)
        self.cost = cost


class Err:
    """A CEL error value (errors are values: `&&`, `||` and `?:` may absorb them)."""

    __slots__ = ("message",)

    def __init__(self, message: str):
        self.message = message

    def __repr__(self) -> str:
        return f"Err({self.message!r})"


class Opt:
    """An optional value; `NONE` is the empty one."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Opt):
            return False
        if self.value is _ABSENT or other.value is _ABSENT:
            return self.value is other.value
        return equal(self.value, other.value)

    __hash__ = None  # type: ignore[assignment]


_ABSENT = object()
NONE = Opt(_ABSENT)


class Duration:
    """A CEL duration (`google.protobuf.Duration`): a Go time.Duration, nanoseconds in an int64."""

    __slots__ = ("ns",)

    def __init__(self, ns: int):
        self.ns = ns

    def __eq__(self, other: object) -> bool:
        return type(other) is Duration and other.ns == self.ns

    def __hash__(self) -> int:
        return hash(("duration", self.ns))

    def __lt__(self, other: Duration) -> bool:
        return self.ns < other.ns

    def __gt__(self, other: Duration) -> bool:
        return self.ns > other.ns

    def __repr__(self) -> str:
        return f"Duration({self.ns})"


DURATION = "google.protobuf.Duration"


class _Accumulator(list):
    """The list a comprehension builds (`map`, `filter`): appended to in place while it runs."""


class _MapAccumulator(dict):
    """The map a comprehension builds (`transformMap`, `transformMapEntry`): inserted into in place."""


class UnorderedList(list):
    """A `set` or `map` list of an object: equal to a list of the same items in any order."""


class _Fail(Exception):
    """Raised by a function: becomes an `Err` value."""


def _ceil(x: float) -> int:
    return int(math.ceil(x))


def size(v: Any) -> int:
    """cel-go's `actualSize`: a sizer's size (strings in code points), else 1."""
    if isinstance(v, (str, bytes, list, dict)):
        return len(v)
    return 1


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def equal(a: Any, b: Any) -> bool:
    """CEL's heterogeneous equality (numbers across int, uint and double; other types unequal). A
    stored value the server cannot convert (an `Err` in the data) fails the comparison where the
    server's lazy values meet it: the first item or property that is not equal, in order."""
    if type(a) is Err:
        raise _Fail(a.message)
    if type(b) is Err:
        if isinstance(a, (dict, list)):
            raise _Fail(b.message)
        return False  # a readable scalar is not equal to any other type
    if _num(a) and _num(b):
        return a == b
    if type(a) is not type(b) and not (isinstance(a, dict) and isinstance(b, dict)):
        if isinstance(a, Opt) or isinstance(b, Opt):
            return False
        if not (isinstance(a, list) and isinstance(b, list)):
            return False
    if isinstance(a, list):
        if len(a) != len(b):
            return False
        if isinstance(a, UnorderedList) or isinstance(b, UnorderedList):
            if all(isinstance(x, (str, int, float)) for x in (*a, *b)):
                return Counter(map(_scalar_key, a)) == Counter(map(_scalar_key, b))
            rest = list(b)
            for x in a:
                at = next((i for i, y in enumerate(rest) if equal(x, y)), None)
                if at is None:
                    return False
                rest.pop(at)
            return True
        return all(equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        if len(a) != len(b):
            return False
        for k, v in a.items():
            found = _lookup(b, k)
            if found is _ABSENT or not equal(v, found):
                return False
        return True
    return a == b


def _scalar_key(x: Any) -> tuple:
    return ("b" if isinstance(x, bool) else "s" if isinstance(x, str) else "n", x)


def _lookup(m: dict, key: Any) -> Any:
    """A map's value at `key` (numeric keys across int, uint and double, as cel-go's maps), or _ABSENT."""
    if isinstance(key, str):
        return m.get(key, _ABSENT)
    if isinstance(key, bool):
        return next((v for k, v in m.items() if k is key), _ABSENT)
    if not _num(key) or isinstance(key, float) and not key.is_integer():
        return _ABSENT
    return next((v for k, v in m.items() if _num(k) and not isinstance(k, bool) and k == key), _ABSENT)


def _type_name(v: Any) -> str:
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, Uint):
        return "uint"
    for t, name in ((int, "int"), (float, "double"), (str, "string"), (bytes, "bytes"), (list, "list")):
        if isinstance(v, t):
            return name
    if isinstance(v, dict):
        return cellib.KIND in v and v[cellib.KIND] or "map"
    if v is None:
        return "null_type"
    if isinstance(v, Opt):
        return "optional_type"
    if isinstance(v, Duration):
        return DURATION
    if isinstance(v, Timestamp):
        return TIMESTAMP
    if isinstance(v, CelType):
        return "type"
    return type(v).__name__


def _no_overload() -> _Fail:
    return _Fail("no such overload")


def _int(v: int) -> int:
    if not INT_MIN <= v <= INT_MAX:
        raise _Fail("integer overflow")
    return v


def _uint(v: int) -> Uint:
    if not 0 <= v <= UINT_MAX:
        raise _Fail("unsigned integer overflow")
    return Uint(v)


def _arith(op: str, a: Any, b: Any) -> Any:
    ta, tb = _type_name(a), _type_name(b)
    if {ta, tb} == {TIMESTAMP, DURATION} and (op == "+" or op == "-" and ta == TIMESTAMP):
        t, d = (a, b) if ta == TIMESTAMP else (b, a)
        step = celtimestamps.add if op == "+" else celtimestamps.subtract_duration
        return _timestamps(step, t, d.ns)
    if ta != tb:
        raise _no_overload()
    if ta == "int":
        if op in "/%" and b == 0:
            raise _Fail("division by zero" if op == "/" else "modulus by zero")
        if op == "/":
            return _int(abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1))
        if op == "%":  # modulusInt64Checked: MinInt64 % -1 overflows, as its division does
            return _int(a - b * _int(_go_div(a, b)))
        return _int({"+": a + b, "-": a - b, "*": a * b}[op])
    if ta == "uint":
        if op in "/%" and b == 0:
            raise _Fail("division by zero" if op == "/" else "modulus by zero")
        return _uint({"+": a + b, "-": a - b, "*": a * b, "/": a // b if b else 0, "%": a % b if b else 0}[op])
    if ta == "double":
        if op == "%":
            raise _no_overload()
        if op == "/":
            if b == 0:
                return math.copysign(math.inf, a) * math.copysign(1, b) if a != 0 and not math.isnan(a) else math.nan
            return a / b
        return {"+": a + b, "-": a - b, "*": a * b}[op]
    if ta == DURATION and op in "+-":
        return _duration(a.ns + b.ns if op == "+" else a.ns - b.ns)
    if ta == TIMESTAMP and op == "-":
        return Duration(_timestamps(celtimestamps.between, a, b))
    if op == "+" and ta in ("string", "bytes"):
        return a + b
    if op == "+" and ta == "list":
        if type(a) is _Accumulator:  # a comprehension's own list: grown in place, as cel-go does
            a.extend(b)
            return a
        return a + b
    raise _no_overload()


def _go_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _compare(a: Any, b: Any) -> int:
    if _num(a) and _num(b):
        if isinstance(a, float) and math.isnan(a) or isinstance(b, float) and math.isnan(b):
            return 2  # unordered: every comparison false
        return (a > b) - (a < b)
    ta, tb = _type_name(a), _type_name(b)
    if ta != tb or ta not in ("string", "bytes", "bool", DURATION, TIMESTAMP):
        raise _no_overload()
    return (a > b) - (a < b)


_ORDER = {
    "_<_": lambda c: c == -1,
    "_<=_": lambda c: c in (-1, 0),
    "_>_": lambda c: c == 1,
    "_>=_": lambda c: c in (1, 0),
}


def _index(obj: Any, key: Any) -> Any:
    """cel-go's refQualify: a list by a whole number (types.IndexOrError), a map by its key, and
    anything else (a scalar, a library value) has no such key."""
    if isinstance(obj, list):
        i = _list_position(key)
        if not 0 <= i < len(obj):
            raise _Fail(f"index out of bounds: {_go_v(key)}")
        return obj[i]
    if isinstance(obj, dict) and cellib.KIND not in obj:
        found = _lookup(obj, key)
        if found is _ABSENT:
            raise _Fail(f"no such key: {_go_v(key)}")
        return found
    raise _Fail(f"no such key: {_go_v(key)}")


def _list_position(key: Any) -> int:
    """types.IndexOrError: an int, or a double or uint that converts to one without loss."""
    if isinstance(key, bool) or not _num(key):
        raise _Fail(f"unsupported index type '{_type_name(key)}' in list")
    if isinstance(key, float) and not (key.is_integer() and INT_MIN <= key < 2.0**63) or key > INT_MAX:
        raise _Fail(f"unsupported index value {_go_v(key)} in list")
    return int(key)


def _go_v(v: Any) -> str:
    """Go's `%v` of a CEL key or index."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return gostrconv.format_g(v)
    return str(v)


def _select(obj: Any, name: str) -> Any:
    if isinstance(obj, dict) and cellib.KIND not in obj:
        if name in obj:
            return obj[name]
        raise _Fail(f"no such key: {name}")
    if isinstance(obj, list):
        raise _Fail("unsupported index type 'string' in list")
    raise _Fail(f"no such key: {name}")


def _has(obj: Any, name: str) -> bool:
    """A presence test: on a map, whether it holds the field; on a list, the index error; on
    anything else false (the server does not set cel-go's EnableErrorOnBadPresenceTest)."""
    if isinstance(obj, dict) and cellib.KIND not in obj:
        found = obj.get(name, _ABSENT)
        if type(found) is Err:  # a value the server cannot convert: its presence test fails on it
            raise _Fail(found.message)
        return found is not _ABSENT
    if isinstance(obj, list):
        raise _Fail("unsupported index type 'string' in list")
    return False


def _contains(items: Any, v: Any) -> bool:
    if isinstance(items, list):
        return any(equal(x, v) for x in items)
    if isinstance(items, dict):
        return _lookup(items, v) is not _ABSENT
    raise _no_overload()


def _str(v: Any) -> str:
    if isinstance(v, str):
        return v
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(int(v))
    if isinstance(v, bytes):
        try:
            return v.decode("utf-8")
        except UnicodeDecodeError:
            raise _Fail("invalid UTF-8 in bytes, cannot convert to string") from None
    if isinstance(v, dict) and v.get(cellib.KIND) in ("IP", "CIDR"):
        return v["v"]
    if isinstance(v, Duration):
        return _duration_string(v)
    if isinstance(v, Timestamp):
        return celtimestamps.to_string(v)
    if isinstance(v, float):
        return gostrconv.format_g(v)
    if v is None or isinstance(v, (list, dict, Opt, CelType)):  # no `string` overload takes them (a dyn argument)
        raise _no_overload()
    raise Unsupported(f"string() of {_type_name(v)}")


def converts(function: str, value: Any) -> bool:
    """Whether a conversion (`duration`, `timestamp`) of a literal succeeds, as in cel-go."""
    try:
        FUNCTIONS[function](value)
    except _Fail:
        return False
    return True


def _conversion_error(to: str) -> _Fail:
    return _Fail(f"type conversion error from 'string' to '{to}'")


def _to_int(v: Any) -> int:
    if isinstance(v, Duration):
        return v.ns  # cel-go: Int(d.Duration), nanoseconds
    if isinstance(v, Timestamp):
        return v.sec  # cel-go: Int(t.Unix())
    if isinstance(v, bool):
        raise _no_overload()
    if isinstance(v, int):
        return _int(int(v))
    if isinstance(v, float):
        if math.isnan(v) or math.isinf(v) or not INT_MIN < v < 2.0**63:  # doubleToInt64Checked
            raise _Fail("integer overflow")
        return int(v)
    if isinstance(v, str):
        n = gostrconv.parse_int(v, True)
        if n is None:
            raise _conversion_error("int")
        return n
    raise _no_overload()


def _to_uint(v: Any) -> Uint:
    if isinstance(v, bool):
        raise _no_overload()
    if isinstance(v, int):
        return _uint(int(v))
    if isinstance(v, float):
        if math.isnan(v) or not 0 <= v < 2.0**64:
            raise _Fail("unsigned integer overflow")
        return Uint(int(v))
    if isinstance(v, str):
        n = gostrconv.parse_int(v, False)
        if n is None:
            raise _conversion_error("uint")
        return Uint(n)
    raise _no_overload()


def _to_double(v: Any) -> float:
    if isinstance(v, bool):
        raise _no_overload()
    if _num(v):
        return float(v)
    if isinstance(v, str):
        f = gostrconv.parse_float(v)
        if f is None:
            raise _conversion_error("double")
        return f
    raise _no_overload()


def _size(v: Any) -> int:
    if isinstance(v, (str, bytes, list, dict)) and not (isinstance(v, dict) and cellib.KIND in v):
        return len(v)
    raise _no_overload()


def _want(v: Any, t: type) -> Any:
    if not isinstance(v, t) or isinstance(v, bool) and t is not bool:
        raise _no_overload()
    return v


def _code_points_index(s: str, sub: str, start: int = 0) -> int:
    try:
        return cellib.index_of(s, sub, start)
    except ValueError as e:
        raise _Fail(str(e)) from None


def _last_index(s: str, sub: str, end: int | None = None) -> int:
    try:
        return cellib.last_index_of(s, sub, end)
    except ValueError as e:
        raise _Fail(str(e)) from None


def _substring(s: str, start: int, end: int | None = None) -> str:
    end = len(s) if end is None else end
    if start < 0 or start > len(s):
        raise _Fail(f"index out of range: {start}")
    if end < 0 or end > len(s):
        raise _Fail(f"index out of range: {end}")
    if start > end:
        raise _Fail(f"invalid substring range. start: {start}, end: {end}")
    return s[start:end]


def _split(s: str, sep: str, n: int = -1) -> list[str]:
    if n == 0:
        return []
    if sep == "":
        chars = list(s)
        return chars if n < 0 or n >= len(chars) else chars[: n - 1] + ["".join(chars[n - 1 :])]
    return s.split(sep) if n < 0 else s.split(sep, n - 1)


def _replace(s: str, old: str, new: str, n: int = -1) -> str:
    if old == "":
        chars = list(s)
        count = len(chars) + 1 if n < 0 else min(n, len(chars) + 1)
        out = []
        for i, c in enumerate(chars):
            out.append((new if i < count else "") + c)
        return "".join(out) + (new if count > len(chars) else "")
    return s.replace(old, new, n)


def _join(items: list, sep: str = "") -> str:
    if not all(isinstance(x, str) for x in items):
        raise _no_overload()
    return sep.join(items)


def _char_at(s: str, i: int) -> str:
    if not 0 <= i <= len(s):
        raise _Fail(f"index out of range: {i}")
    return s[i : i + 1]


def _list_index(items: list, v: Any) -> int:
    return next((i for i, x in enumerate(items) if equal(x, v)), -1)


def _list_last_index(items: list, v: Any) -> int:
    return next((i for i in range(len(items) - 1, -1, -1) if equal(items[i], v)), -1)


def _ordered(items: list) -> list:
    if len({_type_name(x) for x in items}) > 1:
        raise _no_overload()
    return items


def _wrap(fn):
    """A library function of cellib: its ValueError is the rule's error."""

    def call(*args: Any) -> Any:
        try:
            return fn(*args)
        except ValueError as e:
            raise _Fail(str(e)) from None

    return call


def _validate(fmt: str, s: str) -> Opt:
    errs = cellib._format_errors(fmt, s)
    return Opt(errs) if errs else NONE


def _quote(s: str) -> str:
    out = ['"']
    for c in s:
        code = ord(c)
        if c in '"\\':
            out.append("\\" + c)
        elif c in "\a\b\f\n\r\t\v":
            out.append("\\" + "abfnrtv"["\a\b\f\n\r\t\v".index(c)])
        elif 0xD800 <= code <= 0xDFFF:
            out.append("\ufffd")
        else:
            out.append(c)
    return "".join(out) + '"'


def _trim(s: str) -> str:
    return s.strip(_SPACE)


_SPACE = "\t\n\v\f\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000" + "".join(map(chr, range(0x2000, 0x200B)))


def _opt_of(v: Any) -> Opt:
    return Opt(v)


def _non_zero(v: Any) -> Opt:
    zero = v in (0, "", b"", False, None) and not isinstance(v, Opt) or isinstance(v, (list, dict)) and not v
    return NONE if zero else Opt(v)


def _opt_value(o: Opt) -> Any:
    if not isinstance(o, Opt):
        raise _no_overload()
    if o.value is _ABSENT:
        raise _Fail("optional.none() dereference")
    return o.value


def _opt_has(o: Opt) -> bool:
    if not isinstance(o, Opt):
        raise _no_overload()
    return o.value is not _ABSENT


def _opt_or_value(o: Opt, d: Any) -> Any:
    return o.value if _opt_has(o) else d


def _opt_or(o: Opt, other: Opt) -> Opt:
    return o if _opt_has(o) else other


def _sets_contains(a: list, b: list) -> bool:
    return all(_contains(a, x) for x in b)


def _map_insert(m: dict, key: Any, value: Any = _ABSENT) -> dict:
    """cel.@mapInsert: a key and its value, or (two arguments) every entry of a map, added to a map;
    a key it holds already is an error (InsertMapKeyValue)."""
    if not isinstance(m, dict) or cellib.KIND in m:
        raise _no_overload()
    entries = [(key, value)] if value is not _ABSENT else list(_want(key, dict).items())
    out = m if type(m) is _MapAccumulator else dict(m)
    for k, v in entries:
        if _lookup(out, k) is not _ABSENT:
            raise _Fail(f"insert failed: key {_str(k) if isinstance(k, (str, int)) else k} already exists")
        out[k] = v
    return out


def _sets_intersects(a: list, b: list) -> bool:
    return any(_contains(a, x) for x in b)


def _matches(s: str, pattern: str) -> bool:
    try:
        return cellib._regex(_want(pattern, str)).search(_want(s, str)) is not None
    except ValueError as e:
        raise _Fail(str(e)) from None


def _duration(ns: int) -> Duration:
    """A duration's arithmetic result: an int64 of nanoseconds (cel-go's checked arithmetic)."""
    if not INT_MIN <= ns <= INT_MAX:
        raise _Fail("integer overflow")
    return Duration(ns)


def _to_duration(v: Any) -> Duration:
    """duration(): a string as Go's time.ParseDuration reads it, or a duration itself."""
    if isinstance(v, Duration):
        return v
    if not isinstance(v, str):
        raise _no_overload()
    ns = go_duration_ns(v)
    if ns is None:  # String.ConvertToType's words
        raise _Fail(f"type conversion error from 'string' to '{DURATION}'")
    return Duration(ns)


def _duration_string(d: Duration) -> str:
    """string() of a duration: strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"."""
    from decimal import Decimal

    return format(Decimal(repr(d.ns / 1e9)).normalize(), "f") + "s"


def _getter(name: str, unit: int | None = None):
    """A getter: of a timestamp, its field in its zone or the one its argument names; of a duration
    (getHours() and the like), int64(d.Hours()), Go's float truncated toward zero (the whole duration
    in that unit, as cel-go's DurationGet* give it; cel-expr-python gives a component)."""

    def get(v: Any, *tz: Any) -> int:
        if isinstance(v, Timestamp) and all(isinstance(z, str) for z in tz) and len(tz) <= 1:
            return _timestamps(celtimestamps.get, name, v, *tz)
        if isinstance(v, Duration) and unit is not None and not tz:
            return int(v.ns / unit)
        raise _no_overload()

    return get


def _timestamps(fn, *args: Any) -> Any:
    """A function of `celtimestamps`: its ValueError is the rule's error."""
    try:
        return fn(*args)
    except ValueError as e:
        raise _Fail(str(e)) from None


def _to_timestamp(v: Any) -> Timestamp:
    """timestamp(): of a string (RFC 3339), of Unix seconds, or a timestamp itself."""
    if isinstance(v, Timestamp):
        return v
    if isinstance(v, str):
        return _timestamps(celtimestamps.of_string, v)
    if isinstance(v, int) and not isinstance(v, (bool, Uint)):
        return _timestamps(celtimestamps.of_int, v)
    raise _no_overload()


class CelType:
    """A type as a value (`type(x)`, `int`, `string`, …), named as cel-go names it."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __eq__(self, other: object) -> bool:
        return type(other) is CelType and other.name == self.name

    def __hash__(self) -> int:
        return hash(("type", self.name))

    def __repr__(self) -> str:
        return f"CelType({self.name!r})"


# the type identifiers a rule may name, as values
TYPES = {n: CelType(n) for n in ("bool", "bytes", "double", "int", "list", "map", "null_type", "string", "type")}
TYPES |= {"uint": CelType("uint"), DURATION: CelType(DURATION), TIMESTAMP: CelType(TIMESTAMP)}
TYPES["optional_type"] = CelType("optional_type")


def _type_of(v: Any) -> CelType:
    """type(): the value's runtime type; an object of the schema is a map there too (the server's
    unstructured values answer `types.MapType`), a library value has the library's type."""
    name = _server_type_name(v)
    return TYPES.get(name) or CelType(name)


# the library's types by the interpreter's kind of value (k8s.io/apiserver/pkg/cel)
LIBRARY_TYPES = {"IP": "net.IP", "CIDR": "net.CIDR", "URL": "kubernetes.URL", "Quantity": "kubernetes.Quantity"}
LIBRARY_TYPES["Semver"] = "kubernetes.Semver"


def _server_type_name(v: Any) -> str:
    """The value's type name as cel-go prints it (`TypeName()`)."""
    name = _type_name(v)
    if isinstance(v, dict) and name != "map":
        if name not in LIBRARY_TYPES:
            raise Unsupported(f"the type of a library value {name}")
        return LIBRARY_TYPES[name]
    if name not in TYPES:
        raise Unsupported(f"the type of {name}")
    return name


def _format(text: Any, args: Any) -> str:
    """`<string>.format(<list>)` (`celformat`: cel-go's strings library, version 2)."""
    try:
        return celformat.format_string(_want(text, str), _want(args, list), _server_type_name, _format_str)
    except celformat.FormatError as e:
        raise _Fail(str(e)) from None


def _format_str(v: Any) -> str:
    """The value's conversion to string (`ConvertToType(StringType)`: a type converts to its name)."""
    if isinstance(v, CelType):
        return v.name
    try:
        return _str(v)
    except _Fail as e:
        raise celformat.FormatError(str(e)) from None


def _neg(v: Any) -> Any:
    if isinstance(v, (bool, Uint)):
        raise _no_overload()
    if isinstance(v, int):
        return _int(-v)
    if isinstance(v, float):
        return -v
    raise _no_overload()


def _not(v: Any) -> bool:
    if not isinstance(v, bool):
        raise _no_overload()
    return not v


def _bytes(v: Any) -> bytes:
    if isinstance(v, bytes):
        return v
    if isinstance(v, str):
        return v.encode()
    raise _no_overload()


def _bool(v: Any) -> bool:
    if isinstance(v, bool):
        return v
    words = {"1": True, "t": True, "true": True, "TRUE": True, "True": True}
    words |= {"0": False, "f": False, "false": False, "FALSE": False, "False": False}
    if isinstance(v, str) and v in words:
        return words[v]
    raise _Fail("type conversion error from 'string' to 'bool'") if isinstance(v, str) else _no_overload()


# --- cel-go's lists extension at the server's version 3 (ext/lists.go) -----------------------

_SORTABLE = {"int", "uint", "double", "bool", DURATION, TIMESTAMP, "string", "bytes"}  # comparableTypes


def _slice(items: Any, start: Any, end: Any) -> list:
    items = _want(items, list)
    start, end = _want(start, int), _want(end, int)
    if start < 0 or end < 0:
        raise _Fail(f"cannot slice({start}, {end}), negative indexes not supported")
    if start > end:
        raise _Fail(f"cannot slice({start}, {end}), start index must be less than or equal to end index")
    if len(items) < end:
        raise _Fail(f"cannot slice({start}, {end}), list is length {len(items)}")
    return items[start:end]


def _flatten(items: Any, depth: Any = 1) -> list:
    items, depth = _want(items, list), _want(depth, int)
    if depth < 0:
        raise _Fail("level must be non-negative")
    out: list = []
    for v in items:
        out += _flatten(v, depth - 1) if isinstance(v, list) and depth > 0 else [v]
    return out


def _distinct(items: Any) -> list:
    out: list = []
    for v in _want(items, list):
        if not any(equal(v, seen) for seen in out):
            out.append(v)
    return out


def _sort_by_keys(items: Any, keys: Any) -> list:
    """`@sortByAssociatedKeys` (and `sort`, its own keys): all keys of the first's comparable type.
    Go's sort.Slice is stable up to 12 items (insertion sort); past that equal keys may keep
    another order than this stable sort's."""
    items, keys = _want(items, list), _want(keys, list)
    if len(items) != len(keys):
        raise _Fail(
            "@sortByAssociatedKeys() expected a list of the same size as the associated keys list, "
            f"but got {len(items)} and {len(keys)} elements respectively"
        )
    if not items:
        return items
    kind = _type_name(keys[0])
    if kind not in _SORTABLE:
        raise _Fail("list elements must be comparable")
    if any(_type_name(k) != kind for k in keys):
        raise _Fail("list elements must have the same type")
    order = sorted(range(len(keys)), key=functools.cmp_to_key(lambda i, j: _compare(keys[i], keys[j])))
    return [items[i] for i in order]


def _range(n: Any) -> list:
    return list(range(_want(n, int)))


def _lists_cost(function: str, args: list, result: Any) -> int | None:
    """The extension's cost trackers: a list built costs its size (times a factor) plus the call
    and the list's creation; `distinct` and `sort` compare the input with itself, `sortBy` its keys."""
    if function in ("slice", "reverse", "lists.range") and isinstance(result, list):
        return len(result) + 1 + LIST_CREATE
    if function == "flatten" and args and isinstance(args[0], list):
        depth = args[1] if len(args) == 2 else 1
        return int(len(args[0]) * float(depth)) + 1 + LIST_CREATE
    if function in ("distinct", "sort", "@sortByAssociatedKeys") and args:
        compared = args[-1] if function == "@sortByAssociatedKeys" else args[0]
        if not isinstance(compared, list):
            return None
        factor = 2.0 + (STRING_FACTOR if compared and isinstance(compared[0], (str, bytes)) else 0)
        return int(len(compared) * len(compared) * factor) + 1 + LIST_CREATE
    return None


# function name -> implementation on (target, *args); `None` entries are special forms
FUNCTIONS: dict[str, Any] = {
    "_+_": lambda a, b: _arith("+", a, b),
    "_-_": lambda a, b: _arith("-", a, b),
    "_*_": lambda a, b: _arith("*", a, b),
    "_/_": lambda a, b: _arith("/", a, b),
    "_%_": lambda a, b: _arith("%", a, b),
    "_==_": equal,
    "_!=_": lambda a, b: not equal(a, b),
    "@in": lambda v, items: _contains(items, v),
    "!_": _not,
    "-_": _neg,
    "@not_strictly_false": lambda v: v is not False,
    "size": _size,
    "contains": lambda s, sub: _want(s, str).find(_want(sub, str)) >= 0,
    "startsWith": lambda s, p: _want(s, str).startswith(_want(p, str)),
    "endsWith": lambda s, p: _want(s, str).endswith(_want(p, str)),
    "matches": _matches,
    "int": _to_int,
    "uint": _to_uint,
    "double": _to_double,
    "string": _str,
    "bytes": _bytes,
    "bool": _bool,
    "dyn": lambda v: v,
    "duration": _to_duration,
    "timestamp": _to_timestamp,
    "type": _type_of,
    "format": _format,
    "slice": _slice,
    "flatten": _flatten,
    "distinct": _distinct,
    "sort": lambda items: _sort_by_keys(items, items),
    "@sortByAssociatedKeys": _sort_by_keys,
    "reverse": lambda items: _want(items, list)[::-1],
    "lists.range": _range,
    # the optional types library's (version 2, as cel.OptionalTypes() gives it)
    "first": lambda items: Opt(items[0]) if _want(items, list) else NONE,
    "last": lambda items: Opt(items[-1]) if _want(items, list) else NONE,
    "getHours": _getter("getHours", 3_600_000_000_000),
    "getMinutes": _getter("getMinutes", 60_000_000_000),
    "getSeconds": _getter("getSeconds", 1_000_000_000),
    "getMilliseconds": _getter("getMilliseconds", 1_000_000),
    "charAt": _char_at,
    "lowerAscii": lambda s: "".join(c.lower() if "A" <= c <= "Z" else c for c in _want(s, str)),
    "upperAscii": lambda s: "".join(c.upper() if "a" <= c <= "z" else c for c in _want(s, str)),
    "replace": _replace,
    "split": _split,
    "substring": _substring,
    "trim": _trim,
    "join": _join,
    "strings.quote": _quote,
    "optional.of": _opt_of,
    "optional.none": lambda: NONE,
    "optional.ofNonZeroValue": _non_zero,
    "value": _opt_value,
    "hasValue": _opt_has,
    "orValue": _opt_or_value,
    "or": _opt_or,
    "sets.contains": _sets_contains,
    "sets.equivalent": lambda a, b: _sets_contains(a, b) and _sets_contains(b, a),
    "sets.intersects": _sets_intersects,
    "cel.@mapInsert": _map_insert,
    "isSorted": lambda items: cellib._is_sorted(_ordered(items)),
    "sum": lambda items: _wrap(cellib._sum)(_ordered(items)),
    "min": lambda items: _wrap(cellib._extreme("min", min))(_ordered(items)),
    "max": lambda items: _wrap(cellib._extreme("max", max))(_ordered(items)),
    "find": _wrap(cellib._find),
    "findAll": _wrap(cellib._find_all),
    "validate": _validate,
    "format.named": lambda n: Opt(n) if cellib._named(n) else NONE,
    "isIP": _wrap(lambda s: cellib._ok(cellib._addr, s)),
    "ip": _wrap(lambda s: cellib._ip(str(cellib._net(s)[0])) if isinstance(s, dict) else cellib._ip(s)),
    "ip.isCanonical": _wrap(lambda s: str(cellib._addr(s)) == s),
    "family": _wrap(lambda o: cellib._ip_of(o).version),
    "isUnspecified": _wrap(lambda o: cellib._ip_of(o).is_unspecified),
    "isLoopback": _wrap(lambda o: cellib._ip_of(o).is_loopback),
    "isLinkLocalMulticast": _wrap(lambda o: cellib._link_local_multicast(cellib._ip_of(o))),
    "isLinkLocalUnicast": _wrap(lambda o: cellib._ip_of(o).is_link_local),
    "isGlobalUnicast": _wrap(lambda o: cellib._global_unicast(cellib._ip_of(o))),
    "isCIDR": _wrap(lambda s: cellib._ok(cellib._prefix, s)),
    "cidr": _wrap(cellib._cidr),
    "containsIP": _wrap(cellib._contains_ip),
    "containsCIDR": _wrap(cellib._contains_cidr),
    "masked": _wrap(cellib._masked),
    "prefixLength": _wrap(lambda o: cellib._net(o)[1]),
    "url": _wrap(cellib._url),
    "isURL": _wrap(lambda s: cellib._ok(cellib._url, s)),
    "getScheme": _wrap(lambda o: cellib._parts(o).scheme),
    "getHost": _wrap(lambda o: cellib._parts(o).host),
    "getHostname": _wrap(lambda o: cellib.gourl.split_host_port(cellib._parts(o).host)[0]),
    "getPort": _wrap(lambda o: cellib.gourl.split_host_port(cellib._parts(o).host)[1]),
    "getEscapedPath": _wrap(lambda o: cellib.gourl.escaped_path(cellib._parts(o))),
    "getQuery": _wrap(lambda o: cellib.gourl.query(cellib._parts(o))),
    "quantity": _wrap(cellib._quantity),
    "isQuantity": _wrap(lambda s: cellib.quantity.problem(s) is None),
    "sign": _wrap(lambda o: (cellib._amount(o) > 0) - (cellib._amount(o) < 0)),
    "isInteger": _wrap(lambda o: cellib.quantity.as_int64(cellib._amount(o)) is not None),
    "asInteger": _wrap(cellib._as_integer),
    "asApproximateFloat": _wrap(lambda o: float(cellib._amount(o))),
    "add": _wrap(cellib._arith(1)),
    "sub": _wrap(cellib._arith(-1)),
    "semver": _wrap(cellib._semver),
    "isSemver": _wrap(lambda s, n=False: cellib._ok(lambda x: cellib.semver.parse(x, n), s)),
    "major": _wrap(lambda o: cellib._version(o)[0]),
    "minor": _wrap(lambda o: cellib._version(o)[1]),
    "patch": _wrap(lambda o: cellib._version(o)[2]),
    "isGreaterThan": _wrap(lambda a, b: cellib._compare(a, b) > 0),
    "isLessThan": _wrap(lambda a, b: cellib._compare(a, b) < 0),
    "compareTo": _wrap(cellib._compare),
}
for _name in ("getFullYear", "getMonth", "getDayOfYear", "getDate", "getDayOfMonth", "getDayOfWeek"):
    FUNCTIONS[_name] = _getter(_name)
for _name in cellib.FORMATS:
    FUNCTIONS[f"format.{_name}"] = lambda n=_name: n
for _op, _test in _ORDER.items():
    FUNCTIONS[_op] = lambda a, b, t=_test: t(_compare(a, b))


def _string_index_of(s: Any, sub: Any, *rest: Any) -> int:
    if isinstance(s, list):
        return _list_index(s, sub)
    return _code_points_index(_want(s, str), _want(sub, str), *rest)


def _string_last_index_of(s: Any, sub: Any, *rest: Any) -> int:
    if isinstance(s, list):
        return _list_last_index(s, sub)
    return _last_index(_want(s, str), _want(sub, str), *rest)


FUNCTIONS["indexOf"] = _string_index_of
FUNCTIONS["lastIndexOf"] = _string_last_index_of
_CONVERSIONS = {"bool", "bytes", "double", "duration", "dyn", "int", "string", "timestamp", "type", "uint"}
_K8S_STRING_COST = {"url", "lowerAscii", "upperAscii", "substring", "trim", "jsonpatch.escapeKey"}
_K8S_STRING_COST |= {"cidr", "isIP", "isCIDR", "quantity", "isQuantity", "semver", "isSemver"}
_K8S_UNIT = {"masked", "prefixLength", "family", "isUnspecified", "isLoopback", "isLinkLocalMulticast"}
_K8S_UNIT |= {"isLinkLocalUnicast", "isGlobalUnicast", "format.named", "sign", "asInteger", "isInteger"}
_K8S_UNIT |= {"asApproximateFloat", "isGreaterThan", "isLessThan", "compareTo", "add", "sub", "major", "minor"}
_K8S_UNIT |= {"patch", "getScheme", "getHostname", "getHost", "getPort", "getEscapedPath", "getQuery"}


def _traversal(v: Any) -> int:
    """The library's `traversalCost` (strings and bytes by length × 0.1, truncated)."""
    if isinstance(v, str):
        return int(len(v.encode()) * STRING_FACTOR)
    if isinstance(v, bytes):
        return int(len(v) * STRING_FACTOR)
    if isinstance(v, list):
        return sum(_traversal(x) for x in v)
    if isinstance(v, dict) and cellib.KIND not in v:
        return sum(_traversal(k) + _traversal(x) for k, x in v.items())
    return 1


def _k8s_size(v: Any) -> int:
    """The library's `actualSize`: like cel-go's, but an optional has no size of its own."""
    return 1 if isinstance(v, Opt) else size(v)


def call_cost(function: str, args: list, result: Any) -> int:
    """The runtime cost of one call: an extension's cost tracker, else the Kubernetes library's
    `CallCost`, else cel-go's `costCall`."""
    tracked = _lists_cost(function, args, result)
    if tracked is not None:
        return tracked
    k8s = _library_cost(function, args, result)
    if k8s is not None:
        return k8s
    if function in ("startsWith", "endsWith", "strings.quote", "format") or (
        function in ("string", "bytes") and len(args) == 1 and isinstance(args[0], (str, bytes))
    ):
        if function in ("string", "bytes") and type(args[0]) is (str if function == "string" else bytes):
            return 1
        return _ceil(size(args[0]) * STRING_FACTOR)
    if function == "@in":
        return size(args[1]) if isinstance(args[1], list) else 1
    if function in ("_==_", "_!=_") or (
        function in _ORDER and isinstance(args[0], (str, bytes)) and type(args[0]) is type(args[1])
    ):
        return _ceil(min(size(args[0]), size(args[1])) * STRING_FACTOR)
    if function == "_+_" and isinstance(args[0], (str, bytes)) and type(args[0]) is type(args[1]):
        return _ceil((size(args[0]) + size(args[1])) * STRING_FACTOR)
    if function == "matches" and isinstance(args[0], str) and isinstance(args[1], str):
        return _ceil((1 + size(args[0])) * STRING_FACTOR) * _ceil(size(args[1]) * REGEX_FACTOR)
    if function == "contains" and isinstance(args[0], str) and isinstance(args[1], str):
        return _ceil(size(args[0]) * STRING_FACTOR) * _ceil(size(args[1]) * STRING_FACTOR)
    return 1


def _library_cost(function: str, args: list, result: Any) -> int | None:
    if function in ("isSorted", "sum", "max", "min", "indexOf", "lastIndexOf", "includes"):
        return _traversal(args[0]) if args else 0
    if function in _K8S_STRING_COST and args:
        return _ceil(_k8s_size(args[0]) * STRING_FACTOR)
    if function in ("replace", "split") and args:
        return _ceil(_k8s_size(args[0]) * 2 * STRING_FACTOR)
    if function == "join" and args:
        return _ceil(_k8s_size(result) * 2 * STRING_FACTOR)
    if function in ("find", "findAll") and len(args) >= 2:
        return _ceil((1 + _k8s_size(args[0])) * STRING_FACTOR) * _ceil(_k8s_size(args[1]) * REGEX_FACTOR)
    if function == "ip" and args:
        return 1 if isinstance(args[0], dict) else _ceil(_k8s_size(args[0]) * STRING_FACTOR)
    if function == "ip.isCanonical" and args:
        return _ceil(_k8s_size(args[0]) * 2 * STRING_FACTOR)
    if function in _K8S_UNIT:
        return 1
    if function in ("containsIP", "containsCIDR") and len(args) >= 2:
        cidr, other = _k8s_size(args[0]), _k8s_size(args[1])
        cost = _ceil((cidr + cidr) * STRING_FACTOR)
        if function == "containsCIDR":
            cost += _ceil(cidr * STRING_FACTOR) + 1
        return cost + (_ceil(other * STRING_FACTOR) if isinstance(args[1], str) else 0)
    if function == "validate" and len(args) >= 2:
        regex = FORMAT_REGEX_SIZES[args[0]]  # a format value is its name here
        return _ceil((1 + _k8s_size(args[1])) * STRING_FACTOR) * _ceil(regex * REGEX_FACTOR)
    if function == "_==_" and len(args) == 2 and isinstance(args[0], dict) and cellib.KIND in args[0]:
        return 1
    return None


# the library's `MaxRegexSize` of each format (format.go)
FORMAT_REGEX_SIZES = {"dns1123Label": 30, "dns1123Subdomain": 60, "dns1035Label": 30, "qualifiedName": 60}
FORMAT_REGEX_SIZES |= {"dns1123LabelPrefix": 30, "dns1123SubdomainPrefix": 60, "dns1035LabelPrefix": 30}
FORMAT_REGEX_SIZES |= {"labelValue": 40, "uri": 1103, "byte": 84}
# len(strfmt.UUIDPattern) and len(strfmt.DateTimePattern), k8s.io/kube-openapi/pkg/validation/strfmt
FORMAT_REGEX_SIZES |= {"uuid": 70, "date": 71, "datetime": 71}
_QUALIFIERS = {"_[_]", "_[?_]", "_?._"}


def _present(values: list, optional: tuple[int, ...], width: int) -> list:
    """A literal's members (`width` values each: an element, a key and its value) without its `?`
    members whose optional is empty, the others unwrapped."""
    if not optional:
        return values
    out = []
    for i in range(0, len(values), width):
        member = values[i : i + width]
        if i // width in optional:
            if not isinstance(member[-1], Opt):
                raise _no_overload()
            if member[-1].value is _ABSENT:
                continue
            member[-1] = member[-1].value
        out += member
    return out


def _is_attribute(n: Node) -> bool:
    """Whether cel-go plans the node as an attribute (a variable with qualifiers, or `?:`)."""
    if n.kind in ("ident", "select"):
        return not n.test_only
    return n.kind == "call" and (n.value in _QUALIFIERS or n.value == "_?_:_")


def _is_const(n: Node) -> bool:
    """Whether `OptOptimize` folds the node into a constant (a literal of constants)."""
    if n.kind == "const":
        return True
    if n.kind in ("list", "map"):
        return all(_is_const(a) for a in n.args)
    return False


class Interpreter:
    """One evaluation: its variables, its running cost and its limit."""

    def __init__(self, variables: dict, limit: int | None = None, optimize: bool = True):
        self.scopes = [variables]
        self.cost = 0
        self.limit = limit
        self.optimize = optimize

    def charge(self, n: int) -> None:
        self.cost += n
        if self.limit is not None and self.cost > self.limit:
            raise CostLimit(self.cost)

    def lookup(self, name: str) -> Any:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        if name in TYPES:
            return TYPES[name]
        raise Unsupported(f"unknown identifier {name}")

    # -- evaluation as cel-go's Interpretables ----------------------------------------------

    def eval(self, n: Node) -> Any:
        kind = n.kind
        if kind == "const":
            return n.value
        if kind == "ident" or kind == "select" and not n.test_only:
            return self.attribute(n, True)
        if kind == "select":
            return self.presence(n)
        if kind == "call":
            return self.call(n)
        if kind == "list":
            return self.literal(n, LIST_CREATE, lambda vs: _present(vs, n.optional, 1))
        if kind == "map":
            return self.literal(n, MAP_CREATE, lambda vs: self.map_of(_present(vs, n.optional, 2)))
        if kind == "comp":
            return self.fold(n)
        raise Unsupported(f"expression kind {kind}")

    def literal(self, n: Node, base: int, build) -> Any:
        values = [self.eval(a) for a in n.args]
        if not (self.optimize and _is_const(n)):
            self.charge(base)
        for v in values:
            if isinstance(v, Err):
                return v
        try:
            return build(values)
        except _Fail as e:
            return Err(str(e))

    @staticmethod
    def map_of(values: list) -> dict:
        out: dict = {}
        for k, v in zip(values[::2], values[1::2], strict=True):
            if isinstance(k, (list, dict, Opt, float)) or k is None:
                raise _Fail("unsupported key type")
            if _lookup(out, k) is not _ABSENT:
                raise _Fail(f"Failed with repeated key: {k}")
            out[k] = v
        return out

    def attribute(self, n: Node, watched: bool) -> Any:
        """An attribute: a variable (charged 1 where cel-go watches it: not as a `?:` branch or an
        index) and its qualifiers, 1 each, resolved in order until one fails."""
        if n.kind == "ident":
            if watched:
                self.charge(1)
            return self.lookup(n.value)
        if n.kind == "call" and n.value == "_?_:_":
            return self.conditional(n)
        operand = n.target if n.kind == "select" else n.args[0]
        if _is_attribute(operand):
            obj = self.attribute(operand, watched)
        else:
            obj = self.eval(operand)
            if watched:
                self.charge(1)  # a relative attribute over a computed value
        if isinstance(obj, Err):
            return obj
        if n.kind == "select":
            self.charge(1)
            return self.qualify(lambda: _select(obj, n.value))
        key_node = n.args[1]
        if _is_const(key_node) and key_node.kind == "const":
            key = key_node.value
        elif _is_attribute(key_node):
            key = self.attribute(key_node, False)
        else:
            key = self.eval(key_node)
        self.charge(1)
        if isinstance(key, Err):
            return key
        if n.value == "_[_]":
            return self.qualify(lambda: _index(obj, key))
        if n.value == "_?._":
            return self.qualify(lambda: self.optional_select(obj, key))
        return self.qualify(lambda: self.optional_index(obj, key))

    @staticmethod
    def qualify(step) -> Any:
        try:
            return step()
        except _Fail as e:
            return Err(str(e))

    @staticmethod
    def optional_select(obj: Any, name: str) -> Opt:
        if isinstance(obj, Opt):
            if obj.value is _ABSENT:
                return NONE
            obj = obj.value
        return Opt(obj[name]) if _has(obj, name) else NONE

    @staticmethod
    def optional_index(obj: Any, key: Any) -> Opt:
        if isinstance(obj, Opt):
            if obj.value is _ABSENT:
                return NONE
            obj = obj.value
        if isinstance(obj, list):
            i = _list_position(key)  # a bad index is an error even here; one past the end is none
            return Opt(obj[i]) if 0 <= i < len(obj) else NONE
        found = _lookup(obj, key) if isinstance(obj, dict) and cellib.KIND not in obj else _ABSENT
        return NONE if found is _ABSENT else Opt(found)

    def presence(self, n: Node) -> Any:
        """`has(x.f)`: x resolved unwatched, the test a qualifier (1); no cost of its own
        (the server's PresenceTestHasCost(false))."""
        operand = n.target
        obj = self.attribute(operand, False) if _is_attribute(operand) else self.eval(operand)
        self.charge(1)
        if isinstance(obj, Err):
            return obj
        return self.qualify(lambda: _has(obj, n.value))

    def conditional(self, n: Node) -> Any:
        """`c ? a : b`: no cost of its own; a branch that is an attribute is resolved unwatched."""
        cond = self.eval(n.args[0])
        if isinstance(cond, Err):
            return cond
        if not isinstance(cond, bool):
            return Err("no such overload")
        branch = n.args[1] if cond else n.args[2]
        return self.attribute(branch, False) if _is_attribute(branch) else self.eval(branch)

    def logic(self, n: Node, stop: bool) -> Any:
        """`&&` (stop at false) and `||` (stop at true), left to right; errors lose to the stopper."""
        err = None
        for term in n.args:
            v = self.eval(term)
            if v is stop:
                return stop
            if not isinstance(v, bool) and err is None:
                err = v if isinstance(v, Err) else Err("no such overload")
        return err if err is not None else (not stop)

    def call(self, n: Node) -> Any:
        fn = n.value
        if fn == "_&&_":
            return self.logic(n, False)
        if fn == "_||_":
            return self.logic(n, True)
        if fn == "_?_:_":
            return self.conditional(n)
        if fn in _QUALIFIERS:
            return self.attribute(n, True)
        nodes = ([n.target] if n.target is not None else []) + n.args
        args = [self.eval(a) for a in nodes]
        impl = FUNCTIONS.get(fn)
        if impl is None:
            raise Unsupported(f"function {fn}")
        err = next((a for a in args if isinstance(a, Err)), None)
        if err is not None:
            result: Any = err
        else:
            try:
                result = impl(*args)
            except _Fail as e:
                result = Err(str(e))
            except (TypeError, AttributeError):
                result = Err("no such overload")
        folded = self.optimize and fn in _CONVERSIONS and len(nodes) == 1 and _is_const(nodes[0])
        if self.optimize and fn == "@in" and _is_const(nodes[1]) and nodes[1].kind == "list":
            folded = all(
                a.kind == "const" and a.value is not None and not isinstance(a.value, bytes) for a in nodes[1].args
            )
        if not folded:
            self.charge(call_cost(fn, args, result))
        return result

    def fold(self, n: Node) -> Any:
        """A comprehension: range, accumulator, then per element the condition and the step (the
        loop ends where the condition is false), then the result."""
        c = n.comp
        items = self.eval(c["range"])
        if isinstance(items, Err):
            return items
        two = "iter_var2" in c
        if isinstance(items, list):
            pairs = list(enumerate(items)) if two else [(x, None) for x in items]
        elif isinstance(items, dict) and cellib.KIND not in items:
            pairs = list(items.items()) if two else [(k, None) for k in items]
        else:
            return Err("no such overload")
        accu = self.eval(c["init"])
        if type(accu) is list and not accu:
            accu = _Accumulator(accu)
        elif type(accu) is dict and not accu:
            accu = _MapAccumulator(accu)
        scope = {c["accu_var"]: accu}
        self.scopes.append(scope)
        try:
            for first, second in pairs:
                scope[c["iter_var"]] = first
                if two:
                    scope[c["iter_var2"]] = second
                if self.eval(c["cond"]) is False:
                    break
                scope[c["accu_var"]] = self.eval(c["step"])
            scope.pop(c["iter_var"], None)
            scope.pop(c.get("iter_var2", ""), None)
            if type(scope[c["accu_var"]]) is _Accumulator:
                scope[c["accu_var"]] = list(scope[c["accu_var"]])
            elif type(scope[c["accu_var"]]) is _MapAccumulator:
                scope[c["accu_var"]] = dict(scope[c["accu_var"]])
            return self.eval(c["result"])
        finally:
            self.scopes.pop()


def evaluate(ast: Node, variables: dict, limit: int | None = None, optimize: bool = True) -> tuple[Any, int]:
    """(value or Err, actual cost) of a checked rule on `variables`; CostLimit past `limit`."""
    interp = Interpreter(variables, limit, optimize)
    try:
        value = interp.eval(ast)
    except RecursionError:
        raise Unsupported("nested too deep for this interpreter") from None
    return value, interp.cost
