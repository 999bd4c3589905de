"""The translator's user-facing error: one line, naming file:line and the tag."""

from __future__ import annotations


class InputError(Exception):
    """Bad input (a bad tag, an unsupported annotation, an unimportable file)."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None, tag: str | None = None):
        self.file, self.line, self.tag = file, line, tag
        where = f"{file}:{line}: " if file and line else (f"{file}: " if file else "")
        what = f"{tag if len(tag) <= 100 else tag[:80] + '...'}: " if tag else ""  # one readable line
        super().__init__(f"{where}{what}{message}")
