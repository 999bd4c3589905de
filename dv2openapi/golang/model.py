"""Go packages -> the frontend's type model, read as gengo and validation-gen read Go: tags from the
comment block right above a type, field or constant (and, for a type, the block before that),
JSON names from struct tags, typedefs and aliases, enums from typed string constants, embedded
structs, and other packages' types through their import paths (apimachinery's as stand-ins)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from ..errors import InputError
from ..frontend import Field, Model, Named, TagSite, TypeExpr, _Source
from ..grammar import Tag
from .packages import Package, Resolver, go_files, load_package, package_of
from .standins import HANDWRITTEN, STANDINS, WIRE
from .syntax import ConstSpec, GoFile, comment_block, parse_file, string_literal, type_blocks

BUILTIN: dict[str, TypeExpr] = {
    "string": ("prim", "str"),
    "bool": ("prim", "bool"),
    "int": ("prim", "int"),
    "int64": ("prim", "int64"),
    "uint": ("prim", "int64"),
    "uint64": ("prim", "int64"),
    "uint32": ("prim", "int64"),
    "int32": ("prim", "int32"),
    "int16": ("prim", "int32"),
    "int8": ("prim", "int32"),
    "uint16": ("prim", "int32"),
    "uint8": ("prim", "int32"),
    "byte": ("prim", "int32"),
    "rune": ("prim", "int32"),
    "float64": ("prim", "float"),
    "float32": ("prim", "float"),
    "any": ("prim", "any"),
    "__intstr": ("prim", "intstr"),  # apimachinery's IntOrString stand-in
}
_JSON = re.compile(r'(?:^|\s)json:"([^"]*)"')


class _GoSource(_Source):
    """A Go file's comments, indexed like a Python types file's (the same tag reading)."""

    def __init__(self, f: GoFile, package_tags: list[TagSite]):
        self.path = f.path
        self.comments = f.comments
        self.code_lines = f.code_lines
        self.package_tags = package_tags

    def module_block(self) -> list[TagSite]:
        """The package's own tags: the comments above its package clause (doc.go's)."""
        return self.package_tags


class GoBuilder:
    def __init__(self, resolver: Resolver):
        self.resolver = resolver
        self.types: dict[str, Named] = {}
        self.keys: dict[tuple[str, str], str] = {}  # (package dir, type name) -> model key
        self.sources: dict[str, _GoSource] = {}
        self.package_tags: dict[str, list[TagSite]] = {}
        self.held: dict[str, list[tuple[str, str, int]]] = {}  # type key -> (key, file, line) it holds by value
        self.aliasing: set[tuple[str, str]] = set()  # aliases being resolved (a cycle is an error)

    def source(self, pkg: Package, f: GoFile) -> _GoSource:
        if pkg.dir not in self.package_tags:
            doc = next(((g, _header(g)) for g in pkg.files if _header(g)), None)
            self.package_tags[pkg.dir] = _GoSource(doc[0], [])._split(doc[1])[0] if doc else []
        if f.path not in self.sources:
            self.sources[f.path] = _GoSource(f, self.package_tags[pkg.dir])
        return self.sources[f.path]

    # -- named types -----------------------------------------------------------------------
    def named(self, pkg: Package, name: str) -> str:
        """Register a package's type and return its model key."""
        if (pkg.dir, name) in self.keys:
            return self.keys[(pkg.dir, name)]
        if name not in pkg.types:
            raise InputError(f"no type named {name!r} in package {pkg.name}", pkg.dir)
        f, spec = pkg.types[name]
        key = name if name not in self.types else f"{pkg.name}.{name}"
        if key in self.types:
            raise InputError(f"two different types are named {key!r}", f.path, spec.line)
        self.keys[(pkg.dir, name)] = key
        src = self.source(pkg, f)
        tags, doc = src._split(type_blocks(f, spec.line))
        where = (pkg.dir, pkg.name)
        node = spec.node
        if node.type == "struct_type":
            named = Named(key, "struct", tags, doc, f.path, spec.line, go_package=where)
            self.types[key] = named
            named.fields = self.fields(pkg, f, src, node, name)
            return key
        if any(_declares_enum(t.tag) for t in tags) and not spec.alias:
            named = Named(key, "enum", tags, doc, f.path, spec.line, go_package=where)
            self.types[key] = named
            for cf, const in pkg.consts.values():
                value = self.const_string(pkg, cf, const.expr) if self.const_type(pkg, cf, const) == name else None
                if value is not None:
                    named.members.append((value, self.source(pkg, cf)._split(comment_block(cf, const.line))[0]))
            return key
        named = Named(key, "alias", tags, doc, f.path, spec.line, go_package=where)
        self.types[key] = named
        named.target = self.expr(pkg, f, node, spec.line)
        self.hold(key, pkg, f, node, spec.line)
        return key

    def hold(self, key: str, pkg: Package, f: GoFile, node, line: int) -> None:
        """Note the named types that type `key` holds by value through `node` (itself, an array's
        elements): Go refuses a type that holds itself so."""
        while node.type in ("parenthesized_type", "array_type"):
            node = node.named_children[-1]
        if node.type in ("type_identifier", "qualified_type"):
            texpr = self.expr(pkg, f, node, line)
            if texpr[0] == "ref":
                self.held.setdefault(key, []).append((texpr[1], f.path, line))

    def check_recursion(self) -> None:
        """Go's "invalid recursive type": a type that holds itself by value (a typedef of itself, a
        struct field of its own type), directly or through others."""
        state: dict[str, int] = {}  # 1: on the path being followed, 2: every path from it followed
        for start in self.types:
            if start in state:
                continue
            state[start] = 1
            path = [start]
            todo = [iter(self.held.get(start, ()))]
            while todo:
                step = next(todo[-1], None)
                if step is None:
                    todo.pop()
                    state[path.pop()] = 2
                    continue
                key, file, line = step
                if state.get(key) == 1:
                    names = [n.rsplit(".", 1)[-1] for n in path[path.index(key) :] + [key]]
                    raise InputError(f"invalid recursive type {names[0]}: {' refers to '.join(names)}", file, line)
                if key not in state:
                    state[key] = 1
                    path.append(key)
                    todo.append(iter(self.held.get(key, ())))

    def fields(self, pkg: Package, f: GoFile, src: _GoSource, struct, struct_name: str) -> list[Field]:
        out: list[Field] = []
        body = next(c for c in struct.children if c.type == "field_declaration_list")
        for decl in (c for c in body.children if c.type == "field_declaration"):
            line = decl.start_point[0] + 1
            tags, doc = src._split(comment_block(f, line))
            names = [f.src(c) for c in decl.children if c.type == "field_identifier"]
            tag = next((f.src(c) for c in decl.children if c.type.endswith("string_literal")), "")
            json = _json_name(tag)
            kinds = ("field_identifier", ",", "raw_string_literal", "interpreted_string_literal", "*", "comment")
            type_node = next(c for c in reversed(decl.children) if c.type not in kinds)
            texpr = self.expr(pkg, f, type_node, line)
            if not any(c.type == "*" for c in decl.children):
                self.hold(self.keys[(pkg.dir, struct_name)], pkg, f, type_node, line)
            for name in names:
                handwritten = HANDWRITTEN.get((pkg.import_path, struct_name, name))
                if handwritten:
                    tags = [dataclasses.replace(t, tag=_custom_as(t.tag, handwritten)) for t in tags]
            if not names:  # embedded: promoted unless the JSON tag names it
                pointer = any(c.type == "*" for c in decl.children)
                go_name = f.src(type_node).rsplit(".", 1)[-1]
                texpr = ("ptr", texpr) if pointer else texpr
                if json is None:
                    continue
                if json == "":
                    out.append(Field(go_name, go_name, texpr, tags, doc, f.path, line, inline=True))
                else:
                    out.append(Field(go_name, json, texpr, tags, doc, f.path, line))
                continue
            for name in names:
                if not name[:1].isupper() or json is None:
                    continue  # unexported, or `json:"-"`: not on the wire
                out.append(Field(name, json or name, texpr, tags, doc, f.path, line))
        return out

    # -- constants ---------------------------------------------------------------------------
    def const_type(self, pkg: Package, f: GoFile, const: ConstSpec, seen: frozenset = frozenset()) -> str:
        """The type of a constant of `pkg` ("" when untyped or another package's): the declared one,
        a conversion's (`T("v")`), or that of the constant it is set to."""
        if const.type:
            return const.type
        node = _unparen(const.expr)
        if node.type == "call_expression" and node.children[0].type == "identifier":
            return f.src(node.children[0])
        name = f.src(node) if node.type == "identifier" else ""
        if name in pkg.consts and name not in seen:
            return self.const_type(pkg, *pkg.consts[name], seen | {const.name})
        return ""

    def const_string(self, pkg: Package, f: GoFile, node, seen: frozenset = frozenset()) -> str | None:
        """The value of a constant string expression: literals, constants of this or another
        package, conversions, parentheses and `+`; None when it is no string."""
        node = _unparen(node)
        kind = node.type
        if kind in ("interpreted_string_literal", "raw_string_literal"):
            return string_literal(f, node)
        if kind == "call_expression":  # a conversion, T(x) or pkg.T(x)
            args = node.children[-1].named_children
            return self.const_string(pkg, f, args[0], seen) if len(args) == 1 else None
        if kind == "binary_expression" and f.src(node.children[1]) == "+":
            left = self.const_string(pkg, f, node.children[0], seen)
            right = self.const_string(pkg, f, node.children[-1], seen)
            return None if left is None or right is None else left + right
        if kind == "identifier":
            owner, name = pkg, f.src(node)
        elif kind == "selector_expression" and node.children[0].type == "identifier":
            line = node.start_point[0] + 1
            owner, name = self.package(f, f.src(node.children[0]), line), f.src(node.children[-1])
        else:
            return None
        if name not in owner.consts:
            return None
        if (owner.dir, name) in seen:
            raise InputError(f"constant {name} is defined through itself", f.path, node.start_point[0] + 1)
        cf, const = owner.consts[name]
        return self.const_string(owner, cf, const.expr, seen | {(owner.dir, name)})

    # -- type expressions ------------------------------------------------------------------
    def expr(self, pkg: Package, f: GoFile, node, line: int) -> TypeExpr:
        kind = node.type
        if kind == "parenthesized_type":
            return self.expr(pkg, f, node.named_children[0], line)
        if kind == "type_identifier":
            name = f.src(node)
            if name in pkg.types:
                return self._ref(pkg, name)
            if name in BUILTIN:
                return BUILTIN[name]
            raise InputError(f"unknown type {name!r}", f.path, line)
        if kind == "qualified_type":
            alias, name = f.src(node.children[0]), f.src(node.children[-1])
            other = self.package(f, alias, line)
            return self._ref(other, name)
        if kind == "pointer_type":
            return ("ptr", self.expr(pkg, f, node.named_children[0], line))
        if kind in ("slice_type", "array_type"):
            elem = node.named_children[-1]
            if kind == "slice_type" and f.src(elem) in ("byte", "uint8"):
                return ("prim", "bytes")
            return ("list", self.expr(pkg, f, elem, line))
        if kind == "map_type":
            key, value = node.named_children[0], node.named_children[-1]
            return ("map", self.expr(pkg, f, key, line), self.expr(pkg, f, value, line))
        if kind == "interface_type":
            return ("prim", "any")
        raise InputError(f"unsupported Go type {f.src(node)!r} (name it with a type declaration)", f.path, line)

    def _ref(self, pkg: Package, name: str) -> TypeExpr:
        f, spec = pkg.types.get(name, (None, None))
        if spec is not None and spec.alias:  # `type A = B`: the same type as B
            if (pkg.dir, name) in self.aliasing:
                raise InputError(f"invalid recursive type alias {name}", f.path, spec.line)
            self.aliasing.add((pkg.dir, name))
            try:
                return self.expr(pkg, f, spec.node, spec.line)
            finally:
                self.aliasing.discard((pkg.dir, name))
        return ("ref", self.named(pkg, name))

    def package(self, f: GoFile, alias: str, line: int) -> Package:
        path = f.imports.get(alias)
        if path is None:
            raise InputError(f"{alias!r} is not an imported package", f.path, line)
        if path in STANDINS and path not in self.resolver.loaded:
            standin = _text_package(f"<{path}>/standin.go", STANDINS[path], path)
            real = self.resolver.package(path)  # apimachinery's own source, where a checkout is at hand
            if real is None:
                self.resolver.loaded[path] = standin
            else:  # types with an encoding of their own keep the stand-ins' wire shapes
                real.types.update({n: standin.types[n] for n in WIRE.get(path, ())})
        pkg = self.resolver.package(path)
        if pkg is None:
            raise InputError(
                f"cannot find package {path!r} (give its directory with --go-module {path}=DIR)", f.path, line
            )
        return pkg


