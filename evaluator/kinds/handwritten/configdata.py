"""A ConfigMap and a Secret as ValidateConfigMap and ValidateSecret check them on create and update
(k8s.io/kubernetes pkg/apis/core/validation/validation.go): their keys (apimachinery's
IsConfigMapKey), a ConfigMap key in both `data` and `binaryData`, and the keys each Secret type
requires. A Secret's `stringData` is merged into its `data` before validation (the v1 conversion),
so its keys are checked, and reported, as `data` keys. Keys are reported in sorted order (Go ranges
over the maps in no set order).

Left out: the 1 MiB limit on the total size of the values (the wording of field.TooLong differs by
release), and whether a dockercfg / dockerconfigjson Secret's value is well-formed JSON (the error is
Go's encoding/json message, not modelled)."""

from __future__ import annotations

import re

from evaluator.apiserver.values.names import DNS1123_SUBDOMAIN_MAX_LENGTH, blen, regex_error
from evaluator.schema.errors import INVALID, REQUIRED, FieldError

from .values import chdir_prefix_problems

_KEY_FMT = "[-._a-zA-Z0-9]+"
_KEY_RE = re.compile(_KEY_FMT)
_KEY_ERR = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'"
SERVICE_ACCOUNT_NAME = "kubernetes.io/service-account.name"


def is_config_map_key(value: str) -> list[str]:
    """apimachinery's validation.IsConfigMapKey: at most 253 bytes, [-._a-zA-Z0-9]+, not '.', '..'
    or starting with '..'."""
    errs = []
    if blen(value) > DNS1123_SUBDOMAIN_MAX_LENGTH:
        errs.append(f"must be no more than {DNS1123_SUBDOMAIN_MAX_LENGTH} characters")
    if not _KEY_RE.fullmatch(value):
        errs.append(regex_error(_KEY_ERR, _KEY_FMT, "key.name", "KEY_NAME", "key-name"))
    return errs + chdir_prefix_problems(value)


def config_map(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateConfigMap: `data` keys (and none also in `binaryData`), then `binaryData` keys."""
    data, binary = _map(obj.get("data")), _map(obj.get("binaryData"))
    errs: list[FieldError] = []
    for key in sorted(data):
        errs += _key_errors(key, f"data[{key}]")
        if key in binary:
            errs.append(FieldError(INVALID, f"data[{key}]", key, "duplicate of key present in binaryData"))
    for key in sorted(binary):
        errs += _key_errors(key, f"binaryData[{key}]")
    return errs


def secret(obj: dict, release: tuple) -> list[FieldError]:
    """ValidateSecret: the keys of `data` (with `stringData`'s), then what the Secret's type requires."""
    data = {**_map(obj.get("data")), **_map(obj.get("stringData"))}
    errs: list[FieldError] = []
    for key in sorted(data):
        errs += _key_errors(key, f"data[{key}]")
    kind = obj.get("type")
    if kind == "kubernetes.io/service-account-token":
        meta = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
        annotations = meta.get("annotations") if isinstance(meta.get("annotations"), dict) else {}
        if not annotations.get(SERVICE_ACCOUNT_NAME):
            errs.append(FieldError(REQUIRED, f"metadata.annotations[{SERVICE_ACCOUNT_NAME}]", "", ""))
    elif kind == "kubernetes.io/dockercfg":
        errs += _required(data, ".dockercfg")
    elif kind == "kubernetes.io/dockerconfigjson":
        errs += _required(data, ".dockerconfigjson")
    elif kind == "kubernetes.io/basic-auth":
        if "username" not in data and "password" not in data:  # either may be empty, one must be there
            errs += _required(data, "username") + _required(data, "password")
    elif kind == "kubernetes.io/ssh-auth":
        if not data.get("ssh-privatekey"):  # absent or empty
            errs.append(FieldError(REQUIRED, "data[ssh-privatekey]", "", ""))
    elif kind == "kubernetes.io/tls":
        errs += _required(data, "tls.crt") + _required(data, "tls.key")
    return errs


def _map(value: object) -> dict:
    """A map of strings as Go decodes it (a null map is empty; other types are the schema walk's)."""
    return value if isinstance(value, dict) else {}


def _key_errors(key: object, path: str) -> list[FieldError]:
    return [FieldError(INVALID, path, key, m) for m in is_config_map_key(str(key))]


def _required(data: dict, key: str) -> list[FieldError]:
    """A key the Secret's type needs: present, its value possibly empty."""
    return [] if key in data else [FieldError(REQUIRED, f"data[{key}]", "", "")]
