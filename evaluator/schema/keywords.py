"""One small, pure factory per keyword.

Each factory gets the keyword's value (and the compiler, for sub-schemas) and
returns a check `check(v, ov, path, ctx) -> bool | None`, or None when the
keyword needs no run-time work. A check reports errors through `ctx.add` and
returns True to stop the remaining checks of its node (short-circuit).
`v` is never None here (nil values stop before the value checks) unless the
check is marked `nil_ok` (it runs on nil values too, as the test tags do);
`ov` is the correlated old value or NOOLD.
"""

from __future__ import annotations

from . import errors as E
from .formats import FORMATS
from .schemaerror import SchemaError

_NUM = (int, float)


def _is_num(v) -> bool:
    return type(v) in _NUM


def _int(value, name) -> int:
    if type(value) is not int or value < 0:
        raise SchemaError(f"{name} must be a non-negative integer, got {value!r}")
    return value


def kw_minimum(c, value, schema):
    if not _is_num(value):
        raise SchemaError(f"minimum must be a number, got {value!r}")
    if schema.get("exclusiveMinimum") is True:
        detail, origin = f"must be greater than {value}", "exclusiveMinimum"

        def check(v, ov, path, ctx):
            if type(v) in _NUM and v <= value:
                ctx.add(E.INVALID, path, v, detail, origin)

        check.accept = {"lo": value, "lo_strict": True}  # what a walk may pass without the call (structural.Accept)
    else:
        detail, origin = f"must be greater than or equal to {value}", "minimum"

        def check(v, ov, path, ctx):
            if type(v) in _NUM and v < value:
                ctx.add(E.INVALID, path, v, detail, origin)

        check.accept = {"lo": value}
    return check


def kw_maximum(c, value, schema):
    if not _is_num(value):
        raise SchemaError(f"maximum must be a number, got {value!r}")
    if schema.get("exclusiveMaximum") is True:
        detail, origin = f"must be less than {value}", "exclusiveMaximum"

        def check(v, ov, path, ctx):
            if type(v) in _NUM and v >= value:
                ctx.add(E.INVALID, path, v, detail, origin)

        check.accept = {"hi": value, "hi_strict": True}
    else:
        detail, origin = f"must be less than or equal to {value}", "maximum"

        def check(v, ov, path, ctx):
            if type(v) in _NUM and v > value:
                ctx.add(E.INVALID, path, v, detail, origin)

        check.accept = {"hi": value}
    return check


def kw_max_length(c, value, schema):
    n = _int(value, "maxLength")
    detail = f"may not be more than {E.plural(n, 'character')}"

    def check(v, ov, path, ctx):
        if type(v) is str and len(v) > n:
            ctx.add(E.TOO_LONG, path, E.OMITTED, detail, "maxLength")

    check.accept = {"max_len": n}
    return check


def kw_min_length(c, value, schema):
    n = _int(value, "minLength")
    detail = f"must be at least {E.plural(n, 'character')}"

    def check(v, ov, path, ctx):
        if type(v) is str and len(v) < n:
            ctx.add(E.TOO_SHORT, path, v, detail, "minLength")

    check.accept = {"min_len": n}
    return check


