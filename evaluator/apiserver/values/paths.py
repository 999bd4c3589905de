"""Field paths printed the way k8s.io/apimachinery's field.Path prints them."""

from __future__ import annotations

Path = tuple


def at(path: Path, key: str | int, named: bool = True) -> Path:
    """The child path: a property (`a.b`), an index (`a[0]`) or a map key (`a[k]`)."""
    return path + ((key, named),)


def fmt(path: Path, dotted_keys: bool = False) -> str:
    """The path as a string; kube-openapi's errors print map keys like properties (`a.k`)."""
    out = ""
    for key, named in path:
        if isinstance(key, int) or not (named or dotted_keys):
            out += f"[{key}]"
        else:
            out += ("." if out else "") + key
    return out
