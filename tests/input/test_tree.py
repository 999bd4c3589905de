"""The files a directory argument stands for (tree.yaml_files): told from directory entries, as
`os.walk` and a `stat` of each name would tell them."""

import os

import pytest

from evaluator.input.document import InputError
from evaluator.input.tree import yaml_files


def _walked(top: str) -> list[str]:
    """What os.walk and a stat of every name find (the reference: regular files only, symlinked
    directories not entered)."""
    out = []
    for where, _, names in os.walk(top):
        for name in names:
            path = os.path.join(where, name)
            if name.endswith((".yaml", ".yml", ".json")) and os.path.isfile(path):
                out.append(path)
    return sorted(out)


def test_regular_files_and_symlinks_to_them_below_every_directory(tmp_path):
    (tmp_path / "a" / "b" / "c").mkdir(parents=True)
    for rel in ("x.yaml", "a/y.yml", "a/b/z.json", "a/b/c/w.yaml", "a/notes.txt", "a/b/README"):
        (tmp_path / rel).write_text("a: 1\n")
    (tmp_path / "a" / "link.yaml").symlink_to(tmp_path / "x.yaml")
    (tmp_path / "loop").symlink_to(tmp_path / "a")  # a symlinked directory: not entered
    (tmp_path / "dir.yaml").mkdir()  # a directory whose name looks like a file's
    (tmp_path / "dir.yaml" / "inner.yaml").write_text("a: 1\n")
    found = yaml_files(str(tmp_path))
    assert found == _walked(str(tmp_path))
    assert len(found) == 6 and not any("/loop/" in p for p in found)


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda d: (d / "gone.yaml").symlink_to(d / "nowhere"), "gone.yaml: cannot read: No such file or directory"),
        (lambda d: os.mkfifo(d / "pipe.yaml"), "pipe.yaml: not a regular file"),
    ],
)
def test_a_name_that_is_not_a_readable_regular_file_is_an_error(tmp_path, make, message):
    (tmp_path / "ok.yaml").write_text("a: 1\n")
    make(tmp_path)
    with pytest.raises(InputError, match=message):
        yaml_files(str(tmp_path))
