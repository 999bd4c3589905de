"""A container's resources as ValidateContainerResourceRequirements checks them (k8s.io/kubernetes
pkg/apis/core/validation/validation.go): each quantity not negative (ValidateNonnegativeQuantity), a
request not above its limit, and for a resource that cannot be overcommitted (an extended resource
such as `nvidia.com/gpu`, hugepages) a request equal to its limit and never without one. Quantities
are shown as the server shows them, in their canonical form (`Quantity.String()`: `0.5` is `500m`).
Go ranges over the two maps in no set order; here resources are taken in sorted order.

Left out: resource names (validateContainerResourceName), an extended resource's whole-number rule
(the server prints that quantity as a Go struct), hugepages without cpu or memory, resource claims."""

from __future__ import annotations

from evaluator.apiserver.values import quantity
from evaluator.apiserver.values.names import is_label_key
from evaluator.schema.errors import INVALID, REQUIRED, FieldError

NEGATIVE = "must be greater than or equal to 0"  # IsNegativeErrorMsg


def _amounts(value: object) -> dict[str, tuple]:
    """A resource list's quantities that parse: name -> (exact value, canonical text). A number is
    read as the decoder reads its JSON text; one that does not parse is the decoder's error."""
    out: dict[str, tuple] = {}
    for name, raw in value.items() if isinstance(value, dict) else ():
        if isinstance(raw, bool) or not isinstance(raw, (str, int, float)):
            continue
        text = raw.strip() if isinstance(raw, str) else repr(raw)
        try:
            out[name] = (quantity.parse(text), quantity.canonical(text))
        except (ValueError, OverflowError):
            continue
    return out


def overcommit_allowed(name: str) -> bool:
    """helper.IsOvercommitAllowed: not an extended resource, not hugepages."""
    return not _extended(name) and not name.startswith("hugepages-")


def _extended(name: str) -> bool:
    """helper.IsExtendedResourceName: outside kubernetes.io's names, qualified as a quota's name."""
    native = "/" not in name or "kubernetes.io/" in name
    return not native and not name.startswith("requests.") and not is_label_key(f"requests.{name}")


def requirements(value: object, path: str) -> list[FieldError]:
    """ValidateContainerResourceRequirements, as far as modelled."""
    if not isinstance(value, dict):
        return []
    limits, requests = _amounts(value.get("limits")), _amounts(value.get("requests"))
    errs: list[FieldError] = []
    for name in sorted(limits):
        amount, shown = limits[name]
        if amount < 0:
            errs.append(FieldError(INVALID, f"{path}.limits[{name}]", shown, NEGATIVE))
    for name in sorted(requests):
        amount, shown = requests[name]
        if amount < 0:
            errs.append(FieldError(INVALID, f"{path}.requests[{name}]", shown, NEGATIVE))
        if name in limits:
            limit, limit_shown = limits[name]
            if amount != limit and not overcommit_allowed(name):
                detail = f"must be equal to {name} limit of {limit_shown}"
                errs.append(FieldError(INVALID, f"{path}.requests", shown, detail))
            elif amount > limit:
                detail = f"must be less than or equal to {name} limit of {limit_shown}"
                errs.append(FieldError(INVALID, f"{path}.requests", shown, detail))
        elif not overcommit_allowed(name):
            detail = "Limit must be set for non overcommitable resources"
            errs.append(FieldError(REQUIRED, f"{path}.limits", "", detail))
    return errs
