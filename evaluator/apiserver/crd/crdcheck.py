"""What kube-apiserver says when a CustomResourceDefinition is created.

A model of apiextensions-apiserver's `ValidateCustomResourceDefinition` (create, v1): names,
group and versions; structural-schema invariants; the OpenAPI schema rules (list types and
map keys, set items, defaults, `oldSelf` only where old values correlate); every CEL rule
compiled (cel-expr-python) and its estimated cost checked against the per-rule and per-CRD
limits. Errors carry the server's type, field path and detail; their order is not the
server's (it walks Go maps). Defaults are checked at verdict level (`crddefaults.py`). Not
modelled: conversion webhooks, printer columns, selectable fields, per-version differences
beyond the schema, messageExpression, two-variable comprehensions and the Kubernetes CEL
library functions (cel-expr-python has neither).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import re2
from cel_expr_python import cel

from evaluator.apiserver.cel import celinterp
from evaluator.apiserver.cel.celast import CompileError, compile_rule, parsed_rule
from evaluator.apiserver.cel.celcost import MAX_U64, Decl, cel_type, decl_of, estimate, max_cardinality, mixed_literals
from evaluator.apiserver.cel.celproto import nodes
from evaluator.apiserver.values.goregexp import compile_error
from evaluator.apiserver.values.names import name_dns1035_label, name_dns1123_subdomain

from .crddecode import DecodeError, decode
from .crddefaults import default_problems

RULE_COST_LIMIT = 10_000_000  # StaticEstimatedCostLimit
CRD_COST_LIMIT = 100_000_000  # StaticEstimatedCRDCostLimit
_REASONS = ["FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"]


@dataclass(frozen=True)
class Problem:
    """One field error of the API server's verdict."""

    type: str
    field: str
    detail: str
    value: object = None  # the bad value the server prints (a string or number); None: not printed

    def __str__(self) -> str:
        return f"{self.field}: {self.detail}"


def check_crd(crd: dict) -> list[Problem]:
    """The API server's field errors for creating `crd` (empty: accepted)."""
    spec = crd.get("spec") or {}
    out: list[Problem] = []
    group = spec.get("group") or ""
    if not group:
        out.append(Problem("FieldValueRequired", "spec.group", ""))
    elif errs := name_dns1123_subdomain(group):
        out.append(Problem("FieldValueInvalid", "spec.group", ",".join(errs), group))
    elif "." not in group:
        out.append(Problem("FieldValueInvalid", "spec.group", "should be a domain with at least one dot", group))
    scope = spec.get("scope")
    if scope not in ("Cluster", "Namespaced"):
        shown = scope if isinstance(scope, str) else ""
        out.append(Problem("FieldValueNotSupported", "spec.scope", 'supported values: "Cluster", "Namespaced"', shown))
    names = dict(spec.get("names") or {})
    if isinstance(names.get("kind"), str) and names["kind"]:  # the server's defaulting, before validation
        names.setdefault("singular", names["kind"].lower())
        names.setdefault("listKind", names["kind"] + "List")
    for key in ("plural", "singular", "kind", "listKind"):
        value = names.get(key) or ""
        if not value:
            out.append(Problem("FieldValueRequired", f"spec.names.{key}", ""))
        elif errs := name_dns1035_label(value.lower() if key in ("kind", "listKind") else value):
            prefix = "may have mixed case, but should otherwise match: " if key in ("kind", "listKind") else ""
            out.append(Problem("FieldValueInvalid", f"spec.names.{key}", prefix + ",".join(errs), value))
    name = (crd.get("metadata") or {}).get("name")
    if name != f"{names.get('plural', '')}.{group}":
        shown = name if isinstance(name, str) else ""
        out.append(Problem("FieldValueInvalid", "metadata.name", 'must be spec.names.plural+"."+spec.group', shown))
    versions = spec.get("versions") or []
    if sum(bool(v.get("storage")) for v in versions) != 1:
        out.append(
            Problem("FieldValueInvalid", "spec.versions", "must have exactly one version marked as storage version")
        )
    names_seen = [v.get("name") or "" for v in versions]
    if len(set(names_seen)) != len(names_seen):
        out.append(Problem("FieldValueInvalid", "spec.versions", "must contain unique version names"))
    for i, v in enumerate(versions):
        if errs := name_dns1035_label(v.get("name") or ""):
            out.append(Problem("FieldValueInvalid", f"spec.versions[{i}].name", ",".join(errs)))
    schemas = [(v.get("schema") or {}).get("openAPIV3Schema") for v in versions]
    if schemas and all(s == schemas[0] for s in schemas):
        if schemas[0] is not None:
            out += check_schema(schemas[0], "spec.validation.openAPIV3Schema")
    else:
        for i, s in enumerate(schemas):
            if s is not None:
                out += check_schema(s, f"spec.versions[{i}].schema.openAPIV3Schema")
    return out


