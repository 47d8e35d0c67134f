"""The facade package's imports, read with ``ast``: no import circle between its modules, and no
module using a name another module keeps private (a leading underscore)."""

from __future__ import annotations

import ast
from pathlib import Path

import petteia_core.web

PACKAGE = "petteia_core.web"


def _module_name(package: str, path: Path) -> str:
    return package if path.stem == "__init__" else f"{package}.{path.stem}"


def _resolve(package: str, current: str, is_init: bool, node: ast.ImportFrom) -> str:
    """The absolute module an ``ImportFrom`` reads from."""
    if node.level == 0:
        return node.module or ""
    base = current if is_init else current.rsplit(".", 1)[0]
    for _ in range(node.level - 1):
        base = base.rsplit(".", 1)[0]
    return f"{base}.{node.module}" if node.module else base


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def walk(directory: Path, package: str) -> tuple[dict[str, set[str]], list[str]]:
    """(module -> the package's modules it imports, the private names used across modules)."""
    files = {_module_name(package, p): p for p in sorted(directory.glob("*.py"))}
    edges: dict[str, set[str]] = {name: set() for name in files}
    problems: list[str] = []
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        modules: set[str] = set()  # names bound to modules here, to catch module._private
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                source = _resolve(package, name, path.stem == "__init__", node)
                for alias in node.names:
                    full = f"{source}.{alias.name}"
                    if full in files:  # "from . import words": the submodule
                        edges[name].add(full)
                        modules.add(alias.asname or alias.name)
                    else:
                        if source in files:
                            edges[name].add(source)
                        if private(alias.name):
                            problems.append(f"{name} imports {alias.name} from {source}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in files:
                        edges[name].add(alias.name)
                    if any(private(part) for part in alias.name.split(".")):
                        problems.append(f"{name} imports {alias.name}")
                    modules.add(alias.asname or alias.name.split(".")[0])
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and private(node.attr) and isinstance(node.value, ast.Name)
                    and node.value.id in modules):
                problems.append(f"{name} uses {node.value.id}.{node.attr}")
    return edges, problems


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle found by a depth-first walk (each as the list of its modules)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for nxt in sorted(edges.get(module, ())):
            if state.get(nxt) == 1:
                found.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module)
    return found


def test_the_facade_has_no_import_circle_and_uses_no_private_names():
    directory = Path(petteia_core.web.__file__).parent
    edges, problems = walk(directory, PACKAGE)
    assert {"petteia_core.web.ops", "petteia_core.web.session", "petteia_core.web.words"} <= set(edges)
    assert circles(edges) == []
    assert problems == []
    # The submodules never import the package itself (only __init__ gathers them).
    assert all(PACKAGE not in targets for module, targets in edges.items() if module != PACKAGE)


def test_the_walk_finds_a_circle_and_a_private_name(tmp_path):
    """The checker itself can fail: a package in which a imports b, b imports a and a private name."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from .a import run\n")
    (pkg / "a.py").write_text("from .b import helper\n\ndef run():\n    return helper()\n")
    (pkg / "b.py").write_text("from . import a\nfrom .c import _secret\n\ndef helper():\n    return a._cache\n")
    (pkg / "c.py").write_text("_secret = 1\n")
    edges, problems = walk(pkg, "pkg")
    assert circles(edges) == [["pkg.a", "pkg.b", "pkg.a"]]
    assert sorted(problems) == ["pkg.b imports _secret from pkg.c", "pkg.b uses a._cache"]
