"""Helpers a types module may import: sized integer aliases.

`int32` and `int64` are plain ints at run time; the translator maps them to
OpenAPI `format: int32` / `format: int64`.
"""

from typing import NewType

int32 = NewType("int32", int)
int64 = NewType("int64", int)
