"""Reading objects and schemas as Kubernetes reads them: YAML/JSON streams, positions, limits.

The API server turns YAML into JSON with sigs.k8s.io/yaml (go-yaml v2 underneath, YAML 1.1
scalars) and decodes that JSON; `_Builder` reproduces the result: `yes`/`on` are booleans,
timestamps stay strings, `1.0` is the integer 1, integers past 64 bits are floats or strings,
`.inf`/`.nan` cannot be encoded, keys become strings, `<<` merges, duplicate keys are the
strict decoder's error. libyaml parses and composes in C; work per document is bounded by
MAX_DEPTH and MAX_NODES (aliases expanded) and go-yaml's "excessive aliasing" rule.
Every failure is an `InputError` with a one-line reason.
"""

from __future__ import annotations

import gc
import json
import os
from collections.abc import Iterator

from . import yamlimport  # noqa: F401 - first: PyYAML without its import-time patterns (see there)

# isort: split
import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from evaluator.runtime.deep import deeply

from .document import Doc, InputError
from .gojson import is_json, surrogate_escapes
from .inputfile import open_input, stdin_reader, text_reader
from .yamlvalues import _HINTS, _MERGE, MAX_DEPTH, MAX_DOC_CHARS, MAX_NODES, STR, _Bad, _key, _number, _plain, _tagged

try:
    from yaml._yaml import CParser as _Parser
    from yaml._yaml import get_version as _libyaml_version

    _LIBYAML_VERSION = _libyaml_version()
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    _LIBYAML_VERSION = (0, 0, 0)
    from yaml.composer import Composer
    from yaml.parser import Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class _Parser(Reader, Scanner, Parser, Composer):  # the same interface, in pure Python
        def __init__(self, stream):
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)
            Composer.__init__(self)


class _Bounded:
    """A text stream that hands out at most MAX_DOC_CHARS past `mark` (a document's start), then a NUL
    character: libyaml stops there with a reader error, which `iter_docs` words as the limit. A JSON
    stream's surrogate escapes are rewritten as Go reads them (`gojson`), part by part."""

    def __init__(self, stream):
        self.stream, self.name = stream, getattr(stream, "name", "<file>")
        self.total = self.mark = 0
        self.over = False
        self.json: bool | None = None  # None until a character other than space has been read
        self.held = ""  # the end of the last part, which may begin an escape the next part ends

    def read(self, size: int = -1) -> str:
        if self.total - self.mark > MAX_DOC_CHARS:
            self.over = True
            return "\x00"
        while True:
            chunk = self.stream.read(size)
            self.total += len(chunk)
            if self.json is None:
                self.json = is_json(chunk)
            if not self.json:
                return chunk
            done, self.held = surrogate_escapes(self.held + chunk, final=not chunk)
            if done or not chunk:  # "" only at the end: libyaml reads it as the end
                return done


# --- composition (libyaml, in C) and construction ----------------------------------------


class _Composer(_Parser):
    """libyaml's parser and composer; a `_Guard` counts nodes and nesting while composing."""

    def __init__(self, stream, small: bool = False):
        _Parser.__init__(self, stream)
        self.guard = _Guard()
        # instance attributes the composer calls for every node: cheaper than methods of a C-type subclass
        self.resolve, self.descend_resolver, self.ascend_resolver = _resolve, self.guard.descend, self.guard.ascend
        if small and _LIBYAML_DEPTH_LIMIT:
            # Input too short to hold MAX_NODES nodes, and a libyaml that stops at MAX_DEPTH itself:
            # the guard cannot fire, so the composer calls C no-ops (a third of a small file's parse).
            self.descend_resolver, self.ascend_resolver = slice, tuple


def _resolve(kind, value, implicit) -> str:
    """Untagged plain scalars that may be more than text get "" (resolved later, go-yaml's way);
    quoted ones, and plain ones whose first character rules out every other type, are strings."""
    return "" if kind is ScalarNode and implicit[0] and value[:1] in _HINTS else STR


# libyaml 0.2.6 (PyYAML 6.0.4's) refuses nesting deeper than 1000 levels, our MAX_DEPTH, by itself.
_LIBYAML_DEPTH_LIMIT = _LIBYAML_VERSION >= (0, 2, 6) and MAX_DEPTH == 1000


