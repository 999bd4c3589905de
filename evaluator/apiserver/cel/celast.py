"""Compile a CEL rule with a real CEL engine and read back its checked AST.

`cel-expr-python` (Google's C++ CEL) parses, expands macros and type-checks; its serialized
`cel.expr.CheckedExpr` is read (`celproto`) into plain `Node`s, which the cost estimator walks.
"""

from __future__ import annotations

import contextlib
import sys

from cel_expr_python import cel

from . import cellib
from .celproto import Node, checked, fields, nodes, parsed


class CompileError(Exception):
    """The rule does not parse or type-check."""


# With optionalOldSelf the server types oldSelf as optional(T); cel-expr-python cannot declare that
# type directly, so the rule is checked inside a binding that gives oldSelf exactly that type.
_OPTIONAL_OLD = "cel.bind(oldSelf, __hasOld ? optional.of(__old) : optional.none(), ({}))"


def compile_rule(rule: str, self_type: cel.Type, optional_old_self: bool = False) -> Node:
    """Parse and type-check `rule` on `self` (and `oldSelf`); the checked AST, or CompileError."""
    rule = cellib.respell(rule)
    if not optional_old_self:
        return _compile(rule, {"self": self_type, "oldSelf": self_type})
    wrapped = _compile(_OPTIONAL_OLD.format(rule), {"self": self_type, "__old": self_type, "__hasOld": cel.Type.BOOL})
    result = wrapped.comp["result"]
    shift = _OPTIONAL_OLD.index("{}")
    for n in nodes(result):  # places in the rule as written
        n.offset = n.offset - shift if n.offset >= shift else -1
    return result


def _compile(rule: str, variables: dict[str, cel.Type]) -> Node:
    env = cellib.new_env(variables)
    try:
        compiled = env.compile(rule)
    except RuntimeError as e:
        from . import celdeep  # only for a rule nested deeper than the engine's parser allows

        if not celdeep.too_deep(str(e)):
            raise CompileError(_message(e)) from None
        return _compile_deep(rule, variables)
    any_msg = {n: v for n, _, v in fields(compiled.serialize())}
    return checked(any_msg[2])


@contextlib.contextmanager
def _pieces_refused():
    """The errors of reading a rule in pieces (`celdeep`) as CompileError."""
    from . import celdeep

    try:
        yield
    except RuntimeError as e:
        raise CompileError(_message(e)) from None
    except celdeep.SyntaxProblem as e:
        raise CompileError(str(e)) from None
    except celdeep.TooDeep:
        raise CompileError(f"{celdeep.TOO_DEEP[0]} of 32 when parsing") from None


def _compile_deep(rule: str, variables: dict[str, cel.Type]) -> Node:
    """A rule nested too deep for the engine's parser, checked in pieces (`celdeep`)."""
    from . import celdeep

    with _pieces_refused():
        return celdeep.check(rule, variables)[1]


# the receivers of namespaced functions: parsed, `optional.of(x)` is a call of `of` on `optional`;
# checked, a call of `optional.of` (celinterp's name for it)
NAMESPACES = ("optional", "math", "sets", "strings", "lists", "base64")
DEEP_FRAMES = 40 * 250 + 1000  # Python frames a tree of cel-go's 250 levels may take to read and walk


def parsed_rule(rule: str) -> Node:
    """The parsed, not type-checked, tree of a rule (`self`, `oldSelf` and macros expanded as the
    engine expands them, namespaced calls named as the checker names them), for a rule nested deeper
    than the engine parses (read in pieces, `celdeep`): what `celinterp` runs; CompileError when it
    does not parse."""
    from . import celdeep

    env = cellib.new_env({"self": cel.Type.DYN, "oldSelf": cel.Type.DYN})
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, DEEP_FRAMES))
    try:
        with _pieces_refused():
            root = parsed(celdeep.parsed(cellib.respell(rule), env))
    finally:
        sys.setrecursionlimit(limit)
    for n in nodes(root):
        if n.kind == "call" and n.target is not None and n.target.kind == "ident" and n.target.value in NAMESPACES:
            n.value, n.target = f"{n.target.value}.{n.value}", None
    return root


def reads_old_self(tree: Node) -> bool:
    """Whether a tree names `oldSelf`."""
    return any(n.kind == "ident" and n.value == "oldSelf" for n in nodes(tree))


def _message(e: RuntimeError) -> str:
    return cellib.unspell(str(e).removeprefix("INVALID_ARGUMENT: ").split(" [INVALID_ARGUMENT]")[0])
