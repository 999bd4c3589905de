"""The custom-resource request pipeline: prune, default, validate, ratchet."""

from __future__ import annotations

import copy
import json
from typing import Any, NamedTuple

from evaluator.apiserver.cel import celbudget, celrules
from evaluator.apiserver.cel.celrules import NO_VALUE, EngineLimit, RuleError
from evaluator.apiserver.values.correlate import MISSING, child_schema, correlation_key, equal, map_list_index
from evaluator.apiserver.values.paths import Path, at, fmt

from . import embedded, metadecode
from .objectmeta import dns_subdomain_name, generated_name, path_segment_name, validate_object_meta
from .openapi import check_node, junctions
from .scale import scale_errors

__all__ = ["EngineLimit", "FieldError", "RuleError", "Validator", "validate"]

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
SYSTEM = {"uid": "00000000-0000-0000-0000-000000000000", "creationTimestamp": "2024-01-01T00:00:00Z"}


class FieldError(NamedTuple):
    """One field error: type, path, detail, and the bad value the server prints (or NO_VALUE)."""

    type: str
    field: str
    detail: str
    value: object = NO_VALUE


def prune(value: Any, schema: dict | None, root: bool = False) -> None:
    """Drop fields the schema does not know, and non-nullable nulls without a default; the
    `apiVersion`, `kind` and `metadata` of the root and of embedded resources are left alone."""
    if schema is None:
        return
    if isinstance(value, dict):
        keep_unknown = schema.get("x-kubernetes-preserve-unknown-fields")
        resource = root or schema.get("x-kubernetes-embedded-resource")
        for k in list(value):
            sub = child_schema(schema, k)
            if sub is not None and value[k] is None and not sub.get("nullable") and "default" not in sub:
                del value[k]
            elif resource and k in embedded.META_FIELDS:
                continue
            elif sub is None:
                if not keep_unknown:
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
            cold = index.get(correlation_key(cv, keys), MISSING) if index else MISSING
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
    """The API server's validation of custom resources of one CRD (every served version)."""

    def __init__(self, crd: dict):
        spec = crd["spec"]
        self.group = spec["group"]
        self.kind = spec["names"]["kind"]
        self.namespaced = spec.get("scope", "Namespaced") == "Namespaced"
        self.versions = {
            v["name"]: _Version(v, crd) for v in spec["versions"] if isinstance(v, dict) and v.get("served", True)
        }
        self.default_version = next(iter(self.versions))

    @property
    def schema(self) -> dict:
        """The schema of the first served version."""
        return self.versions[self.default_version].schema

    def version_of(self, obj: dict) -> _Version:
        """The served version an object's apiVersion names (the first served one when it has none)."""
        api = obj.get("apiVersion")
        if not isinstance(api, str) or not api:
            return self.versions[self.default_version]
        group, _, name = api.rpartition("/")
        if group != self.group or name not in self.versions:
            raise KeyError(f'no matches for kind "{self.kind}" in version "{api}"')
        return self.versions[name]

    def prepare(self, obj: dict, version: _Version, old: dict | None, stored: bool = False) -> tuple[dict, tuple]:
        """The object as the request decoder leaves it: system metadata filled, status handled,
        pruned, embedded resources coerced, defaulted; and the decoding error that rejects it (none
        for a `stored` object, whose malformed embedded fields are dropped). `old` is the stored
        object (already prepared) of an update."""
        bad_meta = None if stored else _metadata_problem(obj)
        out = copy.deepcopy(obj)
        out.setdefault("apiVersion", f"{self.group}/{version.name}")
        out.setdefault("kind", self.kind)
        meta = out.get("metadata")
        meta = dict(meta) if isinstance(meta, dict) else {}
        if old is None:
            meta.update(uid=SYSTEM["uid"], creationTimestamp=SYSTEM["creationTimestamp"], generation=1)
            name = generated_name(meta)
            if name is not None:
                meta["name"] = name
        else:
            for key in ("uid", "creationTimestamp", "generation"):
                meta[key] = old["metadata"].get(key)
            meta["resourceVersion"] = "1"
        if not self.namespaced:
            meta.pop("namespace", None)  # a cluster-scoped object has none (rest.BeforeCreate clears it)
        elif not meta.get("namespace"):
            # the request's namespace: an update's is the stored object's (k8s.io/apiserver
            # pkg/endpoints/handlers/rest.go, EnsureObjectNamespaceMatchesRequestNamespace sets an
            # object's empty namespace to the request's)
            meta["namespace"] = old["metadata"].get("namespace") or "default" if old is not None else "default"
        out["metadata"] = meta
        if version.status and not stored:  # a stored object keeps the status it has
            if old is None:
                out.pop("status", None)
            elif "status" in old:
                out["status"] = copy.deepcopy(old["status"])
            else:
                out.pop("status", None)
        body = {k: v for k, v in out.items() if k != "metadata"}
        prune(body, version.schema, root=True)
        broken = bad_meta or embedded.coerce(body, version.schema, drop=stored)
        default(body, version.schema)
        body["metadata"] = meta
        return body, broken

    def validate(self, new: dict, old: dict | None = None) -> list[FieldError]:
        """The field errors of a create (old None) or an update of the stored object `old`."""
        version = self.version_of(new)
        update = old is not None
        old_obj = self.prepare(old, self.version_of(old), None, stored=True)[0] if update else None
        new, broken = self.prepare(new, version, old_obj)
        if broken:  # the request never reaches validation
            return _rooted([FieldError(*broken)])
        schema = version.schema
        root = _Node(schema, new, (), old_obj if update else MISSING, False)
        nodes = list(_walk(root, update))
        errs = [
            FieldError(*e)
            for n in nodes
            if not n.ratchet
            for e in check_node(n.schema, n.value, n.path) + junctions(n.schema, n.value, n.path)
        ]
        errs += [FieldError(*e) for e in embedded.validate(new, schema)]  # on update too, never ratcheted
        if not update or not _list_errors(list(_walk(_Node(schema, old_obj, (), MISSING, False), False))):
            errs += _list_errors(nodes)
        meta = [
            FieldError(*e)
            for e in validate_object_meta(
                new["metadata"],
                namespaced=self.namespaced,
                name_rule=path_segment_name if update else dns_subdomain_name,  # rest.BeforeUpdate's, on update
                old=old_obj["metadata"] if update else None,
            )
        ]
        # On update, metadata errors do not stop the rules (the recorded verdicts: a missing name on
        # update gives no "not checked" error); on create they do.
        blocking = list(errs) if update else errs + meta
        errs += meta
        if version.has_rules and any(e.type in BLOCKING for e in blocking):
            errs.append(FieldError("FieldValueInvalid", "", NOT_CHECKED, None))  # shown as `null`
        else:
            memo: dict = {}
            plan = version.rules
            over = celbudget.over_limit(nodes, _runs)
            hold = over is None and plan is not None and plan.holds(new)
            for n in nodes:
                if "x-kubernetes-validations" not in n.schema or (hold and id(n.schema) in plan.only_plain):
                    continue
                schema = n.schema
                if over is not None and n is over[0]:  # the rules before it ran; validation stops there
                    schema = {**schema, "x-kubernetes-validations": schema["x-kubernetes-validations"][: over[1]]}
                found = celrules.node_errors(schema, n.value, n.old, n.path, n.ratchet, memo, hold)
                errs += [FieldError(*e) for e in found]
                if over is not None and n is over[0]:
                    errs.append(_over_limit(n, over[1], over[2]))
                    break
        return _rooted(errs + [FieldError(*e) for e in scale_errors(new, version.scale)])


