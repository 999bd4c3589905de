"""Old-to-new correlation and the equality that decides ratcheting.

Facts from k8s.io/apiserver `pkg/cel/common/equality.go`: a map key is
correlated when both objects have it and the schema has a property (or
additionalProperties) for it; a list item only in a `map` list (by its key
fields); everything else has no old counterpart. An error on a node is
ratcheted when the deepest correlated node on its path is equal to its old
value; that equality fails for any key with no schema (so the root object,
whose `metadata` has no properties, is never equal).
"""

from __future__ import annotations

from typing import Any

MISSING = object()


def list_key(item: Any, keys: list[str]) -> tuple | None:
    """The list-map key of an item (None when the item is not an object)."""
    if not isinstance(item, dict):
        return None
    return tuple(repr(item.get(k, MISSING)) if k in item else "<absent>" for k in keys)


def correlation_key(item: Any, keys: list[str]) -> tuple | None:
    """The key that correlates a `map` list item with the old object's: None (not correlated)
    when the item lacks a key field or one is not a scalar, as the server's correlation skips them."""
    if not isinstance(item, dict) or any(k not in item or isinstance(item[k], (dict, list)) for k in keys):
        return None
    return list_key(item, keys)


def map_list_index(schema: dict, old: Any) -> dict:
    """Old `map`-list items by key (empty for other lists)."""
    if schema.get("x-kubernetes-list-type") != "map" or not isinstance(old, list):
        return {}
    keys = schema.get("x-kubernetes-list-map-keys", [])
    out: dict = {}
    for item in old:
        k = correlation_key(item, keys)
        if k is not None:
            out.setdefault(k, item)
    return out


def child_schema(schema: dict, key: str) -> dict | None:
    """The schema of an object's key: its property, else additionalProperties."""
    props = schema.get("properties")
    if props and key in props:
        return props[key]
    ap = schema.get("additionalProperties")
    return ap if isinstance(ap, dict) else None


def equal(new: Any, old: Any, schema: dict | None) -> bool:
    """CachedDeepEqual: schema-aware deep equality of a correlated pair."""
    if new is None or old is None:
        return new is None and old is None
    if schema is None:
        return False
    if isinstance(new, list) and isinstance(old, list):
        if len(new) != len(old):
            return False
        if schema.get("x-kubernetes-list-type") != "map":
            return new == old
        index = map_list_index(schema, old)
        keys = schema.get("x-kubernetes-list-map-keys", [])
        items = schema.get("items")
        for item in new:
            match = index.get(list_key(item, keys), MISSING)
            if match is MISSING or not equal(item, match, items):
                return False
        return True
    if isinstance(new, dict) and isinstance(old, dict):
        if len(new) != len(old):
            return False
        for k, v in new.items():
            if k not in old:
                return False
            sub = child_schema(schema, k)
            if sub is None or not equal(v, old[k], sub):
                return False
        return True
    if isinstance(new, (list, dict)) or isinstance(old, (list, dict)):
        return False
    return type(new) is type(old) and new == old
