"""CEL's grammar, for the shape of a rule: where each subexpression starts and ends, and how deep
the API server's parser would find it.

The rule is still parsed by the CEL engine; this parser only finds where a rule too deep for
cel-expr-python's parser (32 levels; cel-go's, which the API server runs, allows 250) can be cut
into pieces the engine parses one by one (`celdeep`). It follows cel-go's `CEL.g4` rule by rule and
counts nesting as cel-go counts it: per grammar rule entered (its parse listener) and per compound
expression visited (its visitor), each against the limit of 250.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field

SERVER_DEPTH = 250  # cel-go's default parser recursion limit, which the API server keeps


class SyntaxProblem(Exception):
    """Text the grammar does not accept, or nesting past the server's limit (the server's words)."""


@dataclass
class Syntax:
    """One subexpression: its kind, its span of the text, its parts (in source order)."""

    kind: str  # ternary, or, and, binary, unary, select, call, index, list, map, struct, paren, ident, literal
    start: int
    end: int
    parts: list[Syntax] = field(default_factory=list)
    name: str = ""  # identifier, selected field or called function
    has_target: bool = False  # call: a receiver call (its target is parts[0])
    optional_entry: bool = False  # the value of an optional list element or map / message entry


_TOKEN = re.compile(
    r"""(?P<ws>[ \t\n\r\f]+|//[^\n]*)
    |(?P<str>(?:[rR][bB]?|[bB][rR])(?:\"\"\"[\s\S]*?\"\"\"|'''[\s\S]*?'''|"[^"\n]*"|'[^'\n]*')
      |[bB]?(?:\"\"\"[\s\S]*?\"\"\"|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'))
    |(?P<num>0[xX][0-9a-fA-F]+[uU]?|(?:[0-9]+\.[0-9]+|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+|[0-9]+[uU]?)
    |(?P<id>[_a-zA-Z][_a-zA-Z0-9]*|`[^`]*`)
    |(?P<op>\.\?|\[\?|==|!=|<=|>=|&&|\|\||[-<>\[\]{}().,!?:+*/%])""",
    re.VERBOSE,
)
_NUMBER = re.compile(
    r"0[xX][0-9a-fA-F]+[uU]?|(?:[0-9]+\.[0-9]+|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+|[0-9]+[uU]?"
)
_STRING_PREFIX = re.compile(r"(?:[rR][bB]?|[bB][rR]?)['\"]")
RELATIONS = {"==", "!=", "<", "<=", ">=", ">", "in"}
PRECEDENCE = {"calc": ({"+", "-"}, {"*", "/", "%"}), "relation": (RELATIONS,)}  # binding tighter later


def tokens(text: str) -> list[tuple[str, int, int]]:
    """(token, start, end) of the text, spaces and comments left out."""
    out, i = [], 0
    while i < len(text):
        m = _TOKEN.match(text, i)
        if not m:
            raise _error(text, i, f"token recognition error at: '{text[i]}'")
        if m.lastgroup != "ws":
            tok = m.group()
            out.append(("in" if tok == "in" else tok, m.start(), m.end()))
        i = m.end()
    return out


def _error(text: str, i: int, what: str) -> SyntaxProblem:
    line, column = text.count("\n", 0, i) + 1, i - (text.rfind("\n", 0, i) + 1) + 1
    return SyntaxProblem(f"ERROR: <input>:{line}:{column}: Syntax error: {what}")


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokens(text)
        self.i = 0
        self.rules: dict[str, int] = {}  # cel-go's parse listener: nesting per grammar rule
        self.visits = 0  # cel-go's visitor: nesting of compound expressions

    # -- cel-go's two counters -------------------------------------------------------------

    def enter(self, rule: str, n: int = 1) -> None:
        self.rules[rule] = self.rules.get(rule, 0) + n
        if self.rules[rule] > SERVER_DEPTH:
            raise SyntaxProblem(f"ERROR: <input>:-1:0: expression recursion limit exceeded: {SERVER_DEPTH}")

    def leave(self, rule: str, n: int = 1) -> None:
        self.rules[rule] -= n

    # -- tokens ----------------------------------------------------------------------------

    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.toks[j][0] if j < len(self.toks) else ""

    def take(self, want: str | None = None) -> tuple[str, int, int]:
        if self.i >= len(self.toks):
            raise _error(self.text, len(self.text), "mismatched input '<EOF>'")
        tok = self.toks[self.i]
        if want is not None and tok[0] != want:
            raise _error(self.text, tok[1], f"unexpected '{tok[0]}'")
        self.i += 1
        return tok

    def last_end(self) -> int:
        return self.toks[self.i - 1][2]

    # -- grammar (CEL.g4) ------------------------------------------------------------------

    def expr(self) -> Syntax:
        self.enter("expr")
        e = self.conditional_or()
        if self.peek() == "?":
            self.take()
            e1 = self.conditional_or()
            self.take(":")
            e2 = self.expr()
            e = Syntax("ternary", e.start, e2.end, [e, e1, e2])
        self.leave("expr")
        return e

    def conditional_or(self) -> Syntax:
        return self.conditional("||", "conditionalOr", lambda: self.conditional("&&", "conditionalAnd", self.relation))

    def conditional(self, op: str, rule: str, term) -> Syntax:
        self.enter(rule)
        first = term()
        parts = [first]
        while self.peek() == op:
            self.take()
            parts.append(term())
        self.leave(rule)
        if len(parts) == 1:
            return first
        return Syntax("or" if op == "||" else "and", first.start, parts[-1].end, parts)

    def left_recursive(self, rule: str, operand, min_level: int = 0) -> Syntax:
        """ANTLR's left-recursive rule (`calc`, `relation`) by precedence climbing: entered once,
        once more for each operator (its recursion context, held to the rule's end) and once for
        each right operand (a recursive invocation)."""
        self.enter(rule)
        pushes, e = 0, operand()
        levels = PRECEDENCE[rule]
        while True:
            level = next((i for i, ops in enumerate(levels) if self.peek() in ops), None)
            if level is None or level < min_level:
                break
            op = self.take()[0]
            self.enter(rule)
            pushes += 1
            rhs = self.left_recursive(rule, operand, level + 1)
            e = Syntax("binary", e.start, rhs.end, [e, rhs], name=op)
        self.leave(rule, pushes + 1)
        return e

    def relation(self) -> Syntax:
        return self.left_recursive("relation", self.calc)

    def calc(self) -> Syntax:
        return self.left_recursive("calc", self.unary)

    def unary(self) -> Syntax:
        """`'!'+ member` or `'-'+ member` (greedy, as ANTLR's loop); one `-` before a number is the
        number's sign (a literal: `member`, the first alternative, wins)."""
        self.enter("unary")
        start = self.toks[self.i][1] if self.i < len(self.toks) else len(self.text)
        ops = ""
        if self.peek() in ("!", "-") and not self._signed_number():
            while self.peek() == (ops[:1] or self.peek()):
                ops += self.take()[0]
        e = self.member()
        if ops:
            e = Syntax("unary", start, e.end, [e], name=ops)
        self.leave("unary")
        return e

    def _signed_number(self) -> bool:
        return self.peek() == "-" and _NUMBER.fullmatch(self.peek(1)) is not None

    def member(self) -> Syntax:
        self.enter("member")
        e, depth = self.primary(), 0
        while self.peek() in (".", ".?", "[", "[?"):
            op = self.take()[0]
            self.enter("member")
            depth += 1
            if op in (".", ".?"):
                name = self.take()[0]
                if op == "." and self.peek() == "(":
                    args = self.arguments()
                    e = Syntax("call", e.start, self.last_end(), [e, *args], name=name, has_target=True)
                else:
                    e = Syntax("select", e.start, self.last_end(), [e], name=op + name)
            else:
                index = self.expr()
                self.take("]")
                e = Syntax("index", e.start, self.last_end(), [e, index], name=op)
        self.leave("member", depth + 1)
        return e

    def arguments(self) -> list[Syntax]:
        self.take("(")
        args = []
        if self.peek() != ")":
            args.append(self.expr())
            while self.peek() == ",":
                self.take()
                args.append(self.expr())
        self.take(")")
        return args

    def primary(self) -> Syntax:
        self.enter("primary")
        sign = self.take()[1] if self._signed_number() else None
        tok, start, end = self.take()
        start = start if sign is None else sign
        if _NUMBER.fullmatch(tok) or tok[:1] in "'\"" or _STRING_PREFIX.match(tok):
            e = Syntax("literal", start, end)
        elif tok == "." or tok[:1].isalpha() or tok[:1] in "_`":
            name = tok
            if tok == ".":
                name = "." + self.take()[0]
            if self.peek() == "(":
                args = self.arguments()
                e = Syntax("call", start, self.last_end(), args, name=name)
            elif self.peek() in (".", "{") and self._message_name():
                e = self.struct(start)
            else:
                e = Syntax("ident", start, self.last_end(), name=name)
        elif tok == "(":
            inner = self.expr()
            self.take(")")
            e = Syntax("paren", start, self.last_end(), [inner])
        elif tok in ("[", "[?", "{"):  # `[?` opens a list whose first element is optional
            e = self.aggregate(tok[0], start, tok == "[?")
        else:
            raise _error(self.text, start, f"unexpected '{tok}'")
        self.leave("primary")
        return e

    def _message_name(self) -> bool:
        """Whether `a.b.c{` follows: a message literal, not a selection."""
        j = 0
        while self.peek(j) == "." and self.peek(j + 1)[:1].isalpha():
            j += 2
        return self.peek(j) == "{"

    def struct(self, start: int) -> Syntax:
        while self.peek() == ".":
            self.take()
            self.take()
        self.take("{")
        parts = []
        if self.peek() == ",":
            self.take()
        while self.peek() != "}":
            optional = self.peek() == "?"
            if optional:
                self.take()
            self.take()
            self.take(":")
            parts.append(self.expr())
            parts[-1].optional_entry = optional
            if self.peek() != ",":
                break
            self.take()
        self.take("}")
        return Syntax("struct", start, self.last_end(), parts)

    def aggregate(self, open_tok: str, start: int, optional: bool) -> Syntax:
        close = "]" if open_tok == "[" else "}"
        parts = []
        if self.peek() == "," and not optional:  # `[,]`, `{,}`: no entries, a trailing comma
            self.take()
        while self.peek() != close:
            if self.peek() == "?":
                self.take()
                optional = True
            parts.append(self.expr())
            if open_tok == "{":
                self.take(":")
                parts.append(self.expr())
            parts[-1].optional_entry = optional
            optional = False
            if self.peek() != ",":
                break
            self.take()
        self.take(close)
        return Syntax("list" if open_tok == "[" else "map", start, self.last_end(), parts)


def parse(text: str) -> Syntax:
    """The syntax tree of a rule; SyntaxProblem when the grammar refuses it or it nests past the
    server's parser limits."""
    p = _Parser(text)
    # ~15 Python frames a level, 250 levels at most (`enter` stops past that): room for them
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 16 * SERVER_DEPTH + 1000))
    try:
        root = p.expr()
    finally:
        sys.setrecursionlimit(limit)
    if p.i != len(p.toks):
        tok, at, _ = p.toks[p.i]
        raise _error(text, at, f"extraneous input '{tok}'")
    if visitor_depth(root) > SERVER_DEPTH:
        raise SyntaxProblem("ERROR: <input>:-1:0: max recursion depth exceeded")
    return root


_VISITED = {"ternary", "select", "call", "index"}  # and relation / calc operators: `binary`


def visitor_depth(node: Syntax) -> int:
    """cel-go's visitor depth: nested ternaries, operators, selections, receiver calls and indexes."""
    stack, deepest = [(node, 0)], 0
    while stack:
        n, d = stack.pop()
        if n.kind == "binary" or n.kind in _VISITED and (n.kind != "call" or n.has_target):
            d += 1
            deepest = max(deepest, d)
        stack += [(p, d) for p in n.parts]
    return deepest
