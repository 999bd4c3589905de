"""Rules nested deeper than cel-expr-python's parser allows (32 levels; the API server's 250).

The rule is cut, along its grammar (`celsyntax`), into pieces shallow enough for the engine: each
cut subexpression becomes a placeholder identifier in the piece around it. The engine parses (and,
for admission, type-checks) every piece; the pieces' trees are then joined again:

- to run a rule, the parsed pieces are joined into the parsed expression the engine would have
  built from the whole text, and the engine plans that (`Env.deserialize`);
- to admit a rule, each piece is checked with its placeholders declared with the types of the
  pieces they stand for (and with the variables of the macros around them), so type errors and
  the checked tree the cost estimator walks are those of the whole rule.
"""

from __future__ import annotations

from cel_expr_python import cel

from . import cellib
from .celproto import Node, checked, fields, message_field, raw_field, varint_field
from .celsyntax import Syntax, SyntaxProblem, parse

TOO_DEEP = ("Exceeded max recursion depth", "Expression recursion limit exceeded")  # the engine's two words
LIMITS = (16, 8, 4, 2)  # piece heights tried in turn, until the engine parses every piece
PARSED = b"type.googleapis.com/cel.expr.ParsedExpr"

# Macros that bind variables: name -> (arguments that are variables, helper typing each variable
# from the text of the range `{r}`); `cel.bind` binds its first argument to its second.
_ONE = ("({r}).map(__e, __e)[0]",)
_TWO = ("({r}).transformList(__i, __v, __i)[0]", "({r}).transformList(__i, __v, __v)[0]")
MACROS = {
    ("all", 2): _ONE,
    ("exists", 2): _ONE,
    ("exists_one", 2): _ONE,
    ("map", 2): _ONE,
    ("map", 3): _ONE,
    ("filter", 2): _ONE,
    ("sortBy", 2): _ONE,
    ("all", 3): _TWO,
    ("exists", 3): _TWO,
    ("exists_one", 3): _TWO,
    ("existsOne", 3): _TWO,
    ("transformList", 3): _TWO,
    ("transformList", 4): _TWO,
    ("transformMap", 3): _TWO,
    ("transformMap", 4): _TWO,
    ("transformMapEntry", 3): _TWO,
    ("transformMapEntry", 4): _TWO,
    ("optMap", 2): ("({r}).value()",),
    ("optFlatMap", 2): ("({r}).value()",),
}


def too_deep(message: str) -> bool:
    """Whether the engine refused a rule only for its nesting."""
    return any(words in message for words in TOO_DEEP)


class TooDeep(Exception):
    """A piece the engine still finds too deep."""


def _binders(n: Syntax) -> tuple[Syntax, list[str], tuple[str, ...], list[Syntax]] | None:
    """(range, variable names, typing helpers, bodies) of a macro that binds variables, else None."""
    if n.kind != "call" or not n.has_target:
        return None
    target, args = n.parts[0], n.parts[1:]
    if n.name == "bind" and target.kind == "ident" and target.name == "cel" and len(args) == 3:
        return args[1], [args[0].name], ("({r})",), [args[2]]
    helpers = MACROS.get((n.name, len(args)))
    if helpers is None or any(a.kind != "ident" for a in args[: len(helpers)]):
        return None
    return target, [a.name for a in args[: len(helpers)]], helpers, args[len(helpers) :]


def plan(node: Syntax, limit: int, cuts: set[int], kept: frozenset[int] | set[int] = frozenset()) -> int:
    """Choose the subexpressions to cut so that no piece is taller than `limit` (none of `kept`);
    the node's height."""
    heights = [plan(p, limit, cuts, kept) for p in node.parts]
    binders = _binders(node)
    fixed = set(kept) | {id(p) for p in node.parts if p.optional_entry}  # `[?x]`, `{?k: x}`: x stays
    if node.kind == "call" and node.name == "has" and node.parts:
        fixed.add(id(node.parts[0]))
    if binders:  # a macro's variables stay identifiers
        fixed |= {id(p) for p in node.parts if p.kind == "ident"}
    while heights and 1 + max(heights) > limit:
        free = [i for i, p in enumerate(node.parts) if id(p) not in fixed and id(p) not in cuts]
        i = max(free, default=None, key=lambda i: heights[i])
        if i is None or heights[i] <= 1:
            break
        cuts.add(id(node.parts[i]))
        heights[i] = 1
    return 1 + max(heights, default=0)


