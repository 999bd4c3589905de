"""The house the design card draws, read from the imports: the translator (`dv2openapi`) uses the
evaluator (`evaluator`), which holds the API server's model (`evaluator.apiserver`); nothing imports
upward, no module imports itself in a circle, the evaluator's rooms (folders) form no circle, and no
room holds more than fifteen modules."""

import ast
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("dv2openapi", "evaluator")
MAX_MODULES = 15


def _modules() -> dict[str, Path]:
    out = {}
    for top in PACKAGES:
        for path in (ROOT / top).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


MODULES = _modules()


def _room(module: str) -> str:
    """The folder (package) a module lives in."""
    return module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]


def _project_module(name: str) -> str | None:
    """The project module an imported name lives in (`a.b.f` -> `a.b`), None outside the project."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str) -> set[str]:
    """The project modules a module imports, at its top or inside a function."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            names = [f"{base}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found |= {m for m in map(_project_module, names) if m is not None and m != module}
    return found


GRAPH = {m: _imports(m) for m in MODULES}


def _layer(module: str) -> int:
    """0 the translator, 1 the evaluator, 2 the API server's model inside it."""
    if module.startswith("dv2openapi"):
        return 0
    return 2 if module.startswith("evaluator.apiserver") else 1


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of a directed graph, or None."""
    state: dict[str, int] = {}
    for start in sorted(graph):
        if state.get(start):
            continue
        stack = [(start, iter(sorted(graph[start])))]
        path = [start]
        state[start] = 1
        while stack:
            node, todo = stack[-1]
            nxt = next(todo, None)
            if nxt is None:
                stack.pop()
                path.pop()
                state[node] = 2
            elif state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                stack.append((nxt, iter(sorted(graph.get(nxt, ())))))
    return None


def test_the_layout_is_read_whole():
    assert {"evaluator.run.cli", "evaluator.apiserver.request.server", "dv2openapi.cli"} <= set(MODULES)
    assert GRAPH["evaluator.apiserver.request.server"]  # the reader finds imports (else every check passes)
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_no_import_runs_upward():
    upward = sorted(f"{m} -> {t}" for m, targets in GRAPH.items() for t in targets if _layer(t) < _layer(m))
    assert upward == []


def test_no_module_imports_itself_in_a_circle():
    assert _cycle(GRAPH) is None


def test_the_evaluator_s_rooms_form_no_circle():
    rooms: dict[str, set[str]] = defaultdict(set)
    for m, targets in GRAPH.items():
        if m.startswith("evaluator"):
            rooms[_room(m)] |= {_room(t) for t in targets if _room(t) != _room(m)}
    assert _cycle(dict(rooms)) is None


@pytest.mark.parametrize("top", [*PACKAGES, "tests", "benchmarks", "tools"])
def test_no_room_holds_more_than_fifteen_modules(top):
    crowded = {}
    for folder in [ROOT / top, *(p for p in (ROOT / top).rglob("*") if p.is_dir() and p.name != "__pycache__")]:
        count = sum(1 for p in folder.iterdir() if p.suffix in (".py", ".pyx") and p.name != "__init__.py")
        if count > MAX_MODULES:
            crowded[str(folder.relative_to(ROOT))] = count
    assert crowded == {}
