"""One Go source file, read with tree-sitter's Go grammar: its package, imports, comment lines and
the type and const declarations the frontend needs (nothing is compiled or run)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError


@functools.cache
def _parser():
    import tree_sitter_go
    from tree_sitter import Language, Parser

    return Parser(Language(tree_sitter_go.language()))


@dataclass
class TypeSpec:
    """`type Name <expr>` (alias: `type Name = <expr>`), with the line of its declaration."""

    name: str
    node: object  # the tree-sitter node of the type expression
    line: int  # 1-based line of the spec (of `type` for a single spec with its doc above it)
    alias: bool


@dataclass
class ConstSpec:
    """`Name [T] = expr` in a const declaration; a spec without values repeats the type and
    expression of the one before it, as Go does."""

    name: str
    type: str  # the declared type ("" when untyped)
    expr: object  # the tree-sitter node of the value
    line: int


@dataclass
class GoFile:
    path: str
    text: bytes
    package: str = ""
    package_line: int = 0
    imports: dict[str, str] = field(default_factory=dict)  # local name -> import path
    comments: dict[int, str] = field(default_factory=dict)  # line -> `//` comment text
    code_lines: set[int] = field(default_factory=set)
    types: list[TypeSpec] = field(default_factory=list)
    consts: list[ConstSpec] = field(default_factory=list)

    def src(self, node) -> str:
        return self.text[node.start_byte : node.end_byte].decode("utf-8", "replace")


def parse_file(path: str, text: bytes | None = None) -> GoFile:
    """Parse one .go file (or `text` under that name); a syntax error is an InputError naming its line."""
    if text is None:
        try:
            text = Path(path).read_bytes()
        except OSError as e:
            raise InputError(f"cannot read: {e.strerror}", path) from None
    try:
        text.decode("utf-8")
    except UnicodeDecodeError as e:  # Go source is UTF-8: the compiler refuses any other byte
        raise InputError("illegal UTF-8 encoding", path, text[: e.start].count(b"\n") + 1) from None
    tree = _parser().parse(text)
    out = GoFile(path, text)
    _lines(out)
    if tree.root_node.has_error:
        bad = _first_error(tree.root_node)
        raise InputError("not valid Go (tree-sitter-go could not parse it)", path, bad.start_point[0] + 1)
    for node in tree.root_node.children:
        _top_level(out, node)
    return out


def _first_error(node):
    if node.type == "ERROR" or node.is_missing:
        return node
    for c in node.children:
        if c.has_error:
            return _first_error(c)
    return node


def _top_level(f: GoFile, node) -> None:
    if node.type == "package_clause":
        f.package = f.src(node.children[-1])
        f.package_line = node.start_point[0] + 1
    elif node.type == "import_declaration":
        for spec in _descendants(node, "import_spec"):
            path_node = spec.children[-1]
            path = f.src(path_node).strip('"`')
            local = f.src(spec.children[0]) if len(spec.children) > 1 else path.rsplit("/", 1)[-1]
            f.imports[local] = path
    elif node.type == "type_declaration":
        specs = [c for c in node.children if c.type in ("type_spec", "type_alias")]
        grouped = any(c.type == "(" for c in node.children)
        for spec in specs:
            named = spec.children
            line = (spec.start_point[0] if grouped else node.start_point[0]) + 1
            expr = named[-1]
            f.types.append(TypeSpec(f.src(named[0]), expr, line, spec.type == "type_alias"))
    elif node.type == "const_declaration":
        typ, values = "", []
        for spec in (c for c in node.children if c.type == "const_spec"):
            exprs = next((c for c in spec.children if c.type == "expression_list"), None)
            if exprs is not None:  # else Go repeats the previous spec's type and values
                declared = next((c for c in spec.children if c.type in _TYPE_NODES), None)
                typ, values = (f.src(declared) if declared else ""), exprs.named_children
            names = [c for c in spec.children if c.type == "identifier"]
            for name, value in zip(names, values, strict=False):
                f.consts.append(ConstSpec(f.src(name), typ, value, spec.start_point[0] + 1))


def _lines(f: GoFile) -> None:
    """Which lines are `//` comments (and their text) and which hold code: a comment block ends
    where code or a blank line begins. Read from the text, line by line (a `/* */` block counts
    as code: tags live in `//` lines only)."""
    for n, line in enumerate(f.text.decode("utf-8", "replace").splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("//"):
            f.comments[n] = stripped[2:].strip()
        elif stripped:
            f.code_lines.add(n)


def _descendants(node, kind: str):
    for c in node.children:
        if c.type == kind:
            yield c
        yield from _descendants(c, kind)


_TYPE_NODES = ("type_identifier", "qualified_type", "generic_type")
_ESCAPES = {"a": 7, "b": 8, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11, "\\": 92, "'": 39, '"': 34}


def string_literal(f: GoFile, node) -> str:
    """A Go string literal's value: escapes read as Go reads them (`\\xhh` and octal ones are
    bytes); bytes that do not form UTF-8 become U+FFFD, as encoding/json writes them."""
    raw = f.text[node.start_byte : node.end_byte]
    if node.type == "raw_string_literal":
        return raw[1:-1].replace(b"\r", b"").decode("utf-8", "replace")
    out = bytearray()
    for c in node.children:
        piece = f.text[c.start_byte : c.end_byte]
        if c.type == "escape_sequence":
            out += _escape(piece.decode("ascii", "replace"), f, c)
        elif c.type != '"':
            out += piece
    return out.decode("utf-8", "replace")


def _escape(seq: str, f: GoFile, node) -> bytes:
    kind = seq[1]
    if kind in _ESCAPES:
        return bytes([_ESCAPES[kind]])
    if kind in "xX" or kind in "01234567":
        value = int(seq[2:], 16) if kind in "xX" else int(seq[1:], 8)
        if value > 255:
            raise InputError(f"octal escape value {value} > 255", f.path, node.start_point[0] + 1)
        return bytes([value])
    code = int(seq[2:], 16)
    if code > 0x10FFFF or 0xD800 <= code < 0xE000:
        raise InputError(f"escape {seq} is an invalid Unicode code point", f.path, node.start_point[0] + 1)
    return chr(code).encode("utf-8")


def comment_block(f: GoFile, line: int) -> list[int]:
    """The lines of the `//` comment block ending right above `line` (none when code or a blank
    line comes first)."""
    lines = []
    n = line - 1
    while n in f.comments and n not in f.code_lines:
        lines.append(n)
        n -= 1
    return sorted(lines)


def type_blocks(f: GoFile, line: int) -> list[int]:
    """A type's comment lines as gengo reads its tags: the block right above it and the block
    before that, one blank line further up (the "second closest" comment)."""
    first = comment_block(f, line)
    top = first[0] if first else line
    blank = top - 1 not in f.comments and top - 1 not in f.code_lines
    return (comment_block(f, top - 1) if blank else []) + first
