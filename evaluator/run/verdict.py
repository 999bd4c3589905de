"""Judging one document: routed, validated, strict-checked, each finding with its line; or why it is unusable."""

from __future__ import annotations

import gc
import re
from collections.abc import Callable

from evaluator import DepthError
from evaluator import compile as compile_schema
from evaluator.input.document import Doc, InputError
from evaluator.kinds.servermeta import metadata_decode_error, object_meta_errors, with_generated_name
from evaluator.runtime.deep import deeply
from evaluator.schema.errors import OMITTED, TYPE_INVALID, FieldError
from evaluator.schema.schemaerror import SchemaError
from evaluator.schema.strict import compile_unknown
from evaluator.schema.strict import message as unknown_message

from .routing import Catalog, Miss, Target

UNKNOWN_FIELD, DUPLICATE_FIELD, NO_KIND_MATCH = "UnknownField", "DuplicateField", "NoKindMatch"
SERVER_WARNING = "Warning"  # a warning the API server sends with its answer (kubectl's `Warning: …`)
MISSING_SCHEMA = "could not find a schema for it; pass --missing-schemas skip to skip such objects"
SKIP, REJECT = "--skip", "--reject"  # the flags that decide an object's verdict by its kind
CRD_API = "apiextensions.k8s.io/v1"


class Options:
    """How objects are judged: the schemas, and the command line's choices."""

    def __init__(
        self,
        catalog: Catalog,
        type_name: str | None = None,
        enable: tuple = (),
        subresource: str | None = None,
        beta: bool = True,
        strict: bool = False,
        missing_is_error: bool = True,
        skip_kinds: frozenset = frozenset(),
        as_cluster: bool = False,  # our own CRDs judged by the API server model too (--as-cluster)
        reject_kinds: frozenset = frozenset(),  # Kind, apiVersion/Kind
        declarative_only: bool = False,  # no server checks of API objects' metadata (--declarative-only)
    ):
        self.catalog, self.type_name, self.enable, self.subresource = catalog, type_name, enable, subresource
        self.beta, self.strict, self.missing_is_error = beta, strict, missing_is_error
        self.skip_kinds, self.as_cluster, self.reject_kinds = skip_kinds, as_cluster, reject_kinds
        self.declarative_only = declarative_only
        self.pairing: Callable[[Options, Doc], Verdict | Unusable] | None = None  # --against: against.OldSide.judge


class Finding:
    """One reported problem: a validation error, or a rejection before validation (strict, routing)."""

    def __init__(self, field: str, message: str, reason: str, line: int, origin: str = "", level: str = ""):
        self.field, self.message = field, message
        self.reason = reason  # FieldValueInvalid, … or UnknownField / NoKindMatch
        self.line, self.origin, self.level = line, origin, level

    def _key(self) -> tuple:
        return (self.field, self.message, self.reason, self.line, self.origin, self.level)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Finding) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Finding{self._key()!r}"


class Verdict:
    """What dv-eval says about one object (plain data: it crosses process boundaries with --jobs)."""

    def __init__(self, kind: str, name: str, api_version: str, file: str, line: int):
        self.kind, self.name, self.api_version, self.file = kind, name, api_version, file
        self.line = line  # where the document starts
        self.namespace = ""
        self.errors: list[Finding] = []
        self.shadowed: list[Finding] = []
        self.rejected: list[Finding] = []  # strict field validation / no kind match
        self.warnings: list[Finding] = []  # duplicate keys without --strict (the last one won), server warnings
        self.skipped = ""  # why the object was not validated (no schema), or ""
        self.unchecked_rules = 0  # CEL rules of its schema that dv-eval does not evaluate
        self.schema = ""  # which schema validated it ("file: name")
        self.flag = ""  # SKIP or REJECT when the command line decided the verdict by the kind
        self.generate_name = ""  # metadata.generateName, where it is a string
        self.change = ""  # with --against: updated, created, unchanged or deleted
        self.old_file, self.old_line = "", 0  # with --against, where its old twin was (`web.yaml@origin/main`)

    @property
    def failed(self) -> bool:
        return bool(self.errors or self.rejected)

    def shift(self, lines: int) -> None:
        """Move every line number down by `lines` (a piece of a stream judged on its own)."""
        self.line += lines
        for f in self.errors + self.shadowed + self.rejected + self.warnings:
            f.line += lines


class Unusable:
    """A document (or the rest of a file) that could not be judged, reported in place of its verdict."""

    def __init__(self, file: str, reason: str, internal: bool = False, ends_file: bool = False):
        self.file = file
        self.reason = reason  # one line, already naming the file (and document) where known
        self.internal = internal  # a bug of ours (an unexpected exception), not bad input
        self.ends_file = ends_file  # the file could not be read on (a YAML syntax error): no more results


