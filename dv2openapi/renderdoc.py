"""docs/crd-rendering.md from behaviour: each tag's registry example run through the CRD emitter.

Every tag gets a small dataclass hosting its example (by the kinds it applies to, or a
hand-written host where the tag needs company: list keys, union members, modes, ...); the
document shows that source, the CRD schema `dv2openapi crd` writes for it and the warnings
it prints, so it cannot promise a rendering the code does not produce.
"""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path

import yaml

from .clients import for_clients, to_jsonschema
from .crd import to_crd
from .errors import InputError
from .frontend import build_model
from .openapi import to_openapi
from .registry import REGISTRY

_HEAD = (
    "from __future__ import annotations\n\n"
    "from dataclasses import dataclass\nfrom enum import Enum\nfrom typing import Optional\n"
)
_BY_KIND = {
    "str": "str",
    "int": "int",
    "list": "list[str]",
    "map": "dict[str, str]",
    "struct": "Inner",
    "float": "float",
}
_INNER = "\n\n@dataclass\nclass Inner:\n    # +k8s:optional\n    name: Optional[str]\n"
_ITEMS = "\n\n@dataclass\nclass Item:\n    name: str\n    type: str\n"
_TWO = "    # +k8s:optional\n    {tag}\n    a: Optional[str]\n\n    # +k8s:optional\n    {tag}\n    b: Optional[str]\n"
# Tags whose example needs other tags or fields around it: the body of `class T`.
_HOSTS = {
    "alpha": '    # +k8s:alpha(since: "1.35")=+k8s:minimum=1\n    f: int\n',
    "beta": '    # +k8s:beta(since: "1.35")=+k8s:minimum=1\n    f: int\n',
    "default": '    # +k8s:optional\n    # +k8s:default="x"\n    f: Optional[str]\n',
    "dependentForbidden": (
        "    # +k8s:optional\n    # +k8s:dependentForbidden(otherField)\n    f: Optional[str]\n\n"
        "    # +k8s:optional\n    otherField: Optional[str]\n"
    ),
    "dependentRequired": (
        "    # +k8s:optional\n    # +k8s:dependentRequired(otherField)\n    f: Optional[str]\n\n"
        "    # +k8s:optional\n    otherField: Optional[str]\n"
    ),
    "eachVal": "    # +k8s:eachVal=+k8s:minimum=1\n    f: list[int]\n",
    "enum": "    f: Color\n",
    "enumExclude": "    f: Color\n",
    "forbidden": "    # +k8s:forbidden\n    f: Optional[str]\n",
    "ifDisabled": '    # +k8s:ifDisabled("MyFeature")=+k8s:required\n    f: Optional[str]\n',
    "ifEnabled": '    # +k8s:ifEnabled("MyFeature")=+k8s:required\n    f: Optional[str]\n',
    "ifMode": (
        '    # +k8s:modeDiscriminator\n    mode: str\n\n    # +k8s:ifMode("A")=+k8s:required\n    f: Optional[str]\n'
    ),
    "modeDiscriminator": (
        '    # +k8s:modeDiscriminator(modality: "m")\n    mode: str\n\n'
        '    # +k8s:ifMode(modality: "m", mode: "A")=+k8s:required\n    f: Optional[str]\n'
    ),
    "ifNotSubresource": '    # +k8s:ifNotSubresource("/resize")=+k8s:immutable\n    f: str\n',
    "ifSubresource": '    # +k8s:ifSubresource("/status")=+k8s:required\n    f: Optional[str]\n',
    "item": (
        '    # +k8s:listType=map\n    # +k8s:listMapKey=type\n    # +k8s:item(type: "Approved")=+k8s:immutable\n'
        "    f: list[Item]\n"
    ),
    "listMapKey": "    # +k8s:listType=map\n    # +k8s:listMapKey=name\n    f: list[Item]\n",
    "listType": "    # +k8s:listType=map\n    # +k8s:listMapKey=name\n    f: list[Item]\n",
    "opaqueType": "    # +k8s:opaqueType\n    f: Inner\n",
    "optional": "    # +k8s:optional\n    f: Optional[str]\n",
    "subfield": '    # +k8s:subfield("name")=+k8s:required\n    f: Inner\n',
    "unionDiscriminator": (
        '    # +k8s:unionDiscriminator(union: "u")\n    kind: str\n\n'
        '    # +k8s:optional\n    # +k8s:unionMember(union: "u", memberName: "A")\n    a: Optional[str]\n\n'
        '    # +k8s:optional\n    # +k8s:unionMember(union: "u", memberName: "B")\n    b: Optional[str]\n'
    ),
    "unionMember": _TWO.format(tag='# +k8s:unionMember(union: "u")'),
    "zeroOrOneOfMember": _TWO.format(tag="# +k8s:zeroOrOneOfMember"),
    "update": "    # +k8s:optional\n    # +k8s:update=NoModify,NoClear\n    f: Optional[str]\n",
}
_PLAIN = {"type", "format", "nullable", "description"}  # what every host field has anyway
_MODULE = {
    "isSubresource": '# +k8s:isSubresource="/status"\n',
    "supportsSubresource": '# +k8s:supportsSubresource="/status"\n',
}