def _runs(n: _Node) -> list[int]:
    """The indexes of the rules that run on a node: none on null; transition rules only on an update
    with an old value, unless they take an optional one."""
    if n.value is None:
        return []
    has_old = n.old is not MISSING and n.old is not None
    rules = n.schema["x-kubernetes-validations"]
    return [i for i, r in enumerate(rules) if has_old or r.get("optionalOldSelf") or not celrules.reads_old_self(r)]


def _over_limit(n: _Node, index: int, which: str) -> FieldError:
    """The server's error where a rule takes the request past a CEL limit."""
    rule = n.schema["x-kubernetes-validations"][index]
    detail = celbudget.CALL_OVER.format(celrules.rule_shown(rule)) if which == "call" else celbudget.BUDGET_OVER
    return FieldError("FieldValueInvalid", fmt(n.path), detail, n.schema.get("type", "object"))


class _Version:
    """One served version: its schema and what the server wires for it."""

    def __init__(self, version: dict, crd: dict):
        self.name = version["name"]
        schema = (version.get("schema") or {}).get("openAPIV3Schema")
        if schema is None:  # the pre-v1 form: one schema for every version
            schema = ((crd["spec"].get("validation") or {}).get("openAPIV3Schema")) or {}
        self.schema = schema
        self.status = "status" in (version.get("subresources") or {})
        self.has_rules = _has_rules(schema)
        self.rules = celrules.RulePlan(schema) if self.has_rules else None
        self.scale = (version.get("subresources") or {}).get("scale")


