"""Kubernetes resource quantities (`resource.ParseQuantity`), exactly, as fractions."""

from __future__ import annotations

import re
from fractions import Fraction

SHAPE = r"^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$"
FORMAT_WRONG = f"quantities must match the regular expression '{SHAPE}'"
_SHAPE = re.compile(SHAPE)
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_BINARY = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40, "Pi": 2**50, "Ei": 2**60}
_DECIMAL = {"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
_EXPONENT = re.compile(r"[eE]([-+]?[0-9]+)")


def parse(text: str) -> Fraction:
    """The exact value of a quantity; ValueError with the apimachinery message otherwise."""
    m = _SHAPE.match(text)
    if not m:
        raise ValueError(FORMAT_WRONG)
    number, suffix = m.groups()
    if not _NUMBER.fullmatch(number):
        raise ValueError("unable to parse numeric part of quantity")
    value = Fraction(number)
    if suffix in _BINARY:
        return value * _BINARY[suffix]
    if suffix in _DECIMAL:
        return value * Fraction(10) ** _DECIMAL[suffix]
    e = _EXPONENT.fullmatch(suffix)
    if e is None:
        raise ValueError("unable to parse quantity's suffix")
    return value * Fraction(10) ** int(e.group(1))


def as_int64(value: Fraction) -> int | None:
    """The value as an int64 (`Quantity.AsInt64`), or None when it is a fraction or too large."""
    if value.denominator != 1 or not -(2**63) <= value.numerator < 2**63:
        return None
    return value.numerator