_VALIDATORS: dict = {}
_STRICT: dict = {}


def _validator(t: Target):
    """The compiled schema of a target, compiled once; a bad schema fails once too (then fast)."""
    hit = _VALIDATORS.get(t)
    if hit is None:
        try:
            hit = compile_schema(t.doc, t.name, trusted=t.trusted and t.shape is None and t.crd is None)
        except SchemaError as e:
            hit = e
        _VALIDATORS[t] = hit
        # The schema and its validator live as long as the run: keep them out of the garbage
        # collector's walks (~15% of a batch's time) and, with --jobs, out of copied pages.
        gc.freeze()
    if isinstance(hit, SchemaError):
        raise SchemaError(str(hit))
    return hit


def _unknown(t: Target):
    if t not in _STRICT:
        _STRICT[t] = compile_unknown(t.doc, t.name)
    return _STRICT[t]


def judge(opts: Options, new: Doc, old: Doc | None = None) -> Verdict:
    """Route, validate (a create, or an update of `old`) and strict-check one object."""
    if new.error:  # a document the API server would refuse to decode
        raise InputError(new.error)
    obj = new.value
    if not isinstance(obj, dict):
        raise InputError(f"{new.file}: document {new.index + 1}: the root must be a mapping, got {type(obj).__name__}")
    meta = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    start = new.line_of("") or 1
    vd = Verdict(
        str(obj.get("kind") or ""), str(meta.get("name") or ""), str(obj.get("apiVersion") or ""), new.file, start
    )
    vd.namespace = str(meta.get("namespace") or "")
    if isinstance(meta.get("generateName"), str):
        vd.generate_name = meta["generateName"]
    if vd.kind and (vd.kind in opts.skip_kinds or f"{vd.api_version}/{vd.kind}" in opts.skip_kinds):
        vd.skipped, vd.flag = f"kind {vd.kind} skipped ({SKIP})", SKIP
        return vd
    if vd.kind and (vd.kind in opts.reject_kinds or f"{vd.api_version}/{vd.kind}" in opts.reject_kinds):
        vd.flag = REJECT
        message = f"kind: Forbidden: prohibited resource kind {vd.kind} ({REJECT})"
        vd.errors.append(Finding("kind", message, "FieldValueForbidden", new.line_of("kind") or start))
        return vd
    if not opts.type_name and obj.get("kind") == "CustomResourceDefinition" and obj.get("apiVersion") == CRD_API:
        _admit_crd(vd, new)
        _strict_checks(vd, opts, None, new, obj)
        return vd
    try:
        target = opts.catalog.route(obj, opts.type_name)
    except InputError as e:  # a schema location that cannot be read (not in kubeconform's cache, ...)
        raise InputError(f"{new.file}: document {new.index + 1}: {e}") from None
    if isinstance(target, Miss):
        if target.known or opts.missing_is_error:
            message = target.message if target.known else f"{target.message}: {MISSING_SCHEMA}"
            vd.rejected.append(Finding("apiVersion", message, NO_KIND_MATCH, new.line_of("apiVersion") or start))
        else:
            vd.skipped = target.message
        return vd
    if target.crd is not None and (not target.ours or opts.as_cluster):
        _judge_as_server(vd, target, new, old)
        _strict_checks(vd, opts, target, new, obj)
        return vd
    if not target.builtin and not opts.declarative_only and (target.crd is not None or _api_object(target)):
        undecoded = metadata_decode_error(obj)  # the request never reaches validation (a built-in
        if undecoded is not None:  # kind's schema says it: its Time and field types are decoded)
            vd.errors = [_server_finding(undecoded, new, start)]
            _strict_checks(vd, opts, target, new, obj)
            return vd
    v = _validator(target)
    vd.kind = vd.kind or v.name
    if old is None:  # a create: the server names an object that has only a generateName before validating it
        obj = with_generated_name(obj)
    vd.unchecked_rules, vd.schema = target.unchecked_rules, f"{target.source}: {target.name}"
    if opts.subresource and not v.supports(opts.subresource):
        raise InputError(
            f"--subresource {opts.subresource}: {v.name} has no validation for it (validation-gen reports "
            f'InternalError "no validation found for {v.name}, subresource: {opts.subresource}")'
        )
    try:
        result = v.validate(
            obj,
            old.value if old else None,
            options=opts.enable,
            subresource=opts.subresource,
            update=old is not None,
            beta=opts.beta,
        )
    except DepthError:
        raise InputError(f"{new.file}: document {new.index + 1}: nesting too deep to validate") from None
    vd.errors = [_finding(e, new, start) for e in result.enforced]
    vd.shadowed = [_finding(e, new, start) for e in result.shadowed]
    if target.shape is not None:  # the published schema too: what it adds (the same error once)
        seen = {(f.field, f.reason) for f in vd.errors}
        shape = _validator(target.shape).validate(obj, old.value if old else None, update=old is not None)
        vd.errors += [f for f in (_finding(e, new, start) for e in shape.enforced) if (f.field, f.reason) not in seen]
    if (target.builtin or _api_object(target)) and not opts.declarative_only:
        seen = {(f.field, f.reason) for f in vd.errors}  # a schema's own ObjectMeta rules may say it too
        meta = object_meta_errors(obj, old.value if old else None, builtin=target.builtin)
        vd.errors += [f for f in (_server_finding(e, new, start) for e in meta) if (f.field, f.reason) not in seen]
    if target.builtin and old is not None and not opts.declarative_only:
        from evaluator.kinds.updaterules import update_errors  # a built-in kind's hand-written update rules

        for field, message, kind in update_errors(obj, old.value):
            vd.errors.append(Finding(field, message, kind, new.line_of(field) or start))
    if target.builtin and not opts.declarative_only:
        _hand_written(vd, target, new, obj)
    _strict_checks(vd, opts, target, new, new.value)
    return vd


