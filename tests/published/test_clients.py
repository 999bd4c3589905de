"""Published schemas in the clients people point at them (docs/clients.md).

Real clients: ajv and yaml-language-server (driven over LSP) installed from npm by this suite
(tests/clients/npm.py; in CI a client that cannot be installed fails the tests, elsewhere they are
skipped with the reason), python-jsonschema and openapi-schema-validator. Every document in schemas/
(and those of tests/clients/forms.py, which has every JSON form a field takes) compiles in each client
that reads its dialect; on objects generated per type (tests/clients/objects.py: every null, number
and int-or-string form the loader accepts, and violations of standard keywords) no client rejects an
object dv-eval accepts, and each rejects the violations its document's keywords state.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from openapi_schema_validator import OAS30Validator

from dv2openapi.cli import main
from tests import yamlc
from tests.clients import npm, objects
from tests.clients.lsp import SETTINGS, YamlLanguageServer

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = ROOT / "tests" / "clients"
DV_EVAL = str(Path(sys.executable).parent / "dv-eval")


@dataclass(frozen=True)
class Example:
    name: str
    types: str
    kind: str
    group: str
    base: str
    crd: bool = False
    version: str = "v1"


EXAMPLES = [
    Example("widget", "examples/widget/types.py", "Widget", "example.com", "examples/widget/objects/valid.yaml", True),
    Example(
        "csr",
        "examples/csr/types.py",
        "CertificateSigningRequest",
        "certificates.k8s.io",
        "examples/csr/objects/pending.yaml",
    ),
    Example(
        "replicationcontroller",
        "examples/replicationcontroller/types.py",
        "ReplicationController",
        "",
        "examples/replicationcontroller/objects/valid.yaml",
    ),
    Example("forms", "tests/clients/forms.py", "Forms", "forms.example.com", "tests/clients/forms.yaml", True),
]
# document kind -> the clients that read its dialect, and the dv-eval run it is compared with
READERS = {
    "openapi": ("ajv", "openapi-schema-validator"),
    "jsonschema": ("ajv", "ajv-strict", "yaml-language-server", "python-jsonschema"),
    "jsonschema-strict": ("ajv", "ajv-strict", "yaml-language-server", "python-jsonschema"),
    "crd": ("ajv", "openapi-schema-validator"),
}
MODES = {"openapi": (), "jsonschema": (), "jsonschema-strict": ("--strict",), "crd": ("--as-cluster",)}


# -- the clients --------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def node_modules() -> Path:
    try:
        return npm.node_modules()
    except npm.Unavailable as e:
        if os.environ.get("CI") == "true":
            pytest.fail(f"client validators unavailable in CI: {e}")
        pytest.skip(f"client validators unavailable: {e}")


def ajv(node_modules: Path, jobs: list[dict]) -> list[dict]:
    """Run tests/clients/ajv_run.js on `jobs` (see there)."""
    env = {**os.environ, "NODE_PATH": str(node_modules)}
    r = subprocess.run(
        ["node", str(CLIENTS / "ajv_run.js")], input=json.dumps(jobs), capture_output=True, text=True, env=env
    )
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


@pytest.fixture(scope="session")
def language_server(node_modules, tmp_path_factory):
    server = YamlLanguageServer(
        ["node", str(node_modules / "yaml-language-server" / "bin" / "yaml-language-server"), "--stdio"],
        tmp_path_factory.mktemp("workspace"),
    )
    yield server
    server.close()


OPENED = itertools.count()  # each document opened under a name of its own: no late diagnostics of a closed one
SCHEMA_PROBLEM = re.compile(r"^(Unable to load schema|Schema '.*' is not valid)")


def language_server_verdicts(server: YamlLanguageServer, schema: str, texts: list[str], where: Path) -> list:
    """yaml-language-server's first error (or None) for each YAML text, associated with `schema`
    by the documented modeline."""
    docs = {
        (where / f"doc{next(OPENED)}.yaml").as_uri(): f"# yaml-language-server: $schema={schema}\n{t}" for t in texts
    }
    found = server.diagnostics(docs)
    out = []
    for uri in docs:
        problems = [d for d in found[uri] if d["severity"] <= 2]
        assert not any(SCHEMA_PROBLEM.match(d["message"]) for d in problems), problems
        out.append(problems[0]["message"] if problems else None)
    return out


def oas30_validator(schema: dict):
    """openapi-schema-validator's OAS30Validator, set up as docs/clients.md says: Kubernetes reads
    `3.0` as the integer 3, and OAS30Validator's integer (Draft 4's) takes no float."""
    checker = OAS30Validator.TYPE_CHECKER.redefine(
        "integer", lambda c, v: jsonschema.Draft7Validator.TYPE_CHECKER.is_type(v, "integer")
    )
    return jsonschema.validators.extend(OAS30Validator, type_checker=checker)(schema)


def python_verdicts(validator, texts: list[str]) -> list:
    out = []
    for text in texts:
        error = next(iter(validator.iter_errors(yamlc.safe_load(text))), None)
        out.append(None if error is None else f"{list(error.absolute_path)}: {error.message}")
    return out


# -- the documents ----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def documents(tmp_path_factory) -> dict[tuple[str, str], Path]:
    """(example, document kind) -> file: schemas/ for the shipped examples, the CLI's output for forms."""
    out = {}
    tmp = tmp_path_factory.mktemp("forms")
    for ex in EXAMPLES:
        if ex.name == "forms":
            folder = tmp
            runner = CliRunner()
            r = runner.invoke(main, ["openapi", ex.types, "-o", str(tmp / "forms.openapi.yaml")])
            assert r.exit_code == 0, r.output
            r = runner.invoke(
                main, ["jsonschema", ex.types, "--type", ex.kind, "--group", ex.group, "-o", str(tmp / "jsonschema")]
            )
            assert r.exit_code == 0, r.output
            r = runner.invoke(
                main, ["crd", ex.types, "--type", ex.kind, "--group", ex.group, "-o", str(tmp / "forms.crd.yaml")]
            )
            assert r.exit_code == 0, r.output
        else:
            folder = ROOT / "schemas"
        out[ex.name, "openapi"] = folder / f"{ex.name}.openapi.yaml"
        out[ex.name, "jsonschema"] = folder / "jsonschema" / f"{ex.kind.lower()}_{ex.version}.json"
        out[ex.name, "jsonschema-strict"] = folder / "jsonschema" / f"{ex.kind.lower()}_{ex.version}-strict.json"
        if ex.crd:
            out[ex.name, "crd"] = folder / f"{ex.name}.crd.yaml"
    return out


