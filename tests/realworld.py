"""The public suites of ../shared/realworld (README there): what each expects, read from its files."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.shared_data import SHARED

REALWORLD = SHARED / "realworld"
KUBECTL_VALIDATE = REALWORLD / "kubectl-validate" / "testcases"
_DOC_START = re.compile(r"^---[ \t]*$", re.M)


def expected_statuses(path: Path) -> list[dict | None]:
    """Per document of a kubectl-validate manifest: the Status its leading `# {…}` comment gives
    (None when it gives none: the document is expected to be valid)."""
    out = []
    for doc in _DOC_START.split(path.read_text()):
        lines = doc.strip().splitlines()
        if not any(line.strip() and not line.startswith("#") for line in lines):
            continue  # no object in this document
        status = None
        if lines and lines[0].rstrip() == "# {":  # the JSON ends at the first `}` line that closes it
            for end, line in enumerate(lines):
                if line[1:].strip() == "}":
                    try:
                        status = json.loads("\n".join(x[1:] for x in lines[: end + 1]))
                        break
                    except ValueError:
                        continue
        out.append(status)
    return out
