"""The package's shape: no import cycle, nothing at run time imports a command, short
module docs, and package names that stay what they export.

Every module under osc7501wrap/ is read (its source, with ast: nothing is executed but the
package imports in the last test). An import counts wherever it is written, also inside
a function; imports under ``if TYPE_CHECKING:`` do not count (they never run).
"""

from __future__ import annotations

import ast
import importlib
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

import osc7501wrap

ROOT = Path(osc7501wrap.__file__).resolve().parent
PACKAGE = "osc7501wrap"
MAX_DOC_LINES = 40
#: where commands are dispatched from (by name, at the command line): allowed to name them
ENTRY_POINTS = ("osc7501wrap.start.cli", "osc7501wrap.__main__", "osc7501wrap.start")
COMMANDS = "osc7501wrap.commands"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}
PACKAGES = {name for name, p in MODULES.items() if p.name == "__init__.py"}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run (not under ``if TYPE_CHECKING:``)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _lazy_names(package: str) -> dict[str, str]:
    """A package that exports its modules' names on first use (``_WHERE``: name ->
    module): which module each name really comes from."""
    source = MODULES[package].read_text(encoding="utf-8")
    if "_WHERE" not in source:
        return {}
    return dict(getattr(importlib.import_module(package), "_WHERE", {}))


def edges(name: str) -> set[str]:
    """The package's modules that module `name` imports."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    here = name if name in PACKAGES else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _imports(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
            out.update(t for t in targets if t in MODULES)
            continue
        if node.level:
            base = here.split(".")
            base = base[: len(base) - (node.level - 1)]
            target = ".".join([*base, *([node.module] if node.module else [])])
        else:
            target = node.module or ""
        if target not in MODULES:
            continue
        lazy = _lazy_names(target) if target in PACKAGES else {}
        for alias in node.names:
            sub = f"{target}.{alias.name}"
            if sub in MODULES:
                out.add(sub)
            elif alias.name in lazy:
                out.add(f"{target}.{lazy[alias.name]}")
            else:
                out.add(target)
    out.discard(name)
    return out


GRAPH = {name: edges(name) for name in MODULES}


def _cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return found


def test_every_module_is_checked() -> None:
    files = sorted(ROOT.rglob("*.py"))
    assert len(MODULES) == len(files) > 30
    for known in ("osc7501wrap.protocol.scanner", "osc7501wrap.screen.model",
                  "osc7501wrap.report.emitter", "osc7501wrap.commands.doctor"):
        assert known in MODULES
    assert GRAPH["osc7501wrap.protocol.scanner"] >= {"osc7501wrap.protocol.parse"}
    # a name taken from a package that loads it lazily counts as its module
    assert "osc7501wrap.protocol.encoder" in GRAPH["osc7501wrap.report.emitter"]


def test_no_import_cycle() -> None:
    cycles = _cycles()
    assert not cycles, "modules that import each other: " + "; ".join(
        " <-> ".join(c) for c in cycles)


def test_no_runtime_module_imports_a_command() -> None:
    bad = {}
    for name, targets in GRAPH.items():
        if name == COMMANDS or name.startswith(COMMANDS + "."):
            continue
        if any(name == e or name.startswith(e + ".") for e in ENTRY_POINTS):
            continue
        hits = sorted(t for t in targets if t == COMMANDS or t.startswith(COMMANDS + "."))
        if hits:
            bad[name] = hits
    assert not bad, f"runtime modules importing commands: {bad}"


def test_module_docs_are_a_screen_or_less() -> None:
    long = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        doc = ast.get_docstring(tree, clean=True)
        if doc is not None and len(doc.splitlines()) > MAX_DOC_LINES:
            long[name] = len(doc.splitlines())
    assert not long, f"module docs over {MAX_DOC_LINES} lines: {long}"


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_package_names_are_not_shadowed_by_submodules(package: str) -> None:
    """Importing a submodule binds its name on the package: a package must not export
    a name that one of its modules is called (``protocol.encode`` would become the
    module once ``protocol/encode.py`` were imported)."""
    pkg = importlib.import_module(package)
    subs = {n.rpartition(".")[2] for n in MODULES if n.rpartition(".")[0] == package}
    exported = set(getattr(pkg, "__all__", ())) | set(_lazy_names(package))
    assert not exported & subs, exported & subs
    for name in exported:
        assert not isinstance(getattr(pkg, name), types.ModuleType), name