def _text_package(name: str, text: str, import_path: str) -> Package:
    f = parse_file(name, text.encode())
    return package_of([f], f.package, str(Path(name).parent), import_path)


def _custom_as(tag: Tag, name: str) -> Tag:
    """`tag` with its +k8s:customValidation (itself, or its payload's, through wrappers) as `name`."""
    if tag.name == "customValidation":
        return Tag(name, text=tag.text)
    if isinstance(tag.value, Tag):
        return dataclasses.replace(tag, value=_custom_as(tag.value, name))
    return tag


def _unparen(node):
    while node.type == "parenthesized_expression":
        node = node.named_children[0]
    return node


def _declares_enum(tag) -> bool:
    """`+k8s:enum`, alone or as the payload of another tag (`+k8s:alpha=+k8s:enum`)."""
    while tag is not None and not isinstance(tag, (str, int, bool)):
        if tag.name == "enum":
            return True
        tag = tag.value
    return False


def _json_name(tag: str) -> str | None:
    """The JSON name a struct tag gives ("" when none; None for `json:"-"`)."""
    m = _JSON.search(tag.strip("`"))
    if not m:
        return ""
    name = m.group(1).split(",", 1)[0]
    return None if name == "-" else name


def build_go_model(path: str, type_names: list[str] | None = None, modules: dict[str, str] | None = None) -> Model:
    """Read a Go package (a directory, or one .go file) and collect its types (or only
    `type_names` and what they use)."""
    resolver = Resolver(modules or {})
    files = go_files(path)
    resolver.add_go_mod(str(Path(files[0]).parent))
    pkg = load_package(files, resolver.import_path_of(str(Path(files[0]).parent)))
    if pkg.import_path:
        resolver.loaded[pkg.import_path] = pkg
    check_alias_cycles(pkg)
    builder = GoBuilder(resolver)
    declared = [name for name, (_, spec) in pkg.types.items() if not spec.alias]
    if type_names:
        missing = [n for n in type_names if n not in pkg.types]
        if missing:
            raise InputError(
                f"no type named {missing[0]!r} (types here: {', '.join(sorted(declared)) or 'none'})", path
            )
        roots = list(type_names)
    else:
        roots = declared
    for name in roots:
        builder.named(pkg, name)
    builder.check_recursion()
    first = builder.source(pkg, pkg.files[0])
    sources: dict[str, _Source] = dict(builder.sources)
    model = Model(builder.types, first.module_block(), roots, str(path), sources)
    group = _group_name(pkg)
    if group is not None:  # an API group's package: its kinds are the types that embed TypeMeta
        for name in roots:
            named = builder.types[builder.keys[(pkg.dir, name)]]
            if any(f.inline and f.type == ("ref", "TypeMeta") for f in named.fields):
                model.kinds[named.name] = {"group": group, "version": pkg.name, "kind": name}
    return model


