"""Reading objects and schemas safely: YAML/JSON, multi-document streams, positions.

Bad input never escapes as a traceback: every failure is an `InputError` with
a one-line reason. YAML alias bombs, runaway nesting and huge scalars are
refused up front.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

MAX_ALIASES = 100
MAX_DEPTH = 1000


class InputError(Exception):
    """A file that cannot be used; the message is the one-line reason."""


@dataclass
class Doc:
    """One object of an input file, with a position index for error lines."""

    value: object
    file: str
    index: int
    node: object = None  # the composed YAML node, for line lookups

    def line_of(self, field: str) -> int | None:
        """The 1-based line of a Kubernetes field path in this document, when known."""
        node = self.node
        if node is None:
            return None
        line = node.start_mark.line + 1
        for seg in _segments(field):
            if isinstance(node, yaml.MappingNode):
                hit = next((v for k, v in node.value if getattr(k, "value", None) == seg), None)
            elif isinstance(node, yaml.SequenceNode) and seg.isdigit() and int(seg) < len(node.value):
                hit = node.value[int(seg)]
            else:
                hit = None
            if hit is None:
                break
            node, line = hit, hit.start_mark.line + 1
        return line


_SEG = re.compile(r"\[([^\]]*)\]|([^.\[]+)")


def _segments(field: str) -> list[str]:
    return [m.group(1) if m.group(1) is not None else m.group(2) for m in _SEG.finditer(field)]


try:  # libyaml's C parser for events, with Python composition (where the guards live): ~5x faster
    from yaml._yaml import CParser as _Parser
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml.parser import Parser as _Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class _Parser(Reader, Scanner, _Parser):  # noqa: F811 - the pure-Python stack
        def __init__(self, stream):
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            _Parser.__init__(self)


class _Loader(Composer, SafeConstructor, Resolver, _Parser):
    """A safe loader that refuses alias bombs and runaway nesting while composing."""

    def __init__(self, stream):
        _Parser.__init__(self, stream)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self._aliases = 0
        self._depth = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise InputError(f"more than {MAX_ALIASES} YAML aliases in one document (an alias bomb?)")
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise InputError(f"nesting deeper than {MAX_DEPTH} levels")
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def compose_document(self):
        self._aliases = 0
        return super().compose_document()


def _where(e: yaml.MarkedYAMLError, file: str) -> str:
    mark = e.problem_mark or e.context_mark
    pos = f":{mark.line + 1}" if mark else ""
    return f"{file}{pos}: invalid YAML: {e.problem or e.context}"


def iter_docs(path: str, text: str | None = None) -> Iterator[Doc]:
    """The documents of a YAML or JSON file (or stream), one at a time."""
    name = path
    try:
        if text is not None:
            stream = text
        elif path == "-":
            stream = sys.stdin
        else:
            stream = open(path, encoding="utf-8")  # noqa: SIM115 - closed in the finally below
    except OSError as e:
        raise InputError(f"{name}: cannot read: {e.strerror}") from None
    loader = _Loader(stream)
    index = 0
    try:
        while loader.check_node():
            node = loader.get_node()
            if node is None:
                continue
            value = loader.construct_document(node)
            yield Doc(value, name, index, node)
            index += 1
    except InputError as e:
        raise InputError(f"{name}: document {index + 1}: {e}") from None
    except yaml.MarkedYAMLError as e:
        raise InputError(_where(e, name)) from None
    except yaml.YAMLError as e:
        raise InputError(f"{name}: invalid YAML: {e}") from None
    except RecursionError:
        raise InputError(f"{name}: document {index + 1}: nesting too deep") from None
    except UnicodeDecodeError:
        raise InputError(f"{name}: not UTF-8 text") from None
    finally:
        loader.dispose()
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
    return first


def load_schema(path: str) -> dict:
    """A schema file: JSON (fast path) or YAML."""
    p = Path(path)
    if not p.is_file():
        raise InputError(f"{path}: no such file")
    if p.suffix == ".json":
        try:
            return json.loads(p.read_text(encoding="utf-8"))
        except (ValueError, RecursionError) as e:
            raise InputError(f"{path}: invalid JSON: {e}") from None
    doc = load_one(path).value
    if not isinstance(doc, dict):
        raise InputError(f"{path}: a schema must be a mapping")
    return doc