class _Pieces:
    """The pieces of one rule text under a set of cuts."""

    def __init__(self, text: str, cuts: set[int]) -> None:
        self.text = text
        self.cuts = cuts
        self.names: dict[int, str] = {}

    def name(self, n: Syntax) -> str:
        return self.names.setdefault(id(n), f"__dv{len(self.names)}")

    def text_of(self, root: Syntax, pad: bool = True) -> str:
        """The piece rooted at `root`: the rule's text with all else blanked (so the engine's error
        positions stay the rule's) and each cut below the root replaced by its placeholder."""
        out = [] if not pad else [_blank(self.text[: root.start])]
        pos = root.start
        for c in self.cut_below(root):
            name = self.name(c)
            out += [self.text[pos : c.start], name.ljust(c.end - c.start) if pad else name]
            pos = c.end
        out.append(self.text[pos : root.end])
        return "".join(out)

    def cut_below(self, root: Syntax) -> list[Syntax]:
        """The cut subexpressions directly below `root` (not below another cut), in source order."""
        found, stack = [], list(reversed(root.parts))
        while stack:
            n = stack.pop()
            if id(n) in self.cuts:
                found.append(n)
            else:
                stack += reversed(n.parts)
        return found


def _blank(s: str) -> str:
    return "".join(c if c == "\n" else " " for c in s)


# --- running: the parsed pieces joined --------------------------------------------------------


def parsed(text: str, env, limits: tuple[int, ...] = LIMITS) -> bytes:
    """The serialized parsed expression of a rule too deep for the engine's parser."""
    root = _parse(text)
    for limit in limits:
        cuts: set[int] = set()
        plan(root, limit, cuts)
        pieces = _Pieces(text, cuts)
        try:
            exprs = {pieces.name(c): _parse_piece(env, pieces.text_of(c)) for c in _all_cuts(root, cuts)}
            top = _parse_piece(env, pieces.text_of(root))
        except TooDeep:
            continue
        expr = _join(top, exprs, [0])
        return message_field(1, PARSED) + message_field(2, message_field(2, expr))
    raise TooDeep(text)


def _parse(text: str) -> Syntax:
    try:
        return parse(text)
    except RecursionError:
        raise SyntaxProblem("ERROR: <input>:-1:0: expression recursion limit exceeded: 250") from None


def _all_cuts(root: Syntax, cuts: set[int]) -> list[Syntax]:
    out, stack = [], [root]
    while stack:
        n = stack.pop()
        if id(n) in cuts:
            out.append(n)
        stack += n.parts
    return out


def _parse_piece(env, text: str) -> bytes:
    try:
        compiled = env.compile(text, disable_check=True)
    except RuntimeError as e:
        if too_deep(str(e)):
            raise TooDeep(text) from None
        raise
    any_msg = {n: v for n, _, v in fields(compiled.serialize())}
    return next(v for n, _, v in fields(any_msg[2]) if n == 2)


# Expr fields holding expressions, by message: Expr's select (5), call (6), list (7), struct (8),
# comprehension (9); within them the expression fields, and within a struct its entries (2).
_SUB = {5: {1}, 6: {1, 3}, 7: {1}, 9: {2, 4, 5, 6, 7}}


def _join(expr: bytes, pieces: dict[str, bytes], counter: list[int]) -> bytes:
    """An Expr with its placeholder identifiers replaced by their pieces, ids renumbered."""
    parts = list(fields(expr))
    for num, _, val in parts:
        if num == 4:
            name = next((v.decode() for n, _, v in fields(val) if n == 1), "")
            if name in pieces:
                return _join(pieces[name], pieces, counter)
    out = bytearray()
    for num, wt, val in parts:
        if num == 2:
            counter[0] += 1
            out += varint_field(2, counter[0])
        elif num in _SUB:
            inner = bytearray()
            for n, w, v in fields(val):
                inner += message_field(n, _join(v, pieces, counter)) if n in _SUB[num] else raw_field(n, w, v)
            out += message_field(num, bytes(inner))
        elif num == 8:
            inner = bytearray()
            for n, w, v in fields(val):
                inner += message_field(n, _entry(v, pieces, counter)) if n == 2 else raw_field(n, w, v)
            out += message_field(num, bytes(inner))
        else:
            out += raw_field(num, wt, val)
    return bytes(out)


def _entry(entry: bytes, pieces: dict[str, bytes], counter: list[int]) -> bytes:
    out = bytearray()
    for n, w, v in fields(entry):
        if n == 1:
            counter[0] += 1
            out += varint_field(1, counter[0])
        elif n in (3, 4):
            out += message_field(n, _join(v, pieces, counter))
        else:
            out += raw_field(n, w, v)
    return bytes(out)


# --- admitting: the checked pieces joined ------------------------------------------------------


_UNCHECKABLE: set[str] = set()  # rules no cut let the engine check (their nesting, whatever the types)


