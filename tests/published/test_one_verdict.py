"""One object, one verdict, whatever schema form routes it (issue 43).

Every generated edge object of every published type (tests/clients/objects.py: nulls, number forms,
violations of the standard keywords, absent and null fields whose zero value fails their rules,
duplicate items, unnamed objects, unknown fields) goes through dv-eval with each form of the type's
schema: its OpenAPI document (`--schema`), its CRD where one is published, and its JSON Schemas
through kubeconform's `-schema-location` template; each plain and strict. The forms give the same
verdict, a strict run rejects at least what the plain run rejects, and python-jsonschema (on the
JSON Schemas) rejects every object dv-eval rejects for a reason the document's draft-07 keywords
state, and nothing dv-eval accepts (ajv and yaml-language-server: tests/published/test_clients.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from dv2openapi.cli import main
from dv2openapi.clients import file_name
from tests import yamlc
from tests.clients import objects

ROOT = Path(__file__).resolve().parents[2]
DV_EVAL = str(Path(sys.executable).parent / "dv-eval")
TEMPLATE = "{{ .ResourceKind }}_{{ .ResourceAPIVersion }}{{ .StrictSuffix }}.json"


@dataclass(frozen=True)
class Published:
    name: str
    kind: str
    base: str


TYPES = [
    Published("widget", "Widget", "examples/widget/objects/valid.yaml"),
    Published("csr", "CertificateSigningRequest", "examples/csr/objects/pending.yaml"),
    Published("replicationcontroller", "ReplicationController", "examples/replicationcontroller/objects/valid.yaml"),
    Published("forms", "Forms", "tests/clients/forms.yaml"),
]


def folder(t: Published, tmp: Path) -> Path:
    """Where the type's published documents are: schemas/, or the CLI's output for the test type."""
    if t.name != "forms":
        return ROOT / "schemas"
    out = tmp / "forms"
    out.mkdir()
    types, group = "tests/clients/forms.py", "forms.example.com"
    for args in (
        ["openapi", types, "--group", group, "-o", str(out / "forms.openapi.yaml")],
        ["jsonschema", types, "--type", t.kind, "--group", group, "-o", str(out / "jsonschema")],
        ["crd", types, "--type", t.kind, "--group", group, "-o", str(out / "forms.crd.yaml")],
    ):
        r = CliRunner().invoke(main, args)
        assert r.exit_code == 0, r.output
    return out


def forms(t: Published, where: Path) -> dict[str, list[str]]:
    """Form name -> dv-eval's arguments for it."""
    out = {
        "openapi": ["--schema", str(where / f"{t.name}.openapi.yaml")],
        "jsonschema": ["-schema-location", str(where / "jsonschema" / TEMPLATE)],
    }
    if (where / f"{t.name}.crd.yaml").exists():
        out["crd"] = ["--schema", str(where / f"{t.name}.crd.yaml")]
    return out


def verdicts(args: list[str], cases: list[objects.Case], where: Path) -> list[bool]:
    """Whether dv-eval with `args` accepts each case (one file each; JUnit report)."""
    where.mkdir(parents=True)
    for c in cases:
        (where / f"{c.name}.yaml").write_text(c.text)
    r = subprocess.run([DV_EVAL, *args, str(where), "-o", "junit", "--jobs", "1"], capture_output=True, text=True)
    assert r.returncode in (0, 1) and r.stdout, r.stderr
    suites = {s.get("name"): s for s in ET.fromstring(r.stdout).iter("testsuite")}
    out = []
    for c in cases:
        suite = suites[str(where / f"{c.name}.yaml")]
        out.append(int(suite.get("failures")) + int(suite.get("errors")) == 0 and int(suite.get("tests")) == 1)
    return out


