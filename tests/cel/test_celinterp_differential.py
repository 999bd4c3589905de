"""The fast engine (cel-expr-python) and the cel-go interpreter (`celinterp`) on every CRD's rules.

Both run each rule of the public CRDs in `../shared` (crd-verdicts, crd-wild) on the nodes of the
first recorded requests of each CRD, as the server's pipeline prepares them (pruned, defaulted;
updates with their correlated old values): the same verdict, the same runtime error in the same
words, rules over values of the date, date-time and duration formats included. Values the server
cannot convert are left to the fast engine and counted apart.
"""

from __future__ import annotations

import collections

from evaluator.apiserver.cel import celbudget, celinterp, celrules
from evaluator.apiserver.request.server import Validator, _Node, _walk
from evaluator.apiserver.values.correlate import MISSING
from tests.shared_data import crd, records

PER_CRD = 4  # requests per CRD: its example as created, and the first mutations of it


def _variables(rule: dict, self_val, old_val, has_old: bool) -> dict:
    variables = {"self": self_val}
    if rule.get("optionalOldSelf"):
        variables["oldSelf"] = celinterp.Opt(old_val) if has_old else celinterp.NONE
    elif has_old:
        variables["oldSelf"] = old_val
    return variables


def _compare(node: _Node, stats: collections.Counter, differences: list) -> None:
    rules = node.schema["x-kubernetes-validations"]
    key = celrules.SchemaKey(node.schema)
    has_old = node.old is not MISSING and node.old is not None
    bad: dict = {}
    fast_self = celrules.to_cel(node.value, node.schema, bad)
    fast_old = celrules.to_cel(node.old, node.schema, bad) if has_old else None
    if bad:
        stats["unreadable"] += 1
        return
    mine_self = celrules.to_cel(node.value, node.schema, {}, as_stored=True)
    mine_old = celrules.to_cel(node.old, node.schema, {}, as_stored=True) if has_old else None
    checked = celbudget._rules_of(key, not node.path).rules
    for i, rule in enumerate(rules):
        ast = checked[i][0] if i < len(checked) else None
        if ast is None or celrules.reads_old_self(rule) and not has_old and not rule.get("optionalOldSelf"):
            continue
        ok, err = celrules.evaluate(celrules._typed_rule(rule, node.schema), fast_self, fast_old, has_old)
        try:
            value, _ = celinterp.evaluate(ast, _variables(rule, mine_self, mine_old, has_old))
        except celinterp.Unsupported:  # a duration or timestamp built in the rule, say
            stats["unsupported"] += 1
            continue
        mine_err = value.message if isinstance(value, celinterp.Err) else None
        stats["compared"] += 1
        stats["over times"] += celrules._has_times(key)
        if (value is True, mine_err) != (ok, err):
            differences.append((rule["rule"], (ok, err), (value is True, mine_err)))


def test_the_interpreter_agrees_with_the_fast_engine_on_every_crds_rules():
    stats: collections.Counter = collections.Counter()
    differences: list = []
    for corpus in ("crd-verdicts", "crd-wild"):
        seen: collections.Counter = collections.Counter()
        validators: dict = {}
        for r in records(f"{corpus}/requests.jsonl.gz"):
            if seen[r["crd"]] >= PER_CRD:
                continue
            seen[r["crd"]] += 1
            if r["crd"] not in validators:
                validators[r["crd"]] = Validator(crd(f"{corpus}/crds/{r['crd']}"))
            v = validators[r["crd"]]
            version = v.version_of(r["new"])
            old = v.prepare(r["old"], v.version_of(r["old"]), None, stored=True)[0] if r["update"] else None
            new, broken = v.prepare(r["new"], version, old)
            if broken:
                continue
            root = _Node(version.schema, new, (), old if r["update"] else MISSING, False)
            for node in _walk(root, r["update"]):
                if node.value is not None and node.schema.get("x-kubernetes-validations"):
                    _compare(node, stats, differences)
    assert stats["compared"] > 1000 and stats["unsupported"] < stats["compared"] / 50, stats
    assert not differences, (len(differences), differences[:5])
    assert stats["over times"] > 0, stats  # rules over date-time and duration values were compared
