"""Run dv-eval's `main` in this process with its output captured, as click's CliRunner runs dv2openapi's."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable


class Result:
    def __init__(self, exit_code: int, stdout: str, stderr: str):
        self.exit_code, self.stdout, self.stderr = exit_code, stdout, stderr
        self.output = stdout + stderr


def invoke(main: Callable, args: list[str], input: str | bytes | None = None) -> Result:
    """`main(args)` with stdin from `input` and stdout/stderr captured; its exit status as `exit_code`."""
    data = input.encode() if isinstance(input, str) else (input or b"")
    out, err = (io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="") for _ in range(2))
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"), out, err
    try:
        main(list(args))
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return Result(code, _text(out), _text(err))


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    return stream.buffer.getvalue().decode("utf-8", "replace")