def _rooted(errs: list[FieldError]) -> list[FieldError]:
    """The root's field printed as the server prints a nil path."""
    return [e._replace(field="<nil>") if not e.field else e for e in errs]


def _has_rules(schema: dict) -> bool:
    """Whether any node carries CEL rules (the server builds no CEL validator otherwise)."""
    if schema.get("x-kubernetes-validations"):
        return True
    subs = [*schema.get("properties", {}).values(), schema.get("items"), schema.get("additionalProperties")]
    return any(isinstance(s, dict) and _has_rules(s) for s in subs)


def _list_errors(nodes: list[_Node]) -> list[FieldError]:
    """`listtype.ValidateListSetsAndMaps`: each value (or key) repeated in a `set` (`map`) list, at
    its second appearance; in a `map` list, the first item that is not an object instead."""
    errs = []
    for n in nodes:
        kind = n.schema.get("x-kubernetes-list-type")
        if not isinstance(n.value, list) or kind not in ("set", "map"):
            continue
        if kind == "map":
            bad = next((i for i, x in enumerate(n.value) if x is not None and not isinstance(x, dict)), None)
            if bad is not None:
                detail = "must be an object for an array of list-type map"
                errs.append(FieldError("FieldValueInvalid", fmt(at(n.path, bad)), detail, n.value[bad]))
                continue
            names = n.schema.get("x-kubernetes-list-map-keys", [])
            keys = [_map_key(x, names) for x in n.value]
            shown = [k if len(names) != 1 else {} if k is MISSING else {names[0]: k} for k in keys]
        else:
            keys = shown = n.value
        counts: dict = {}
        for i, key in enumerate(keys):
            seen = _identity(key)
            counts[seen] = counts.get(seen, 0) + 1
            if counts[seen] == 2:
                errs.append(FieldError("FieldValueDuplicate", fmt(at(n.path, i)), "", shown[i]))
    return errs


def _map_key(item: Any, names: list[str]) -> Any:
    """A `map` list item's key as the server compares them: the value of a single key (MISSING
    when it is absent), else the object of the key fields present."""
    if len(names) == 1:
        return item[names[0]] if isinstance(item, dict) and names[0] in item else MISSING
    return {k: item[k] for k in names if k in item} if isinstance(item, dict) else {}


def _identity(x: Any) -> tuple:
    """Go's equality of list items: scalars by type and value, objects and arrays by their JSON."""
    if isinstance(x, (dict, list)):
        return ("json", json.dumps(_whole(x), sort_keys=True, separators=(",", ":")))
    return (type(x).__name__, x)


def _whole(x: Any) -> Any:
    """A value with integral floats written as Go's JSON writes them (`1`, not `1.0`)."""
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e21:
        return int(x)
    if isinstance(x, dict):
        return {k: _whole(v) for k, v in x.items()}
    return [_whole(v) for v in x] if isinstance(x, list) else x


def validate(crd: dict, new: dict, old: dict | None = None) -> list[FieldError]:
    """Shorthand: the field errors of one request against a CRD."""
    return Validator(crd).validate(new, old)


def _metadata_problem(obj: dict) -> tuple | None:
    """The request decoder's refusal of metadata that does not decode as an ObjectMeta (`objectmeta.
    GetObjectMetaWithOptions`, malformed fields not dropped for a request), as a field error of the
    field it cannot decode; None when it decodes."""
    meta = obj.get("metadata")
    found = metadecode.problem(meta)
    if found is None:
        return None
    field, problem = found
    return ("FieldValueInvalid", f"metadata.{field}" if field else "metadata", problem, meta[field] if field else meta)
