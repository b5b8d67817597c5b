"""Figures of the package's architecture, read from the source with :mod:`ast`.

    python scripts/architecture_figures.py [--json]

What it counts (the figures issue 21 was judged by):

- imports from the front ends (``cli``, ``tui``, ``web``) of anything but the services, the
  core, the errors and the budget (function-local and ``TYPE_CHECKING`` imports included);
- public service functions whose return annotation is ``dict[str, Any]``;
- ``to_dict`` methods, and pydantic response models named ``*Out``;
- parameters named ``hard``, ``ultrahard`` or ``candidates_only`` (rules as loose booleans);
- exception classes defined outside ``errors.py``;
- function-local imports of ``wordlekit`` modules;
- lines of Python per layer.
"""

from __future__ import annotations

import argparse
import ast
import json
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "src" / "wordlekit"
FRONT_ENDS = ("cli", "tui", "web")
ALLOWED_FROM_FRONT_ENDS = ("services", "core", "errors", "budget")
RULE_FLAGS = {"hard", "ultrahard", "candidates_only"}
LAYERS = (
    "cli",
    "tui",
    "web",
    "services",
    "analysis",
    "solve",
    "fast",
    "store",
    "core",
)


def modules() -> list[tuple[str, Path, ast.Module]]:
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        name = ".".join(("wordlekit", *rel.parts)).removesuffix(".__init__")
        out.append((name, path, ast.parse(path.read_text(encoding="utf-8"))))
    return out


def imported(node: ast.AST) -> list[str]:
    """The ``wordlekit`` modules an import statement names."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.startswith("wordlekit")]
    if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("wordlekit"):
        if node.module == "wordlekit":
            return [f"wordlekit.{a.name}" for a in node.names]
        return [node.module]
    return []


def package_of(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else ""


def is_exception_class(node: ast.ClassDef) -> bool:
    for base in node.bases:
        label = ast.unparse(base)
        if label.endswith(("Error", "Exception", "Exceeded", "Busy", "Failed")):
            return True
    return False


def figures() -> dict[str, object]:
    past_services: list[str] = []
    dict_returns: list[str] = []
    to_dicts: list[str] = []
    out_models: list[str] = []
    flags: Counter[str] = Counter()
    flag_sites: list[str] = []
    exceptions: list[str] = []
    local_imports = 0
    lines: Counter[str] = Counter()
    for name, path, tree in modules():
        pkg = package_of(name)
        lines[pkg if pkg in LAYERS else "basics"] += len(path.read_text().splitlines())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom) and pkg in FRONT_ENDS:
                for target in imported(node):
                    if package_of(target) not in (*ALLOWED_FROM_FRONT_ENDS, *FRONT_ENDS):
                        past_services.append(f"{name} -> {target}")
            if isinstance(node, ast.FunctionDef):
                if node.name == "to_dict":
                    to_dicts.append(name)
                returns = ast.unparse(node.returns) if node.returns else ""
                if pkg == "services" and not node.name.startswith("_"):
                    if returns.replace(" ", "") == "dict[str,Any]":
                        dict_returns.append(f"{name}.{node.name}")
                args = node.args
                for a in (*args.posonlyargs, *args.args, *args.kwonlyargs):
                    if a.arg in RULE_FLAGS:
                        flags[a.arg] += 1
                        flag_sites.append(f"{name}.{node.name}({a.arg})")
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Import | ast.ImportFrom) and imported(sub):
                        local_imports += 1
            if isinstance(node, ast.ClassDef):
                if node.name.endswith("Out") and pkg == "web":
                    out_models.append(f"{name}.{node.name}")
                if is_exception_class(node) and name != "wordlekit.errors":
                    exceptions.append(f"{name}.{node.name}")
    return {
        "front-end imports past the services": len(past_services),
        "service functions returning dict[str, Any]": len(dict_returns),
        "to_dict methods": len(to_dicts),
        "web *Out models": len(out_models),
        "rule flag parameters (hard, ultrahard, candidates_only)": dict(flags),
        "exception classes outside errors.py": len(exceptions),
        "function-local wordlekit imports": local_imports,
        "lines per layer": dict(lines),
        "_detail": {
            "past_services": past_services,
            "dict_returns": dict_returns,
            "exceptions": exceptions,
            "flag_sites": flag_sites,
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print every figure as JSON")
    parser.add_argument("--detail", action="store_true", help="list what each figure counts")
    args = parser.parse_args()
    figs = figures()
    detail = figs.pop("_detail")
    if args.json:
        print(json.dumps({**figs, **({"detail": detail} if args.detail else {})}, indent=2))
        return
    for key, value in figs.items():
        print(f"{key}: {value}")
    if args.detail:
        assert isinstance(detail, dict)
        for key, items in detail.items():
            print(f"\n{key}:")
            for item in items:
                print(f"  {item}")


if __name__ == "__main__":
    main()
