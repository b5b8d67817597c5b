"""The project's scripts (``scripts/NAME.py``) and benchmarks (``benchmarks/NAME.py``), not
packages, as modules, for their tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "scripts"
BENCHMARKS = ROOT / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` imported as the module ``name``, as :func:`load_script`."""
    return load_script(name, BENCHMARKS)


def load_script(name: str, folder: Path = SCRIPTS) -> ModuleType:
    """``scripts/<name>.py`` imported as the module ``name`` (kept in ``sys.modules``: its
    dataclasses look their module up while being defined)."""
    spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module
