"""The shape of the package: layers (import-linter, in ``make lint``), no import cycle between
any two modules, private names kept inside their module."""

from __future__ import annotations

import ast
from pathlib import Path

import grimp
import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "wordlekit"
#: Private names of the standard library a module may use (not wordlekit's).
STDLIB_PRIVATE = {"_exit", "_getframe", "_replace", "_asdict", "_fields", "_make"}


def modules() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if "__pycache__" not in p.parts)


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("wordlekit", exclude_type_checking_imports=False)


def test_no_import_cycle_between_any_two_modules(graph: grimp.ImportGraph) -> None:
    cycles = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                cycles.append(" -> ".join((importer, *back)))
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def private_uses(path: Path) -> list[str]:
    """``from wordlekit.x import _name`` (other than a private module of the importer's own
    package) and ``something._name`` on anything but ``self``/``cls``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside = SRC in path.parents
    package = module_name(path).rsplit(".", 1)[0] if inside else None
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("wordlekit"):
            for alias in node.names:
                private = alias.name.startswith("_") and not alias.name.startswith("__")
                own_module = node.module == package and (path.parent / f"{alias.name}.py").exists()
                if private and not own_module:
                    where = f"{path.name}:{node.lineno}"
                    found.append(f"{where}: from {node.module} import {alias.name}")
        elif isinstance(node, ast.Attribute):
            name = node.attr
            if not name.startswith("_") or name.startswith("__") or name in STDLIB_PRIVATE:
                continue
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_module_uses_another_s_private_names() -> None:
    uses = [use for path in modules() for use in private_uses(path)]
    assert not uses, "private names used outside their module:\n" + "\n".join(uses)


def test_the_private_name_check_catches_both_forms(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from wordlekit.solve.optimal import _root_value\n"
        "def f(ctx):\n    return ctx._constraints(None, None)\n"
    )
    assert len(private_uses(bad)) == 2


def test_the_command_line_starts_without_numba() -> None:
    """Loading ``wordle`` (every command registered) does not import numba: its 0.25 s would
    be paid by every command, also those that never run a kernel (``wordle suggest`` must
    answer within half a second). Kernels are loaded when a command needs them."""
    import subprocess
    import sys

    code = "import sys; from wordlekit.cli import app; print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", out.stdout + out.stderr


def test_every_public_name_resolves_and_is_documented() -> None:
    """``wordlekit.__all__`` is the library's API: each name resolves (the lazy ones too),
    is named in the package's docstring, and a class or function has a docstring of its own
    (a name re-exported from deep inside must still say what it is)."""
    import inspect

    import wordlekit

    doc = wordlekit.__doc__ or ""
    missing = []
    for name in wordlekit.__all__:
        value = getattr(wordlekit, name)  # raises if it does not resolve
        if f"``{name}``" not in doc:
            missing.append(f"{name}: not in the package docstring")
        if (inspect.isclass(value) or inspect.isfunction(value)) and not inspect.getdoc(value):
            missing.append(f"{name}: no docstring")
    assert not missing, "\n".join(missing)
    assert sorted(wordlekit.__all__) == sorted(set(wordlekit.__all__))


def test_the_package_imports_without_numba() -> None:
    """``import wordlekit`` gives the whole API without compiling anything: the exact solver's
    names load their kernels when first used."""
    import subprocess
    import sys

    code = (
        "import sys, wordlekit; print('numba' in sys.modules); "
        "wordlekit.Position; print('numba' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"], out.stdout + out.stderr
