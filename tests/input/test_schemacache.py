"""The parsed-schema cache: same document as a fresh parse, damaged or unwritable caches only cost speed."""

import marshal
import os
import stat
from pathlib import Path

import pytest

from evaluator.input import schemacache
from evaluator.input.loader import load_schema

SCHEMA = "schemas/widget.openapi.yaml"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "dv-eval"


def test_entry_written_under_xdg_cache_home_and_reused(cache):
    fresh = [load_schema(SCHEMA)]
    assert schemacache.load_docs(SCHEMA) == fresh
    (entry,) = cache.iterdir()
    assert schemacache.load_docs(SCHEMA) == fresh
    assert list(cache.iterdir()) == [entry]  # read back, not written again


def test_a_multi_document_schema_file_keeps_every_document(cache, tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("type: object\n---\n---\nkind: CustomResourceDefinition\n")
    docs = [{"type": "object"}, {"kind": "CustomResourceDefinition"}]  # the empty one is no document
    assert schemacache.load_docs(str(f)) == docs
    assert schemacache.load_docs(str(f)) == docs


def test_an_edited_schema_is_a_new_entry(cache, tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("type: object\nproperties: {a: {type: string}}\n")
    assert schemacache.load_docs(str(f))[0]["properties"]["a"]["type"] == "string"
    f.write_text("type: object\nproperties: {a: {type: integer}}\n")
    assert schemacache.load_docs(str(f))[0]["properties"]["a"]["type"] == "integer"
    assert len(list(cache.iterdir())) == 2


OTHER_MARSHAL = b"marshal %d" % (marshal.version + 1)  # an entry another Python wrote


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[:-10],
        lambda b: b.replace(b"type", b"tipe", 1),
        lambda b: b"",
        lambda b: b.replace(b"marshal %d" % marshal.version, OTHER_MARSHAL, 1),
    ],
)
def test_a_damaged_entry_is_ignored_and_rewritten(cache, damage):
    fresh = schemacache.load_docs(SCHEMA)
    (entry,) = cache.iterdir()
    good = entry.read_bytes()
    entry.write_bytes(damage(good))
    assert schemacache.load_docs(SCHEMA) == fresh
    assert entry.read_bytes() == good


def test_a_schema_file_starting_with_a_byte_order_mark_is_read_as_the_loader_reads_it(cache, tmp_path):
    f = tmp_path / "s.yaml"
    f.write_bytes(b"\xef\xbb\xbftype: object\nproperties:\n a: {type: integer}\n")  # a one-space indent
    want = [load_schema(str(f))]
    assert want[0]["properties"] == {"a": {"type": "integer"}}
    assert schemacache.load_docs(str(f)) == want  # parsed
    assert schemacache.load_docs(str(f)) == want  # cached


def test_an_entry_of_format_5_is_not_reused(cache, tmp_path):
    """Format 5's direct reader misread a file starting with a byte order mark: its entries are stale."""
    f = tmp_path / "s.yaml"
    f.write_bytes(b"\xef\xbb\xbftype: object\nproperties:\n a: {type: integer}\n")
    source = b"\0" + f.read_bytes()
    key = schemacache.cache_key(source)
    payload = marshal.dumps([{"type": "object", "properties": None, "a": {"type": "integer"}}])  # its misreading
    cache.mkdir(parents=True, mode=0o700)
    head = b"dv-eval schema cache 5, marshal %d\n" % marshal.version + schemacache._header(key, source, payload)
    old = head + source + payload
    (cache / f"{key}.marshal").write_bytes(old)
    assert schemacache.load_docs(str(f)) == [load_schema(str(f))]


