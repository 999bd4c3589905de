"""Python-type frontend: a module of tagged dataclasses -> a small type model.

Tags come from `# +k8s:...` comment blocks directly above a class, a field,
an enum member or a `NewType` assignment (read from the source with
`tokenize`/`ast`), and from string metadata in `typing.Annotated[...]`.
Types come from the imported module, so annotations may be strings.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import enum
import importlib.util
import io
import re
import sys
import tokenize
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError
from .grammar import PREFIX, GrammarError, Tag, parse_tag
from .types import int32, int64


@dataclass
class TagSite:
    """A parsed tag and where it was written."""

    tag: Tag
    file: str
    line: int


# Type expressions: small tuples, easy to match on.
#   ("prim", "int"|"int32"|"int64"|"float"|"str"|"bool"|"bytes"|"intstr"|"any")
#   ("ptr", T) ("list", T) ("map", K, V) ("ref", name) ("tagged", T, [TagSite])
TypeExpr = tuple


@dataclass
class Field:
    attr: str
    json: str
    type: TypeExpr
    tags: list[TagSite]
    doc: str
    file: str
    line: int
    inline: bool = False
    opaque: bool = False  # promoted from an embedded struct tagged +k8s:opaqueType: no rules apply


@dataclass
class Named:
    """A named type: a struct (class), an alias (NewType) or an enum."""

    name: str
    kind: str
    tags: list[TagSite]
    doc: str
    file: str
    line: int
    fields: list[Field] = field(default_factory=list)
    target: TypeExpr | None = None
    members: list[tuple[str, list[TagSite]]] = field(default_factory=list)
    go_package: tuple[str, str] | None = None  # (directory, package name) of a type read from Go


@dataclass
class Model:
    """Everything the emitters need: named types and module-scope tags."""

    types: dict[str, Named]
    module_tags: list[TagSite]
    roots: list[str]
    file: str
    sources: dict[str, _Source]  # the files the types come from, parsed once, by `Named.file`
    kinds: dict[str, dict] = field(default_factory=dict)  # type -> its group/version/kind (Go API packages)


def _read_source(path: str) -> str:
    """A Python source file's text, decoded as Python decodes it (UTF-8 unless a coding line says otherwise)."""
    raw = Path(path).read_bytes()
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(raw).readline)
        return raw.decode(encoding)
    except (SyntaxError, UnicodeDecodeError, LookupError):
        hint = "not UTF-8 text (or declare its encoding with a '# -*- coding: NAME -*-' line)"
        raise InputError(hint, path) from None