def kw_max_bytes(c, value, schema):
    n = _int(value, "x-dv-max-bytes")
    detail = f"may not be more than {E.plural(n, 'byte')}"

    def check(v, ov, path, ctx):
        if type(v) is str and len(v) > n // 4 and len(v.encode("utf-8")) > n:
            ctx.add(E.TOO_LONG, path, E.OMITTED, detail, "maxBytes")

    check.accept = {"max_len": n // 4}  # at most 4 bytes a character
    return check


def _count(kind, word, origin, too_many):
    def factory(c, value, schema):
        n = _int(value, origin)
        detail = f"must have at {'most' if too_many else 'least'} {E.plural(n, word)}"
        etype = E.TOO_MANY if too_many else E.TOO_FEW

        def check(v, ov, path, ctx):
            if type(v) is kind and (len(v) > n if too_many else len(v) < n):
                ctx.add(etype, path, len(v), detail, origin)
                return too_many  # maxItems / maxProperties short-circuit

        return check

    return factory


kw_max_items = _count(list, "item", "maxItems", True)
kw_min_items = _count(list, "item", "minItems", False)
kw_max_properties = _count(dict, "item", "maxProperties", True)
kw_min_properties = _count(dict, "item", "minProperties", False)


def kw_neq(c, value, schema):
    vtype = type(value)

    def check(v, ov, path, ctx):
        if type(v) is vtype and v == value:
            ctx.add(E.INVALID, path, v, _neq_detail(value), "neq")

    return check


def _neq_detail(value) -> str:
    import json  # here: a run with no error never loads it

    shown = json.dumps(value) if isinstance(value, str) else str(value).lower() if type(value) is bool else str(value)
    return "must not be equal to " + shown


def kw_enum(c, value, schema):
    if not isinstance(value, list):
        raise SchemaError("enum must be a list")
    allowed = set(v for v in value if isinstance(v, (str, int, float, bool)))
    excl = schema.get("x-dv-enum-exclude", [])
    for e in excl:
        if not isinstance(e, dict) or "value" not in e or "option" not in e:
            raise SchemaError("x-dv-enum-exclude entries need value and option")

    def excluded(v, ctx) -> bool | str:
        """Is `v` excluded under the options? An undefined option is an error (its text), as in
        the reference, which checks every rule's option before matching it."""
        for e in excl:
            option = e["option"]
            if ctx.declared is not None and option not in ctx.declared:
                return E.undefined_option(option)
            if e["value"] == v and (option in ctx.options) == e.get("excludeWhen", True):
                return True
        return False

    def check(v, ov, path, ctx):
        try:
            ok = v in allowed
        except TypeError:
            ok = False
        if excl:
            out = excluded(v, ctx)
            if type(out) is str:
                ctx.add(E.INTERNAL, path, None, out, "")
                return
            ok = ok and not out
        if ok:
            return
        supported = []
        for x in value:
            if x is None:  # a nullable enum lists null (OpenAPI 3.0.3): the absence, never reported as a value
                continue
            out = excluded(x, ctx) if excl else False
            if type(out) is str:
                ctx.add(E.INTERNAL, path, None, out, "")
                return
            if not out:
                supported.append(x)
        import json  # here: a run with no error never loads it

        detail = "supported values: " + ", ".join(json.dumps(str(x)) for x in sorted(supported, key=str))
        ctx.add(E.NOT_SUPPORTED, path, v, detail if any(x is not None for x in value) else "", "")

    if not excl:
        check.accept = {"members": frozenset(allowed)}
    return check


_INT_RANGE = {"int32": 1 << 31, "int64": 1 << 63}


def kw_format(c, value, schema):
    if value in _INT_RANGE:  # what decoding into a Go int32 / int64 field accepts
        bound, detail, origin = _INT_RANGE[value], f"must be of type {value}", "format=" + value
        low = -bound

        def in_range(v, ov, path, ctx):
            if type(v) is int and not low <= v < bound:
                ctx.add(E.TYPE_INVALID, path, v, detail, origin)

        in_range.accept = {"int_lo": low, "int_hi": bound}
        return in_range
    if value == "quantity":
        return _quantity()
    if value == "byte":
        return _byte()
    if value == "rfc3339" or value == "rfc3339-micro":
        return _time(value)
    fn = FORMATS.get(value)
    if fn is None:
        return None  # a standard OpenAPI format carries no Kubernetes rule
    origin = "format=" + value

    def check(v, ov, path, ctx):
        if type(v) is str:
            for etype, detail in fn(v):
                ctx.add(etype, path, E.OMITTED if etype == E.TOO_LONG else v, detail, origin)

    return check


def _quantity():
    """A resource.Quantity as the API server's decoder reads a string of it (godecoding): `1GB` is refused
    with its parser's error; a number always parses."""
    from evaluator.apiserver.values.quantity import decode_problem

    def check(v, ov, path, ctx):
        if type(v) is str:
            problem = decode_problem(v)
            if problem is not None:
                ctx.add(E.INVALID, path, v, problem, "")

    # digits with a plain suffix (`500m`, `1.5Gi`) always parse
    check.accept = {"search": plain_quantity}
    return check


def _time(fmt: str):
    """A metav1.Time (`rfc3339`) or MicroTime (`rfc3339-micro`) as the API server's decoder reads it
    (godecoding): a string Go's time.Parse does not read with the type's layout is refused with its error."""
    from evaluator.apiserver.values.gotime import RFC3339, RFC3339_MICRO, problem

    layout = RFC3339 if fmt == "rfc3339" else RFC3339_MICRO

    def check(v, ov, path, ctx):
        if type(v) is str:
            found = problem(layout, v)
            if found is not None:
                ctx.add(E.INVALID, path, v, found, "")

    return check


_BASE64 = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
_NOT_BASE64 = str.maketrans(dict.fromkeys(map(chr, _BASE64)))  # deletes the alphabet


def plain_quantity(text: str) -> bool:
    """Digits, an optional fraction and a plain suffix (`500m`, `1.5Gi`): a quantity that always parses
    (`_quantity`'s `Accept`; no pattern to compile at every start)."""
    n = len(text)
    if n > 2 and text[-1] == "i" and text[-2] in "KMGTPE":
        n -= 2
    elif n > 1 and text[-1] in "numkMGTPE":
        n -= 1
    whole, dot, fraction = text[:n].partition(".")
    digits = whole + fraction
    return whole != "" and (not dot or fraction != "") and digits.isdigit() and digits.isascii()


def plain_base64(text: str) -> bool:
    """Whole quanta of the alphabet, padded at the end: base64 that always decodes (`_byte`'s `Accept`)."""
    body = text.rstrip("=")
    return len(text) % 4 == 0 and len(text) - len(body) <= 2 and body.translate(_NOT_BASE64) == ""


def _byte():
    """A []byte as Go's JSON decoder reads its string (base64, standard alphabet, padded): one it cannot
    decode is refused with its error, the value not shown (a Secret's `data`)."""

    def check(v, ov, path, ctx):
        if type(v) is str:
            problem = base64_problem(v)
            if problem is not None:
                ctx.add(E.INVALID, path, E.OMITTED, problem, "")

    check.accept = {"search": plain_base64}
    return check


def base64_problem(text: str) -> str | None:
    """What Go's base64.StdEncoding.Decode says of `text` (its UTF-8 bytes), quantum by quantum as it
    reads them: None, or its error (a newline anywhere is skipped)."""
    src = text.encode("utf-8", "surrogatepass")
    end, si = len(src), 0
    while True:
        j = 0
        while j < 4:
            if si == end:
                return None if j == 0 else _corrupt(si - j)
            c = src[si]
            si += 1
            if c in _BASE64:
                j += 1
            elif c == 10 or c == 13:
                continue
            elif c != 61 or j < 2:  # not "=", or padding after fewer than two characters
                return _corrupt(si - 1)
            else:  # padding: the input's last quantum
                if j == 2:  # a second "=" must follow
                    while si < end and src[si] in (10, 13):
                        si += 1
                    if si == end:
                        return _corrupt(end)
                    if src[si] != 61:
                        return _corrupt(si - 1)
                    si += 1
                while si < end and src[si] in (10, 13):
                    si += 1
                return _corrupt(si) if si < end else None


def _corrupt(at: int) -> str:
    return f"illegal base64 data at input byte {at}"


def kw_pattern(c, value, schema):
    """RE2 semantics, as Kubernetes (Go regexp): linear time, no backtracking blow-ups."""
    from .vocabulary import compile_pattern  # here: a schema without patterns never loads it

    rx = compile_pattern(value)
    detail = f"should match '{value}'"

    def check(v, ov, path, ctx):
        if type(v) is str and not rx.search(v):
            ctx.add(E.INVALID, path, v, detail, "pattern")

    check.accept = {"search": rx.search}
    return check


# --- transitions ---------------------------------------------------------------


def kw_immutable(c, value, schema):
    if value is not True:
        return None

    def check(v, ov, path, ctx):
        if ctx.update:
            ctx.add(E.INVALID, path, None, "field is immutable", "immutable")
            return True

    return check


def kw_monotonic(c, value, schema):
    if value is not True:
        return None

    def check(v, ov, path, ctx):
        if ctx.update and type(v) is int and type(ov) is int and v < ov:
            ctx.add(E.INVALID, path, v, f"may not be decreased from {ov}", "monotonic")

    return check


# --- test tags -------------------------------------------------------------------


def kw_fixed(c, entry):
    """One validateTrue/validateFalse/validateError entry (flags: ShortCircuit, NonError)."""
    flags = entry.get("flags", ())
    short, silent = "ShortCircuit" in flags, "NonError" in flags
    result, msg = entry.get("result"), "forced failure: " + str(entry.get("message", ""))
    if result is True:
        return None
    if result == "error":

        def check(v, ov, path, ctx):
            ctx.add(E.INTERNAL, path, None, str(entry.get("message", "")), "")

        check.nil_ok = True
        return check

    def check(v, ov, path, ctx):
        if not silent:
            ctx.add(E.INVALID, path, v, msg, "validateFalse")
        return short

    check.nil_ok = True
    return check


LEAF = {
    "minimum": kw_minimum,
    "maximum": kw_maximum,
    "maxLength": kw_max_length,
    "minLength": kw_min_length,
    "x-dv-max-bytes": kw_max_bytes,
    "maxItems": kw_max_items,
    "minItems": kw_min_items,
    "maxProperties": kw_max_properties,
    "minProperties": kw_min_properties,
    "x-dv-neq": kw_neq,
    "enum": kw_enum,
    "format": kw_format,
    "pattern": kw_pattern,
    "x-dv-immutable": kw_immutable,
    "x-dv-monotonic": kw_monotonic,
}
SHORT_CIRCUIT = {"x-dv-immutable", "maxItems", "maxProperties"}
