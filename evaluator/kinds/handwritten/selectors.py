"""metav1 label selectors as unversionedvalidation.ValidateLabelSelector checks them (k8s.io/apimachinery
pkg/apis/meta/v1/validation): `matchLabels` as labels, each of `matchExpressions` as
ValidateLabelSelectorRequirement checks it. Label values in `matchExpressions` are checked from 1.26
(kubernetes#113699, AllowInvalidLabelValueInSelector false); before, only keys and operators."""

from __future__ import annotations

from evaluator.apiserver.values.names import is_label_value
from evaluator.schema.errors import FORBIDDEN, INVALID, REQUIRED, FieldError

from .services import _characters, qualified_name
from .values import items, text

VALUES_CHECKED = (1, 26)


def strings_count(value: object) -> int | None:
    """len() of a list of strings as Go holds it: 0 when absent or null; None when of another type
    (the schema walk reports it)."""
    if value is None:
        return 0
    if isinstance(value, list) and all(v is None or isinstance(v, str) for v in value):
        return len(value)
    return None


def requirement(expr: dict, path: str) -> tuple[list[FieldError], list[FieldError]]:
    """ValidateLabelSelectorRequirement: values as the operator wants them, a qualified-name key;
    apart, its values' label-value errors."""
    operator, key, count = text(expr.get("operator")), text(expr.get("key")), strings_count(expr.get("values"))
    if operator is None or key is None or count is None:
        return [], []
    errs: list[FieldError] = []
    if operator in ("In", "NotIn"):
        if not count:
            detail = "must be specified when `operator` is 'In' or 'NotIn'"
            errs.append(FieldError(REQUIRED, f"{path}.values", "", detail))
    elif operator in ("Exists", "DoesNotExist"):
        if count:
            detail = "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"
            errs.append(FieldError(FORBIDDEN, f"{path}.values", "", detail))
    else:
        errs.append(FieldError(INVALID, f"{path}.operator", operator, "not a valid selector operator"))
    errs += [FieldError(INVALID, f"{path}.key", key, m) for m in qualified_name(key)]
    values: list[FieldError] = []
    for j, value in enumerate(expr.get("values") or ()):
        value = value or ""
        values += [FieldError(INVALID, f"{path}.values[{j}]", value, _characters(m)) for m in is_label_value(value)]
    return errs, values


def label_selector(selector: object, path: str, release: tuple) -> tuple[list[FieldError], bool]:
    """ValidateLabelSelector's errors, and whether labels.NewRequirement could not read the selector (a
    bad key, value, operator or value count, at any release). A null selector is not checked."""
    if not isinstance(selector, dict):
        return [], False
    labels, exprs = selector.get("matchLabels"), selector.get("matchExpressions")
    if not isinstance(labels, (dict, type(None))) or not isinstance(exprs, (list, type(None))):
        return [], False  # a wrong type: the schema walk reports it
    errs: list[FieldError] = []
    for key in sorted(labels or ()):  # Go ranges over the map in no set order
        errs += [FieldError(INVALID, f"{path}.matchLabels", key, m) for m in qualified_name(str(key))]
        value = text(labels[key])
        if value is not None:
            errs += [FieldError(INVALID, f"{path}.matchLabels", value, _characters(m)) for m in is_label_value(value)]
    unreadable = bool(errs)
    for i, expr in items(exprs):
        found, values = requirement(expr, f"{path}.matchExpressions[{i}]")
        errs += found + (values if release >= VALUES_CHECKED else [])
        unreadable = unreadable or bool(found or values)
    return errs, unreadable