def admission_problems(crd: dict) -> list[Problem]:
    """What this model knows the server refuses a v1 CRD for: the decoder's refusal (a DecodeError),
    then `check_crd` on the decoded CRD, less the constructs it does not model."""
    decoded = decode(crd)
    try:
        problems = check_crd(decoded)
    except (AttributeError, TypeError, KeyError, ValueError, IndexError) as e:  # a shape no check reads
        raise DecodeError(f"not a readable CustomResourceDefinition: {type(e).__name__}: {e}") from None
    return [p for p in problems if p.detail != NOT_MODELLED]


def check_schema(schema: dict, path: str) -> list[Problem]:
    """Errors of one version's openAPIV3Schema."""
    structural = _structural(schema, path, "root")
    if schema.get("nullable"):
        structural.append(Problem("FieldValueForbidden", f"{path}.nullable", "nullable cannot be true at the root"))
    if not structural:
        structural = [Problem(*p) for p in default_problems(schema, path)]
    walker = _Walker(cel_enabled=not structural)
    schema_errs, cel_errs = walker.walk(schema, path, root=True, forbid_old_self=None, cardinality=1)
    out = structural + schema_errs + cel_errs
    if walker.total > CRD_COST_LIMIT:
        for p in sorted(walker.expensive, key=lambda x: -x[0])[:4]:
            out.append(
                Problem(
                    "FieldValueForbidden",
                    p[1],
                    "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema",
                )
            )
        msg = cost_message(
            "x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema",
            walker.total,
            CRD_COST_LIMIT,
        )
        out.append(Problem("FieldValueForbidden", path, msg))
    return out


def cost_message(name: str, cost: int, limit: int) -> str:
    """The server's over-budget detail."""
    f = cost / limit
    factor = "more than 100x" if f > 100 else (f"{f:f}x" if f < 1.5 else f"{f:.1f}x")
    return (
        f"{name} exceeds budget by factor of {factor} (try simplifying the rule, or adding maxItems, "
        "maxProperties, and maxLength where arrays, maps, and strings are declared)"
    )


# --- structural invariants (ValidateStructural) ----------------------------------------------

TYPES = ("array", "boolean", "integer", "number", "object", "string")
NOT_MODELLED = "not modelled by this checker"


