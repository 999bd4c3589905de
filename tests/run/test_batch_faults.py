"""One bad document never sinks a batch: it is reported in place, the rest is still validated."""

import json
from pathlib import Path

import pytest

import evaluator
from evaluator.run import verdict
from evaluator.run.cli import main
from tests import yamlc
from tests.cli import invoke

SCHEMA = "schemas/widget.openapi.yaml"
VALID = Path("examples/widget/objects/valid.yaml").read_text()
INVALID = Path("examples/widget/objects/invalid.yaml").read_text()
UNHASHABLE_KEY = VALID.replace("- name: http", "- name: [x]")


def run(*args):
    return invoke(main, list(args))


def test_list_map_key_that_is_a_list_is_a_field_error_not_a_crash():
    v = evaluator.compile(yamlc.safe_load(Path(SCHEMA).read_text()), "Widget")
    obj = yamlc.safe_load(VALID)
    obj["spec"]["ports"] = [{"name": ["x"], "port": 8080}, {"name": ["x"], "port": 8081}, {"name": {"a": 1}}]
    errs = [(e.type, e.field) for e in v.validate(obj)]
    assert ("FieldValueTypeInvalid", "spec.ports[0].name") in errs
    assert ("FieldValueDuplicate", "spec.ports[1]") in errs  # compared by value, as the API server does
    old = yamlc.safe_load(VALID)
    assert ("FieldValueTypeInvalid", "spec.ports[2].name") in [(e.type, e.field) for e in v.validate(obj, old)]
    assert v.validate(obj, obj) == []  # unchanged: ratchets


@pytest.fixture
def batch_dir(tmp_path):
    (tmp_path / "a.yaml").write_text(VALID)
    (tmp_path / "b.yaml").write_text(UNHASHABLE_KEY)
    (tmp_path / "c.yaml").write_text("a: [1, 2\n")  # malformed YAML: the file is unusable
    (tmp_path / "d.yaml").write_text(VALID + "---\n- not a mapping\n---\n" + INVALID)
    (tmp_path / "e.yaml").write_text(VALID)
    return tmp_path


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_bad_documents_are_reported_in_place_in_text(batch_dir, jobs):
    r = run("--schema", SCHEMA, str(batch_dir), "--jobs", jobs)
    assert r.exit_code == 2, r.output
    lines = r.output.splitlines()
    assert "Traceback" not in r.output
    assert '* spec.ports[0].name: Invalid value: ["x"]: must be of type string' in r.output
    errors = [line for line in lines if line.startswith("error: ")]
    assert len(errors) == 2
    assert "c.yaml:2: invalid YAML" in errors[0]
    assert "d.yaml: document 2: the root must be a mapping" in errors[1]
    assert lines[-1] == "7 objects: 3 valid, 2 invalid, 2 unusable"
    # in place: the unusable document of d.yaml is reported between b.yaml's verdict and d.yaml's third
    order = [i for i, line in enumerate(lines) if "is invalid" in line or line.startswith("error: ")]
    assert [lines[i][:5] for i in order] == ["The W", "error", "error", "The W"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_bad_documents_keep_json_valid(batch_dir, jobs):
    r = run("--schema", SCHEMA, str(batch_dir), "--jobs", jobs, "-o", "json")
    assert r.exit_code == 2
    items = json.loads(r.output)["items"]
    assert [(i["status"], i["code"]) for i in items] == [
        ("Success", 200),
        ("Failure", 422),
        ("Failure", 400),
        ("Success", 200),
        ("Failure", 400),
        ("Failure", 422),
        ("Success", 200),
    ]
    assert items[2]["reason"] == "BadRequest" and "invalid YAML" in items[2]["message"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_unexpected_exception_in_one_document_is_an_internal_error_in_place(tmp_path, monkeypatch, jobs):
    real = verdict.judge

    def flaky(opts, new, old):
        if new.value["metadata"]["name"] == "boom":
            raise KeyError("surprise")
        return real(opts, new, old)

    monkeypatch.setattr(verdict, "judge", flaky)
    (tmp_path / "a.yaml").write_text(VALID + "---\n" + VALID.replace("name: blue-widget", "name: boom"))
    (tmp_path / "b.yaml").write_text(INVALID)
    r = run("--schema", SCHEMA, str(tmp_path), "--jobs", jobs, "-o", "json")
    items = json.loads(r.output)["items"]
    assert [i["code"] for i in items] == [200, 500, 422]
    assert items[1]["reason"] == "InternalError" and "a.yaml: document 2: internal error" in items[1]["message"]
    assert r.exit_code == 2


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_documents_after_a_yaml_syntax_error_are_still_validated(tmp_path, jobs):
    broken = "a: [1, 2\n"  # the error is marked on the next document's `---` line
    (tmp_path / "s.yaml").write_text("---\n".join([VALID, broken, INVALID, "- 1\n"]) + "--- a: b: c\n---\n" + VALID)
    (tmp_path / "t.yaml").write_text(VALID)
    r = run("--schema", SCHEMA, str(tmp_path), "--jobs", jobs)
    lines = r.output.splitlines()
    first = VALID.count("\n") + 1
    assert f"error: {tmp_path}/s.yaml:{first + 2}: invalid YAML: did not find expected ',' or ']'" in lines
    assert f"error: {tmp_path}/s.yaml: document 4: the root must be a mapping, got list" in lines
    assert any(line.startswith(f"error: {tmp_path}/s.yaml:") and "mapping values" in line for line in lines)
    assert r.output.count("is invalid") == 1 and lines[-1] == "7 objects: 3 valid, 1 invalid, 3 unusable"
    assert r.exit_code == 2


def test_one_file_whose_second_document_is_broken_is_a_batch(tmp_path):
    f = tmp_path / "two.yaml"
    f.write_text(VALID + "---\na: [1\n---\n" + INVALID)
    r = run("--schema", SCHEMA, str(f))
    assert r.exit_code == 2 and "invalid YAML" in r.output and 'The Widget "Blue_Widget" is invalid:' in r.output
    assert r.output.splitlines()[-1] == "3 objects: 1 valid, 1 invalid, 1 unusable"