def _hand_written(vd: Verdict, target: Target, doc: Doc, obj: dict) -> None:
    """A built-in kind's hand-written checks (each error once, in the server's words where the published
    schema says it too) and the API server's warnings."""
    from evaluator.kinds import handwritten

    if any(f.reason == TYPE_INVALID for f in vd.errors):
        return  # a value of another JSON type: the server's decoder refuses the body before validating it
    info = (target.shape or target).doc.get("info")
    version = str(info.get("version", "")).removeprefix("v") if isinstance(info, dict) else ""  # from "v1.31.0"
    found = [_server_finding(e, doc, vd.line) for e in handwritten.errors(obj, version)]
    said = {(f.field, f.reason) for f in found}  # in the server's words where the schema says it too
    vd.errors = [f for f in vd.errors if (f.field, f.reason) not in said] + found
    for text in handwritten.warnings(obj):
        path = text.partition(": ")[0]
        vd.warnings.append(Finding(path, text, SERVER_WARNING, doc.line_of(path) or vd.line))


def _api_object(t: Target) -> bool:
    """An object of a kind the API server serves: a CRD's, or one of a schema that names its
    group/version/kind (x-kubernetes-group-version-kind) and has a metadata field, whatever that
    field's schema says (an OpenAPI document, a JSON Schema, strict or not). The server checks the
    metadata of every object it creates by hand-written code (ValidateObjectMeta)."""
    if t.crd is not None:
        return True
    schema = t.doc.get("components", {}).get("schemas", {}).get(t.name)
    if not isinstance(schema, dict) or not schema.get("x-kubernetes-group-version-kind"):
        return False
    return isinstance(schema.get("properties"), dict) and "metadata" in schema["properties"]


def _strict_checks(vd: Verdict, opts: Options, target: Target | None, new: Doc, obj: dict) -> None:
    """Duplicate keys (warnings, or errors with --strict) and, with --strict, unknown fields."""
    start = vd.line
    for text in new.duplicates:
        (vd.rejected if opts.strict else vd.warnings).append(_duplicate(text, new))
    if opts.strict and target is not None:
        try:
            unknown = deeply(_unknown(target), obj)  # deep data: room for the documented 1000 levels
        except RecursionError:
            raise InputError(f"{new.file}: document {new.index + 1}: nesting too deep to validate") from None
        for path in unknown:
            vd.rejected.append(Finding(path, unknown_message(path), UNKNOWN_FIELD, new.line_of(path) or start))


def _server_finding(e: FieldError, doc: Doc, start: int) -> Finding:
    return Finding(e.field, str(e), e.type, doc.line_of(e.field) or start)


def _admit_crd(vd: Verdict, doc: Doc) -> None:
    """A CustomResourceDefinition manifest, judged as the API server admits CRDs."""
    from evaluator.apiserver.crd.crdcheck import ENGINE_LIMIT, DecodeError, admission_problems

    vd.schema = "the API server's CRD admission"
    try:
        problems = admission_problems(doc.value)
    except DecodeError as e:
        raise InputError(f"{doc.file}: document {doc.index + 1}: {e}") from None
    for p in problems:
        if p.type == ENGINE_LIMIT:  # no verdict: the server would run what our engine cannot
            raise InputError(f"{doc.file}: document {doc.index + 1}: {p.field}: {p.detail}")
    vd.errors = [
        _server_finding(FieldError(p.type, p.field, OMITTED if p.value is None else p.value, p.detail), doc, vd.line)
        for p in problems
    ]


_SERVERS: dict = {}


