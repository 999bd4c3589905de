"""A PersistentVolumeClaim as ValidatePersistentVolumeClaim checks it on create and update
(k8s.io/kubernetes pkg/apis/core/validation/validation.go: ValidatePersistentVolumeClaimSpec), after
the server's defaults (an absent `volumeMode` is Filesystem): at least one access mode, each a
supported one and ReadWriteOncePod alone, a selector as ValidateLabelSelector wants it, a positive
`resources.requests.storage` (reported at `spec.resources[storage]`, as the server words it, the
quantity in its canonical form: `-1.5Gi` is shown as `-1536Mi`), a
`storageClassName` that is a DNS subdomain, a supported `volumeMode`.

Left out:
- the access modes' supported values before Kubernetes 1.27 (ReadWriteOncePod was behind an alpha
  feature gate, and the list of supported values shorter);
- a quantity that does not parse (the decoder's error);
- `dataSource` and `dataSourceRef`: the server first copies one into the other (NormalizeDataSources,
  under feature gates that changed by release) and drops kinds it does not serve, then reports each;
- `volumeAttributesClassName` (behind the VolumeAttributesClass feature gate until 1.34);
- update-only rules (the spec is immutable but for its storage request and volume attributes class).

A StatefulSet's `volumeClaimTemplates` are not validated by ValidateStatefulSetSpec (the StatefulSet
controller's PVC create fails instead), so they are not checked here either.
"""

from __future__ import annotations

from evaluator.apiserver.values.names import name_dns1123_subdomain
from evaluator.apiserver.values.quantity import canonical, parse
from evaluator.schema.errors import FORBIDDEN, INVALID, REQUIRED, FieldError

from .selectors import label_selector
from .values import not_supported, text

ACCESS_MODES = ("ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod")  # sets.List: sorted
VOLUME_MODES = ("Block", "Filesystem")  # supportedVolumeModes, sorted
READ_WRITE_ONCE_POD = (1, 27)  # ReadWriteOncePod on by default (beta) from 1.27


def persistent_volume_claim(obj: dict, release: tuple) -> list[FieldError]:
    """ValidatePersistentVolumeClaim: ValidatePersistentVolumeClaimSpec of `spec`."""
    spec = obj.get("spec")
    if spec is None:
        spec = {}
    return claim_spec(spec, "spec", release) if isinstance(spec, dict) else []


def claim_spec(spec: dict, path: str, release: tuple) -> list[FieldError]:
    """ValidatePersistentVolumeClaimSpec, in its order, as far as modelled."""
    errs: list[FieldError] = []
    modes = spec.get("accessModes")
    if modes is None or modes == []:
        errs.append(FieldError(REQUIRED, f"{path}.accessModes", "", "at least 1 access mode is required"))
    errs += label_selector(spec.get("selector"), f"{path}.selector", release)[0]
    if isinstance(modes, list) and release >= READ_WRITE_ONCE_POD:
        errs += _access_modes([m for m in modes if isinstance(m, str)], f"{path}.accessModes")
    errs += _storage(spec.get("resources"), f"{path}.resources[storage]")
    name = spec.get("storageClassName")
    if isinstance(name, str) and name:  # ValidateClassName: NameIsDNSSubdomain
        errs += [FieldError(INVALID, f"{path}.storageClassName", name, m) for m in name_dns1123_subdomain(name)]
    mode = spec.get("volumeMode")
    if isinstance(mode, str) and mode not in VOLUME_MODES:
        errs.append(not_supported(f"{path}.volumeMode", mode, VOLUME_MODES))
    return errs


def _access_modes(modes: list[str], path: str) -> list[FieldError]:
    """Each mode supported (reported at `accessModes`, not at its index); ReadWriteOncePod with no
    other supported mode."""
    errs = [not_supported(path, m, ACCESS_MODES) for m in modes if m not in ACCESS_MODES]
    if "ReadWriteOncePod" in modes and any(m in ACCESS_MODES and m != "ReadWriteOncePod" for m in modes):
        errs.append(FieldError(FORBIDDEN, path, "", "may not use ReadWriteOncePod with other access modes"))
    return errs


def _storage(resources: object, path: str) -> list[FieldError]:
    """`resources.requests.storage`: present (Required at `resources[storage]`) and above zero
    (ValidatePositiveQuantityValue, which shows the quantity's canonical form)."""
    if resources is None:
        resources = {}
    if not isinstance(resources, dict):
        return []
    requests = resources.get("requests")
    if requests is None:
        requests = {}
    if not isinstance(requests, dict):
        return []
    if "storage" not in requests:
        return [FieldError(REQUIRED, path, "", "")]
    value = requests["storage"]
    if type(value) is int:
        value = str(value)  # a JSON number is read as its text
    value = text(value, None) if value is not None else None
    if not value:
        return []  # null, "" or another type: the decoder's and the schema walk's
    try:
        amount = parse(value.strip())
    except ValueError:
        return []
    if amount > 0:
        return []
    return [FieldError(INVALID, path, canonical(value.strip()), "must be greater than zero")]