def check_alias_cycles(pkg: Package) -> None:
    """Go's `invalid recursive type alias`, for every alias of the package (used or not, as Go checks
    a whole package): aliases that name each other in a cycle, through any type expression (an alias
    is its target, substituted; a cycle through a defined type is fine). The first in source is named."""
    aliases = {name: (f, spec) for name, (f, spec) in pkg.types.items() if spec.alias}
    named = {name: [n for n in _type_identifiers(f, spec.node) if n in aliases] for name, (f, spec) in aliases.items()}

    def place(n: str) -> tuple[str, int]:
        return aliases[n][0].path, aliases[n][1].line

    done: set[str] = set()  # every alias reachable from it followed: no cycle through it
    for start in sorted(aliases, key=place):
        path, todo = [start], [iter(named[start])]
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                todo.pop()
                done.add(path.pop())
            elif nxt in path:
                first = min(path[path.index(nxt) :], key=place)
                raise InputError(f"invalid recursive type alias {first}", *place(first))
            elif nxt not in done:
                path.append(nxt)
                todo.append(iter(named[nxt]))


def _type_identifiers(f: GoFile, node) -> list[str]:
    """The names of this package's types that a type expression uses (not another package's)."""
    out, todo = [], [node]
    while todo:
        n = todo.pop()
        if n.type == "type_identifier":
            out.append(f.src(n))
        elif n.type != "qualified_type":
            todo += n.children
    return out


def _header(f: GoFile) -> list[int]:
    """The `//` comment lines above a file's package clause (its package doc and tags)."""
    return [n for n in sorted(f.comments) if n < f.package_line]


def _group_name(pkg: Package) -> str | None:
    """The package's `+groupName=` (the API group of k8s.io/api's packages; "" is the core group)."""
    for f in pkg.files:
        for line in _header(f):
            m = re.fullmatch(r"\+groupName=(\S*)", f.comments[line])
            if m:
                return m.group(1)
    return None
