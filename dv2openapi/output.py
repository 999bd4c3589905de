"""Deterministic YAML and atomic file writes (nothing half-written on disk)."""

from __future__ import annotations

import os
import tempfile

import yaml


class _Dumper(yaml.SafeDumper):
    """Block style, no aliases, long strings kept on one line."""

    def ignore_aliases(self, data):
        return True


def dump_yaml(doc: object) -> str:
    return yaml.dump(doc, Dumper=_Dumper, sort_keys=False, default_flow_style=False, width=120, allow_unicode=True)


def write_atomic(path: str, text: str) -> None:
    """Write `text` to `path` through a temporary file and a rename."""
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".dv2openapi-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
