"""ObjectMeta validation as the API server does it (apimachinery `ValidateObjectMetaAccessor`).

Used for custom resources (names are RFC 1123 subdomains) and, with each kind's own name rule,
for built-in kinds. Errors are (type, field, detail[, bad value]) tuples as the server reports them: label
and annotation errors name `metadata.labels` / `metadata.annotations`, not the key.
"""

from __future__ import annotations

from collections.abc import Callable

from evaluator.apiserver.values.names import (
    is_label_key,
    is_label_value,
    name_dns1035_label,
    name_dns1123_label,
    name_dns1123_subdomain,
)

NameRule = Callable[[str, bool], list[str]]  # (name, is a generateName prefix) -> messages
TOTAL_ANNOTATION_SIZE = 256 * 1024
IMMUTABLE = "field is immutable"
GENERATED_SUFFIX = "bcdfg"  # the server appends 5 random characters (of "bcdfghjklmnpqrstvwxz2456789")
MAX_GENERATED_PREFIX = 58  # 63 - 5: a longer generateName is cut (names.SimpleNameGenerator)


def generated_name(meta: dict) -> str | None:
    """The name the API server gives a new object that has a generateName and no name, before it
    validates it (rest.BeforeCreate); None when it gives none."""
    prefix = meta.get("generateName")
    if meta.get("name") or not isinstance(prefix, str) or not prefix:
        return None
    return prefix.encode()[:MAX_GENERATED_PREFIX].decode("utf-8", "replace") + GENERATED_SUFFIX


def dns_subdomain_name(name: str, prefix: bool) -> list[str]:
    """`NameIsDNSSubdomain`: a generateName prefix may end in '-'."""
    return name_dns1123_subdomain(name[:-1] + "a" if prefix and name.endswith("-") else name)


def dns_label_name(name: str, prefix: bool) -> list[str]:
    """`NameIsDNSLabel`."""
    return name_dns1123_label(name[:-1] + "a" if prefix and name.endswith("-") else name)


def path_segment_name(name: str, prefix: bool) -> list[str]:
    """`path.ValidatePathSegmentName`: any name but `.`, `..`, or one holding `/` or `%`."""
    if not prefix and name in (".", ".."):
        return [f"may not be '{name}'"]
    return [f"may not contain '{c}'" for c in "/%" if c in name]


def rbac_name(name: str, prefix: bool) -> list[str]:
    """RBAC's `ValidateRBACName`: `path.IsValidPathSegmentName` for a name and a generateName prefix
    alike (a prefix may not be `.` or `..` either); colons allowed (`system:controller:foo`)."""
    return path_segment_name(name, False)


def dns1035_name(name: str, prefix: bool) -> list[str]:
    """`NameIsDNS1035Label` (Services)."""
    return name_dns1035_label(name[:-1] + "a" if prefix and name.endswith("-") else name)


# Built-in kinds whose names follow another rule than the RFC 1123 subdomain of most kinds
# (each kind's `ValidateXName` in k8s.io/kubernetes pkg/apis/*/validation).
BUILTIN_NAME_RULES: dict[tuple[str, str], NameRule] = {
    ("", "Namespace"): dns_label_name,
    ("", "Service"): dns1035_name,
    ("", "PersistentVolume"): path_segment_name,
    **{
        ("rbac.authorization.k8s.io", k): rbac_name
        for k in ("Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding")
    },
}


def builtin_name_rule(group: str, kind: str) -> NameRule:
    """The name rule of a built-in kind."""
    return BUILTIN_NAME_RULES.get((group, kind), dns_subdomain_name)


def _str(meta: dict, key: str) -> str:
    v = meta.get(key)
    return v if isinstance(v, str) else ""


def validate_object_meta(
    meta: dict,
    *,
    namespaced: bool,
    name_rule: NameRule | None = dns_subdomain_name,
    old: dict | None = None,
    field: str = "metadata",
) -> list[tuple]:
    """The metadata errors of a create (old None) or an update of `old`, at `field`."""
    errs: list[tuple] = []
    name, generate = _str(meta, "name"), _str(meta, "generateName")
    if generate and name_rule is not None:
        errs += [("FieldValueInvalid", f"{field}.generateName", m, generate) for m in name_rule(generate, True)]
    if not name:
        errs.append(("FieldValueRequired", f"{field}.name", "name or generateName is required"))
    elif name_rule is not None:
        errs += [("FieldValueInvalid", f"{field}.name", m, name) for m in name_rule(name, False)]
    namespace = _str(meta, "namespace")
    if namespaced:
        if not namespace:
            errs.append(("FieldValueRequired", f"{field}.namespace", ""))
        else:
            errs += [("FieldValueInvalid", f"{field}.namespace", m, namespace) for m in name_dns1123_label(namespace)]
    elif namespace:
        errs.append(("FieldValueForbidden", f"{field}.namespace", "not allowed on this type"))
    generation = meta.get("generation")
    if isinstance(generation, int) and generation < 0:
        errs.append(("FieldValueInvalid", f"{field}.generation", "must be greater than or equal to 0", generation))
    errs += _labels(meta.get("labels"), f"{field}.labels")
    errs += _annotations(meta.get("annotations"), f"{field}.annotations")
    for f in meta.get("finalizers") or ():
        if isinstance(f, str):
            errs += [("FieldValueInvalid", f"{field}.finalizers", m, f) for m in is_label_key(f)]
    if old is not None:
        for key in ("name", "namespace", "uid", "creationTimestamp"):
            if meta.get(key) != old.get(key) and (key != "name" or old.get(key)):
                errs.append(("FieldValueInvalid", f"{field}.{key}", IMMUTABLE, meta.get(key)))
    return errs


def _labels(labels: object, field: str) -> list[tuple]:
    errs = []
    for k, v in labels.items() if isinstance(labels, dict) else ():
        errs += [("FieldValueInvalid", field, m, k) for m in is_label_key(str(k))]
        if isinstance(v, str):
            errs += [("FieldValueInvalid", field, m, v) for m in is_label_value(v)]
    return errs


def _annotations(annotations: object, field: str) -> list[tuple]:
    if not isinstance(annotations, dict):
        return []
    errs = []
    size = 0
    for k, v in annotations.items():
        errs += [("FieldValueInvalid", field, m, k) for m in is_label_key(str(k).lower())]
        size += len(str(k).encode()) + len((v if isinstance(v, str) else _json(v)).encode())
    if size > TOTAL_ANNOTATION_SIZE:
        detail = f"may not be more than {TOTAL_ANNOTATION_SIZE} bytes"
        errs.append(("FieldValueTooLong", field, detail))
    return errs


def _json(v: object) -> str:
    import json  # here: only an annotation that is not a string is measured so

    return json.dumps(v)