def _structural(s: dict, path: str, level: str) -> list[Problem]:
    out: list[Problem] = []
    if s.get("type") == "array" and "items" not in s:
        out.append(Problem("FieldValueRequired", f"{path}.items", "must be specified"))
    if isinstance(s.get("items"), dict):
        out += _structural(s["items"], f"{path}.items", "item")
    for k, v in (s.get("properties") or {}).items():
        out += _structural(v, f"{path}.properties[{k}]", "field")
    if "additionalProperties" in s:
        if level == "root":
            out.append(Problem("FieldValueForbidden", f"{path}.additionalProperties", "must not be used at the root"))
        if isinstance(s["additionalProperties"], dict):
            out += _structural(s["additionalProperties"], f"{path}.additionalProperties", "field")
    if s.get("x-kubernetes-int-or-string") and s.get("x-kubernetes-preserve-unknown-fields"):
        out.append(
            Problem(
                "FieldValueInvalid",
                f"{path}.x-kubernetes-preserve-unknown-fields",
                "must be false if x-kubernetes-int-or-string is true",
            )
        )
    for junction in ("allOf", "anyOf", "oneOf", "not"):
        if junction in s:
            out.append(Problem("FieldValueForbidden", f"{path}.{junction}", NOT_MODELLED))
    pattern = s.get("pattern")
    why = compile_error(pattern) if isinstance(pattern, str) and pattern else None
    if why:  # validateValueValidation: Go's regexp.Compile must take it
        detail = f"must be a valid regular expression, but isn't: {why}"
        out.append(Problem("FieldValueInvalid", f"{path}.pattern", detail, pattern))
    embedded = s.get("x-kubernetes-embedded-resource")
    t = s.get("type")
    if t is not None and t not in TYPES:
        supported = ", ".join(f'"{x}"' for x in TYPES)
        out.append(Problem("FieldValueNotSupported", f"{path}.type", f"supported values: {supported}"))
    if embedded and t != "object":
        out.append(
            Problem(
                "FieldValueRequired" if not t else "FieldValueInvalid",
                f"{path}.type",
                "must be object if x-kubernetes-embedded-resource is true",
            )
        )
    elif not t and not s.get("x-kubernetes-int-or-string") and not s.get("x-kubernetes-preserve-unknown-fields"):
        where = {"root": "at the root", "item": "for specified array items", "field": "for specified object fields"}
        out.append(Problem("FieldValueRequired", f"{path}.type", f"must not be empty {where[level]}"))
    if level == "root" and t and t != "object":
        out.append(Problem("FieldValueInvalid", f"{path}.type", "must be object at the root"))
    props = s.get("properties") or {}
    check_meta = level == "root" or embedded
    for key in ("kind", "apiVersion"):
        if key in props and check_meta and props[key].get("type") != "string":
            out.append(Problem("FieldValueInvalid", f"{path}.properties[{key}].type", "must be string"))
    if "metadata" in props:
        meta = props["metadata"]
        mpath = f"{path}.properties[metadata]"
        if check_meta and meta.get("type") != "object":
            out.append(Problem("FieldValueInvalid", f"{mpath}.type", "must be object"))
        if level == "root":
            rest = {k: v for k, v in meta.items() if k not in ("type", "default")}
            mprops = set(rest.pop("properties", {}) or {})
            if rest or not mprops <= {"name", "generateName"}:
                out.append(
                    Problem(
                        "FieldValueForbidden",
                        mpath,
                        "must not specify anything other than name and generateName, "
                        "but metadata is implicitly specified",
                    )
                )
    return out


# --- OpenAPI schema rules and CEL (ValidateCustomResourceDefinitionOpenAPISchema) -------------