def load(path: Path) -> dict:
    return yamlc.safe_load(path.read_text())


def crd_schema(path: Path) -> dict:
    return load(path)["spec"]["versions"][0]["schema"]["openAPIV3Schema"]


@functools.cache
def generated(name: str, openapi: Path) -> list[objects.Case]:
    ex = next(e for e in EXAMPLES if e.name == name)
    return objects.cases(load(openapi), ex.kind, load(ROOT / ex.base))


def dv_eval_verdicts(schema: Path, cases: list[objects.Case], flags: tuple, where: Path) -> list[bool]:
    """Whether `dv-eval --schema SCHEMA [flags]` accepts each case (one file each; JUnit report)."""
    where.mkdir(parents=True, exist_ok=True)
    for c in cases:
        (where / f"{c.name}.yaml").write_text(c.text)
    r = subprocess.run(
        [DV_EVAL, "--schema", str(schema), *flags, str(where), "-o", "junit", "--jobs", "1"],
        capture_output=True,
        text=True,
    )
    assert r.returncode in (0, 1, 2) and r.stdout, r.stderr
    suites = {s.get("name"): s for s in ET.fromstring(r.stdout).iter("testsuite")}
    verdicts = []
    for c in cases:
        suite = suites[str(where / f"{c.name}.yaml")]
        verdicts.append(int(suite.get("failures")) + int(suite.get("errors")) == 0 and int(suite.get("tests")) == 1)
    return verdicts


@pytest.fixture(scope="session")
def verdicts(documents, tmp_path_factory):
    """(example, document kind) -> (cases, dv-eval's verdicts); computed once per pair."""
    memo: dict = {}

    def get(name: str, kind: str):
        if (name, kind) not in memo:
            cases = generated(name, documents[name, "openapi"])
            schema = documents[name, "crd" if kind == "crd" else "openapi"]
            where = tmp_path_factory.mktemp(f"{name}-{kind}")
            memo[name, kind] = cases, dv_eval_verdicts(schema, cases, MODES[kind], where)
        return memo[name, kind]

    return get


