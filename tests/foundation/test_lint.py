"""The house style is checked, not hoped for: ruff and mypy (pyproject.toml settings) are clean."""

from __future__ import annotations

import subprocess
import sys

import pytest
from bootstrap import ROOT


@pytest.mark.parametrize(
    "command",
    [["ruff", "check", "."], ["ruff", "format", "--check", "py"], ["mypy"]],
    ids=["ruff", "ruff-format", "mypy"],
)
def test_clean(command: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