class _Walker:
    def __init__(self, cel_enabled: bool):
        self.cel_enabled = cel_enabled
        self.total = 0
        self.expensive: list[tuple[int, str]] = []

    def walk(self, s: dict, path: str, root: bool, forbid_old_self, cardinality, no_default: str | None = None):
        """(schema errors, CEL errors) of `s` and below; `cardinality` None when unbounded."""
        schema_errs: list[Problem] = []
        cel_errs: list[Problem] = []
        if s.get("uniqueItems"):
            schema_errs.append(
                Problem(
                    "FieldValueForbidden",
                    f"{path}.uniqueItems",
                    "uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
                )
            )
        for key, what in (("$ref", "$ref"), ("definitions", "definitions"), ("dependencies", "dependencies")):
            if key in s:
                schema_errs.append(Problem("FieldValueForbidden", f"{path}.{key}", f"{what} is not supported"))
        if s.get("type") == "null":
            schema_errs.append(
                Problem(
                    "FieldValueForbidden", f"{path}.type", "type cannot be set to null, use nullable as an alternative"
                )
            )
        if "default" in s and no_default is not None:
            schema_errs.append(Problem("FieldValueForbidden", f"{path}.default", f"must not be set {no_default}"))
        props = s.get("properties") or {}
        ap = s.get("additionalProperties")
        child_card = _child_cardinality(s, cardinality)
        if ap is not None:
            if props and (ap is False or isinstance(ap, dict)):
                schema_errs.append(
                    Problem(
                        "FieldValueForbidden",
                        f"{path}.additionalProperties",
                        "additionalProperties and properties are mutual exclusive",
                    )
                )
            if isinstance(ap, dict):
                a, b = self.walk(ap, f"{path}.additionalProperties", False, forbid_old_self, child_card, no_default)
                schema_errs += a
                cel_errs += b
        for name, prop in props.items():
            sub_forbid = forbid_old_self
            if s.get("x-kubernetes-map-type") == "atomic" and sub_forbid is None:
                sub_forbid = path
            sub_default = no_default
            if root and name in ("metadata", "kind", "apiVersion"):
                sub_default = f"in top-level {name}"
            a, b = self.walk(prop, f"{path}.properties[{name}]", False, sub_forbid, child_card, sub_default)
            schema_errs += a
            cel_errs += b
        items = s.get("items")
        if isinstance(items, dict):
            sub_forbid = forbid_old_self
            if s.get("x-kubernetes-list-type") != "map" and sub_forbid is None:
                sub_forbid = path
            a, b = self.walk(items, f"{path}.items", False, sub_forbid, child_card, no_default)
            schema_errs += a
            cel_errs += b
        schema_errs += _list_and_map_rules(s, path)
        rules = s.get("x-kubernetes-validations") or []
        for i, r in enumerate(rules):
            schema_errs += _rule_shape(r, f"{path}.x-kubernetes-validations[{i}]", s)
        if rules and not schema_errs and self.cel_enabled:
            cel_errs += self._cel(s, path, rules, forbid_old_self, cardinality, root)
        return schema_errs, cel_errs

    def _cel(self, s, path, rules, forbid_old_self, cardinality, root) -> list[Problem]:
        out: list[Problem] = []
        decl = decl_of(s, root or bool(s.get("x-kubernetes-embedded-resource")))
        if decl is None:
            return [
                Problem(
                    "InternalError",
                    f"{path}.x-kubernetes-validations",
                    "unable to convert structural schema to CEL declarations",
                )
            ]
        ctype = cel_type(decl)
        for i, r in enumerate(rules):
            rpath = f"{path}.x-kubernetes-validations[{i}].rule"
            checked = True
            try:
                ast = compile_rule(r["rule"], ctype, bool(r.get("optionalOldSelf")))
            except CompileError as e:
                ast, checked = _unchecked(r["rule"], e), False
                if ast is None:
                    out.append(_compile_problem(rpath, "compilation failed", e))
                    continue
            if bad_literals := _invalid_literals(ast, r["rule"], decl if checked else None):
                out.append(Problem("FieldValueInvalid", rpath, f"compilation failed: {bad_literals}"))
                continue
            card = cardinality if cardinality is not None else max_cardinality(decl.min_size)
            max_cost, undefined, kind = estimate(ast, decl) if checked else (0, [], "dyn")
            if undefined:
                out.append(Problem("FieldValueInvalid", rpath, f"compilation failed: undefined field '{undefined[0]}'"))
                continue
            if kind in NOT_BOOL:
                out.append(Problem("FieldValueInvalid", rpath, "cel expression must evaluate to a bool"))
            mpath = f"{path}.x-kubernetes-validations[{i}].messageExpression"
            problems, message_cost = _message_expression(r, decl, ctype, mpath)
            out += problems
            if message_cost > RULE_COST_LIMIT:
                detail = cost_message("estimated messageExpression cost", message_cost, RULE_COST_LIMIT)
                out.append(Problem("FieldValueForbidden", mpath, detail))
            self.total = min(self.total + message_cost, MAX_U64)
            cost = _mul_guard(max_cost, card)
            if cost > RULE_COST_LIMIT:
                out.append(
                    Problem("FieldValueForbidden", rpath, cost_message("estimated rule cost", cost, RULE_COST_LIMIT))
                )
            self.total = min(self.total + cost, MAX_U64)
            if cost >= CRD_COST_LIMIT // 100:
                self.expensive.append((cost, rpath))
            if uses_old_self(ast):
                if forbid_old_self is not None:
                    out.append(
                        Problem(
                            "FieldValueInvalid",
                            rpath,
                            "oldSelf cannot be used on the uncorrelatable portion of the schema within "
                            + forbid_old_self,
                        )
                    )
            elif "optionalOldSelf" in r:
                out.append(
                    Problem(
                        "FieldValueInvalid",
                        f"{path}.x-kubernetes-validations[{i}].optionalOldSelf",
                        "may not be set if oldSelf is not used in rule",
                    )
                )
        return out