def example_source(name: str) -> str:
    """The types module that hosts tag `name`'s registry example (root type `T`)."""
    d = REGISTRY[name]
    body = _HOSTS.get(name)
    if body is None:
        if name in _MODULE:
            body = "    # +k8s:optional\n    f: Optional[str]\n"
        else:
            kind = next((k for k in _BY_KIND if d.kinds and k in d.kinds), "str")
            body = f"    {d.example}\n    f: {_BY_KIND[kind]}\n".replace("    +k8s", "    # +k8s")
    src = _MODULE.get(name, "") + _HEAD + "\n\n@dataclass\nclass T:\n" + body
    if "Inner" in body:
        src += _INNER
    if "Item" in body:
        src += _ITEMS
    if "Color" in body:
        exclude = "    # +k8s:enumExclude\n" if name == "enumExclude" else ""
        src += f'\n\n# +k8s:enum\nclass Color(str, Enum):\n    RED = "Red"\n{exclude}    BLUE = "Blue"\n'
    return src


@functools.cache
def render(name: str) -> tuple[str, dict | None, list[str], str | None]:
    """(source, CRD openAPIV3Schema of `T` or None, warnings, error) for tag `name`'s example."""
    src = example_source(name)
    warnings: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "types.py"
        path.write_text(src, encoding="utf-8")
        try:
            doc = to_openapi(build_model(str(path), ["T"]), warnings)
            crd = to_crd(doc, "T", "example.com", warn=warnings.append)
        except InputError as e:
            return src, None, warnings, str(e).replace(str(path), "types.py")
    schema = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
    shown = {k: v for k, v in schema.items() if k != "properties"}
    shown["properties"] = {k: v for k, v in schema["properties"].items() if k not in ("apiVersion", "kind", "metadata")}
    return src, shown, list(dict.fromkeys(w.replace(str(path), "types.py") for w in warnings)), None


def summary(name: str) -> str:
    """A one-line account of what the CRD got for tag `name` (for the tag catalog)."""
    _, schema, warnings, error = render(name)
    if error:
        return "refused: " + error
    keys: set[str] = set()
    rules = 0
    stack = [schema]
    while stack:
        s = stack.pop()
        for k, v in s.items():
            if k == "x-kubernetes-validations":
                rules += len(v)
            elif k == "properties":
                stack += v.values()
            elif k in ("items", "additionalProperties") and isinstance(v, dict):
                stack.append(v)
            elif k not in _PLAIN:
                keys.add(k)
    parts = [f"`{k}`" for k in sorted(keys)]
    if rules:
        parts.append(f"{rules} CEL rule{'s' if rules > 1 else ''}")
    if warnings:
        parts.append("warning")
    return ", ".join(parts) or "nothing"


