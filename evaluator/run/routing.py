"""Which schema validates an object: many schema files, routed by apiVersion/kind.

A `Catalog` reads every `--schema` path (files or directories; OpenAPI documents, CRDs and
Kubernetes' own OpenAPI documents mixed) and indexes their schemas by group/version/kind:
`x-kubernetes-group-version-kind` where a schema carries it, a CRD's `spec.group`,
`spec.versions[].name` and `spec.names.kind`, else the schema's name (a kind for any apiVersion).
A schema routes only the kinds it names; two different schemas for one group/version/kind are a
conflict (a `SchemaError` naming both files), never first-wins; a CRD List (`kubectl get crd -o
yaml`) is read as its CRDs; a bare schema names no kind and serves only `--type`.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from evaluator.input import schemacache
from evaluator.input.document import InputError
from evaluator.input.tree import yaml_files
from evaluator.kinds.godecoding import decoded, is_kubernetes_type
from evaluator.schema.crdv1beta1 import V1BETA1, as_v1
from evaluator.schema.errors import OMITTED, FieldError
from evaluator.schema.published import unpublished
from evaluator.schema.schemaerror import SchemaError
from evaluator.schema.select import as_openapi, embedded_openapi, rendered_by_us
from evaluator.schema.shape import REF, reached


class Target:
    """One schema an object can be validated with (hashed by identity: a key of compiled validators)."""

    def __init__(
        self,
        doc: dict,
        name: str,
        source: str,
        ours: bool = False,
        crd: dict | None = None,
        builtin: bool = False,
        shape: Target | None = None,
        rules: int | None = None,
        trusted: bool = False,
    ):
        self.doc, self.name, self.source = doc, name, source
        self.ours = ours  # a dv2openapi CRD: its rules are all in the annotation's document
        self.crd = crd  # the CRD manifest: anyone else's is validated as the API server validates it
        self.builtin = builtin  # one of Kubernetes' own kinds: ObjectMeta and the hand-written checks too
        self.trusted = trusted  # a schema kubernetes-validate ships: known to compile, not checked
        self.shape = shape  # a built-in kind's published schema, checked beside a schema given for it
        self._rules = rules  # its CEL rules, counted when first asked for unless known

    @property
    def unchecked_rules(self) -> int:
        """The x-kubernetes-validations (CEL) rules of an OpenAPI document (not a CRD): not run."""
        if self._rules is None:
            self._rules = 0 if self.crd is not None else count_rules(self.doc, self.name)
        return self._rules


class Miss:
    """No schema for an object; `known` is True when the kind is known but not this apiVersion."""

    def __init__(self, message: str, known: bool = False):
        self.message, self.known = message, known


class Catalog:
    """Every loaded schema, by (group, version, kind), by kind name and by components name."""

    def __init__(self) -> None:
        self.by_gvk: dict = {}
        self.by_name: dict = {}  # components.schemas name -> Target (first wins)
        self.served: dict = {}  # kind -> ["group/version", ...] of the CRDs that define it
        self.builtin: Callable[[tuple], Target | None] | None = None  # Kubernetes' own kinds (--kubernetes-version)
        self.find: Callable[[tuple], Target | None] | None = None  # after --schema: built-in kinds, --schema-location
        self.kindless: list = []  # files of bare schemas (no kind): usable with --type only
        self.shapes: dict = {}  # (given, published) -> the Target that checks both

    def add_path(self, path: str, found: bool = False) -> int:
        """Load a schema file, or every *.yaml/*.yml/*.json file below a directory; how many schema
        documents it held.

        Files found in a directory may also hold other YAML (CRDs beside the manifests that use them,
        kustomization files, …): documents that are not schemas are passed over there, but a directory
        without any schema is an error (its objects would all go unchecked); a file named on its own
        must hold schemas only."""
        if os.path.isdir(path):
            files = yaml_files(path)
            if not files:
                raise InputError(f"{path}: no schema files (*.yaml, *.yml, *.json) in this directory")
            added = sum(self.add_path(f, found=True) for f in files)
            if not added:
                raise InputError(
                    f"{path}: no schema in this directory (none of its {len(files)} *.yaml, *.yml, *.json files "
                    "holds a CRD, an OpenAPI document or a schema)"
                )
            return added
        try:
            docs = schemacache.load_docs(path, lambda docs: prepared(docs, path), ADMISSION_VERSION, named=not found)
        except InputError as e:
            raise InputError(f"schema: {e}") from None
        added = 0
        for doc in docs:
            doc, embedded = doc if type(doc) is tuple else (doc, None)
            if doc is None or (found and not _is_schema(doc)):
                continue
            try:
                if embedded is not None:
                    self._add_crd(doc, path, embedded)
                else:
                    self.add_doc(doc, path)
            except SchemaError as e:
                raise SchemaError(f"{path}: {e}") from None
            added += 1
        return added

    def add_doc(self, doc: object, source: str) -> None:
        """Index one schema document (OpenAPI document, CRD manifest or bare schema)."""
        if isinstance(doc, dict) and doc.get("kind") == "CustomResourceDefinition":
            self._add_crd(doc, source)
            return
        openapi = as_openapi(doc)
        schemas = (openapi.get("components") or {}).get("schemas") or {}
        if not isinstance(schemas, dict) or not schemas:
            raise SchemaError("the document has no components.schemas")
        bare = openapi is not doc and not _declares_gvk(doc)  # as_openapi wrapped a bare schema: no kind
        openapi = decoded(unpublished(openapi))  # Kubernetes' own documents hold its Quantity
        if bare and source not in self.kindless:
            self.kindless.append(source)
        for name, s in schemas.items():
            target = Target(openapi, name, source, builtin=is_kubernetes_type(name))
            self.by_name.setdefault(name, target)
            for gvk in (s.get("x-kubernetes-group-version-kind") or []) if isinstance(s, dict) else []:
                if isinstance(gvk, dict):
                    key = (gvk.get("group", ""), gvk.get("version", ""), gvk.get("kind", ""))
                    self._bind(key, target)

    def _bind(self, key: tuple, target: Target) -> None:
        """Route `key` to `target`; a different schema already routed there is a conflict."""
        had = self.by_gvk.setdefault(key, target)
        if had is target or (had.name == target.name and _closure(had) == _closure(target)):
            return  # the same schema twice (a file named twice, Kubernetes' meta types in every document)
        group, version, kind = key
        gv = f"{group}/{version}" if group else version
        raise SchemaError(
            f'two schemas for kind "{kind}" in version "{gv}": {had.source} and {target.source} '
            "(remove one, or pass only one of them)"
        )

    def check_kinds(self, type_name: str | None) -> None:
        """A bare schema names no kind: without --type it would stand for every kind, so it is an error."""
        if self.kindless and not type_name:
            names = ", ".join(self.kindless)
            raise SchemaError(
                f"{names}: a schema that names no kind (not a CRD, no x-kubernetes-group-version-kind) "
                "validates only the type selected with --type (--type Object for a bare schema)"
            )

    def _add_crd(self, crd: dict, source: str, embedded: dict | None = None) -> None:
        """Index a CRD (a v1beta1 one as the server stored it); `embedded`: the OpenAPI document it
        embeds, known to be dv2openapi's."""
        crd = as_v1(crd)
        spec = crd.get("spec") or {}
        group, kind = spec.get("group", ""), (spec.get("names") or {}).get("kind", "")
        if not kind:
            raise SchemaError("the CRD has no spec.names.kind")
        ours = embedded is not None or rendered_by_us(crd)
        openapi = embedded if embedded is not None else as_openapi(crd)
        schemas = openapi["components"]["schemas"]
        versions = [v for v in spec.get("versions") or [] if isinstance(v, dict) and v.get("served", True)]
        for ver in versions:
            name = ver.get("name", "")
            # ours: the annotation holds our whole document, the kind's schema serves every version
            target_name = f"{kind}.{name}" if not ours and f"{kind}.{name}" in schemas else kind
            if target_name not in schemas:
                continue
            target = Target(openapi, target_name, source, ours, crd)
            self._bind((group, name, kind), target)
            self.by_name.setdefault(target_name, target)
            self.served.setdefault(kind, []).append(f"{group}/{name}" if group else name)

    def route(self, obj: dict, type_name: str | None = None) -> Target | Miss:
        """The schema for `obj`: `type_name` if given, else by apiVersion/kind."""
        if type_name:
            return self.named(type_name)
        kind, api = obj.get("kind"), obj.get("apiVersion")
        if not isinstance(kind, str) or not kind or not isinstance(api, str) or not api:
            # only a lone schema that names no kind stands for kind-less data (it was picked by hand)
            only = self._only()
            if only is not None and not _has_gvk(only):
                return only
            return Miss(missing("Kind" if not isinstance(kind, str) or not kind else "apiVersion"), known=True)
        group, _, version = api.rpartition("/")
        hit = self.by_gvk.get((group, version, kind))
        if hit is not None:
            published = self.builtin((group, version, kind)) if self.builtin is not None and hit.crd is None else None
            if published is not None:  # a built-in kind with a schema of its own (from k8s.io/api): both
                return self._with_shape(hit, published)
            return hit
        # Group first, as the API server's REST mapper: only a CRD of this group is "its CRD"; a kind
        # that another group's CRD defines is no schema for this object (apimachinery
        # pkg/api/meta/restmapper.go, DefaultRESTMapper.RESTMapping: NoKindMatchError{GroupKind, ...})
        where = sorted({gv for gv in self.served.get(kind, ()) if gv.rpartition("/")[0] == group})
        if where:
            return Miss(
                f'no matches for kind "{kind}" in version "{api}" (its CRD serves {", ".join(where)})', known=True
            )
        if self.find is not None:
            hit = self.find((group, version, kind))
            if hit is not None:
                return hit
        hit = self.by_name.get(kind)
        if hit is not None and hit.crd is None and not _has_gvk(hit):
            return hit
        return Miss(f'no matches for kind "{kind}" in version "{api}"')  # a schema routes only the kinds it names

    def _with_shape(self, hit: Target, published: Target) -> Target:
        """A schema given for a built-in kind, with the kind's published schema and ObjectMeta checks."""
        key = (id(hit), id(published))
        if key not in self.shapes:  # one Target per pair: validators are compiled once per Target
            self.shapes[key] = Target(hit.doc, hit.name, hit.source, hit.ours, builtin=True, shape=published)
        return self.shapes[key]

    def named(self, type_name: str) -> Target:
        """The schema called `type_name` (--type); a SchemaError if none is."""
        if type_name not in self.by_name:
            known = ", ".join(sorted(self.by_name)[:20])
            raise SchemaError(f"unknown type {type_name!r} (known: {known})")
        return self.by_name[type_name]

    def _only(self) -> Target | None:
        """The only schema loaded, for an object without a kind."""
        if len(self.by_name) != 1:
            return None
        return next(iter(self.by_name.values()))


_LISTS = ("List", "CustomResourceDefinitionList")


ADMISSION_VERSION = "crd admission 5"  # change with `prepared`, `admit_crds` or its checks: cached files are read anew


class CRDRefused(SchemaError):
    """A CRD the API server would refuse: one line per problem, naming the file."""

    def __init__(self, lines: list[str]):
        super().__init__("\n".join(lines))
        self.lines = lines


def admit_crds(docs: list, source: str) -> None:
    """Refuse (CRDRefused) the v1 CRDs of a schema file that the API server would not admit: an
    object is never judged by a CRD the cluster would not have taken. A v1beta1 CRD (admitted by
    v1beta1's rules, long ago) is refused only for what both versions refused: a `pattern` Go cannot
    compile."""
    lines = []
    for doc in _expand_lists(docs):
        if not isinstance(doc, dict) or doc.get("kind") != "CustomResourceDefinition":
            continue
        beta = doc.get("apiVersion") == V1BETA1
        if doc.get("apiVersion") != "apiextensions.k8s.io/v1" and not beta:
            continue
        # only for a CRD not seen before
        from evaluator.apiserver.crd.crdcheck import ENGINE_LIMIT, DecodeError, admission_problems

        try:
            problems = admission_problems(as_v1(doc))
            if beta:
                problems = [p for p in problems if p.field.endswith(".pattern")]
        except DecodeError as e:
            if beta:
                continue
            lines.append(
                f'{source}: CustomResourceDefinition in version "v1" cannot be handled as a '
                f"CustomResourceDefinition: {e}"
            )
            continue
        name = (doc.get("metadata") or {}).get("name", "")
        for p in problems:
            if p.type == ENGINE_LIMIT:
                lines.append(f"{source}: CustomResourceDefinition {name!r}: {p.field}: {p.detail}")
                continue
            body = FieldError(p.type, p.field, OMITTED if p.value is None else p.value, p.detail).body()
            lines.append(
                f'{source}: CustomResourceDefinition.apiextensions.k8s.io "{name}" is invalid: {p.field}: {body}'
            )
    if lines:
        raise CRDRefused(lines)


def prepared(docs: list, source: str) -> list:
    """The documents of a schema file as a catalog keeps them, and the cache holds them: a List of
    CRDs as its items, a CRD the API server would refuse refused (`admit_crds`), and a CRD dv2openapi
    rendered, unchanged since, as (the CRD, the OpenAPI document it embeds), so that a cached file
    needs neither JSON nor the SHA-256 of the CRD's spec again."""
    admit_crds(docs, source)
    out = []
    for doc in _expand_lists(docs):
        is_crd = isinstance(doc, dict) and doc.get("kind") == "CustomResourceDefinition"
        try:
            embedded = embedded_openapi(doc) if is_crd else None
        except SchemaError as e:
            raise SchemaError(f"{source}: {e}") from None
        out.append(doc if embedded is None else (doc, embedded))
    return out


def _expand_lists(docs: list) -> list:
    """The documents, a List of CRDs (as `kubectl get crd -o yaml` prints it) replaced by its items."""
    out = []
    for doc in docs:
        if isinstance(doc, dict) and doc.get("kind") in _LISTS and isinstance(doc.get("items"), list):
            out += doc["items"]
        else:
            out.append(doc)
    return out


def _declares_gvk(doc: object) -> bool:
    return isinstance(doc, dict) and bool(doc.get("x-kubernetes-group-version-kind"))


def _closure(t: Target) -> dict:
    """The target's schema and every schema it reaches through $refs, by name: what validation uses."""
    return reached(t.doc.get("components", {}).get("schemas", {}), t.name)


def missing(what: str) -> str:
    """The API server's decoding error for an object without `kind` or `apiVersion` (apimachinery's
    `NewMissingKindErr` / `NewMissingVersionErr`), with `--type` as the way out. The server quotes the
    whole object; the report names the file and line instead, so a large file is not printed back."""
    return f"Object '{what}' is missing (or pass --type NAME to pick a schema)"


def _is_schema(doc: object) -> bool:
    """A CRD, an OpenAPI / Swagger document or a bare schema (not a manifest or other YAML)."""
    if not isinstance(doc, dict):
        return False
    if doc.get("kind") == "CustomResourceDefinition":
        return True
    if any(k in doc for k in ("components", "openapi", "definitions", "swagger")):
        return True
    return "apiVersion" not in doc and ("type" in doc or "properties" in doc)


def _has_gvk(t: Target) -> bool:
    s = t.doc["components"]["schemas"].get(t.name)
    return isinstance(s, dict) and bool(s.get("x-kubernetes-group-version-kind"))


def count_rules(doc: dict, name: str) -> int:
    """How many x-kubernetes-validations rules the schema `name` of `doc` holds, through its $refs."""
    n, seen = 0, set()
    stack: list = [{"$ref": REF + name}]
    while stack:
        s = stack.pop()
        if isinstance(s, dict):
            ref = s.get("$ref")
            if isinstance(ref, str) and ref.startswith(REF) and ref not in seen:
                seen.add(ref)
                stack.append(doc.get("components", {}).get("schemas", {}).get(ref[len(REF) :]))
            rules = s.get("x-kubernetes-validations")
            if isinstance(rules, list):
                n += len(rules)
            stack.extend(v for k, v in s.items() if k not in ("x-kubernetes-validations", "$ref"))
        elif isinstance(s, list):
            stack.extend(s)
    return n