def check(text: str, variables: dict, limits: tuple[int, ...] = LIMITS) -> tuple[object, Node]:
    """(result type, checked tree) of a rule too deep for the engine's parser; the engine's
    RuntimeError when a piece does not compile."""
    if text in _UNCHECKABLE:  # found so before: every cut is tried again only at a cost
        raise TooDeep(text)
    root = _parse(text)
    for limit in limits:
        kept: set[int] = set()  # cuts no variable can stand for (see _declarable)
        while True:
            cuts: set[int] = set()
            plan(root, limit, cuts, kept)
            try:
                result, tree = _Checker(_Pieces(text, cuts)).piece(root, dict(variables), top=True)
            except _Undeclarable as e:
                kept.add(e.args[0])
                continue
            except TooDeep:
                break
            return result, _renumber(tree)
    _UNCHECKABLE.add(text)
    raise TooDeep(text)


class _Undeclarable(Exception):
    """A cut whose type no variable can have here (its node's id): it stays in the piece around it."""


def _declarable(t) -> bool:
    """Whether a variable can be declared with type `t`: not an optional (the binding mangles its
    parameter), nor a map keyed by what CEL does not key maps with."""
    name = t.name()
    if name.startswith("optional"):
        return False
    if name not in _DECLARABLE:
        try:
            cel.NewEnv(variables={"v": t}).compile("v")
        except RuntimeError:
            _DECLARABLE[name] = False
        else:
            _DECLARABLE[name] = True
    return _DECLARABLE[name]


_DECLARABLE: dict[str, bool] = {}  # by the type's name, which spells all of it


class _Checker:
    def __init__(self, pieces: _Pieces) -> None:
        self.pieces = pieces

    def piece(self, root: Syntax, scope: dict, top: bool = False) -> tuple[object, Node]:
        """Check the piece rooted at `root` with `scope`'s variables (pieces below it first)."""
        holders: dict[str, tuple[object, Node]] = {}
        self._walk(root, root, scope, holders)
        variables = {**scope, **{name: t for name, (t, _) in holders.items()}}
        compiled = _compile(variables, self.pieces.text_of(root))
        try:
            result = compiled.return_type()
        except RuntimeError:  # a type the binding cannot return (a map keyed by lists)
            result = None
        if not top and (result is None or not _declarable(result)):
            raise _Undeclarable(id(root))
        any_msg = {n: v for n, _, v in fields(compiled.serialize())}
        return result or cel.Type.DYN, _stitch(checked(any_msg[2]), {n: node for n, (_, node) in holders.items()})

    def _walk(self, n: Syntax, root: Syntax, scope: dict, holders: dict) -> None:
        if n is not root and id(n) in self.pieces.cuts:
            holders[self.pieces.name(n)] = self.piece(n, scope)
            return
        binders = _binders(n)
        if binders is None:
            for p in n.parts:
                self._walk(p, root, scope, holders)
            return
        rng, names, helpers, bodies = binders
        self._walk(rng, root, scope, holders)
        known = {**scope, **{name: t for name, (t, _) in holders.items()}}
        r = self.pieces.text_of(rng, pad=False) if id(rng) not in self.pieces.cuts else self.pieces.name(rng)
        inner = dict(scope)
        for name, helper in zip(names, helpers, strict=True):
            try:
                inner[name] = _compile(known, helper.format(r=r)).return_type()
            except RuntimeError:
                inner[name] = cel.Type.DYN  # the piece's own check reports what is wrong with the range
        for body in bodies:
            self._walk(body, root, inner, holders)


def _compile(variables: dict, text: str):
    try:
        return cellib.new_env(variables).compile(text)
    except RuntimeError as e:
        if too_deep(str(e)):
            raise TooDeep(text) from None
        raise


def _renumber(tree: Node) -> Node:
    """Unique ids again (each piece numbered its own from 1; the estimator keys kinds by id)."""
    stack, next_id = [tree], 0
    while stack:
        n = stack.pop()
        next_id += 1
        n.id = next_id
        stack += [x for x in (n.target, *n.args, *n.comp.values()) if isinstance(x, Node)]
    return tree


def _stitch(node: Node, holders: dict[str, Node]) -> Node:
    """A checked tree with its placeholder identifiers replaced by the trees they stand for."""
    if node.kind == "ident" and node.value in holders:
        return holders[node.value]
    if node.target is not None:
        node.target = _stitch(node.target, holders)
    node.args = [_stitch(a, holders) for a in node.args]
    for k, v in node.comp.items():
        if isinstance(v, Node):
            node.comp[k] = _stitch(v, holders)
    return node
