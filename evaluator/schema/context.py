"""Per-validation state shared by the compiled checks."""

from __future__ import annotations

from evaluator.runtime.native import NATIVE

from .errors import FieldError, render_path

NOOLD = type("NoOld", (), {"__repr__": lambda self: "NOOLD", "__slots__": ()})()
"""The old value when there is none to correlate with (a create, a new item)."""


class Ctx:
    """Operation (create/update), options, subresource, current stability level and the errors."""

    __slots__ = ("errors", "update", "options", "subresource", "level", "declared", "measured")

    def __init__(self, update: bool, options: frozenset, subresource: str | None, declared: frozenset | None = None):
        self.errors: list[FieldError] = []
        self.update = update
        self.options = options  # the enabled options
        self.subresource = subresource
        self.level = ""
        self.declared = declared  # the options that are defined at all; None = every option
        # whether the data the walk descends into was measured (deep.check_room); only a compiled walk needs it
        self.measured = not NATIVE

    def add(self, etype: str, path: tuple | None, bad: object, detail: str, origin: str = "") -> FieldError:
        error = FieldError(etype, render_path(path), bad, detail, origin, self.level)
        self.errors.append(error)
        return error