class _Source:
    """Comment-tag index of one source file."""

    def __init__(self, path: str):
        self.path = path
        text = _read_source(path)
        self.comments: dict[int, str] = {}
        self.code_lines: set[int] = set()
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                if tok.line.strip().startswith("#"):
                    self.comments[tok.start[0]] = tok.string[1:].strip()
            elif tok.type not in (
                tokenize.NL,
                tokenize.NEWLINE,
                tokenize.INDENT,
                tokenize.DEDENT,
                tokenize.ENDMARKER,
                tokenize.ENCODING,
            ):
                self.code_lines.add(tok.start[0])
        self.tree = ast.parse(text, filename=path)
        self.classes: dict[str, ast.ClassDef] = {}
        self.assigns: dict[str, int] = {}
        self.members: dict[str, dict[str, int]] = {}  # class -> member -> line, filled by member_line
        for node in self.tree.body:
            if isinstance(node, ast.ClassDef):
                self.classes[node.name] = node
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    if isinstance(t, ast.Name):
                        self.assigns[t.id] = node.lineno

    def block_above(self, line: int) -> tuple[list[TagSite], str]:
        """Tags and doc text of the comment block ending right above `line`."""
        lines = []
        n = line - 1
        while n in self.comments and n not in self.code_lines:
            lines.append(n)
            n -= 1
        return self._split(sorted(lines))

    def module_block(self) -> list[TagSite]:
        """Tags in the module's leading comment block."""
        first_code = min(self.code_lines, default=10**9)
        return self._split([n for n in sorted(self.comments) if n < first_code])[0]

    def _split(self, lines: list[int]) -> tuple[list[TagSite], str]:
        tags, doc = [], []
        for n in lines:
            text = self.comments[n]
            if text.startswith(PREFIX) and not _foreign(text):
                tags.append(self.site(text, n))
            elif text.startswith("+default="):
                tags.append(TagSite(_default_tag(text), self.path, n))  # defaulter-gen's +default
            elif text.startswith("+"):
                continue  # another generator's tag
            else:
                doc.append(text)
        return tags, " ".join(d for d in doc if d).strip()

    def site(self, text: str, line: int) -> TagSite:
        try:
            return TagSite(parse_tag(text), self.path, line)
        except GrammarError as e:
            raise InputError(str(e), self.path, line, text) from None

    def decl_line(self, node: ast.ClassDef) -> int:
        return min([node.lineno] + [d.lineno for d in node.decorator_list])

    def member_line(self, cls: str, member: str) -> int | None:
        """Line of the first statement in class `cls` assigning `member` (an index per class, built once)."""
        if cls not in self.members:
            node = self.classes.get(cls)
            if node is None:
                return None
            lines: dict[str, int] = {}
            for stmt in node.body:
                if isinstance(stmt, (ast.AnnAssign, ast.Assign)):
                    for t in [stmt.target] if isinstance(stmt, ast.AnnAssign) else stmt.targets:
                        if isinstance(t, ast.Name):
                            lines.setdefault(t.id, stmt.lineno)
            self.members[cls] = lines
        return self.members[cls].get(member)


DEFAULT_TAG = "+default"


def _default_tag(text: str) -> Tag:
    """`+default=<JSON>` (defaulter-gen's tag, which validation-gen reads for +k8s:optional)."""
    import json

    raw = text[len("+default=") :].strip()
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    return Tag(DEFAULT_TAG, (), {}, value, raw, text)


def _foreign(text: str) -> bool:
    """Tags of other generators in the k8s namespace (validation-gen's own settings, deepcopy-gen,
    protobuf-gen, prerelease-lifecycle-gen, kube-openapi's `+k8s:validation:...`): not
    validation tags, so not ours."""
    name = text[len(PREFIX) :].split("=", 1)[0].split("(", 1)[0].split()[0] if text[len(PREFIX) :].strip() else ""
    return (
        ":" in name
        or "." in name  # gengo's tag names may hold dots (`+k8s:opaqueType.` ending a sentence): none is ours
        or re.search(r"-gen(-|$)", name) is not None  # deepcopy-gen, protobuf-gen, validation-gen-nolint, …
        or name.startswith("openapi-")  # openapi-gen, openapi-model-package
    )


_SIBLINGS: dict[str, str] = {}  # module name -> folder, for modules imported by earlier inputs


def _forget_siblings_of_other_inputs(folder: str) -> None:
    """Drop cached sibling modules of earlier inputs in other folders, so that `from other import X`
    finds this folder's `other.py` when one process translates several files (tests, batch use)."""
    for modname, where in list(_SIBLINGS.items()):
        if where != folder:
            sys.modules.pop(modname, None)
            del _SIBLINGS[modname]


def load_module(path: str) -> types.ModuleType:
    """Import a types file by path, with its folder on the import path."""
    p = Path(path)
    if not p.is_file():
        raise InputError("no such file", str(path))
    name = f"_dv2openapi_input_{abs(hash(str(p.resolve())))}"
    spec = importlib.util.spec_from_file_location(name, p)
    module = importlib.util.module_from_spec(spec)
    folder = str(p.resolve().parent)
    _forget_siblings_of_other_inputs(folder)
    before = set(sys.modules)
    sys.path.insert(0, folder)
    sys.modules[name] = module
    try:
        with contextlib.redirect_stdout(sys.stderr):  # what the module prints is not our output
            spec.loader.exec_module(module)
        for modname in set(sys.modules) - before - {name}:
            file = getattr(sys.modules[modname], "__file__", None) or ""
            if file.startswith(folder + "/"):
                _SIBLINGS[modname] = folder
    except SystemExit as e:  # sys.exit() at import: not the translator's exit
        sys.modules.pop(name, None)
        raise InputError(f"cannot import: it called sys.exit({e.code!r})", str(path)) from None
    except Exception as e:  # any failure of user code is bad input
        sys.modules.pop(name, None)
        raise InputError(f"cannot import: {type(e).__name__}: {e}", str(path)) from None
    finally:
        sys.path.remove(folder)
    return module


