"""The shape of petteia_core's imports, read with ``ast``: no import circles, no private names
used across modules.

* A circle counts every import, also one inside a function (a late import only hides a circle),
  but not those under ``if TYPE_CHECKING:`` (never run).
* A private name is ``_name`` (not a dunder). A module may not import another module's private
  names (``from .x import _y``, ``x._y`` on an imported module), nor reach into an object's
  private attribute (``pos._after``) unless its own module defines that name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import petteia_core

PACKAGE = Path(petteia_core.__file__).resolve().parent

# Modules left out of both checks (none: the browser facade, rebuilt as the package web/, is checked
# like the rest; tests/test_web_imports.py walks it on its own too, also inside Pyodide).
FACADE_EXCLUDED: list[str] = []

#: Underscore names that are public API of the standard library (namedtuple methods).
_STDLIB_PUBLIC = {"_replace", "_asdict", "_fields", "_make"}

pytestmark = pytest.mark.no_pyodide  # reads the package's source files


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _modules() -> dict[str, Path]:
    """Dotted module name -> source file, for every module of petteia_core but the facade's."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent)
        if rel.relative_to("petteia_core").as_posix() in FACADE_EXCLUDED:
            continue
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _package_of(name: str) -> str:
    return name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]


def _base(module: str, node: ast.ImportFrom) -> str:
    """The absolute module a ``from … import`` names."""
    if not node.level:
        return node.module or ""
    parts = _package_of(module).split(".")
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def _imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Every import of a module, also inside functions, but not under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
        else:
            stack.extend(ast.iter_child_nodes(node))
    return found


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The petteia_core modules (of MODULES) an import statement loads."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = _base(module, node)
        names = [base] + [f"{base}.{a.name}" for a in node.names]
    return [n for n in names if n in MODULES and n != module]


def _graph() -> dict[str, set[str]]:
    graph = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = {t for node in _imports(tree) for t in _targets(name, node)}
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` (as a path that ends where it starts), or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def _defined_private_names(tree: ast.Module) -> set[str]:
    """Private names a module defines: functions, classes, assignments, attributes, slots."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.add(node.value)  # __slots__ entries, setattr names
    return {n for n in names if _is_private(n)}


def _private_uses(name: str, path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = _defined_private_names(tree)
    module_aliases: set[str] = set()
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _base(name, node)
            for alias in node.names:
                if f"{base}.{alias.name}" in MODULES:
                    module_aliases.add(alias.asname or alias.name)
                elif base.startswith("petteia_core") and _is_private(alias.name):
                    problems.append(f"{name}:{node.lineno}: from {base} import {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    module_aliases.add(alias.asname or alias.name.split(".")[0])
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not _is_private(node.attr) or node.attr in _STDLIB_PUBLIC:
            continue
        owner = node.value
        if isinstance(owner, ast.Name) and owner.id in module_aliases:
            problems.append(f"{name}:{node.lineno}: {owner.id}.{node.attr} (another module's private name)")
        elif isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
            continue
        elif node.attr not in own:
            problems.append(f"{name}:{node.lineno}: .{node.attr} (a private name of another module)")
    return problems


def test_the_walk_sees_the_package():
    assert "petteia_core.custodian" in MODULES and "petteia_core.render.custodian" in MODULES
    assert not any(name.split(".")[-1] in ("web_play", "web_puzzles", "web_line") for name in MODULES)
    assert {"petteia_core.web", "petteia_core.web.ops", "petteia_core.web.session"} <= set(MODULES)
    graph = _graph()
    assert "petteia_core.board" in graph["petteia_core.custodian"]
    assert "petteia_core.duodecim.track" in graph["petteia_core.render.description"]


def test_the_circle_finder_finds_a_circle():
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) is None


def test_no_import_circles():
    circle = _circle(_graph())
    assert circle is None, "import circle: " + " -> ".join(circle or ())


def test_no_module_uses_another_modules_private_names():
    problems = [p for name, path in MODULES.items() for p in _private_uses(name, path)]
    assert problems == []
