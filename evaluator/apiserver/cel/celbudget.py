"""The API server's runtime limits on CEL rules: a per-call cost limit and a per-request budget.

kube-apiserver runs every rule with cel-go's cost tracking: one evaluation over `PerCallLimit`
(1,000,000) is cancelled (`call cost exceeds limit for rule`), and once the costs of a request's
evaluations add up past `RuntimeCELCostBudget` (10,000,000) no further rule runs (`running out
of cost budget`); either way validation stops there. cel-expr-python reports no runtime cost.
Where the schema's bounds allow an object past a limit (most CRDs never get that far), cel-go's
static estimate (`celcost`) is taken with the sizes the object actually has: an upper bound of the
runtime cost, enough where it stays within the limits. Where it does not, the rule is evaluated
by `celinterp`, which charges what cel-go charges for what it evaluates; the estimate stands only
for a rule the interpreter does not model.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any

from evaluator.apiserver.values.correlate import MISSING

from . import celinterp
from .celast import CompileError, compile_rule
from .celcost import Decl, cel_type, decl_of, estimate
from .celrules import SchemaKey, to_cel

PER_CALL_LIMIT = 1_000_000  # celconfig.PerCallLimit
RUNTIME_BUDGET = 10_000_000  # celconfig.RuntimeCELCostBudget
CALL_OVER = "'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: {}"  # noqa: E501
# a figure no evaluation on a request of 3 MiB reaches: the estimator's "unknown size" saturating
UNKNOWN_SIZE = 1 << 53
BUDGET_OVER = "validation failed due to running out of cost budget, no further validation rules will be run"


class _Rules:
    """The rules of one schema node: each one's checked AST and schema-bound estimate per call."""

    def __init__(self, schema: dict, root: bool):
        self.decl = decl_of(schema, root or bool(schema.get("x-kubernetes-embedded-resource")))
        self.rules: list[tuple[Any, int]] = []
        self.sources: list[dict] = list(schema.get("x-kubernetes-validations") or ())
        self.total = self.largest = 0
        if self.decl is None:
            return
        ctype = cel_type(self.decl)
        for r in schema.get("x-kubernetes-validations") or ():
            try:
                ast = compile_rule(r["rule"], ctype, bool(r.get("optionalOldSelf")))
            except (CompileError, KeyError, TypeError):
                self.rules.append((None, 0))  # admission refuses it; the rule run names it
                continue
            self.rules.append((ast, estimate(ast, self.decl)[0]))
        self.total = sum(bound for _, bound in self.rules)  # every rule run, as an upper bound
        self.largest = max((bound for _, bound in self.rules), default=0)


@functools.lru_cache(maxsize=4096)
def _rules_of(key: SchemaKey, root: bool) -> _Rules:
    return _Rules(key.schema, root)


def over_limit(nodes: list, runs) -> tuple[Any, int, str] | None:
    """The first rule evaluation, in the order `nodes` are validated, that takes the request past
    the per-call limit ("call") or the budget ("budget"): (node, rule index, which); None when every
    evaluation stays within both. `runs(node)` gives the indexes of the rules that run on a node."""
    ruled = [(n, _rules_of(SchemaKey(n.schema), not n.path)) for n in nodes if "x-kubernetes-validations" in n.schema]
    if all(r.largest <= PER_CALL_LIMIT for _, r in ruled) and sum(r.total for _, r in ruled) <= RUNTIME_BUDGET:
        return None  # the schema's bounds keep every evaluation and their sum within the limits
    # the object's own sizes: first only for rules whose schema bound passes the per-call limit,
    # then, if the sum still may not fit the budget, for every rule
    return _walk(ruled, runs, exact_all=False) and _walk(ruled, runs, exact_all=True)


def _walk(ruled: list, runs, exact_all: bool) -> tuple[Any, int, str] | None:
    remaining = RUNTIME_BUDGET
    for n, rules in ruled:
        if rules.decl is None:
            continue
        actual = None
        for i in runs(n):
            ast, bound = rules.rules[i] if i < len(rules.rules) else (None, 0)
            if ast is None:
                continue
            cost = bound
            if exact_all or bound > PER_CALL_LIMIT:
                actual = actual or sized(rules.decl, n.value)
                cost = estimate(ast, actual)[0]
                if exact_all or cost > PER_CALL_LIMIT:  # the bound does not settle it: the real figure
                    real = actual_cost(n, rules.sources[i], ast)
                    cost = cost if real is None else real
                if cost >= UNKNOWN_SIZE:
                    continue  # the estimator needed a size it could not know: no bound, as none is sure
            if cost > PER_CALL_LIMIT:
                return n, i, "call"
            remaining -= cost
            if remaining < 0:
                return n, i, "budget"
    return None


