"""The engine imports only the standard library, and no browser module, clock or global RNG.

One module may read the clock: ``userbot.py`` runs players' own bots, and its ``Deadline`` stops a
bot's move that runs past its time (docs/bots.md). Nothing of a game reads it: a game's moves
and deals stay a function of its seed and the actions sent to it."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import lastcard

PACKAGE = Path(lastcard.__file__).parent
FORBIDDEN = {"js", "pyodide", "pyodide_js", "pyscript", "time"}
CLOCKED = {"userbot.py": {"time"}}  # what a module may import of FORBIDDEN, and why: above


def imports(path: Path) -> list[tuple[str, list[str]]]:
    """(module, names) for every absolute import in the file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module, [alias.name for alias in node.names]))
    return found


def test_engine_imports_only_the_standard_library() -> None:
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) >= 5
    for path in modules:
        for module, names in imports(path):
            top = module.split(".")[0]
            where = f"{path.relative_to(PACKAGE)} imports {module}"
            assert top == "lastcard" or top in sys.stdlib_module_names, where
            assert top not in FORBIDDEN - CLOCKED.get(str(path.relative_to(PACKAGE)), set()), where
            if top == "random":  # only seeded instances, never the module-level generator
                assert names == ["Random"], where


def test_no_module_of_a_game_imports_the_clocked_ones() -> None:
    """The game, its rulesets, its bots and its tournament never import ``userbot``, absolutely
    or relatively: the clock it reads reaches no game."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name in CLOCKED:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                named = [getattr(node, "module", None) or "", *(a.name for a in node.names)]
                assert not any("userbot" in name for name in named), path