def client_verdicts(client: str, kind: str, path: Path, ex: Example, texts: list[str], node_modules, server, where):
    """The client's first error (None: accepted) for each YAML text, reading document `path`."""
    if client in ("ajv", "ajv-strict"):
        if kind == "openapi":
            job = {"kind": "openapi", "schema": load(path), "type": ex.kind}
        elif kind == "crd":
            job = {"kind": "schema", "schema": crd_schema(path), "openapi": True}
        else:
            job = {"kind": "schema", "schema": json.loads(path.read_text()), "strict": client == "ajv-strict"}
        (result,) = ajv(node_modules, [{**job, "objects": texts}])
        assert result["compile"] is None, result["compile"]
        return result["verdicts"]
    if client == "openapi-schema-validator":
        if kind == "crd":
            return python_verdicts(oas30_validator(crd_schema(path)), texts)
        doc = load(path)
        return python_verdicts(oas30_validator({"$ref": f"#/components/schemas/{ex.kind}", **doc}), texts)
    if client == "python-jsonschema":
        schema = json.loads(path.read_text())
        return python_verdicts(jsonschema.validators.validator_for(schema)(schema), texts)
    return language_server_verdicts(server, str(path), texts, where)


PAIRS = [
    (ex, kind, client) for ex in EXAMPLES for kind in READERS if kind != "crd" or ex.crd for client in READERS[kind]
]


# -- tests ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("ex,kind,client", PAIRS, ids=[f"{e.name}-{k}-{c}" for e, k, c in PAIRS])
def test_no_client_rejects_what_dv_eval_accepts(ex, kind, client, documents, verdicts, node_modules, tmp_path, request):
    """Each object dv-eval accepts (every null, number and int-or-string form among them), every
    client accepts. On a CRD (compared with dv-eval --as-cluster) the API server drops what it may not
    store before validating, a null in a field that is not nullable and `status` on a create; a
    client reading the CRD's schema cannot: those objects are the exception docs/clients.md names
    (the JSON Schemas take them)."""
    if client == "ajv" and kind == "crd" and _untyped_nullable(crd_schema(documents[ex.name, kind])):
        pytest.skip(AJV_UNTYPED_NULLABLE)
    cases, accepted = verdicts(ex.name, kind)
    server = request.getfixturevalue("language_server") if client == "yaml-language-server" else None
    got = client_verdicts(
        client, kind, documents[ex.name, kind], ex, [c.text for c in cases], node_modules, server, tmp_path
    )
    wrong = []
    for case, ok, error in zip(cases, accepted, got, strict=True):
        if (
            ok
            and error is not None
            and not (kind == "crd" and _server_drops(yamlc.safe_load(case.text), load(documents[ex.name, kind])))
        ):
            wrong.append(f"{case.name}: {error}")
    assert accepted[0] and got[0] is None, "the base object must be valid"
    assert not wrong, f"{len(wrong)} objects dv-eval accepts are rejected:\n" + "\n".join(wrong[:20])


@pytest.mark.parametrize(
    "ex,kind,client", [p for p in PAIRS if p[1] != "crd"], ids=[f"{e.name}-{k}-{c}" for e, k, c in PAIRS if k != "crd"]
)
def test_clients_reject_what_their_keywords_state(
    ex, kind, client, documents, verdicts, node_modules, tmp_path, request
):
    """Each object generated to break a keyword the document states (a type, a bound, an enum, a
    required field; in the JSON Schemas also int32's range, a required value field's zero value and,
    strict, an unknown field) dv-eval rejects, and so does every client."""
    cases, accepted = verdicts(ex.name, kind)
    claims = objects.DOCUMENT_CLAIMS[kind] - CLIENT_LIMITS.get(client, set())
    claimed = [(c, ok) for c, ok in zip(cases, accepted, strict=True) if c.violates in claims]
    assert claimed, "no violation generated"
    assert not [c.name for c, ok in claimed if ok], "dv-eval accepts a generated violation"
    server = request.getfixturevalue("language_server") if client == "yaml-language-server" else None
    got = client_verdicts(
        client, kind, documents[ex.name, kind], ex, [c.text for c, _ in claimed], node_modules, server, tmp_path
    )
    missed = [f"{c.name} ({c.violates})" for (c, _), error in zip(claimed, got, strict=True) if error is None]
    assert not missed, f"{len(missed)} violations accepted:\n" + "\n".join(missed[:20])