def actual_cost(n: Any, rule: dict, ast: Any) -> int | None:
    """What the server charges for one evaluation of `rule` (checked as `ast`) on node `n` (past
    the per-call limit: a figure over it, where cel-go cancels); None where the interpreter does
    not model the rule or the node's values."""
    bad: dict = {}
    has_old = n.old is not MISSING and n.old is not None
    variables = {"self": to_cel(n.value, n.schema, bad, as_stored=True)}
    old = to_cel(n.old, n.schema, bad, as_stored=True) if has_old else None
    if bad:  # the server converts lazily: a value it cannot convert costs what reading it costs
        variables["self"] = to_cel(n.value, n.schema, {}, stand_in="drop", as_stored=True)
        old = to_cel(n.old, n.schema, {}, stand_in="drop", as_stored=True) if has_old else None
    if rule.get("optionalOldSelf"):
        variables["oldSelf"] = celinterp.Opt(old) if has_old else celinterp.NONE
    elif has_old:
        variables["oldSelf"] = old
    try:
        return celinterp.evaluate(ast, variables, PER_CALL_LIMIT)[1]
    except celinterp.CostLimit as e:
        return e.cost
    except celinterp.Unsupported:
        return None


def sized(decl: Decl, value: Any) -> Decl:
    """`decl` with the sizes of `value` in place of the schema's bounds (strings in code points,
    as cel-go's `actualSize` counts them; a list's items by the largest of each)."""
    if decl.kind in ("string", "bytes") and isinstance(value, (str, bytes)):
        return replace(decl, max_elements=len(value))
    if decl.kind == "dyn" and isinstance(value, str):
        return replace(decl, max_elements=len(value))
    if decl.kind == "list" and isinstance(value, list) and decl.elem is not None:
        elem = None
        for item in value:
            one = sized(decl.elem, item)
            elem = one if elem is None else _larger(elem, one)
        return replace(decl, max_elements=len(value), elem=elem or replace(decl.elem, max_elements=0))
    if decl.kind == "map" and isinstance(value, dict) and decl.elem is not None:
        elem = None
        for item in value.values():
            one = sized(decl.elem, item)
            elem = one if elem is None else _larger(elem, one)
        key = replace(decl.key, max_elements=max((len(k) for k in value), default=0)) if decl.key else None
        return replace(decl, max_elements=len(value), elem=elem or replace(decl.elem, max_elements=0), key=key)
    if decl.kind == "object" and isinstance(value, dict):
        fields = {}
        for name, field in decl.fields.items():
            v = value.get(_unescape(name), _ABSENT)
            fields[name] = replace(field, max_elements=0) if v is _ABSENT else sized(field, v)
        return replace(decl, fields=fields)
    return decl


_ABSENT = object()


def _larger(a: Decl, b: Decl) -> Decl:
    """The Decl whose every size is the larger of two (sizes of the same schema)."""
    fields = {k: _larger(f, b.fields[k]) if k in b.fields else f for k, f in a.fields.items()}
    elem = _larger(a.elem, b.elem) if a.elem is not None and b.elem is not None else a.elem or b.elem
    key = _larger(a.key, b.key) if a.key is not None and b.key is not None else a.key or b.key
    return replace(a, max_elements=max(a.max_elements, b.max_elements), fields=fields, elem=elem, key=key)


@functools.lru_cache(maxsize=4096)
def _unescape(name: str) -> str:
    """A property's name from its CEL spelling (Kubernetes' escaping, undone)."""
    if name.startswith("__") and name.endswith("__") and name[2:-2].isalpha() and "__" not in name[2:-2]:
        return name[2:-2]  # a reserved word, spelt __word__
    for word, ch in (("dot", "."), ("dash", "-"), ("slash", "/")):
        name = name.replace(f"__{word}__", ch)
    return name.replace("__underscores__", "__")
