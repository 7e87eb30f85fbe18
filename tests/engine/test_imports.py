"""The engine's modules form a stack with no import loop (issue 14): every import, at the top of
a module or inside a function, relative or absolute, counts."""

from __future__ import annotations

import ast
from pathlib import Path

import lastcard

PACKAGE = Path(lastcard.__file__).parent


def module_name(path: Path) -> str:
    parts = ["lastcard", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def graph() -> dict[str, set[str]]:
    """module -> the ``lastcard`` modules it imports (a package's ``__init__`` is the package)."""
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    edges: dict[str, set[str]] = {name: set() for name in paths}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                # ``from . import x`` imports the submodule x when there is one
                subs = [f"{base}.{alias.name}" for alias in node.names]
                targets = [s for s in subs if s in paths] or [base]
            for target in targets:
                while target and target not in paths:  # lastcard.game.Game -> lastcard.game
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges[name].add(target)
    return edges


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import loop, if there is any."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_engine_has_no_import_loop() -> None:
    edges = graph()
    parts = {"lastcard.game", "lastcard.moves", "lastcard.beliefs", "lastcard.registry"}
    assert set(edges) >= parts
    assert cycle(edges) is None, " -> ".join(cycle(edges) or [])


def test_the_turn_machinery_does_not_know_the_rulesets() -> None:
    edges = graph()
    for name in ("lastcard.base", "lastcard.moves", "lastcard.beliefs", "lastcard.game"):
        assert not {e for e in edges[name] if e.startswith("lastcard.rulesets")}, name
        assert "lastcard.registry" not in edges[name] and "lastcard" not in edges[name], name


def test_the_checker_finds_a_loop() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None
