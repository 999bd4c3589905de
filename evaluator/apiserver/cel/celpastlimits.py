"""Running a rule in pieces, where cel-expr-python cannot run it whole but the API server can.

Two limits of the engine the server does not have:

- its iteration budget (about 10,000 comprehension steps per evaluation): a rule over a long list
  (`self.all(o, has(o.a))` on 10,500 items) stops with `Iteration budget exceeded`;
- `transformMap` and `transformMapEntry`, which it parses and checks but cannot run (it has no
  `cel.@mapInsert`);
- its parser's and its protobuf reader's nesting limits, for rules nested deeper than about 48
  levels (`celdeep` joins the pieces of a shallower one into one program).

Here each cut subexpression is a function the engine calls back: a piece too deep to keep is run
as its own program, and the outermost comprehension macros (`all`, `exists`, `exists_one`, `map`,
`filter` and the two-variable forms) are driven step by step from Python, each step its own
evaluation with its own budget, with the macro's own semantics (a false step decides `all` whatever
errors came before it, an error otherwise). The engine still evaluates every expression; only the
loop is driven. Values cross between pieces as plain data; a uint, duration, timestamp or optional
crosses encoded in CEL and read back in CEL (exactly). A value nothing here carries across (a CEL
type value held in a variable; a list of durations longer than the budget) stops the run with
EngineLimit rather than guess.
"""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING, Any

from cel_expr_python import cel

from . import cellib

if TYPE_CHECKING:
    from .celsyntax import Syntax

BUDGET = "Iteration budget exceeded"
MAP_INSERT = "cel.@mapInsert"  # the engine parses transformMap / transformMapEntry but cannot run them


def drivable(message: str) -> bool:
    """Whether an engine error is one of its own gaps that driving the macros closes."""
    return BUDGET in message or MAP_INSERT in message


NOT_CEL = "Non-CEL value type"
MARK = "\x1f"  # starts the message of an error raised in a piece, inside the engine's wrapping
DRIVEN = {
    "all",
    "exists",
    "exists_one",
    "existsOne",
    "map",
    "filter",
    "transformList",
    "transformMap",
    "transformMapEntry",
}
PLAIN = {"bool", "int", "double", "string", "bytes", "null_type"}
# A uint, duration or timestamp crosses as {TAG: kind, "v": its CEL string}, built and read back in
# CEL (exact, nanoseconds included); the tag is this process' own, so no object's data can forge it.
TAG = f"@dv-{os.urandom(16).hex()}"
_KINDS = (("uint", "uint"), ("google.protobuf.Duration", "duration"), ("google.protobuf.Timestamp", "timestamp"))


def _encode(x: str) -> str:
    """CEL that turns the value of `x` into one plain data carries (an optional holds one more)."""
    value = _encode_scalar("__x.value()")
    optional = f"dyn({{'{TAG}': 'optional', 'has': __x.hasValue(), 'v': __x.hasValue() ? {value} : null}})"
    return f"cel.bind(__x, dyn({x}), type(__x) == optional_type ? {optional} : {_encode_scalar('__x')})"


def _encode_scalar(x: str) -> str:
    out = f"dyn({x})"
    for type_name, kind in _KINDS:
        out = f"type({x}) == {type_name} ? dyn({{'{TAG}': '{kind}', 'v': string(dyn({x}))}}) : {out}"
    return f"({out})"


def _decode(x: str) -> str:
    """CEL that reads back a value `_encode` made (others are themselves)."""
    optional = f"dyn({x}.has ? optional.of({_decode_scalar(f'{x}.v')}) : optional.none())"
    return (
        f"(type({x}) == map && '{TAG}' in {x} ? ({x}['{TAG}'] == 'optional' ? {optional} : {_decode_scalar(x)}) : {x})"
    )


def _decode_scalar(x: str) -> str:
    out = f"dyn({x})"
    for _, kind in _KINDS:
        out = f"{x}['{TAG}'] == '{kind}' ? dyn({kind}({x}.v)) : {out}"
    return f"(type({x}) == map && '{TAG}' in {x} ? ({out}) : {x})"


class Fail(Exception):
    """A piece evaluated to an error (the message is the engine's)."""


class Limit(Exception):
    """A piece the engine cannot run, or whose value cannot cross to the next piece."""