# keywords a client does not apply in full: yaml-language-server compares array items with `===`
# (vscode-json-languageservice), so `uniqueItems` finds no duplicate object
CLIENT_LIMITS = {"yaml-language-server": {"unique-objects"}}

AJV_UNTYPED_NULLABLE = (
    "ajv refuses this CRD: it has `nullable` without `type` (an Optional[int | str] field: int-or-string "
    "states no type), which the API server allows (docs/clients.md)"
)


def _untyped_nullable(schema: object) -> bool:
    """Whether a schema holds `nullable: true` where it states no `type`."""
    if isinstance(schema, dict):
        if schema.get("nullable") and "type" not in schema:
            return True
        return any(_untyped_nullable(v) for v in schema.values())
    return isinstance(schema, list) and any(_untyped_nullable(v) for v in schema)


def _server_drops(obj: dict, crd: dict) -> bool:
    """Whether the API server drops part of `obj` before validating a create with `crd`: `status`
    when the CRD has a status subresource, or a null in a property whose schema is not nullable."""
    version = crd["spec"]["versions"][0]
    if "status" in obj and "status" in version.get("subresources", {}):
        return True
    return _null_dropped(obj, version["schema"]["openAPIV3Schema"])


def _null_dropped(obj: object, schema: dict) -> bool:
    if isinstance(obj, dict):
        props = schema.get("properties") or {}
        extra = schema.get("additionalProperties") if isinstance(schema.get("additionalProperties"), dict) else None
        for k, v in obj.items():
            sub = props.get(k, extra)
            if sub is not None and ((v is None and not sub.get("nullable")) or _null_dropped(v, sub)):
                return True
    if isinstance(obj, list) and isinstance(schema.get("items"), dict):
        return any(_null_dropped(v, schema["items"]) for v in obj)
    return False


# -- compiling every document -------------------------------------------------------------------


def test_openapi_documents_compile_in_ajv_once_vendor_keywords_are_declared(documents, node_modules):
    """ajv 8 (ajv-draft-04: OpenAPI 3.0's dialect), default options and strict mode: every component
    of every OpenAPI document, and the CRDs' schemas, with the two declaration lines docs/clients.md
    shows. A CRD whose int-or-string field is nullable is refused, and only for that."""
    jobs = []
    for (_, kind), path in documents.items():
        for strict in (False, True):
            if kind == "openapi":
                doc = load(path)
                jobs += [
                    {"kind": "openapi", "schema": doc, "type": t, "strict": strict, "objects": []}
                    for t in doc["components"]["schemas"]
                ]
            elif kind == "crd":
                jobs.append(
                    {"kind": "schema", "schema": crd_schema(path), "openapi": True, "strict": strict, "objects": []}
                )
    problems = []
    for job, result in zip(jobs, ajv(node_modules, jobs), strict=True):
        if job.get("openapi") and _untyped_nullable(job["schema"]):  # the one refusal docs/clients.md names
            assert result["compile"] == '"nullable" cannot be used without "type"', result["compile"]
        elif result["compile"]:
            problems.append(f"{job.get('type', 'CRD')}: {result['compile']}")
    assert not problems, problems


def test_json_schemas_compile_in_ajv_strict_with_nothing_declared(documents, node_modules):
    jobs = [
        {"kind": "schema", "schema": json.loads(path.read_text()), "strict": strict, "objects": []}
        for (_, kind), path in documents.items()
        if kind.startswith("jsonschema")
        for strict in (False, True)
    ]
    problems = [r["compile"] for r in ajv(node_modules, jobs) if r["compile"]]
    assert not problems, problems