def _small(text: str | None, stream) -> bool:
    """Whether the whole input is too short to hold MAX_NODES nodes (each node but a null takes at
    least one character; a file is measured by its size in bytes)."""
    if text is not None:
        return len(text) < MAX_NODES // 2
    try:
        return os.fstat(stream.fileno()).st_size < MAX_NODES // 2 and os.path.isfile(stream.name)
    except (AttributeError, OSError, ValueError, TypeError):
        return False


class _Guard:
    __slots__ = ("depth", "count")

    def __init__(self):
        self.depth = self.count = 0

    def descend(self, parent, index) -> None:
        self.depth += 1
        self.count += 1
        if self.depth > MAX_DEPTH or self.count > MAX_NODES:
            line = parent.start_mark.line if parent is not None else None
            if self.depth > MAX_DEPTH:
                raise _Bad(f"nesting deeper than {MAX_DEPTH} levels", line)
            raise _Bad(f"more than {MAX_NODES:,} YAML nodes in one document", line)

    def ascend(self) -> None:
        self.depth -= 1


_BUSY = object()


def _allowed_alias_ratio(decoded: int) -> float:
    """go-yaml v2's allowedAliasRatio: 99% of a small document may come from aliases, 10% of a huge one."""
    if decoded <= 400_000:
        return 0.99
    if decoded >= 4_000_000:
        return 0.10
    return 0.99 - 0.89 * (decoded - 400_000) / 3_600_000


class _Builder:
    """Composed nodes -> the value the API server decodes, counting nodes with aliases expanded.

    An alias shares the already built value (no copy); its expanded size and height are
    counted against MAX_NODES, MAX_DEPTH and go-yaml's alias ratio all the same.
    """

    def __init__(self, keep_duplicates: bool):
        self.memo: dict = {}  # id(collection node) -> (value, expanded size), or _BUSY while building
        self.heights: dict = {}
        self.count = 1  # go-yaml's decodeCount: the root
        self.aliased = 0  # go-yaml's aliasCount
        self.keep = keep_duplicates
        self.duplicates: list[tuple[str, int]] = []  # (complaint, 0-based line)

    def build(self, node, depth: int):
        cls = node.__class__
        if cls is ScalarNode:
            return _value(node)
        key = id(node)
        hit = self.memo.get(key)
        if hit is not None:
            if hit is _BUSY:
                raise _Bad("anchor value contains itself", node.start_mark.line)
            return self._alias(node, hit, depth)
        self.memo[key] = _BUSY
        start = self.count
        value = self._mapping(node, depth) if cls is MappingNode else self._sequence(node, depth)
        self.memo[key] = (value, self.count - start + 1)
        return value

    def _alias(self, node, hit, depth: int):
        value, size = hit
        self.count += size
        self.aliased += size
        if depth + self._height(node) - 1 > MAX_DEPTH:
            raise _Bad(f"nesting deeper than {MAX_DEPTH} levels (aliases expanded)", node.start_mark.line)
        if self.count > MAX_NODES:
            raise _Bad(f"more than {MAX_NODES:,} YAML nodes in one document (aliases expanded)", node.start_mark.line)
        if self.aliased > 100 and self.count > 1000 and self.aliased / self.count > _allowed_alias_ratio(self.count):
            raise _Bad("document contains excessive aliasing", node.start_mark.line)
        return value

    def _height(self, node) -> int:
        if node.__class__ is ScalarNode:
            return 1
        h = self.heights.get(id(node))
        if h is None:
            kids = node.value if node.__class__ is SequenceNode else [n for kv in node.value for n in kv]
            h = self.heights[id(node)] = 1 + max((self._height(k) for k in kids), default=0)
        return h

    def _sequence(self, node, depth: int) -> list:
        items = node.value
        self.count += len(items)
        depth += 1
        return [
            (n.value if n.tag == STR else _value(n)) if n.__class__ is ScalarNode else self.build(n, depth)
            for n in items
        ]

    def _mapping(self, node, depth: int) -> dict:
        out: dict = {}
        self.count += 2 * len(node.value)
        depth += 1
        for knode, vnode in node.value:
            if knode.__class__ is not ScalarNode:
                raise _Bad("invalid map key: a map or a list", knode.start_mark.line)
            tag, k = knode.tag, knode.value
            if tag != STR:
                if tag == "" and k == "<<" or tag == _MERGE:
                    self._merge(out, vnode, depth)
                    continue
                try:
                    raw = _plain(k) if tag == "" else _tagged(tag, k)
                    k = raw if type(raw) is str else _key(raw, k)
                except _Bad as e:
                    raise _Bad(e.args[0], knode.start_mark.line) from None
            if vnode.__class__ is ScalarNode:
                v = vnode.value if vnode.tag == STR else _value(vnode)
            else:
                v = self.build(vnode, depth)
            if k in out:
                self._duplicate(k, vnode)
            out[k] = v
        return out

    def _merge(self, out: dict, vnode, depth: int) -> None:
        """`<<: *base` (or a list of maps, later ones first, as go-yaml applies them)."""
        sources = list(reversed(vnode.value)) if vnode.__class__ is SequenceNode else [vnode]
        for src in sources:
            if src.__class__ is not MappingNode:
                raise _Bad("map merge requires map or sequence of maps as the value", vnode.start_mark.line)
            for k, v in self.build(src, depth).items():
                if k in out:
                    self._duplicate(k, vnode)
                out[k] = v

    def _duplicate(self, k: str, vnode) -> None:
        msg = f"strict decoding error: key {json.dumps(k, ensure_ascii=False)} already set in map"
        if not self.keep:
            raise _Bad(msg, vnode.start_mark.line)
        self.duplicates.append((msg, vnode.start_mark.line))