# result kinds that are certainly not a bool (a schema-typed value, a literal): "dyn" may be one
NOT_BOOL = ("int", "double", "string", "bytes", "list", "map", "object", "duration", "timestamp", "null")
NOT_STRING = tuple(k for k in NOT_BOOL if k != "string") + ("bool",)


def _message_expression(r: dict, decl: Decl, ctype: cel.Type, mpath: str) -> tuple[list[Problem], int]:
    """A messageExpression's compile errors, as `Compile` words them (it sees `self` and `oldSelf`),
    and its estimated cost (not multiplied by the node's cardinality, as the server does not)."""
    expr = r.get("messageExpression")
    if not expr:
        return [], 0
    try:
        ast = compile_rule(expr, ctype)
    except CompileError as e:
        return [_compile_problem(mpath, "messageExpression compilation failed", e)], 0
    if bad_literals := _invalid_literals(ast, expr, decl):
        return [Problem("FieldValueInvalid", mpath, f"messageExpression compilation failed: {bad_literals}")], 0
    cost, undefined, kind = estimate(ast, decl)
    if undefined:
        detail = f"messageExpression compilation failed: undefined field '{undefined[0]}'"
        return [Problem("FieldValueInvalid", mpath, detail)], 0
    if kind in NOT_STRING:
        return [Problem("FieldValueInvalid", mpath, "messageExpression must evaluate to a string")], 0
    return [], cost


ENGINE_LIMIT = "EngineLimit"  # not the server's refusal: a limit of the CEL engine the server does not have
PARSER_DEPTH = "Exceeded max recursion depth"


def _unchecked(rule: str, e: CompileError):
    """The parsed tree of a rule too deep for the engine to type-check even in pieces (`celdeep`),
    admitted unchecked (cel-go checks it; its type errors and estimated cost are not known here);
    None when the error is another."""
    if PARSER_DEPTH not in str(e):
        return None
    try:
        return parsed_rule(rule)
    except CompileError:
        return None


def _compile_problem(path: str, what: str, e: CompileError) -> Problem:
    """A rule that does not compile; past cel-expr-python's parser depth (32, the server's 250) it is
    our engine's limit, not the server's refusal."""
    if PARSER_DEPTH in str(e):
        detail = "cel-expr-python parses at most 32 levels of nesting (the API server 250): this rule cannot be run"
        return Problem(ENGINE_LIMIT, path, detail)
    return Problem("FieldValueInvalid", path, f"{what}: {e}")


_QUIET = re2.Options()
_QUIET.log_errors = False


_FORMAT_VALIDATED = {"duration": "duration", "timestamp": "timestamp", "matches": "matches"}


def _invalid_literals(ast, rule: str, decl: Decl | None) -> str | None:
    """cel-go's literal validators (on in the server's environment since 1.29): a constant argument
    of `duration(...)` or `timestamp(...)` must convert, a constant `matches` pattern must compile,
    a list or map literal's members must be of one type (`mixed_literals`, on a checked rule).
    The errors as cel-go displays them, in the order of their places in the rule."""
    found = []
    for n, expected, got in mixed_literals(ast, decl) if decl is not None else ():
        found.append((n.offset, _display(rule, n.offset, f"expected type '{expected}' but found '{got}'")))
    for n in nodes(ast):
        if n.kind != "call" or n.value not in _FORMAT_VALIDATED or not n.args or n.args[0].kind != "const":
            continue
        literal = n.args[0]
        if not _literal_ok(n.value, literal.value):
            found.append((literal.offset, _display(rule, literal.offset, f"invalid {n.value} argument")))
    return "\n".join(text for _, text in sorted(found)) or None


def _literal_ok(function: str, value) -> bool:
    if function == "matches":
        if not isinstance(value, str):
            return True
        try:
            re2.compile(value, _QUIET)
        except re2.error:
            return False
        return True
    # converted as cel-go converts it (Go's time.ParseDuration and RFC 3339 parse, in `celinterp`):
    # the engine reads `87600000h` (past int64 nanoseconds) as a duration
    return celinterp.converts(function, value)


