"""The CEL engine's protobuf messages (cel-spec's `syntax.proto` / `checked.proto`), read and
written with a minimal wire-format codec: a checked expression read into plain `Node`s for the cost
estimator, and parsed expressions rewritten (`celdeep` joins pieces of a rule)."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass, field

# functions the rules' text is respelled for (`cellib.respell`), the same length so that every place in
# an error stays where it was: the engine's strings extension owns `indexOf` and `lastIndexOf`, and
# declares no list overloads, which the Kubernetes lists library has (`[1, 2].indexOf(2)`)
RESPELLED = {"indexOf": "indexO_", "lastIndexOf": "lastIndexO_"}
_SPELLED_AS = {v: k for k, v in RESPELLED.items()}


class Uint(int):
    """A CEL uint (an int that keeps its type)."""


@dataclass
class Node:
    """One expression of the checked AST (kind: const, ident, select, call, list, map, comp)."""

    id: int
    kind: str
    value: object = None  # const value, ident name, select field, call function
    test_only: bool = False  # select: has()
    target: Node | None = None  # select operand, call target
    args: list[Node] = field(default_factory=list)  # call args, list elements, map key/value pairs
    comp: dict = field(default_factory=dict)  # comprehension parts
    overloads: tuple[str, ...] = ()
    offset: int = -1  # where in the rule's text it starts (characters), where the engine says
    optional: tuple[int, ...] = ()  # list: the `?` elements' indices; map: the `?` entries' indices


def fields(buf: bytes):
    """Yield (field number, wire type, value) of a protobuf message."""
    i, n = 0, len(buf)
    while i < n:
        key, i = _varint(buf, i)
        num, wt = key >> 3, key & 7
        if wt == 0:
            val, i = _varint(buf, i)
        elif wt == 1:
            val, i = buf[i : i + 8], i + 8
        elif wt == 2:
            ln, i = _varint(buf, i)
            val, i = buf[i : i + ln], i + ln
        elif wt == 5:
            val, i = buf[i : i + 4], i + 4
        else:
            raise ValueError(f"unexpected protobuf wire type {wt}")
        yield num, wt, val


def _varint(buf: bytes, i: int) -> tuple[int, int]:
    shift = result = 0
    while True:
        b = buf[i]
        i += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, i
        shift += 7


def _const(buf: bytes):
    for num, _, val in fields(buf):
        if num == 1:
            return None
        if num == 2:
            return bool(val)
        if num == 3:
            return val - (1 << 64) if val >= 1 << 63 else val
        if num == 4:
            return Uint(val)
        if num == 5:
            return struct.unpack("<d", val)[0]
        if num == 6:
            return val.decode("utf-8")
        if num == 7:
            return bytes(val)
    return None


def _expr(buf: bytes, refs: dict[int, tuple[str, ...]]) -> Node:
    node = Node(0, "const")
    for num, _, val in fields(buf):
        if num == 2:
            node.id = val
        elif num == 3:
            node.kind, node.value = "const", _const(val)
        elif num == 4:
            node.kind = "ident"
            node.value = next((v.decode() for n, _, v in fields(val) if n == 1), "")
        elif num == 5:
            node.kind = "select"
            for n, _, v in fields(val):
                if n == 1:
                    node.target = _expr(v, refs)
                elif n == 2:
                    node.value = v.decode()
                elif n == 3:
                    node.test_only = bool(v)
        elif num == 6:
            node.kind = "call"
            for n, _, v in fields(val):
                if n == 1:
                    node.target = _expr(v, refs)
                elif n == 2:
                    node.value = _SPELLED_AS.get(v.decode(), v.decode())
                elif n == 3:
                    node.args.append(_expr(v, refs))
        elif num == 7:
            node.kind = "list"
            node.args = [_expr(v, refs) for n, _, v in fields(val) if n == 1]
            node.optional = tuple(i for n, wt, v in fields(val) if n == 2 for i in _ints(wt, v))
        elif num == 8:
            node.kind = "map"
            entries = [v for n, _, v in fields(val) if n == 2]
            for i, v in enumerate(entries):
                parts = {k: x for k, _, x in fields(v)}
                if 3 in parts:
                    node.args.append(_expr(parts[3], refs))
                node.args.append(_expr(parts[4], refs))
                if parts.get(5):
                    node.optional += (i,)
        elif num == 9:
            node.kind = "comp"
            for n, _, v in fields(val):
                name = {1: "iter_var", 3: "accu_var", 8: "iter_var2"}.get(n)
                if name:
                    node.comp[name] = v.decode()
                else:
                    part = {2: "range", 4: "init", 5: "cond", 6: "step", 7: "result"}.get(n)
                    if part:
                        node.comp[part] = _expr(v, refs)
    node.overloads = refs.get(node.id, ())
    return node


def _ints(wt: int, val) -> list[int]:
    """A repeated int32 field's values: one (unpacked) or a packed run of varints."""
    if wt == 0:
        return [val]
    out, i = [], 0
    while i < len(val):
        n, i = _varint(val, i)
        out.append(n)
    return out


def checked(buf: bytes) -> Node:
    refs: dict[int, tuple[str, ...]] = {}
    positions: dict[int, int] = {}
    expr = b""
    for num, _, val in fields(buf):
        if num == 2:
            entry = {n: v for n, _, v in fields(val)}
            ids = tuple(v.decode() for n, _, v in fields(entry.get(2, b"")) if n == 3)
            refs[entry.get(1, 0)] = ids
        elif num == 4:
            expr = val
        elif num == 5:  # source_info: its positions, expression id -> offset
            for entry in (v for n, _, v in fields(val) if n == 4):
                pair = {n: v for n, _, v in fields(entry)}
                positions[pair.get(1, 0)] = pair.get(2, 0)
    root = _expr(expr, refs)
    for n in nodes(root):
        n.offset = positions.get(n.id, -1)
    return root


def nodes(tree: Node) -> Iterator[Node]:
    """Every node of a tree, each before its operands (which may be changed when it is yielded)."""
    stack = [tree]
    while stack:
        n = stack.pop()
        yield n
        stack += [x for x in (n.target, *n.args, *(v for v in n.comp.values() if not isinstance(v, str))) if x]


def parsed(buf: bytes) -> Node:
    """The tree of a serialized `Any` holding a `cel.expr.ParsedExpr` (as `celdeep.parsed` makes it):
    no references, no types, no positions."""
    value = next(v for n, _, v in fields(buf) if n == 2)
    return _expr(next(v for n, _, v in fields(value) if n == 2), {})


def varint(n: int) -> bytes:
    """A protobuf varint."""
    out = bytearray()
    while True:
        b, n = n & 0x7F, n >> 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def varint_field(num: int, value: int) -> bytes:
    return varint(num << 3) + varint(value)


def message_field(num: int, body: bytes) -> bytes:
    return varint(num << 3 | 2) + varint(len(body)) + body


def raw_field(num: int, wt: int, val) -> bytes:
    """A field as `fields` read it, written back."""
    if wt == 0:
        return varint_field(num, val)
    if wt == 2:
        return message_field(num, val)
    return varint(num << 3 | wt) + bytes(val)
