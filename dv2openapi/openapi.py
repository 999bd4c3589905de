"""Type model -> OpenAPI 3 document (components.schemas, one per named type)."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

from .errors import InputError
from .frontend import DEFAULT_TAG, Field, Model, Named, TagSite, TypeExpr
from .grammar import Tag
from .registry import CONST, FIELD, LISTVAL, MAPKEY, MAPVAL, MODULE, REGISTRY, SCOPE_NAMES, TYPE

REF = "#/components/schemas/"
LIST_KEYS = {
    "x-dv-if-enabled",
    "x-dv-if-subresource",
    "x-dv-if-not-subresource",
    "x-dv-if-disabled",
    "x-dv-alpha",
    "x-dv-beta",
    "x-dv-fixed",
    "x-dv-item",
    "x-dv-subfield",
    "x-dv-enum-exclude",
    "x-dv-supports-subresources",
    "allOf",
    "x-kubernetes-list-map-keys",
    "x-dv-unions",
    "x-dv-zero-or-one-of",
    "x-dv-modes",
    "x-dv-update",
}
DICT_KEYS = {"x-dv-dependent-required", "x-dv-dependent-forbidden"}
SCHEMA_KEYS = {"x-dv-each-key", "x-dv-each-val"}  # sub-schemas: two fragments combine
_PRIM_SCHEMA = {
    "int": {"type": "integer", "format": "int64"},
    "int64": {"type": "integer", "format": "int64"},
    "int32": {"type": "integer", "format": "int32"},
    "float": {"type": "number", "format": "double"},
    "str": {"type": "string"},
    "bool": {"type": "boolean"},
    "bytes": {"type": "string", "format": "byte"},
    "intstr": {"x-kubernetes-int-or-string": True, "anyOf": [{"type": "integer"}, {"type": "string"}]},
    "any": {"x-kubernetes-preserve-unknown-fields": True},
}


def merge(into: dict, frag: dict, conflict) -> dict:
    """Merge a schema fragment; list-valued keywords accumulate."""
    for key, value in frag.items():
        if key in LIST_KEYS:
            into.setdefault(key, [])
            into[key].extend(v for v in value if v not in into[key])
        elif key in DICT_KEYS:
            into.setdefault(key, {})
            for k, v in value.items():
                into[key].setdefault(k, []).extend(v)
        elif key in SCHEMA_KEYS and key in into and into[key] != value:
            a, b = into[key], value
            a = {"allOf": [a]} if "$ref" in a else copy.deepcopy(a)
            into[key] = merge(a, {"allOf": [b]} if "$ref" in b else b, conflict)
        elif key in into and into[key] != value:
            conflict(key, into[key], value)
        else:
            into[key] = value
    return into


class Emitter:
    """Builds the document; owns type resolution for `Target`."""

    def __init__(self, model: Model):
        self.model = model
        self.schemas: dict[str, dict] = {}
        self.union_groups: dict[int, dict] = {}  # id(parent fragment) -> (keyword, union name) -> group
        self.warnings: list[str] = []
        self.subresources: dict[str, str | None] = {}  # file -> its module's isSubresource (parsed once)

    # -- type resolution ---------------------------------------------------------
    def resolve(self, texpr: TypeExpr) -> tuple[str, bool, TypeExpr]:
        """(kind, pointer, underlying expr) through aliases and tag wrappers."""
        pointer = False
        while True:
            head = texpr[0]
            if head == "tagged":
                texpr = texpr[1]
            elif head == "ptr":
                pointer, texpr = True, texpr[1]
            elif head == "ref":
                named = self.model.types[texpr[1]]
                if named.kind == "alias":
                    texpr = named.target
                else:
                    return named.kind, pointer, texpr
            elif head == "prim":
                return texpr[1], pointer, texpr
            else:
                return head, pointer, texpr

    def struct_fields(self, texpr: TypeExpr) -> list[Field]:
        """A struct's fields as JSON has them, found as Go's encoding/json (`typeFields`) finds them:
        its own, then those of embedded (`inline`) structs level by level, breadth-first, each struct
        type entered once (structs may embed each other through pointers); of the fields sharing a
        name the shallowest wins, and several at that depth (or a struct embedded twice there) hide
        each other. Own fields come first, the promoted ones in declaration order."""
        kind, _, under = self.resolve(texpr)
        if kind != "struct":
            return []
        found: list[tuple[tuple, Field]] = []  # (index path, field)
        level: dict[str, tuple[tuple, bool, int]] = {under[1]: ((), False, 1)}  # type -> (path, opaque, count)
        visited: set[str] = set()
        while level:
            below: dict[str, tuple[tuple, bool, int]] = {}
            for key, (path, opaque, count) in level.items():
                if key in visited:
                    continue
                visited.add(key)
                for i, f in enumerate(self.model.types[key].fields):
                    if not f.inline:
                        g = dataclasses.replace(f, tags=[], opaque=True) if opaque else f
                        found += [(path + (i,), g)] * min(count, 2)  # embedded twice: a duplicate to hide
                        continue
                    inner, _, texpr_ = self.resolve(f.type)
                    if inner == "struct":  # an inline non-struct is refused by struct_schema
                        hidden = opaque or any(site.tag.name == "opaqueType" for site in f.tags)
                        was = below.get(texpr_[1])
                        below[texpr_[1]] = (was[0], was[1], was[2] + 1) if was else (path + (i,), hidden, 1)
            level = below
        by_name: dict[str, list[tuple[tuple, Field]]] = {}
        for path, f in found:
            by_name.setdefault(f.json, []).append((path, f))
        wire = []
        for same in by_name.values():
            depth = min(len(p) for p, _ in same)
            shallowest = [pf for pf in same if len(pf[0]) == depth]
            if len(shallowest) == 1:
                wire.append(shallowest[0])
        wire.sort(key=lambda pf: (len(pf[0]) > 1, pf[0]))
        return [f for _, f in wire]

    def embedded_name(self, f: Field, owner: Named) -> str:
        """Go's name of an embedded field in paths: its type, package-qualified if foreign."""
        texpr = f.type
        while texpr[0] in ("tagged", "ptr"):
            texpr = texpr[1]
        named = self.model.types[texpr[1]]
        base = named.name.rsplit(".", 1)[-1]
        if named.go_package is not None:  # Go: qualified by package name when from another package
            same = owner.go_package is not None and owner.go_package[0] == named.go_package[0]
            return base if same else f"{named.go_package[1]}.{base}"
        return base if named.file == owner.file else f"{Path(named.file).stem}.{base}"

    # -- schemas -----------------------------------------------------------------
    def document(self) -> dict:
        for name in sorted(self.model.types):
            self.schemas[name] = self.named_schema(self.model.types[name])
        for name, gvk in self.model.kinds.items():
            self.schemas[name]["x-kubernetes-group-version-kind"] = [gvk]
        doc = {
            "openapi": "3.0.3",
            "info": {"title": _title(self.model.file), "version": "v1"},
            "paths": {},
            "components": {"schemas": {k: self.schemas[k] for k in sorted(self.schemas)}},
        }
        top: dict = {}
        for site in self.model.module_tags:
            Target(self, MODULE, ("prim", "any"), site, top).apply(site.tag)
        if top:
            doc.update(top)
        return doc

    def named_schema(self, named: Named) -> dict:
        site0 = TagSite(Tag("type"), named.file, named.line)
        if named.kind == "struct":
            schema = self.struct_schema(named)
        elif named.kind == "enum":
            schema = {"type": "string"}
        else:
            schema = self.underlying_schema(named.target, site0)
        if named.doc:
            schema = {"description": named.doc, **schema}
        frag: dict = {}
        texpr = ("ref", named.name)
        for site in named.tags:
            Target(self, TYPE, texpr, site, frag, named=named).apply(site.tag)
        if named.kind == "enum":
            values = []  # validation-gen's set: each value once, from a constant not excluded outright
            for value, msites in named.members:
                own: dict = {}
                for site in msites:
                    Target(self, CONST, texpr, site, own, named=named, member=value).apply(site.tag)
                if not own.pop("x-dv-enum-exclude", None):
                    values.append(value)
                merge(frag, own, _conflict(named.file, named.line))
            frag = _enum_fragment(list(dict.fromkeys(values)), frag)
        schema = self.combine(schema, frag, named.file, named.line)
        _check_list_map(schema, named.file, named.line)
        sub = self.module_subresource(named.file)
        if sub and "x-dv-subresource" not in schema:  # a type's own tag wins over its module's
            schema["x-dv-subresource"] = sub
        return schema

    def underlying_schema(self, texpr: TypeExpr, site0: TagSite) -> dict:
        """A NewType's shape without the tags of the named type it is declared from, as Go's
        `type A B` takes B's underlying type literal (struct fields keep their field tags, list and
        map elements their own types) but none of B's type tags. `Annotated` tags on the NewType's
        own target stay (they are its tags)."""
        own = texpr[2] if texpr[0] == "tagged" else []
        texpr = texpr[1] if own else texpr
        while texpr[0] in ("ref", "tagged"):
            if texpr[0] == "tagged":  # `Annotated` tags of a parent NewType are that type's tags
                texpr = texpr[1]
                continue
            named = self.model.types[texpr[1]]
            if named.kind == "struct":
                schema = self.struct_schema(named)
                break
            if named.kind == "enum":
                schema = {"type": "string"}
                break
            texpr = named.target
        else:
            schema = self.type_schema(texpr, LISTVAL, site0)
        if own:
            frag: dict = {}
            for site in own:
                Target(self, LISTVAL, texpr, site, frag).apply(site.tag)
            schema = self.combine(schema, frag, site0.file, site0.line)
        return schema

    def module_subresource(self, file: str) -> str | None:
        """The `isSubresource` tag of a file's module block; each file is parsed once per run."""
        if file not in self.subresources:
            sites = self.model.sources[file].module_block()
            self.subresources[file] = next((s.tag.value for s in sites if s.tag.name == "isSubresource"), None)
        return self.subresources[file]

    def struct_schema(self, named: Named) -> dict:
        props: dict = {}
        required: list = []
        parent: dict = {}
        wire = self.struct_fields(("ref", named.name))
        own = [f for f in named.fields if not f.inline]
        on_wire = {id(f) for f in wire}  # identity sets: `in` on lists was quadratic in a struct's size
        own_ids = {id(f) for f in own}
        for f in own:
            if id(f) in on_wire:
                props[f.json] = self.field_schema(f, named, parent)
                if props[f.json].pop("x-dv-required", False) is True:
                    required.append(f.json)
        embedded = []
        for e in (f for f in named.fields if f.inline):
            if self.resolve(e.type)[0] != "struct":
                raise InputError("metadata 'inline' embeds a struct; this field is not one", e.file, e.line)
            # The embedded struct is validated as a whole (x-dv-embedded); its promoted fields are
            # listed among the properties too, for the wire and for plain OpenAPI consumers.
            inner = {g.json for g in self.struct_fields(e.type)}
            fields = [g for g in wire if id(g) not in own_ids and g.json in inner]
            by_value = not self.resolve(e.type)[1]
            for g in fields:
                props[g.json] = self.field_schema(g, named, {})
                if props[g.json].pop("x-dv-required", False) is True and by_value:
                    required.append(g.json)
            fields = [g.json for g in fields]
            schema = self.field_schema(e, named, parent)
            embedded.append({"name": self.embedded_name(e, named), "fields": fields, "schema": schema})
        schema: dict = {"type": "object", "properties": props}
        if required:
            schema["required"] = required
        if embedded:
            schema["x-dv-embedded"] = embedded
        merge(schema, parent, _conflict(named.file, named.line))
        return schema

    def field_schema(self, f: Field, owner: Named, parent: dict) -> dict:
        site0 = TagSite(Tag("field"), f.file, f.line)
        base = self.type_schema(f.type, FIELD, site0, skip_top_tags=True)
        kind, pointer, _ = self.resolve(f.type)
        frag: dict = {}
        sites = list(f.tags) + (list(f.type[2]) if f.type[0] == "tagged" else [])
        for site in sites:
            Target(self, FIELD, f.type, site, frag, field=f, owner=owner, parent=parent).apply(site.tag)
        if f.opaque:
            frag["x-dv-opaque"] = True
        if not pointer and kind != "any":
            frag["x-dv-value"] = True
        if f.doc:
            frag["description"] = f.doc
        self.lint(f, frag)
        schema = self.combine(base, frag, f.file, f.line, owned=True)
        _check_list_map(schema, f.file, f.line)
        return schema

    def lint(self, f: Field, frag: dict) -> None:
        """Contradictions are errors; the KEP linter's tri-state advice is a warning."""
        given = [k[5:] for k in ("x-dv-required", "x-dv-optional", "x-dv-forbidden") if frag.get(k)]
        if len(given) > 1:
            raise InputError(f"contradictory tags: {' and '.join('+k8s:' + g for g in given)}", f.file, f.line)
        if "default" in frag and not given:
            self.warnings.append(
                f"{f.file}:{f.line}: field {f.json!r} has +k8s:default but is neither +k8s:optional nor +k8s:required"
            )
        if "default" in frag and "required" in given:
            self.warnings.append(
                f"{f.file}:{f.line}: field {f.json!r} is +k8s:required, so its +k8s:default never applies"
            )

    def combine(self, base: dict, frag: dict, file: str, line: int, owned: bool = False) -> dict:
        """base + fragment; a `$ref` base is wrapped in allOf (siblings of $ref are ignored). `owned`:
        base was just built for this (it is merged into, not copied: nested types cost no copies)."""
        if not frag:
            return base
        if "$ref" in base:
            return merge({"allOf": [base]}, frag, _conflict(file, line))
        return merge(base if owned else copy.deepcopy(base), frag, _conflict(file, line))

    def type_schema(self, texpr: TypeExpr, scope: str, site0: TagSite, skip_top_tags: bool = False) -> dict:
        head = texpr[0]
        if head == "prim":
            return dict(_PRIM_SCHEMA[texpr[1]])
        if head == "ref":
            return {"$ref": REF + texpr[1]}
        if head == "ptr":
            inner = self.type_schema(texpr[1], scope, site0, skip_top_tags)
            return self.combine(inner, {"nullable": True}, site0.file, site0.line, owned=True)
        if head == "list":
            return {"type": "array", "items": self.elem_schema(texpr[1], LISTVAL, site0)}
        if head == "map":
            schema = {"type": "object", "additionalProperties": self.elem_schema(texpr[2], MAPVAL, site0)}
            key = self.elem_schema(texpr[1], MAPKEY, site0)
            if key != {"type": "string"}:
                schema["x-dv-each-key"] = key
            return schema
        if head == "tagged":
            base = self.type_schema(texpr[1], scope, site0, skip_top_tags)
            if skip_top_tags:
                return base
            frag: dict = {}
            for site in texpr[2]:
                Target(self, scope, texpr[1], site, frag).apply(site.tag)
            return self.combine(base, frag, site0.file, site0.line, owned=True)
        raise InputError(f"unsupported type {texpr!r}", site0.file, site0.line)

    def elem_schema(self, texpr: TypeExpr, scope: str, site0: TagSite) -> dict:
        schema = self.type_schema(texpr, scope, site0)
        kind, pointer, _ = self.resolve(texpr)
        if not pointer and kind not in ("any",) and scope != MAPKEY:
            schema = self.combine(schema, {"x-dv-value": True}, site0.file, site0.line, owned=True)
        return schema