@pytest.fixture(scope="module")
def judged(tmp_path_factory):
    """Published type -> (its documents' folder, its cases, {(form, strict): dv-eval's verdicts}),
    computed once."""
    memo: dict = {}
    tmp = tmp_path_factory.mktemp("published")

    def get(t: Published):
        if t not in memo:
            where = folder(t, tmp)
            doc = yamlc.safe_load((where / f"{t.name}.openapi.yaml").read_text())
            cases = objects.cases(doc, t.kind, yamlc.safe_load((ROOT / t.base).read_text()))
            runs = {}
            for form, args in forms(t, where).items():
                for strict in (False, True):
                    flags = ["--strict"] if strict else []
                    runs[form, strict] = verdicts([*args, *flags], cases, tmp / f"{t.name}-{form}-{strict}")
            memo[t] = where, cases, runs
        return memo[t]

    return get


def _disagreements(cases: list[objects.Case], runs: dict, strict: bool) -> list[str]:
    out = []
    for i, case in enumerate(cases):
        seen = {form: v[i] for (form, s), v in runs.items() if s == strict}
        if len(set(seen.values())) > 1:
            out.append(f"{case.name}: {seen}")
    return out


@pytest.mark.parametrize("t", TYPES, ids=[t.name for t in TYPES])
def test_every_form_gives_one_verdict(t, judged):
    """The OpenAPI document, the CRD and the JSON Schema (found by kubeconform's template) give each
    object the same verdict, plain and strict; the base object is valid and some cases are not."""
    _, cases, runs = judged(t)
    assert len(cases) > 40 and all(v[0] for v in runs.values()), "the base object must be valid in every form"
    assert not all(all(v) for v in runs.values()), "no generated object is invalid"
    for strict in (False, True):
        wrong = _disagreements(cases, runs, strict)
        assert not wrong, f"{len(wrong)} objects get two verdicts ({'strict' if strict else 'plain'}):\n" + "\n".join(
            wrong[:20]
        )


@pytest.mark.parametrize("t", TYPES, ids=[t.name for t in TYPES])
def test_strict_rejects_at_least_what_plain_rejects(t, judged):
    _, cases, runs = judged(t)
    forms_ = {form for form, _ in runs}
    wrong = [
        f"{form}: {c.name}"
        for form in sorted(forms_)
        for c, plain, strict in zip(cases, runs[form, False], runs[form, True], strict=True)
        if strict and not plain
    ]
    assert not wrong, "valid with --strict, invalid without:\n" + "\n".join(wrong[:20])
    assert any(p and not s for form in forms_ for p, s in zip(runs[form, False], runs[form, True], strict=True))


@pytest.mark.parametrize("strict", [False, True], ids=["plain", "strict"])
@pytest.mark.parametrize("t", TYPES, ids=[t.name for t in TYPES])
def test_python_jsonschema_states_what_draft_07_can(t, strict, judged):
    """python-jsonschema on the JSON Schema: it accepts every object dv-eval accepts, and rejects
    every object dv-eval rejects for a reason its keywords state (DOCUMENT_CLAIMS)."""
    where, cases, runs = judged(t)
    accepted = runs["jsonschema", strict]
    version = yamlc.safe_load((ROOT / t.base).read_text())["apiVersion"].rpartition("/")[2]
    schema = json.loads((where / "jsonschema" / file_name(t.kind, version, strict)).read_text())
    validator = jsonschema.validators.validator_for(schema)(schema)
    claims = objects.DOCUMENT_CLAIMS["jsonschema-strict" if strict else "jsonschema"]
    false_invalid, missed = [], []
    for case, ok in zip(cases, accepted, strict=True):
        error = next(iter(validator.iter_errors(yamlc.safe_load(case.text))), None)
        if ok and error is not None:
            false_invalid.append(f"{case.name}: {error.message}")
        if case.violates in claims and error is None:
            missed.append(f"{case.name} ({case.violates})")
    assert not [c.name for c, ok in zip(cases, accepted, strict=True) if c.violates in claims and ok], (
        "dv-eval accepts a generated violation"
    )
    assert not false_invalid, f"{len(false_invalid)} objects dv-eval accepts are rejected:\n" + "\n".join(
        false_invalid[:20]
    )
    assert not missed, f"{len(missed)} violations accepted:\n" + "\n".join(missed[:20])
