"""The engine imports only the standard library, and no browser module, clock or global RNG."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import lastcard

PACKAGE = Path(lastcard.__file__).parent
FORBIDDEN = {"js", "pyodide", "pyodide_js", "pyscript", "time"}


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
            assert top not in FORBIDDEN, where
            if top == "random":  # only seeded instances, never the module-level generator
                assert names == ["Random"], where