def _enum_values(frag: dict, values: list) -> None:
    """Replace the `enum` tag's marker (possibly inside lifecycle wrappers) by the values."""
    if frag.pop("x-dv-enum", None):
        frag["enum"] = values
    for key in ("x-dv-alpha", "x-dv-beta", "x-dv-if-enabled", "x-dv-if-disabled"):
        for entry in frag.get(key, []):
            _enum_values(entry["schema"], values)


def _enum_fragment(values: list, frag: dict) -> dict:
    """The enum's values in place of the `enum` tag's marker; conditional exclusions kept."""
    _enum_values(frag, values)
    out: dict = {}
    exclusions = []
    for key, when in (("x-dv-if-enabled", True), ("x-dv-if-disabled", False)):
        keep = []
        for entry in frag.get(key, []):
            if "x-dv-enum-exclude" in entry["schema"]:
                for e in entry["schema"]["x-dv-enum-exclude"]:
                    exclusions.append({"value": e["value"], "option": entry["option"], "excludeWhen": when})
            else:
                keep.append(entry)
        if key in frag:
            if keep:
                frag[key] = keep
            else:
                frag.pop(key)
    if exclusions:
        out["x-dv-enum-exclude"] = exclusions
    frag.update(out)
    return frag


def _check_list_map(schema: dict, file: str, line: int) -> None:
    if (
        schema.get("x-kubernetes-list-type") == "map"
        and not schema.get("x-kubernetes-list-map-keys")
        and "allOf" not in schema
    ):
        raise InputError("+k8s:listType=map needs at least one +k8s:listMapKey", file, line)


