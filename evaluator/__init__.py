"""dv-eval's engine: compile an OpenAPI schema once, validate objects fast.

v = evaluator.compile(doc, "Widget")
result = v.validate(new, old, options={"MyFeature"}, subresource="/status")
result.enforced, result.shadowed, result.valid
evaluator.object_meta_errors(new, old)  # the API server's hand-written metadata checks, apart
"""

from __future__ import annotations

import gc

# first: `native` chooses the compiled hot modules or their sources
from .runtime import native  # noqa: F401

# isort: split
from .kinds.servermeta import object_meta_errors
from .schema.errors import FieldError
from .schema.schemaerror import SchemaError
from .schema.select import schema_root
from .schema.validator import DepthError, Result, Validator

__all__ = ["compile", "object_meta_errors", "Validator", "Result", "FieldError", "SchemaError", "DepthError"]


def compile(schema_doc: dict, type_name: str | None = None, *, trusted: bool = False) -> Validator:  # noqa: A001
    """Compile `type_name` (a components.schemas name) of an OpenAPI document or CRD. `trusted`
    skips the vocabulary check of every keyword's value and the search for client-published fields,
    and compiles a struct's fields when a validation first meets it (for Kubernetes' own published
    schemas, known to compile)."""
    if not isinstance(schema_doc, dict):
        raise TypeError(f"compile() needs the schema document as a dict (parsed YAML/JSON), got {schema_doc!r:.60}")
    if type_name is not None and not isinstance(type_name, str):
        raise TypeError(f"type_name must be a components.schemas name, got {type_name!r}")
    doc, ref = schema_root(schema_doc, type_name, published=not trusted)
    if not trusted:
        from .schema.vocabulary import check  # here: Kubernetes' own schemas are not checked

        check(doc, ref)
    target = doc
    for part in ref[2:].split("/"):
        target = target.get(part, {}) if isinstance(target, dict) else {}
    # A type's own supportsSubresource tags (validation-gen reads them per type), else the document's.
    subs = tuple(target.get("x-dv-supports-subresources") or doc.get("x-dv-supports-subresources", ()))
    # Compiling allocates many long-lived objects and little garbage: full collections on the way
    # made compile time grow with the square of a large document's size (3,600 types: 1.2 s -> 0.4 s).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return Validator(doc, ref, subs, target.get("x-dv-subresource"), deferring=trusted)
    except RecursionError:
        raise SchemaError(f"{ref}: nests too deeply to compile") from None
    except (AttributeError, KeyError, TypeError, IndexError) as e:  # a shape the vocabulary check let through
        raise SchemaError(f"{ref}: malformed schema ({type(e).__name__}: {e})") from None
    finally:
        if collecting:
            gc.enable()