def _value(node):
    """A scalar node's value (a map value or list item)."""
    tag = node.tag
    if tag == STR:
        return node.value
    try:
        v = _plain(node.value) if tag == "" else _tagged(tag, node.value)
        t = type(v)
        return _number(v) if t is float or t is int else v
    except _Bad as e:
        raise _Bad(e.args[0], node.start_mark.line) from None


def _construct(node, keep_duplicates: bool) -> tuple[object, list[tuple[str, int]]]:
    """The document's value (a deep document is retried with room for MAX_DEPTH levels of recursion)."""

    def run():
        b = _Builder(keep_duplicates)
        return b.build(node, 1), b.duplicates

    return deeply(run)


def _where(e: yaml.MarkedYAMLError, file: str) -> str:
    mark = e.problem_mark or e.context_mark
    pos = f":{mark.line + 1}" if mark else ""
    return f"{file}{pos}: invalid YAML: {e.problem or e.context}"


def _reason(file: str, index: int, reason: str, line: int | None = None) -> str:
    return f"{file}{f':{line + 1}' if line is not None else ''}: document {index + 1}: {reason}"


# kubeconform's words for standard input with nothing to read; nothing piped in (`helm template …`
# printing nothing) fails a CI gate, where an empty file among others passes
EMPTY_STDIN = "-: failing to read data from stdin: standard input is empty"

_SKIP = Doc(None, "", -1)  # an empty, comment-only or `null` document: kubectl skips it too


