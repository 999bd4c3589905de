"""A HorizontalPodAutoscaler as validateHorizontalPodAutoscalerSpec checks it (k8s.io/kubernetes
pkg/apis/autoscaling/validation/validation.go): `minReplicas` at least 1 (HPAScaleToZero, alpha, off
by default), `maxReplicas` above 0 and not below `minReplicas`.

Left out: the scale target reference (its rules grew by release), metrics and behavior."""

from __future__ import annotations

from evaluator.schema.errors import INVALID, FieldError


def horizontal_pod_autoscaler(obj: dict, release: tuple) -> list[FieldError]:
    """The replica bounds of an autoscaling/v1 or v2 HorizontalPodAutoscaler's spec."""
    spec = obj.get("spec")
    if not isinstance(spec, dict):
        return []
    low, high = spec.get("minReplicas"), spec.get("maxReplicas")
    low = low if type(low) is int else None
    high = high if type(high) is int else 0 if high is None else None
    errs = []
    if low is not None and low < 1:
        errs.append(FieldError(INVALID, "spec.minReplicas", low, "must be greater than or equal to 1"))
    if high is not None and high < 1:
        errs.append(FieldError(INVALID, "spec.maxReplicas", high, "must be greater than 0"))
    if low is not None and high is not None and high < low:
        detail = "must be greater than or equal to `minReplicas`"
        errs.append(FieldError(INVALID, "spec.maxReplicas", high, detail))
    return errs