def _conflict(file, line):
    def fail(key, old, new):
        raise InputError(f"conflicting tags: {key} is both {old!r} and {new!r}", file, line)

    return fail


def _title(path: str) -> str:
    from pathlib import Path

    return Path(path).stem


class Target:
    """Where a tag is applied: scope, the tagged type, and the fragment it writes into."""

    def __init__(
        self,
        em: Emitter,
        scope: str,
        texpr: TypeExpr,
        site: TagSite,
        frag: dict,
        *,
        field: Field | None = None,
        owner: Named | None = None,
        parent: dict | None = None,
        named: Named | None = None,
        member: object = None,
    ):
        self.em, self.scope, self.texpr, self.site, self.frag = em, scope, texpr, site, frag
        self.field, self.owner, self.parent, self.named, self.member = field, owner, parent, named, member
        self.kind, self.pointer, self.under = em.resolve(texpr)
        self.json = field.json if field else None
        self.tag: Tag | None = None
        self.level: str | None = None  # set inside +k8s:alpha / +k8s:beta payloads
        self.item_match: dict | None = None
        self.item_label: str | None = None
        self.root_frag = frag  # the fragment of the value the tag site is on (outside any wrapper)
        self.wraps: list = []  # enclosing option / level wrappers: (keyword, entry fields)
        self.value_frag = frag  # the fragment of the value the tag applies to (an item's, inside eachVal)
        self.value_wraps = 0  # how many of `wraps` enclose `value_frag`

    def field_default(self) -> tuple[bool, object]:
        """(has a +default, its value) for the field this tag is on."""
        for site in self.field.tags if self.field else ():
            if site.tag.name == DEFAULT_TAG:
                return True, site.tag.value
        return False, None

    def fail(self, msg: str):
        raise InputError(msg, self.site.file, self.site.line, self.tag.text if self.tag else None)

    def apply(self, tag: Tag) -> None:
        self.tag = tag
        if tag.name == DEFAULT_TAG:  # defaulter-gen's +default: the schema default
            if self.scope == FIELD:
                self.put("default", tag.value)
            return
        tdef = REGISTRY.get(tag.name)
        if tdef is None:
            self.fail(f"unknown tag {tag.name!r}; see `dv2openapi tags` for the catalog")
        if self.scope not in tdef.scopes:
            allowed = ", ".join(SCOPE_NAMES[s] for s in sorted(tdef.scopes))
            self.fail(f"may not be used on {SCOPE_NAMES[self.scope]}; allowed on: {allowed}")
        kinds = {self.kind, "str"} if self.kind == "enum" else {self.kind}
        if tdef.kinds and not (kinds & tdef.kinds) and self.scope not in (MODULE, CONST):
            self.fail(f"may not be used on a {self.kind} value; applies to {', '.join(sorted(tdef.kinds))}")
        self._check_payload(tdef, tag)
        tdef.emit(self, tag)

    def _check_payload(self, tdef, tag: Tag) -> None:
        p = tdef.payload
        v = tag.value
        if p == "none" and v is not None and tag.name not in ("dependentRequired", "dependentForbidden"):
            self.fail("takes no payload")
        if p == "tag" and not isinstance(v, Tag):
            self.fail("expected a tag payload, e.g. =+k8s:minimum=1")
        if p in ("int", "nonneg") and (type(v) is not int or (p == "nonneg" and v < 0)):
            self.fail(f"expected {'a non-negative' if p == 'nonneg' else 'an'} integer payload, got {tag.raw!r}")
        if p in ("string", "word", "words") and (v is None or isinstance(v, Tag)):
            self.fail("expected a string payload")
        if p == "scalar" and (v is None or isinstance(v, Tag)):
            self.fail("expected a string, integer or boolean payload")

    # -- writing --------------------------------------------------------------
    def put(self, key: str, value: object) -> None:
        merge(self.frag, {key: value}, lambda k, a, b: self.fail(f"conflicts with an earlier tag ({k}={a!r})"))

    def put_many(self, values: dict) -> None:
        for k, v in values.items():
            self.put(k, v)

    def nested(
        self, tag: Tag, scope: str | None = None, texpr: TypeExpr | None = None, wrap: tuple | None = None
    ) -> dict:
        """Apply a payload tag; `wrap` = (keyword, entry fields) of the wrapper being emitted."""
        frag: dict = {}
        sub = Target(
            self.em,
            scope or self.scope,
            texpr or self.texpr,
            self.site,
            frag,
            field=self.field,
            owner=self.owner,
            parent=self.parent,
            named=self.named,
            member=self.member,
        )
        sub.item_match, sub.item_label, sub.level = self.item_match, self.item_label, self.level
        sub.root_frag = self.root_frag
        sub.wraps = self.wraps + ([wrap] if wrap else [])
        if wrap:  # the same value, under one more wrapper
            sub.value_frag, sub.value_wraps = self.value_frag, self.value_wraps
        else:  # a value of its own (an item, a key)
            sub.value_wraps = len(sub.wraps)
        sub.apply(tag)
        return frag

    def enum(self) -> None:
        self.put("x-dv-enum", True)

    # -- lists, maps, structs -------------------------------------------------------
    def elem_expr(self) -> TypeExpr:
        return self.under[1] if self.kind == "list" else self.under[2]

    def elem_kind(self) -> str:
        return self.em.resolve(self.elem_expr())[0]

    def elem_fields(self) -> list[str]:
        return [f.json for f in self.em.struct_fields(self.elem_expr())]

    def struct_fields(self) -> list[str]:
        return [f.json for f in self.em.struct_fields(self.texpr)]

    def sibling_fields(self) -> list[str]:
        return [f.json for f in self.em.struct_fields(("ref", self.owner.name))] if self.owner else []

    def each_val(self, tag: Tag) -> None:
        scope = LISTVAL if self.kind == "list" else MAPVAL
        self.put(
            "x-dv-each-val",
            merge(
                self.frag.pop("x-dv-each-val", {}),
                self.nested(tag, scope, self.elem_expr()),
                lambda k, a, b: self.fail(f"conflicting eachVal payloads for {k}"),
            ),
        )

    def item(self, tag: Tag) -> None:
        keys = self.em.struct_fields(self.elem_expr())
        key_names = {f.json: f for f in keys}
        match = dict(tag.kwargs)
        if tag.args or not match:
            self.fail('expected named arguments naming list-map key fields, e.g. item(type: "Ready")')
        for k, v in match.items():
            if k not in key_names:
                self.fail(f"{k!r} is not a field of the list item")
            kind = self.em.resolve(key_names[k].type)[0]
            want = bool if kind == "bool" else (int if kind in ("int", "int32", "int64") else str)
            if type(v) is not want:
                self.fail(f"argument {k!r} must be a {want.__name__} for a {kind} field")
        sub_frag: dict = {}
        # cross-item rules (item unions) live on the list itself, under the enclosing wrappers
        sub = Target(
            self.em,
            LISTVAL,
            self.elem_expr(),
            self.site,
            sub_frag,
            field=self.field,
            owner=self.owner,
            parent=self.root_frag,
        )
        sub.item_match, sub.level, sub.wraps = match, self.level, list(self.wraps)
        base = self.json if self.json else (self.named.name if self.named else "")
        sub.item_label = f"{base}[{json.dumps(match)}]"
        sub.apply(tag.value)
        if sub_frag:
            self.put("x-dv-item", [{"match": match, "schema": sub_frag}])

    def subfield(self, name: str, tag: Tag) -> None:
        f = next(f for f in self.em.struct_fields(self.texpr) if f.json == name)
        frag: dict = {}
        # cross-field rules of the subfield (unions, ...) apply to this struct value
        sub = Target(
            self.em,
            FIELD,
            f.type,
            self.site,
            frag,
            field=f,
            owner=self.em.model.types[self.under[1]],
            parent=self.root_frag,
        )
        sub.level, sub.wraps = self.level, list(self.wraps)
        sub.apply(tag)
        if not frag:
            return
        # Level wrappers around this tag go inside its payload: every rule of one subfield is then
        # one group, whose short-circuit checks (optional, required) gate the others whatever their
        # levels, as validation-gen's cohort of a subfield does. Option wrappers stay outside (an
        # undefined option is reported at this struct).
        wraps = self.wraps[self.value_wraps :]
        for wkey, fields in reversed([w for w in wraps if w[0] in ("x-dv-alpha", "x-dv-beta")]):
            frag = {wkey: [{**fields, "schema": frag}]}
        out: dict = {"x-dv-subfield": [{"field": name, "schema": frag}]}
        for wkey, fields in reversed([w for w in wraps if w[0] not in ("x-dv-alpha", "x-dv-beta")]):
            out = {wkey: [{**fields, "schema": out}]}
        merge(self.value_frag, out, lambda k, a, b: self.fail(f"conflicts with an earlier tag ({k}={a!r})"))

    # -- cross-field (written on the parent struct) --------------------------------
    def parent_put(self, key: str, value: object) -> None:
        """A rule of the parent struct, under the option and level wrappers of the tag that declared it."""
        if self.parent is None:
            self.fail("may only be used on a struct field")
        inner: dict = {key: value}
        for wkey, fields in reversed(self.wraps):
            inner = {wkey: [{**fields, "schema": inner}]}
        merge(self.parent, inner, lambda k, a, b: self.fail(f"conflicting {k}"))

    def union(self, key: str, name: str, discriminator: bool = False, member_name: str | None = None) -> None:
        if self.parent is None:
            self.fail("may only be used on a struct field (or an item of a list field)")
        reg = self.em.union_groups.setdefault(id(self.parent), (self.parent, {}))[1]  # keeps the parent alive
        group = reg.get((key, name))
        if group is None:
            group = {"union": name, "members": []} if name else {"members": []}
            reg[(key, name)] = group
            # like validation-gen, the union check takes the option / level wrappers of the
            # tag that declared it first
            inner: dict = {key: [group]}
            for wkey, fields in reversed(self.wraps):
                inner = {wkey: [{**fields, "schema": inner}]}
            merge(self.parent, inner, lambda k, a, b: self.fail(f"conflicting {k}"))
        if discriminator:
            if "discriminator" in group:
                self.fail(f"union {name!r} already has a discriminator")
            group["discriminator"] = self.json
            return
        match = self.item_match
        if match is not None:
            member = {"item": match, "label": self.item_label, "memberName": member_name or ""}
        else:
            member = {"field": self.json, "memberName": member_name or self.field.attr}
        group["members"].append(member)

    def mode(self, modality: str, discriminator: bool = False, value: str | None = None, payload: Tag | None = None):
        if self.parent is None:
            self.fail("may only be used on a struct field")
        reg = self.em.union_groups.setdefault(id(self.parent), (self.parent, {}))[1]
        group = reg.get(("x-dv-modes", modality))
        if group is None:
            group = {"modality": modality, "fields": {}} if modality else {"fields": {}}
            reg[("x-dv-modes", modality)] = group
            # option wrappers of the first tag wrap the whole group; levels are per rule
            inner: dict = {"x-dv-modes": [group]}
            for wkey, fields in reversed([w for w in self.wraps if w[0] not in ("x-dv-alpha", "x-dv-beta")]):
                inner = {wkey: [{**fields, "schema": inner}]}
            merge(self.parent, inner, lambda k, a, b: self.fail(f"conflicting {k}"))
        if discriminator:
            if "discriminator" in group:
                self.fail(f"duplicate discriminator: {modality!r}")
            group["discriminator"] = self.json
            return
        rules = group["fields"].setdefault(self.json, [])
        frag = self.nested(payload)
        if self.level:
            frag = {f"x-dv-{self.level}": [{"schema": frag}]}
        existing = next((r for r in rules if r["mode"] == value), None)
        if existing:
            merge(existing["schema"], frag, lambda k, a, b: self.fail(f"conflicting ifMode rules for {k}"))
        else:
            rules.append({"mode": value, "schema": frag})


def to_openapi(model: Model, warnings: list | None = None) -> dict:
    """The OpenAPI document for a model; lint warnings are appended to `warnings`."""
    em = Emitter(model)
    doc = em.document()
    if warnings is not None:
        warnings.extend(em.warnings)
    return doc