def _plain(value: cel.Value) -> bool:
    """Whether plain data holds a value exactly (no uint, duration, timestamp, type or optional)."""
    name = value.type().name().lower()
    if name in PLAIN:
        return True
    if name.startswith("list"):
        return all(_plain(v) for v in value.value())
    if name.startswith("map"):
        return all(_plain(v) for v in value.value().values())
    return False


class Runner:
    """One rule text, its pieces compiled once; `run` evaluates it on one activation."""

    def __init__(self, text: str) -> None:
        from .celdeep import LIMITS, _Pieces, plan  # only for a rule the engine cannot run whole
        from .celsyntax import parse

        self.root = parse(text)
        self.cuts: set[int] = set()
        plan(self.root, LIMITS[0], self.cuts)
        self.pieces = _Pieces(text, self.cuts)
        self.programs: dict[tuple, Any] = {}
        self.data: dict = {}
        self.limit: str | None = None

    def run(self, data: dict, driven: bool = False) -> tuple[Any, str | None]:
        """(value, error) of the rule on `data` (its `self`, `oldSelf`, …); Limit when it cannot."""
        self.data, self.limit = data, None
        try:
            return self.value(self.root, {}, driven, wrap="none"), None
        except Fail as e:
            return None, str(e)

    def value(self, node: Syntax, scope: dict, driven: bool = False, wrap: str = "one") -> Any:
        """The plain value of a subexpression under the macro variables in `scope`: `wrap` says
        how a value plain data cannot hold crosses ("none" at the root, "one" a value, "items"
        a range's elements)."""
        for drive in (driven, True) if not driven else (True,):
            binders = _binders(node) if drive else None
            if binders and node.name in DRIVEN:
                return self.drive(node, scope)
            for how in ("none", wrap) if wrap == "items" else (wrap,):
                result = self._eval(node, scope, drive, how)
                if result is None:
                    break  # the budget: drive this piece's macros
                if _plain(result):
                    return result.plain_value()
            else:
                raise Limit(f"a value of type {result.type().name()} between the pieces of a rule")
        raise Limit(BUDGET)

    def _eval(self, node: Syntax, scope: dict, drive: bool, wrap: str):
        """One evaluation of a piece's program; None where the engine meets a gap driving closes."""
        program = self.program(node, tuple(scope), drive, wrap)
        try:
            result = program.eval(data={**self.data, **scope})
        except RuntimeError as e:
            if drivable(str(e)) and not drive:
                return None
            raise Limit(str(e)) from None
        if self.limit:
            raise Limit(self.limit)
        if result.type() == cel.Type.ERROR:
            message = str(result.value())
            if NOT_CEL in message:  # a value handed over that the binding cannot take back
                raise Limit(f"a value the CEL engine cannot pass between pieces ({message})")
            raise Fail(message[message.index(MARK) + 1 :] if MARK in message else message)
        return result

    def program(self, node: Syntax, names: tuple[str, ...], drive: bool, wrap: str):
        """The program of `node`'s piece: cut subexpressions (and, when driving, the outermost
        macros) call back into this runner; values crossing in or out are encoded."""
        key = (id(node), names, drive, wrap)
        if key in self.programs:
            return self.programs[key]
        calls: list[tuple[Syntax, tuple[str, ...], bool]] = []
        self._calls(node, node, names, drive, calls)
        decls, spans = [], {}
        for i, (sub, inner, is_macro) in enumerate(calls):
            fn = f"__dv{i}"
            args = ", ".join(_encode(n) for n in inner)
            spans[id(sub)] = f"cel.bind(__r, {fn}([{args}]), {_decode('__r')})"
            impl = functools.partial(self._call, sub, inner, is_macro)
            overload = cel.Overload(f"{fn}_list", cel.Type.DYN, [cel.Type.List(cel.Type.DYN)], False, impl)
            decls.append(cel.FunctionDecl(fn, [overload]))
        text = self._text(node, spans)
        if wrap == "one":
            text = f"cel.bind(__v, dyn({text}), {_encode('__v')})"
        elif wrap == "items":
            text = f"cel.bind(__v, dyn({text}), type(__v) == list ? __v.map(__e, {_encode('__e')}) : __v)"
        for name in names:
            text = f"cel.bind({name}, {_decode(name)}, {text})"
        variables = dict.fromkeys((*self.data, *names), cel.Type.DYN)
        try:
            program = cellib.new_env(variables, tuple(decls)).compile(text)
        except RuntimeError as e:
            raise Limit(f"a piece of the rule does not compile alone: {e}") from None
        self.programs[key] = program
        return program

    def _calls(self, n: Syntax, root: Syntax, names: tuple[str, ...], drive: bool, out: list) -> None:
        """The subexpressions below `root` its program calls back for, with the macro variables
        in scope at each."""
        if n is not root and id(n) in self.cuts:
            out.append((n, names, False))
            return
        binders = _binders(n)
        if n is not root and drive and binders and n.name in DRIVEN:
            out.append((n, names, True))
            return
        if binders is None:
            for p in n.parts:
                self._calls(p, root, names, drive, out)
            return
        rng, var_names, _, bodies = binders
        self._calls(rng, root, names, drive, out)
        for body in bodies:
            self._calls(body, root, (*names, *(v for v in var_names if v not in names)), drive, out)

    def _text(self, node: Syntax, spans: dict[int, str]) -> str:
        out, pos, stack = [], node.start, [node]
        text = self.pieces.text
        found = []
        while stack:
            n = stack.pop()
            if id(n) in spans and n is not node:
                found.append(n)
            else:
                stack += n.parts
        for n in sorted(found, key=lambda n: n.start):
            out += [text[pos : n.start], spans[id(n)]]
            pos = n.end
        out.append(text[pos : node.end])
        return "".join(out)

    def _call(self, sub: Syntax, names: tuple[str, ...], is_macro: bool, args: list) -> Any:
        """What the engine gets back for a cut subexpression: its value, or an error."""
        try:
            scope = dict(zip(names, args, strict=True))
            return self.drive(sub, scope) if is_macro else self.value(sub, scope)
        except Fail as e:
            raise RuntimeError(MARK + str(e)) from None
        except Limit as e:
            self.limit = self.limit or str(e)
            raise RuntimeError(MARK + str(e)) from None
        except Exception as e:  # a value the binding cannot hand to Python (an optional, a type)
            self.limit = self.limit or f"a value the CEL engine cannot pass between pieces ({e})"
            raise RuntimeError(MARK + self.limit) from None

    def drive(self, macro: Syntax, scope: dict) -> Any:
        """A comprehension macro, one evaluation per step, with the macro's semantics."""
        rng_node, names, _, bodies = _binders(macro)
        rng = self.value(rng_node, scope, wrap="items")
        if isinstance(rng, list):
            items = list(enumerate(rng)) if len(names) == 2 else [(v,) for v in rng]
        elif isinstance(rng, dict):
            items = list(rng.items()) if len(names) == 2 else [(k,) for k in rng]
        else:
            raise Fail(f"no matching overload for '{macro.name}' applied to a {type(rng).__name__}")

        def step(body: Syntax, item: tuple) -> Any:
            return self.value(body, {**scope, **dict(zip(names, item, strict=True))})

        name = macro.name
        if name in ("all", "exists"):
            decisive, first_error = name == "exists", None
            for item in items:
                try:
                    got = _boolean(step(bodies[0], item), name)
                except Fail as e:
                    first_error = first_error or e
                    continue
                if got is decisive:
                    return decisive
            if first_error:
                raise first_error
            return not decisive
        if name in ("exists_one", "existsOne"):
            return sum(_boolean(step(bodies[0], item), name) for item in items) == 1
        if name == "filter":
            return [item[0] for item in items if _boolean(step(bodies[0], item), name)]
        kept = [item for item in items if len(bodies) == 1 or _boolean(step(bodies[0], item), name)]
        if name == "transformMap":
            return {item[0]: step(bodies[-1], item) for item in kept}
        if name == "transformMapEntry":
            out: dict = {}
            for item in kept:
                entry = step(bodies[-1], item)
                if not isinstance(entry, dict):
                    raise Fail(f"no matching overload for '{MAP_INSERT}' with a step of type {type(entry).__name__}")
                for k, v in entry.items():
                    if k in out:
                        raise Fail(f"insert failed: key {k} already exists")
                    out[k] = v
            return out
        return [step(bodies[-1], item) for item in kept]


def _binders(n: Syntax):
    from .celdeep import _binders

    return _binders(n)


def _boolean(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise Fail(f"no matching overload for '{name}' with a step of type {type(value).__name__}")
    return value


@functools.lru_cache(maxsize=256)
def runner(text: str) -> Runner:
    """The runner of a rule text (its pieces are compiled as they are first needed)."""
    return Runner(text)
