"""What the API server does to an API object's metadata by hand-written code, apart from the
declarative rules: the name it generates on create, and ValidateObjectMeta's checks."""

from __future__ import annotations

from evaluator.apiserver.request.metadecode import problem as metadata_problem
from evaluator.apiserver.request.objectmeta import (
    builtin_name_rule,
    generated_name,
    path_segment_name,
    validate_object_meta,
)
from evaluator.schema.errors import OMITTED, FieldError


def with_generated_name(obj: dict) -> dict:
    """`obj` as the API server validates a create: named from its generateName when it has no name."""
    meta = obj.get("metadata")
    name = generated_name(meta) if isinstance(meta, dict) else None
    return obj if name is None else {**obj, "metadata": {**meta, "name": name}}


def metadata_decode_error(obj: dict) -> FieldError | None:
    """The API server's refusal of a request whose metadata does not decode as an ObjectMeta (a
    custom resource's request decoder, `objectmeta.GetObjectMetaWithOptions`): Go's json or time error,
    at the field it cannot decode; None when it decodes."""
    found = metadata_problem(obj.get("metadata"))
    if found is None:
        return None
    field, problem = found
    meta = obj["metadata"]
    return FieldError(
        "FieldValueInvalid", f"metadata.{field}" if field else "metadata", meta[field] if field else meta, problem
    )


def object_meta_errors(obj: dict, old: dict | None = None, *, builtin: bool = True) -> list[FieldError]:
    """An API object's metadata as the API server checks it by hand-written code (apimachinery's
    ValidateObjectMeta, with the kind's name rule): name or generateName, namespace, labels,
    annotations, finalizers, and on update what may not change. On update a custom resource's name
    meets only `rest.BeforeUpdate`'s path-segment rule (its strategy checks no name); a built-in
    kind's update validation applies its own. These are not declarative rules: `Validator.validate`
    leaves them out; dv-eval adds them for API objects."""
    meta = obj.get("metadata")
    if meta is not None and not isinstance(meta, dict):
        return []  # a wrong type: the schema walk reported it
    meta = dict(meta or {})
    old_meta = old.get("metadata") if isinstance(old, dict) and isinstance(old.get("metadata"), dict) else None
    if old_meta is not None:
        old_meta = {**old_meta, "namespace": old_meta.get("namespace") or "default"}
    if not meta.get("namespace"):  # the request's: an update's is the stored object's (cluster-scoped
        meta["namespace"] = old_meta["namespace"] if old_meta is not None else "default"  # kinds ignore it)
    group = str(obj.get("apiVersion", "")).rpartition("/")[0]
    rule = builtin_name_rule(group, str(obj.get("kind", ""))) if builtin or old is None else path_segment_name
    errs = validate_object_meta(meta, namespaced=True, name_rule=rule, old=old_meta)
    return [FieldError(e[0], e[1], e[3] if len(e) > 3 else OMITTED, e[2]) for e in errs]