def test_documents_compile_in_the_python_clients(documents):
    """python-jsonschema checks every JSON Schema against its draft's meta-schema, and every OpenAPI
    component against Draft 4's (the README's recipe); openapi-schema-validator checks each
    component and CRD schema against OpenAPI 3.0's Schema Object."""
    for (_, kind), path in documents.items():
        if kind.startswith("jsonschema"):
            schema = json.loads(path.read_text())
            assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
            jsonschema.validators.validator_for(schema).check_schema(schema)
        elif kind == "openapi":
            for component in load(path)["components"]["schemas"].values():
                jsonschema.Draft4Validator.check_schema(component)
                OAS30Validator.check_schema(component)
        else:
            OAS30Validator.check_schema(crd_schema(path))


def test_documents_load_in_yaml_language_server(documents, language_server, tmp_path):
    """Every JSON Schema, and every OpenAPI document's component (a `#/components/schemas/T`
    fragment in the modeline), loads without a schema problem; the base object has no diagnostic
    under the JSON Schemas (yaml-language-server does not know OpenAPI's `nullable`)."""
    for ex in EXAMPLES:
        base = (ROOT / ex.base).read_text()
        for kind in ("jsonschema", "jsonschema-strict"):
            assert language_server_verdicts(language_server, str(documents[ex.name, kind]), [base], tmp_path) == [None]
        language_server_verdicts(
            language_server, f"{documents[ex.name, 'openapi']}#/components/schemas/{ex.kind}", [base], tmp_path
        )


def test_vs_code_settings_associate_a_schema_with_a_folder(node_modules, tmp_path):
    """The `yaml.schemas` setting of docs/clients.md: files matching its glob get the schema, others not."""
    settings = json.loads(re.search(r"```json\n(.*?)```", (ROOT / "docs" / "clients.md").read_text(), re.S).group(1))
    (schema_path,) = settings["yaml.schemas"]
    (tmp_path / "schemas" / "jsonschema").mkdir(parents=True)
    shutil.copy(ROOT / schema_path, tmp_path / schema_path)
    yaml_settings = {
        **SETTINGS["yaml"],
        "yamlVersion": settings["yaml.yamlVersion"],
        "schemas": {str(tmp_path / schema_path): settings["yaml.schemas"][schema_path]},
    }
    command = ["node", str(node_modules / "yaml-language-server" / "bin" / "yaml-language-server"), "--stdio"]
    server = YamlLanguageServer(command, tmp_path, {"yaml": yaml_settings})
    try:
        invalid = (ROOT / "examples/widget/objects/invalid.yaml").read_text()
        docs = {(tmp_path / d / "w.yaml").as_uri(): invalid for d in ("deploy/widgets", "elsewhere")}
        found = server.diagnostics(docs)
    finally:
        server.close()
    inside, outside = (found[uri] for uri in docs)
    assert [d["message"] for d in inside] == ["Value is below the minimum of 0."] and outside == []


def test_docs_show_the_ajv_declarations():
    """docs/clients.md shows the very lines tests/clients/ajv_run.js declares keywords and formats with."""
    script = (CLIENTS / "ajv_run.js").read_text()
    block = script.split("// docs:begin")[1].split("// docs:end")[0].split("\n", 1)[1]
    lines = [line.strip() for line in block.strip().splitlines()]
    docs = (ROOT / "docs" / "clients.md").read_text()
    assert len(lines) == 3 and all(line in docs for line in lines), lines


DOC_BLOCKS = re.findall(r"```(python|js)\n(.*?)```", (ROOT / "docs" / "clients.md").read_text(), re.S)


@pytest.mark.parametrize("language,code", DOC_BLOCKS, ids=[f"{lang}-{i}" for i, (lang, _) in enumerate(DOC_BLOCKS)])
def test_docs_recipes_run(language, code, node_modules, monkeypatch):
    """Each Python and JavaScript recipe of docs/clients.md runs from the checkout and accepts the
    widget example (a JavaScript recipe's `validate` is called on it)."""
    monkeypatch.chdir(ROOT)
    if language == "python":
        exec(compile(code, "docs/clients.md", "exec"), {})
        return
    example = 'require("fs").readFileSync("examples/widget/objects/valid.yaml", "utf8")'
    check = f'process.exit(validate(require("yaml").parse({example})) ? 0 : 1);'
    env = {**os.environ, "NODE_PATH": str(node_modules)}
    r = subprocess.run(["node", "-e", code + check], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