def _judge_as_server(vd: Verdict, target: Target, new: Doc, old: Doc | None) -> None:
    """A third-party CRD's object, judged by the API server model (prune, defaults, OpenAPI,
    list types, CEL rules, metadata); imported only when such a CRD is used."""
    from evaluator.apiserver.request.server import NO_VALUE, EngineLimit, RuleError, Validator

    server = _SERVERS.get(target)
    if server is None:
        server = _SERVERS[target] = Validator(target.crd)
    vd.schema = f"{target.source}: {target.name}"
    try:
        errs = deeply(server.validate, new.value, old.value if old else None)  # room for 1000 levels
    except RuleError as e:
        raise SchemaError(str(e)) from None
    except EngineLimit as e:
        raise InputError(f"{new.file}: document {new.index + 1}: {e}") from None
    except RecursionError:
        raise InputError(f"{new.file}: document {new.index + 1}: nesting too deep to validate") from None
    vd.errors = [
        _server_finding(
            FieldError(e.type, e.field, OMITTED if e.value == NO_VALUE else e.value, e.detail), new, vd.line
        )
        for e in errs
    ]


def _duplicate(text: str, doc: Doc) -> Finding:
    """A duplicate key, from the loader's `file:line: document N: strict decoding error: key "k" …`."""
    m = re.match(re.escape(doc.file) + r":(\d+): document \d+: (?:strict decoding error: )?(.*)", text)
    line, message = (int(m[1]), m[2]) if m else (doc.line_of("") or 1, text)
    return Finding(deeply(_path_at, doc.node, line - 1) or "", message, DUPLICATE_FIELD, line)


def _path_at(node, line0: int, path: str = "") -> str | None:
    """The field path of the mapping key whose value starts on 0-based line `line0` (the repeated key)."""
    from yaml.nodes import MappingNode, SequenceNode  # a duplicate key: the loader read it (and imported yaml)

    if isinstance(node, MappingNode):
        for k, v in node.value:
            here = f"{path}.{k.value}" if path else str(k.value)
            if v.start_mark.line == line0 and k.start_mark.line <= line0:
                return here
            if v.start_mark.line <= line0 <= v.end_mark.line:
                found = _path_at(v, line0, here)
                if found:
                    return found
    elif isinstance(node, SequenceNode):
        for i, v in enumerate(node.value):
            if v.start_mark.line <= line0 <= v.end_mark.line:
                found = _path_at(v, line0, f"{path}[{i}]")
                if found:
                    return found
    return None


def _finding(e: FieldError, doc: Doc, start: int) -> Finding:
    return Finding(e.field, str(e), e.type, doc.line_of(e.field) or start, e.origin, e.level)


def items_of(doc: Doc) -> list[Doc] | None:
    """The items of a `List` document (`kind: List` or any `*List` kind with `items`), each as a
    document of its own with its own lines, as kubectl expands them; None for other documents."""
    obj = doc.value
    if doc.error or not isinstance(obj, dict) or not isinstance(obj.get("items"), list):
        return None
    kind = obj.get("kind")
    if not isinstance(kind, str) or not kind.endswith("List"):
        return None
    nodes: list = []
    if doc.node is not None:  # read by the loader (the direct reader leaves Lists to it)
        from yaml.nodes import MappingNode, SequenceNode

        if isinstance(doc.node, MappingNode):
            seq = next((v for k, v in doc.node.value if getattr(k, "value", None) == "items"), None)
            nodes = seq.value if isinstance(seq, SequenceNode) else []
    return [
        Doc(item, doc.file, doc.index, nodes[i] if i < len(nodes) else doc.node) for i, item in enumerate(obj["items"])
    ]


def judge_each(opts: Options, doc: Doc) -> list[Verdict | Unusable]:
    """`judge_safely` for one document, or for each item of a List."""
    items = items_of(doc)
    if items is None:
        return [judge_safely(opts, doc)]
    return [judge_safely(opts, item) for item in items]


def judge_safely(opts: Options, doc: Doc) -> Verdict | Unusable:
    """`judge` for batch mode (a create; with --against, the change `opts.pairing` finds), any failure
    an `Unusable` in place of the verdict."""
    if opts.pairing is not None:
        return opts.pairing(opts, doc)
    return guarded(opts, doc, None)


def guarded(opts: Options, doc: Doc, old: Doc | None) -> Verdict | Unusable:
    """`judge`, any failure an `Unusable` in place of the verdict."""
    try:
        return judge(opts, doc, old)
    except InputError as e:
        return Unusable(doc.file, str(e))
    except SchemaError as e:
        return Unusable(doc.file, f"{doc.file}: document {doc.index + 1}: schema: {e}")
    except Exception as e:  # a bug of ours must not sink the other documents
        return Unusable(doc.file, f"{doc.file}: document {doc.index + 1}: {internal_error(e)}", internal=True)


def internal_error(e: BaseException) -> str:
    """The one-line text of an unexpected exception."""
    return f"internal error (please report): {type(e).__name__}: {e}"