def _next_doc(parser: _Composer, bounded: _Bounded | None, name: str, index: int, keep: bool, nodes: bool):
    """The next document of the stream (or _SKIP, or None at its end), read with the garbage collector
    off: composing and building make no reference cycles, and the collector's passes over a large
    document's nodes as they pile up were half the time of reading a 1.7 MB schema. Without `nodes`
    the document's YAML nodes are dropped before the collector is back (it would walk them once)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        if not parser.check_node():
            return None
        parser.guard.depth = parser.guard.count = 0
        node = parser.get_node()
        if bounded is not None:
            bounded.mark = bounded.total
        if node is None:
            return _SKIP
        try:
            value, dups = _construct(node, keep)
            if value is None:
                return _SKIP
            dups = [_reason(name, index, m, ln) for m, ln in dups]
            return Doc(value, name, index, node if nodes else None, duplicates=dups)
        except _Bad as e:
            return Doc(None, name, index, node if nodes else None, error=_reason(name, index, *e.args))
        finally:
            del node
    finally:
        if enabled:
            gc.enable()


def iter_docs(path: str, text: str | None = None, *, duplicates: str = "error", nodes: bool = True) -> Iterator[Doc]:
    """The documents of a YAML or JSON file (or stream), one at a time.

    Empty, comment-only and `null` documents are skipped, as kubectl skips them (Helm output has
    many); `Doc.index` counts the others. A document that does not parse (or breaks MAX_DEPTH or
    MAX_NODES while composing) ends the stream with an `InputError`; one that parses but that the
    API server would refuse comes as a `Doc` with `error` set. `duplicates="error"` (the server's
    strict decoding) makes a duplicate key such an error; `"keep"` lets the last value win and lists
    them in `Doc.duplicates`. `nodes=False` leaves out `Doc.node` (no line lookups; faster).
    """
    name = path
    try:
        if text is not None:
            stream = surrogate_escapes(text)[0] if is_json(text[:4096]) else text
        elif path == "-":
            stream = stdin_reader(text=True)
            if stream is None:
                raise InputError("-: standard input is closed")
        else:
            stream = text_reader(open_input(path, named=True))  # closed in the finally below
    except OSError as e:
        raise InputError(f"{name}: cannot read: {e.strerror}") from None
    bounded = None if text is not None else _Bounded(stream)
    parser = _Composer(stream if bounded is None else bounded, _small(text, stream))
    keep = duplicates == "keep"
    index = 0
    try:
        while True:
            doc = _next_doc(parser, bounded, name, index, keep, nodes)
            if doc is None:
                if bounded is not None and not bounded.total and path == "-":
                    raise InputError(EMPTY_STDIN)
                break
            if doc is not _SKIP:
                yield doc
                index += 1
    except _Bad as e:
        raise InputError(_reason(name, index, *e.args)) from None
    except yaml.MarkedYAMLError as e:
        if e.problem == "exceeded maximum nesting depth":  # libyaml 0.2.6+ (PyYAML 6.0.4+) stops at our limit
            line = e.problem_mark.line if e.problem_mark else None
            raise InputError(_reason(name, index, f"nesting deeper than {MAX_DEPTH} levels", line)) from None
        raise InputError(_where(e, name)) from None
    except yaml.reader.ReaderError as e:  # a character YAML does not allow; libyaml knows its byte offset only
        if bounded is not None and bounded.over:
            raise InputError(f"{name}: document {index + 1}: larger than {MAX_DOC_CHARS >> 20} MiB") from None
        char = f"#x{e.character:04x}" if isinstance(e.character, int) else repr(e.character)
        raise InputError(f"{name}: invalid YAML: {e.reason}: {char} at offset {e.position}") from None
    except yaml.YAMLError as e:
        raise InputError(f"{name}: invalid YAML: {e}") from None
    except UnicodeDecodeError:
        raise InputError(f"{name}: not UTF-8 text") from None
    except RecursionError:  # only the pure-Python composer (PyYAML without libyaml) recurses
        raise InputError(f"{name}: document {index + 1}: nesting too deep") from None
    finally:
        parser.dispose()
        if text is None and path != "-":
            stream.close()


def load_one(path: str) -> Doc:
    """Exactly one document (an object file or a schema file)."""
    docs = iter_docs(path)
    first = next(docs, None)
    if first is None:
        raise InputError(f"{path}: empty file")
    if next(docs, None) is not None:
        raise InputError(f"{path}: holds several documents; expected one")
    if first.error:
        raise InputError(first.error)
    return first


def load_schema(path: str) -> dict:
    """A schema file: JSON (fast path) or YAML."""
    if not os.path.isfile(path):
        raise InputError(f"{path}: no such file")
    if path.endswith(".json"):
        try:
            with open(open_input(path, named=False), encoding="utf-8") as f:
                return json.load(f)
        except (ValueError, RecursionError) as e:
            raise InputError(f"{path}: invalid JSON: {e}") from None
    doc = load_one(path).value
    if not isinstance(doc, dict):
        raise InputError(f"{path}: a schema must be a mapping")
    return doc