def test_an_unwritable_cache_only_costs_speed(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert schemacache.load_docs(SCHEMA) == [load_schema(SCHEMA)]


def test_built_in_kinds_are_cached_per_kind_and_a_damaged_entry_is_rebuilt(cache):
    pytest.importorskip("kubernetes_validate", reason="built-in kinds need the kubernetes-validate package")
    from evaluator.run import builtin

    gvk = ("apps", "v1", "Deployment")
    first = builtin.lookup("latest")(gvk)
    entries = sorted(cache.iterdir())
    assert len(entries) == 2  # the index of kinds, and the Deployment's definitions
    schemas = first.doc["components"]["schemas"]
    assert first.name in schemas and "io.k8s.api.core.v1.PodSpec" in schemas
    assert "io.k8s.api.core.v1.ConfigMap" not in schemas  # only what a Deployment reaches
    for e in entries:
        e.write_bytes(e.read_bytes()[:-5] + b"xxxxx")  # damaged: the checksum no longer holds
    again = builtin.lookup("latest")(gvk)
    assert again.doc == first.doc and again.name == first.name
    assert builtin.lookup("latest")(("", "v1", "NoSuchKind")) is None


# Only what this user wrote is trusted ---------------------------------------------------------


def _forge(cache: Path, schema: Path, docs: list, source: bytes | None = None) -> Path:
    """A well-formed entry for `schema` holding `docs` (made from `source`, else from the schema's bytes),
    as anyone able to write to the folder could write it."""
    key = schemacache.cache_key(b"\0" + schema.read_bytes())
    source = b"\0" + schema.read_bytes() if source is None else source
    payload = marshal.dumps(docs)
    entry = cache / f"{key}.marshal"
    entry.write_bytes(schemacache._MAGIC + schemacache._header(key, source, payload) + source + payload)
    return entry


@pytest.fixture
def schema(tmp_path) -> Path:
    f = tmp_path / "s.yaml"
    f.write_text("type: object\n")
    return f


def test_the_folder_is_created_0700_whatever_the_umask(cache):
    umask = os.umask(0)
    try:
        schemacache.load_docs(SCHEMA)
    finally:
        os.umask(umask)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    (entry,) = cache.iterdir()
    assert stat.S_IMODE(entry.stat().st_mode) == 0o600


@pytest.mark.parametrize("mode", [0o770, 0o707, 0o777], ids=oct)
def test_a_folder_others_may_write_to_is_neither_read_nor_written(cache, schema, mode):
    cache.mkdir(parents=True)
    entry = _forge(cache, schema, [{"type": "string"}])
    forged = entry.read_bytes()
    os.chmod(cache, mode)
    assert schemacache.load_docs(str(schema)) == [{"type": "object"}]
    assert list(cache.iterdir()) == [entry] and entry.read_bytes() == forged  # nothing written
    os.chmod(cache, 0o700)  # the same entry in a folder of this user's alone is read: the folder was refused
    assert schemacache.load_docs(str(schema)) == [{"type": "string"}]


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user takes root")
def test_another_users_entry_is_ignored_and_replaced(cache, schema):
    cache.mkdir(parents=True, mode=0o700)
    entry = _forge(cache, schema, [{"type": "string"}])
    os.chown(entry, 65534, 65534)
    assert schemacache.load_docs(str(schema)) == [{"type": "object"}]
    assert entry.stat().st_uid == os.geteuid()  # rewritten: renamed over it
    assert schemacache.load_docs(str(schema)) == [{"type": "object"}]


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user takes root")
def test_another_users_folder_is_neither_read_nor_written(cache, schema):
    cache.mkdir(parents=True, mode=0o700)
    entry = _forge(cache, schema, [{"type": "string"}])
    os.chown(cache, 65534, 65534)
    assert schemacache.load_docs(str(schema)) == [{"type": "object"}]
    assert list(cache.iterdir()) == [entry]


def test_a_relative_xdg_cache_home_is_ignored(tmp_path, monkeypatch, schema):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert schemacache.load_docs(str(schema)) == [{"type": "object"}]
    assert not (tmp_path / "relative").exists()
    assert len(list((tmp_path / "home" / ".cache" / "dv-eval").iterdir())) == 1  # the default


def test_an_entry_serves_only_the_bytes_it_was_made_from(cache, schema):
    """An entry is named by checksums, which other bytes may share: it holds its bytes, and is compared."""
    cache.mkdir(parents=True, mode=0o700)
    entry = _forge(cache, schema, [{"type": "string"}], source=b"\0type: string\n")  # the same name, other bytes
    assert schemacache.load_docs(str(schema)) == [{"type": "object"}]
    assert b"\0type: object\n" in entry.read_bytes()  # rewritten, for these bytes
    assert schemacache.load_docs(str(schema)) == [{"type": "object"}]
