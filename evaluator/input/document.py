"""One document of an input file (its value, and what is known of its lines), and the error for input
that cannot be used. Free of PyYAML: a run whose files the direct reader reads never imports it."""

from __future__ import annotations

import re


class InputError(Exception):
    """A file that cannot be used; the message is the one-line reason."""


class Doc:
    """One object of an input file, with a position index for error lines.

    `error` is set (and `value` is None) for a document the API server would refuse to decode
    (a duplicate key, excessive aliasing, `.inf`, ...): a one-line `file:line: document N: reason`.
    The stream goes on after it. With `iter_docs(..., duplicates="keep")` duplicate keys are not an
    error: the last value wins and `duplicates` lists the strict decoder's complaints, worded alike.
    """

    def __init__(
        self,
        value: object,
        file: str,
        index: int,
        node: object = None,
        error: str | None = None,
        duplicates: list[str] | None = None,
        start: int | None = None,
        data: bytes | None = None,
    ):
        self.value, self.file, self.index = value, file, index
        self.node = node  # the composed YAML node, for line lookups
        self.error = error
        self.duplicates = duplicates or []
        self.start = start  # without a node: the 1-based line where the document's value starts
        self.data = data  # without a node: the text the direct reader read it from, for line lookups
        self._lines: dict | None = None  # {path: line} of its nodes, read from `data` when first asked

    def line_of(self, field: str) -> int | None:
        """The 1-based line of a Kubernetes field path in this document, when known."""
        node = self.node
        if node is None:
            if not field or self.data is None or self.start is None:
                return None if field else self.start
            if self._lines is None:
                from .plainyaml import lines  # the direct reader's events, as the loader's nodes

                self._lines = lines(self.data, self.start) or {}
            line, path = self._lines.get(()), ()
            for seg in _segments(field):  # the deepest node on the path, as the walk below stops
                path += (seg,)
                if path not in self._lines:
                    break
                line = self._lines[path]
            return line
        from yaml.nodes import MappingNode, SequenceNode  # a node: the loader has imported yaml

        line = node.start_mark.line + 1
        for seg in _segments(field):
            if isinstance(node, MappingNode):
                hit = next((v for k, v in node.value if getattr(k, "value", None) == seg), None)
            elif isinstance(node, SequenceNode) and seg.isdigit() and int(seg) < len(node.value):
                hit = node.value[int(seg)]
            else:
                hit = None
            if hit is None:
                break
            node, line = hit, hit.start_mark.line + 1
        return line


_SEG = r"\[([^\]]*)\]|([^.\[]+)"  # compiled when first used (re keeps it): a valid object needs none


def _segments(field: str) -> list[str]:
    return [m.group(1) if m.group(1) is not None else m.group(2) for m in re.finditer(_SEG, field)]