DIFFERENCES = """
## Go semantics in a CRD, and where a CRD and dv-eval differ

How the renderings carry what dv-eval enforces (`dv2openapi/crd/render.py`, `rules.py`, `formats.py`):

- **Go value fields.** An absent value field is its zero value, and the zero value counts as unset.
  What dv-eval reports for an absent field is computed by running dv-eval on it at generation time:
  at the root that becomes a CEL presence rule (`has(self.f) && self.f != ''`); below the root an
  OpenAPI `required` (free of CEL cost in long lists) plus `minLength`/`minItems`/`minProperties: 1`
  or `self != 0` for a required value field. An optional value field holding its zero value is
  unset, so its bounds, enum and format let the zero value through. The presence rule at the root
  passes on an update where the values dv-eval reports about (a value struct's own fields) were
  unset in the old object too.
- **Opaque types** (`+k8s:opaqueType`, on a field, an item, a key or a type): the CRD keeps the
  referenced type's shape (fields, types, nullability) and none of its rules, as dv-eval does.
- **Set items** are compared by the server as JSON after defaulting, by dv-eval as Go values (an
  absent value field equals its zero value): value fields of set items that are not required get
  their zero value as `default` (`''`, `0`, `false`, `[]`, `{}`); where the server would refuse that
  default the generator warns.
- **Transitions** (`immutable`, `update=NoModify/NoSet/NoClear`, `monotonic` on value fields,
  `NoAddItem`/`NoRemoveItem`) sit on the parent, so that setting or clearing a field counts; where
  the server cannot correlate old values (items of set and atomic lists) they are a warning.
- **Ratcheting.** dv-eval skips a rule whose inputs are unchanged; the server only skips a node that
  is unchanged as a whole, and never the root (its `metadata` always changes). Struct rules
  (unions, dependents, modes, forbidden, presence at the root, `validateFalse` on a field) therefore
  carry an `optionalOldSelf` guard: they pass on an update that leaves their fields unchanged.
- **Formats** are bounded RE2 regexes and size checks (a property test compares each with dv-eval's
  check); `format: byte` is not emitted (dv-eval has no byte rule, and the server's CEL conversion
  of `byte` strings breaks every rule that reads such a field).
- **Payloads.** `beta` payloads are rendered like the payload; `ifDisabled` payloads and enum
  exclusions are rendered for the default state (every option off) with a warning; `ifEnabled`,
  `alpha` and subresource-only rules are a warning naming the field.
- **Cost.** A rule the API server's cost estimate refuses is dropped with a warning naming the
  field, unless it renders a tag's own bound (`format`, `neq`, `maxBytes`): then `dv2openapi crd`
  fails and names the tag that bounds it. Rules that fail on every item (`validateFalse` on items,
  on keys) are stated on the list or map (`size(self) == 0`).

Measured by `tests/apiserver/test_crd_differential.py` (`python tools/crd_differential.py` for every
record): 52,315 creates and updates of every conformance root type (no option on, no subresource)
judged by the API server's validation (emulated with a real CEL runtime in the `apiserver` package, which
reaches the real server's verdict on all 12,599 recorded requests) against dv-eval on the OpenAPI
document. 48,979 agree (95.1% of the 51,518 with a CRD); none differ for a reason not listed here.
The rest, by cause:

| Requests | Cause |
| --- | --- |
| 949 | a rule the CRD does not state; the generator warned about the field |
| 797 | no CRD: the root type is not a struct |
| 515 | a rule the CRD states approximately (per list, not per item); the generator warned |
| 478 | duplicates in `set`/`map` lists: the server skips that check when the old object had one |
| 288 | `+k8s:default`: the server defaults the field before validation, dv-eval validates the object as sent |
| 187 | a type validated only for a subresource (`+k8s:isSubresource`) |
| 75 | `required` below the root: the server ratchets it per unchanged object, dv-eval per unchanged field |
| 35 | Go zero values against absent old values: dv-eval ratchets them as equal, the server does not |
| 8 | items of set and atomic lists: dv-eval ratchets an item it finds unchanged, the server only a whole list |
| 4 | a rule the generator warned about and duplicates the server skips, in the same request |
"""