_PRIMS = {int: "int", float: "float", str: "str", bool: "bool", bytes: "bytes"}


class _Builder:
    def __init__(self, module: types.ModuleType, path: str):
        self.module = module
        self.path = path
        self.sources: dict[str, _Source] = {}
        self.types: dict[str, Named] = {}
        self.objects: dict[str, object] = {}  # schema name -> type (keeps ids below stable)
        self.keys: dict[int, str] = {}

    def source_of(self, obj: object) -> _Source | None:
        modname = getattr(obj, "__module__", None)
        mod = sys.modules.get(modname) if modname else None
        file = getattr(mod, "__file__", None)
        if not file or not file.endswith(".py"):
            return None
        return self.source_file(file)

    def source_file(self, file: str) -> _Source:
        """The comment-tag index of a file, read once."""
        key = str(Path(file).resolve())
        if key not in self.sources:
            self.sources[key] = _Source(file)
        return self.sources[key]

    # -- named types -------------------------------------------------------
    def named(self, obj: object) -> str:
        """Register a class / NewType / enum and return its schema name."""
        name = obj.__name__
        if id(obj) in self.keys:
            return self.keys[id(obj)]
        src = self.source_of(obj)
        key = name
        if key in self.objects:  # another module's type of the same name: qualify by module
            key = f"{Path(src.path).stem if src else obj.__module__}.{name}"
            if key in self.objects:
                raise InputError(f"two different types are named {key!r}", self.path)
        self.objects[key] = obj
        self.keys[id(obj)] = key
        if isinstance(obj, typing.NewType):
            line = src.assigns.get(name, 0) if src else 0
            tags, doc = src.block_above(line) if src and line else ([], "")
            named = Named(key, "alias", tags, doc, src.path if src else self.path, line)
            self.types[key] = named
            named.target = self.expr(obj.__supertype__, named.file, line)
            return key
        node = src.classes.get(name) if src else None
        line = src.decl_line(node) if node else 0
        tags, doc = src.block_above(line) if node else ([], "")
        doc = doc or _docstring(obj)
        file = src.path if src else self.path
        if isinstance(obj, type) and issubclass(obj, enum.Enum):
            named = Named(key, "enum", tags, doc, file, line)
            self.types[key] = named
            for member in obj:
                mline = src.member_line(name, member.name) if src else None
                mtags = src.block_above(mline)[0] if mline else []
                named.members.append((member.value, mtags))
            return key
        named = Named(key, "struct", tags, doc, file, line)
        self.types[key] = named
        named.fields = self.fields(obj, src, file)
        return key

    def fields(self, cls: type, src: _Source | None, file: str) -> list[Field]:
        out = []
        for base in reversed(cls.__mro__):
            if base is object or "__annotations__" not in base.__dict__:
                continue
            bsrc = self.source_of(base) or src
            bfile = bsrc.path if bsrc else file
            globalns = vars(sys.modules[base.__module__])
            dc_fields = {f.name: f for f in dataclasses.fields(base)} if dataclasses.is_dataclass(base) else {}
            for attr, ann in base.__dict__["__annotations__"].items():
                if typing.get_origin(ann) is typing.ClassVar or attr.startswith("_"):
                    continue
                line = (bsrc.member_line(base.__name__, attr) if bsrc else None) or 0
                tags, doc = bsrc.block_above(line) if bsrc and line else ([], "")
                meta = {}
                if attr in dc_fields:
                    meta = dict(dc_fields[attr].metadata)
                elif isinstance(base.__dict__.get(attr), dataclasses.Field):
                    meta = dict(base.__dict__[attr].metadata)
                if isinstance(ann, str):
                    try:
                        ann = eval(ann, globalns)  # noqa: S307 - the user's own annotation
                    except Exception as e:
                        raise InputError(f"cannot resolve annotation {ann!r}: {e}", bfile, line) from None
                texpr = self.expr(ann, bfile, line)
                json_name = meta.get("json", attr)
                if not isinstance(json_name, str) or not json_name:
                    raise InputError("metadata 'json' must be a non-empty string", bfile, line)
                out = [f for f in out if f.attr != attr]
                out.append(Field(attr, json_name, texpr, tags, doc, bfile, line, bool(meta.get("inline"))))
        return out

    # -- type expressions --------------------------------------------------
    def expr(self, ann: object, file: str, line: int) -> TypeExpr:
        if ann is int32 or ann is int64:
            return ("prim", ann.__name__)
        if ann in _PRIMS:
            return ("prim", _PRIMS[ann])
        if ann is typing.Any or ann is object:
            return ("prim", "any")
        origin = typing.get_origin(ann)
        args = typing.get_args(ann)
        if origin is typing.Annotated:
            inner = self.expr(args[0], file, line)
            sites = []
            for extra in args[1:]:
                if isinstance(extra, str):
                    try:
                        sites.append(TagSite(parse_tag(extra), file, line))
                    except GrammarError as e:
                        raise InputError(str(e), file, line, extra) from None
            return ("tagged", inner, sites) if sites else inner
        if origin in (typing.Union, types.UnionType):
            rest = [a for a in args if a is not type(None)]
            if len(rest) < len(args) and len(rest) == 1:
                return ("ptr", self.expr(rest[0], file, line))
            if sorted(rest, key=id) == sorted([int, str], key=id):
                inner = ("prim", "intstr")
                return ("ptr", inner) if len(rest) < len(args) else inner
            raise InputError(f"unsupported union annotation {ann!r} (use Optional[T] or int | str)", file, line)
        if origin in (list, typing.List):  # noqa: UP006
            return ("list", self.expr(args[0] if args else typing.Any, file, line))
        if origin in (dict, typing.Dict):  # noqa: UP006
            if not args:
                return ("map", ("prim", "str"), ("prim", "any"))
            return ("map", self.expr(args[0], file, line), self.expr(args[1], file, line))
        if isinstance(ann, typing.NewType) or (
            isinstance(ann, type)
            and (dataclasses.is_dataclass(ann) or issubclass(ann, enum.Enum) or "__annotations__" in vars(ann))
        ):
            return ("ref", self.named(ann))
        raise InputError(f"unsupported annotation {ann!r}", file, line)