def _display(rule: str, offset: int, message: str) -> str:
    """An error at `offset` of `rule` as cel-go shows it: its line and column, the line, a caret."""
    if offset < 0:
        return f"ERROR: <input>: {message}"
    line = rule.count("\n", 0, offset) + 1
    start = rule.rfind("\n", 0, offset) + 1
    column = offset - start
    text = rule[start:].split("\n", 1)[0].replace("\t", " ")
    return f"ERROR: <input>:{line}:{column + 1}: {message}\n | {text}\n | {'.' * column}^"


def _mul_guard(cost: int, card: int) -> int:
    return 0 if cost == 0 else min(cost * card, MAX_U64)


def _child_cardinality(s: dict, cardinality: int | None) -> int | None:
    if cardinality is None:
        return None
    t = s.get("type")
    if t == "object":
        if "additionalProperties" in s:
            mp = s.get("maxProperties")
            return None if mp is None else cardinality * max(mp, 0)
        return cardinality
    if t == "array":
        mi = s.get("maxItems")
        return None if mi is None else cardinality * max(mi, 0)
    return cardinality


def uses_old_self(ast) -> bool:
    """Whether the checked AST refers to `oldSelf`."""
    return any(n.kind == "ident" and n.value == "oldSelf" for n in nodes(ast))


def _rule_shape(r: dict, path: str, s: dict) -> list[Problem]:
    out = []
    rule = (r.get("rule") or "").strip()
    msg = r.get("message")
    if not rule:
        out.append(Problem("FieldValueRequired", f"{path}.rule", "rule is not specified"))
    elif msg is not None and msg and not msg.strip():
        out.append(Problem("FieldValueInvalid", f"{path}.message", "must be non-empty if specified"))
    elif msg and re.search(r"[\n\r]", msg.strip()):
        out.append(Problem("FieldValueInvalid", f"{path}.message", "must not contain line breaks"))
    elif re.search(r"[\n\r]", rule) and not (msg or "").strip():
        out.append(
            Problem("FieldValueRequired", f"{path}.message", "message must be specified if rule contains line breaks")
        )
    fp = r.get("fieldPath")
    if fp is not None and fp != "":
        if not fp.strip():
            out.append(Problem("FieldValueInvalid", f"{path}.fieldPath", "must be non-empty if specified"))
        if re.search(r"[\n\r]", fp):
            out.append(Problem("FieldValueInvalid", f"{path}.fieldPath", "must not contain line breaks"))
        if fp.strip() and not field_path_valid(s, fp):
            out.append(Problem("FieldValueInvalid", f"{path}.fieldPath", "must be a valid path"))
    if "reason" in r and r["reason"] not in _REASONS:
        out.append(
            Problem(
                "FieldValueNotSupported", f"{path}.reason", "supported values: " + ", ".join(f'"{x}"' for x in _REASONS)
            )
        )
    return out


