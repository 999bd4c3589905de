"""`-o FILE` writes safely: through symlinks, never replacing special files, keeping mode and owner."""

import os
import stat
import subprocess
import sys
import threading

import pytest
from click.testing import CliRunner

from dv2openapi.cli import main

TYPES = "examples/widget/types.py"


def emit(out):
    return CliRunner().invoke(main, ["openapi", TYPES, "-o", str(out)])


def test_symlink_is_followed_to_its_target(tmp_path):
    target = tmp_path / "real.yaml"
    target.write_text("old\n")
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    assert emit(link).exit_code == 0
    assert link.is_symlink() and target.read_text().startswith("openapi: 3.0.3")
    dangling = tmp_path / "dangling.yaml"
    dangling.symlink_to(tmp_path / "made.yaml")
    assert emit(dangling).exit_code == 0 and dangling.is_symlink() and (tmp_path / "made.yaml").is_file()


def test_fifo_is_written_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    r = emit(fifo)
    reader.join(timeout=60)
    assert r.exit_code == 0, r.output
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and got[0].startswith("openapi: 3.0.3")


def test_character_device_is_written_not_replaced():
    assert emit("/dev/null").exit_code == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_existing_file_keeps_mode_and_owner(tmp_path):
    f = tmp_path / "out.yaml"
    f.write_text("old\n")
    f.chmod(0o640)
    owner = None
    if os.geteuid() == 0:
        os.chown(f, 1234, 1234)
        owner = (1234, 1234)
    assert emit(f).exit_code == 0
    st = os.stat(f)
    assert stat.S_IMODE(st.st_mode) == 0o640 and f.read_text().startswith("openapi")
    if owner:
        assert (st.st_uid, st.st_gid) == owner


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only file, as the shell's > does")
def test_read_only_file_is_refused(tmp_path):
    f = tmp_path / "out.yaml"
    f.write_text("old\n")
    f.chmod(0o444)
    r = emit(f)
    assert r.exit_code == 2 and "Permission denied" in r.output and f.read_text() == "old\n"


def test_new_file_gets_umask_permissions(tmp_path):
    old = os.umask(0o027)
    try:
        assert emit(tmp_path / "new.yaml").exit_code == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "new.yaml").st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["new.yaml"]  # no temporary file left


@pytest.mark.parametrize(
    "where,reason",
    [
        ("missing/out.yaml", "No such file or directory"),
        ("file.txt/out.yaml", "Not a directory"),
        (".", "not a regular"),
    ],
)
def test_unwritable_destination_is_one_line_exit_2(tmp_path, where, reason):
    (tmp_path / "file.txt").write_text("x")
    r = emit(tmp_path / where)
    assert r.exit_code == 2 and reason in r.output and len(r.output.strip().splitlines()) == 1
    assert "Traceback" not in r.output and "internal error" not in r.output


@pytest.mark.parametrize("how", ["same path", "symlink", "hard link"])
def test_output_that_is_the_types_file_is_refused_and_nothing_is_written(tmp_path, how):
    src = tmp_path / "types.py"
    src.write_text("from dataclasses import dataclass\n\n\n@dataclass\nclass T:\n    # +k8s:minimum=0\n    n: int\n")
    out = {"same path": src, "symlink": tmp_path / "out.yaml", "hard link": tmp_path / "out.yaml"}[how]
    if how == "symlink":
        out.symlink_to(src)
    elif how == "hard link":
        os.link(src, out)
    before = src.read_bytes()
    r = CliRunner().invoke(main, ["openapi", str(src), "-o", str(out)])
    assert r.exit_code == 2 and "is an input of this run" in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1 and src.read_bytes() == before


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="/dev/full (a device every write to fails) is Linux's")
@pytest.mark.parametrize(
    "args,where",
    [
        (["openapi", TYPES], "standard output"),
        (["crd", TYPES, "--type", "Widget", "--group", "example.com"], "standard output"),
        (["tags"], "standard output"),
        (["openapi", TYPES, "-o", "/dev/full"], "/dev/full"),
    ],
)
def test_a_write_error_is_one_line_naming_the_output_exit_2(args, where):
    with open("/dev/full", "w") as full:
        r = subprocess.run(
            [sys.executable, "-m", "dv2openapi.cli", *args], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert r.returncode == 2
    assert r.stderr.splitlines()[-1] == f"dv2openapi: {where}: cannot write: No space left on device"
    assert "internal error" not in r.stderr and "Traceback" not in r.stderr