def crd_rendering_markdown() -> str:
    """docs/crd-rendering.md."""
    out = [
        "# Tag -> CRD rendering",
        "",
        "What `dv2openapi crd` writes for each tag: every tag's registry example, hosted in a small",
        "type `T`, run through the CRD emitter (`python tools/generate.py` regenerates this page from",
        "`dv2openapi/renderdoc.py`). Shown: the input, the `openAPIV3Schema` of `T` (`apiVersion`, `kind`",
        "and `metadata` left out) and the warnings the command prints. What a CRD cannot state stays",
        "in the embedded OpenAPI document (annotation `dv2openapi.dev/openapi`) for dv-eval.",
        "",
        "| Tag | In the CRD |",
        "| --- | --- |",
    ]
    names = sorted(REGISTRY, key=str.lower)
    out += [f"| [`+k8s:{n}`](#k8s{n.lower()}) | {summary(n)} |" for n in names]
    out += ["", *DIFFERENCES.strip().splitlines()]
    for n in names:
        src, schema, warnings, error = render(n)
        out += ["", f"## +k8s:{n}", "", "```python", src.replace(_HEAD, "").strip(), "```", ""]
        if error:
            out += ["`dv2openapi crd` refuses it:", "", "```", error, "```"]
            continue
        out += ["```yaml", yaml.safe_dump(schema, sort_keys=False, width=100).strip(), "```", ""]
        out += ["Warnings: none." if not warnings else "Warnings:"]
        out += ["", *(f"- {w}" for w in warnings)] if warnings else []
    return "\n".join(out).rstrip() + "\n"


# --- what client validators check (docs/clients.md) --------------------------------------------

_ASSERTIONS = (
    *("enum", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "pattern"),
    *("minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties"),
    *("required", "not"),
)
_TYPE_RANGE = {1 << 31, (1 << 31) - 1, 1 << 63, (1 << 63) - 1}  # int32 / int64 bounds: the type's, not a tag's
_NOT_RULES = {"x-dv-value", "x-dv-optional", "x-dv-unset", "x-dv-client"}  # markers, not checks


def _keywords(node: object, out: set, vendor: set | None = None) -> None:
    """Assertion keywords (and, into `vendor`, vendor keywords and formats) in a schema's standard
    positions; a zero-value branch (`x-dv-unset`) is the absence of a value, not a check."""
    if not isinstance(node, dict):
        return
    for k, v in node.items():
        if k in _ASSERTIONS and not (k in ("minimum", "maximum") and abs(v) in _TYPE_RANGE):
            out.add(k)
        elif vendor is not None and k.startswith("x-") and k not in _NOT_RULES:
            vendor.add(k)
        elif vendor is not None and k == "format" and v not in ("int32", "int64", "double", "byte"):
            vendor.add(f"format={v}")
    for k in ("items", "additionalProperties", "not"):
        _keywords(node.get(k), out, vendor)
    for sub in (node.get("properties") or {}).values():
        _keywords(sub, out, vendor)
    for k in ("allOf", "anyOf", "oneOf"):
        for sub in node.get(k, ()):
            if not (isinstance(sub, dict) and sub.get("x-dv-unset")):
                _keywords(sub, out, vendor)


def client_checks(name: str) -> tuple[str, str, str]:
    """(what the published OpenAPI document lets a client check, what the JSON Schema does, what only
    dv-eval checks) for tag `name`'s example."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "types.py"
        path.write_text(example_source(name), encoding="utf-8")
        doc = to_openapi(build_model(str(path), ["T"]))
    published = for_clients(doc)
    openapi: set = set()
    vendor: set = set()
    for schema in published["components"]["schemas"].values():
        _keywords(schema, openapi, vendor)
    exported = to_jsonschema(doc, "T", "example.com")
    jsonschema: set = set()
    for prop, schema in exported["properties"].items():
        if prop not in ("apiVersion", "kind", "metadata"):
            _keywords(schema, jsonschema)
    if [r for r in exported["required"] if r not in ("apiVersion", "kind")]:
        jsonschema.add("required")
    for schema in exported.get("definitions", {}).values():
        _keywords(schema, jsonschema)
    cells = [", ".join(f"`{k}`" for k in sorted(s)) or "—" for s in (openapi, jsonschema, vendor)]
    return cells[0], cells[1], cells[2]


def clients_markdown() -> str:
    """The per-tag table of docs/clients.md: what a client checks, what only dv-eval (or the CRD)."""
    out = [
        "| Tag | OpenAPI document: a client checks | JSON Schema: a client checks | Only dv-eval checks | In the CRD |",
        "| --- | --- | --- | --- | --- |",
    ]
    for n in sorted(REGISTRY, key=str.lower):
        out.append(f"| `+k8s:{n}` | {' | '.join(client_checks(n))} | {summary(n)} |")
    return "\n".join(out) + "\n"