def _list_and_map_rules(s: dict, path: str) -> list[Problem]:
    out: list[Problem] = []
    t = s.get("type")
    lt = s.get("x-kubernetes-list-type")
    mt = s.get("x-kubernetes-map-type")
    keys = s.get("x-kubernetes-list-map-keys") or []
    items = s.get("items") if isinstance(s.get("items"), dict) else None
    if mt is not None and t != "object":
        out.append(
            Problem(
                "FieldValueRequired" if not t else "FieldValueInvalid",
                f"{path}.type",
                "must be object if x-kubernetes-map-type is specified",
            )
        )
    if mt is not None and mt not in ("atomic", "granular"):
        out.append(
            Problem("FieldValueNotSupported", f"{path}.x-kubernetes-map-type", 'supported values: "atomic", "granular"')
        )
    if lt is not None and t != "array":
        out.append(
            Problem(
                "FieldValueRequired" if not t else "FieldValueInvalid",
                f"{path}.type",
                "must be array if x-kubernetes-list-type is specified",
            )
        )
    elif lt == "set" and items is not None:
        if items.get("type") == "array" and items.get("x-kubernetes-list-type", "atomic") != "atomic":
            out.append(
                Problem(
                    "FieldValueInvalid",
                    f"{path}.items.x-kubernetes-list-type",
                    "must be atomic as item of a list with x-kubernetes-list-type=set",
                )
            )
        if items.get("type") == "object" and items.get("x-kubernetes-map-type") != "atomic":
            out.append(
                Problem(
                    "FieldValueInvalid",
                    f"{path}.items.x-kubernetes-map-type",
                    "must be atomic as item of a list with x-kubernetes-list-type=set",
                )
            )
    if lt is not None and lt not in ("atomic", "set", "map"):
        out.append(
            Problem(
                "FieldValueNotSupported", f"{path}.x-kubernetes-list-type", 'supported values: "atomic", "map", "set"'
            )
        )
    if keys:
        if lt is None:
            out.append(
                Problem(
                    "FieldValueRequired",
                    f"{path}.x-kubernetes-list-type",
                    "must be map if x-kubernetes-list-map-keys is non-empty",
                )
            )
        elif lt != "map":
            out.append(
                Problem(
                    "FieldValueInvalid",
                    f"{path}.x-kubernetes-list-type",
                    "must be map if x-kubernetes-list-map-keys is non-empty",
                )
            )
    if lt == "map":
        if not keys:
            out.append(
                Problem(
                    "FieldValueRequired",
                    f"{path}.x-kubernetes-list-map-keys",
                    "must not be empty if x-kubernetes-list-type is map",
                )
            )
        if items is None:
            out.append(
                Problem("FieldValueRequired", f"{path}.items", "must have a schema if x-kubernetes-list-type is map")
            )
        elif items.get("type") != "object":
            out.append(
                Problem(
                    "FieldValueInvalid",
                    f"{path}.items.type",
                    "must be object if parent array's x-kubernetes-list-type is map",
                )
            )
        else:
            seen = set()
            for k in keys:
                prop = (items.get("properties") or {}).get(k)
                if prop is None:
                    out.append(
                        Problem(
                            "FieldValueInvalid",
                            f"{path}.x-kubernetes-list-map-keys",
                            "entries must all be names of item properties",
                        )
                    )
                elif prop.get("type") in ("array", "object"):
                    out.append(
                        Problem(
                            "FieldValueInvalid",
                            f"{path}.items.properties[{k}].type",
                            "must be a scalar type if parent array's x-kubernetes-list-type is map",
                        )
                    )
                if k in seen:
                    out.append(
                        Problem(
                            "FieldValueInvalid",
                            f"{path}.x-kubernetes-list-map-keys",
                            "must not contain duplicate entries",
                        )
                    )
                seen.add(k)
    if lt in ("set", "map") and items is not None:
        if items.get("nullable"):
            out.append(
                Problem(
                    "FieldValueForbidden",
                    f"{path}.items.nullable",
                    f"cannot be nullable when x-kubernetes-list-type is {lt}",
                )
            )
        if lt == "map":
            required = set(items.get("required") or ())
            for k in keys:
                prop = (items.get("properties") or {}).get(k)
                if prop is None:
                    continue
                kpath = f"{path}.items.properties[{k}]"
                if k not in required and "default" not in prop:
                    out.append(
                        Problem(
                            "FieldValueRequired",
                            f"{kpath}.default",
                            "this property is in x-kubernetes-list-map-keys, "
                            "so it must have a default or be a required property",
                        )
                    )
                if prop.get("nullable"):
                    out.append(
                        Problem(
                            "FieldValueForbidden",
                            f"{kpath}.nullable",
                            "this property is in x-kubernetes-list-map-keys, so it cannot be nullable",
                        )
                    )
    return out


_FIELD_PATH_TOKEN = re.compile(r"\.([^.\[\]']+)|\['((?:[^'\\]|\\.)*)'\]")


def field_path_valid(s: dict, path: str) -> bool:
    """Whether a rule's `fieldPath` (`.a.b`, `['a'].b`) names a field under `s` (ValidFieldPath)."""
    pos = 0
    while pos < len(path):
        m = _FIELD_PATH_TOKEN.match(path, pos)
        if m is None:
            return False
        name = m.group(1) if m.group(1) is not None else re.sub(r"\\(.)", r"\1", m.group(2))
        if s.get("properties"):
            if name not in s["properties"]:
                return False
            s = s["properties"][name]
        elif isinstance(s.get("additionalProperties"), dict):
            s = s["additionalProperties"]
        else:
            return False
        pos = m.end()
    return True