def _docstring(obj: object) -> str:
    """A class's own docstring; not the one dataclasses or Enum make up."""
    doc = (obj.__doc__ or "").strip()
    if doc.startswith(getattr(obj, "__name__", "") + "(") or doc in (
        "An enumeration.",
        "Create a collection of name/value pairs.",
    ):
        return ""
    return " ".join(doc.split())


def _is_candidate(obj: object, module: types.ModuleType) -> bool:
    if getattr(obj, "__module__", None) != module.__name__:
        return False
    if isinstance(obj, typing.NewType):
        return True
    return isinstance(obj, type) and (
        dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum) or bool(vars(obj).get("__annotations__"))
    )


def build_model(path: str, type_names: list[str] | None = None) -> Model:
    """Import `path` and collect its types (or only `type_names` and what they use)."""
    module = load_module(path)
    builder = _Builder(module, str(path))
    src = builder.source_file(str(path))
    candidates = {k: v for k, v in vars(module).items() if _is_candidate(v, module)}
    if type_names:
        missing = [n for n in type_names if n not in candidates]
        if missing:
            known = ", ".join(sorted(candidates)) or "none"
            raise InputError(f"no type named {missing[0]!r} (types here: {known})", str(path))
        roots = list(type_names)
    else:
        roots = list(candidates)
    for name in roots:
        builder.named(candidates[name])
    sources = {s.path: s for s in builder.sources.values()}
    return Model(builder.types, src.module_block(), roots, str(path), sources)
