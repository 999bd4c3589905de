"""The custom-resource request pipeline: prune, default, validate, ratchet."""

from __future__ import annotations

import copy
from typing import Any, NamedTuple

from . import celrules
from .correlate import MISSING, child_schema, equal, list_key, map_list_index
from .openapi import check_node
from .paths import Path, at, fmt

BLOCKING = {
    "FieldValueNotSupported",
    "FieldValueRequired",
    "FieldValueTooLong",
    "FieldValueTooMany",
    "FieldValueTypeInvalid",
}
NOT_CHECKED = (
    "some validation rules were not checked because the object was invalid; "
    "correct the existing errors to complete validation"
)
METADATA = {"name": "obj", "namespace": "default", "uid": "0-0", "creationTimestamp": "2024-01-01T00:00:00Z"}


class FieldError(NamedTuple):
    type: str
    field: str
    detail: str


def prune(value: Any, schema: dict | None) -> None:
    """Drop fields the schema does not know, and non-nullable nulls without a default."""
    if schema is None:
        return
    if isinstance(value, dict):
        keep_unknown = schema.get("x-kubernetes-preserve-unknown-fields")
        for k in list(value):
            sub = child_schema(schema, k)
            if sub is None:
                if not keep_unknown:
                    del value[k]
                continue
            if value[k] is None and not sub.get("nullable") and "default" not in sub:
                del value[k]
            else:
                prune(value[k], sub)
    elif isinstance(value, list):
        for item in value:
            prune(item, schema.get("items"))


def default(value: Any, schema: dict | None) -> None:
    """Apply `default` to absent fields (and to non-nullable nulls), depth first."""
    if schema is None:
        return
    if isinstance(value, dict):
        for k, prop in schema.get("properties", {}).items():
            if "default" in prop and (k not in value or (value[k] is None and not prop.get("nullable"))):
                value[k] = copy.deepcopy(prop["default"])
        for k, v in value.items():
            default(v, child_schema(schema, k))
    elif isinstance(value, list):
        for item in value:
            default(item, schema.get("items"))


class _Node(NamedTuple):
    schema: dict
    value: Any
    path: Path
    old: Any  # the correlated old value, MISSING when there is none
    ratchet: bool  # the deepest correlated node on the path is unchanged


def _children(node: _Node, update: bool):
    """The child nodes of an object or list, with their correlated old values."""
    s, v, old = node.schema, node.value, node.old
    if isinstance(v, dict):
        for k, cv in v.items():
            sub = child_schema(s, k)
            if sub is None:
                continue
            cold = old[k] if isinstance(old, dict) and k in old else MISSING
            root_meta = not node.path and k in ("apiVersion", "kind")
            yield _Node(
                sub,
                cv,
                at(node.path, k, "properties" in s and k in s["properties"]),
                cold,
                _ratchet(node, sub, cv, cold, update) and not root_meta,
            )
    elif isinstance(v, list) and isinstance(s.get("items"), dict):
        index = map_list_index(s, old)
        keys = s.get("x-kubernetes-list-map-keys", [])
        for i, cv in enumerate(v):
            cold = index.get(list_key(cv, keys), MISSING) if index else MISSING
            yield _Node(s["items"], cv, at(node.path, i), cold, _ratchet(node, s["items"], cv, cold, update))


def _ratchet(parent: _Node, schema: dict, value: Any, old: Any, update: bool) -> bool:
    if not update:
        return False
    return parent.ratchet or (old is not MISSING and equal(value, old, schema))


def _walk(node: _Node, update: bool):
    yield node
    for child in _children(node, update):
        yield from _walk(child, update)


class Validator:
    """The API server's validation of objects of one CRD version."""

    def __init__(self, crd: dict):
        spec = crd["spec"]
        version = spec["versions"][0]
        self.schema = version["schema"]["openAPIV3Schema"]
        self.api_version = f"{spec['group']}/{version['name']}"
        self.kind = spec["names"]["kind"]
        self.has_rules = _has_rules(self.schema)

    def prepare(self, obj: dict, update: bool) -> dict:
        """A request body: the object with apiVersion, kind and metadata, pruned and defaulted."""
        out = copy.deepcopy(obj)
        out["apiVersion"], out["kind"] = self.api_version, self.kind
        out["metadata"] = {
            "name": "obj",
            "namespace": "default",
            "uid": "0-0",
            "creationTimestamp": "2024-01-01T00:00:00Z",
        }
        if update:
            out["metadata"].update(resourceVersion="1", generation=1)
        prune(out, self.schema)
        default(out, self.schema)
        return out

    def validate(self, new: dict, old: dict | None = None) -> list[FieldError]:
        """The field errors of a create (old None) or an update."""
        update = old is not None
        new = self.prepare(new, update)
        old_obj = self.prepare(old, update) if update else MISSING
        root = _Node(self.schema, new, (), old_obj, False)
        nodes = list(_walk(root, update))
        errs = [FieldError(*e) for n in nodes if not n.ratchet for e in check_node(n.schema, n.value, n.path)]
        if not update or not _list_errors(list(_walk(_Node(self.schema, old_obj, (), MISSING, False), False))):
            errs += _list_errors(nodes)
        if self.has_rules and any(e.type in BLOCKING for e in errs):
            return errs + [FieldError("FieldValueInvalid", "", NOT_CHECKED)]
        for n in nodes:
            errs += [FieldError(*e) for e in celrules.node_errors(n.schema, n.value, n.old, n.path, n.ratchet)]
        return errs


def _has_rules(schema: dict) -> bool:
    """Whether any node carries CEL rules (the server builds no CEL validator otherwise)."""
    if schema.get("x-kubernetes-validations"):
        return True
    subs = [*schema.get("properties", {}).values(), schema.get("items"), schema.get("additionalProperties")]
    return any(isinstance(s, dict) and _has_rules(s) for s in subs)


def _list_errors(nodes: list[_Node]) -> list[FieldError]:
    """Duplicates in `set` lists and duplicate keys in `map` lists."""
    errs = []
    for n in nodes:
        kind = n.schema.get("x-kubernetes-list-type")
        if not isinstance(n.value, list) or kind not in ("set", "map"):
            continue
        seen: set = set()
        for i, item in enumerate(n.value):
            key = list_key(item, n.schema.get("x-kubernetes-list-map-keys", [])) if kind == "map" else repr(item)
            if key in seen:
                errs.append(FieldError("FieldValueDuplicate", fmt(at(n.path, i)), ""))
            seen.add(key)
    return errs


def validate(crd: dict, new: dict, old: dict | None = None) -> list[FieldError]:
    """Shorthand: the field errors of one request against a CRD."""
    return Validator(crd).validate(new, old)
