"""The package's shape: no import cycle, imports that point down the layers (the core not
importing the loop), nothing at run time imports a command, no
agent named outside agents/ and rules/, imports at module level outside the start-up
boundary unless a ``# lazy:`` comment says why, few modules with imports under
``if TYPE_CHECKING:``, short module docs, and package names that stay what they export.

Every module under osc7501wrap/ is read (its source, with ast: nothing is executed but the
package imports in the last test). An import counts wherever it is written, also inside
a function; imports under ``if TYPE_CHECKING:`` do not count (they never run).
"""

from __future__ import annotations

import ast
import importlib
import tomllib
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


def _tree(name: str) -> ast.Module:
    path = MODULES[name]
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def targets(name: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """What one import statement of module `name` imports: the package's modules it loads
    (a name from a lazy package counts as its module), else the outside module's name."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names}
    if node.level:
        here = name if name in PACKAGES else name.rpartition(".")[0]
        base = here.split(".")
        base = base[: len(base) - (node.level - 1)]
        target = ".".join([*base, *([node.module] if node.module else [])])
    else:
        target = node.module or ""
    if target not in MODULES:
        return {target}
    lazy = _lazy_names(target) if target in PACKAGES else {}
    out: set[str] = set()
    for alias in node.names:
        sub = f"{target}.{alias.name}"
        if sub in MODULES:
            out.add(sub)
        elif alias.name in lazy:
            out.add(f"{target}.{lazy[alias.name]}")
        else:
            out.add(target)
    return out


def edges(name: str) -> set[str]:
    """The package's modules that module `name` imports."""
    out: set[str] = set()
    for node in _imports(_tree(name)):
        out.update(t for t in targets(name, node) if t in MODULES)
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
    for known in ("osc7501wrap.stream.scanner", "osc7501wrap.screen.model",
                  "osc7501wrap.report.emitter", "osc7501wrap.commands.doctor"):
        assert known in MODULES
    assert GRAPH["osc7501wrap.stream.scanner"] >= {"osc7501wrap.protocol.parse"}
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


# --------------------------------------------------------------------------- layers

#: The layers, bottom first, as the data flows (README "How it works"): a module imports
#: its own layer and those below it, never one above. The wire format, the screen model
#: and the rules are data that know nothing of a run; the loop passes bytes through; the
#: core decides without I/O; what an agent's signals mean and where decisions go sit on
#: the core; a session wires them to the loop; the start-up boundary prepares a session;
#: the commands use any of it. ``""`` is the package itself (its ``status`` API).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "frozen", "paths", "digest"),  # the error type, value classes, file places, a hash
    ("protocol", "screen", "rules", "config", "capture"),  # data: wire, screen, manifests
    ("stream",),  # the child's byte stream as it passes: the 7501 scanner, the tracker
    ("fusion",),  # deciding without I/O
    ("proxy",),  # the pty loop, the program's processes
    ("agents", "report"),  # what an agent's own signals mean; decisions -> where people look
    ("session",),  # one run, wired to the loop
    ("fleet",),  # other machines' sessions, over ssh, as the registry shows them
    ("start", ""),  # the start-up boundary; the package's API
    ("commands", "__main__"),  # `osc7501wrap COMMAND`; `python -m osc7501wrap`
)
LEVEL = {part: i for i, layer in enumerate(LAYERS) for part in layer}


def level(name: str) -> int:
    """The layer of module `name` (of its first part under the package)."""
    return LEVEL[name.split(".")[1] if "." in name else ""]


def upward(graph: dict[str, set[str]]) -> dict[str, list[str]]:
    bad = {}
    for name, deps in graph.items():
        up = sorted(t for t in deps if level(t) > level(name))
        if up:
            bad[name] = up
    return bad


def test_every_module_has_a_layer() -> None:
    assert {name.split(".")[1] if "." in name else "" for name in MODULES} == set(LEVEL)


def test_imports_point_down_the_layers() -> None:
    bad = upward(GRAPH)
    assert not bad, f"imports of a higher layer: {bad}"


#: The core decides without I/O: it takes what the loop saw as inputs, not the loop's parts.
CORE, LOOP = f"{PACKAGE}.fusion", f"{PACKAGE}.proxy"


def loop_imports(graph: dict[str, set[str]]) -> dict[str, list[str]]:
    """The core's modules that import the loop, and what of it."""
    bad = {name: sorted(t for t in deps if t == LOOP or t.startswith(LOOP + "."))
           for name, deps in graph.items() if name == CORE or name.startswith(CORE + ".")}
    return {name: deps for name, deps in bad.items() if deps}


def test_the_core_does_not_import_the_loop() -> None:
    bad = loop_imports(GRAPH)
    assert not bad, f"the core imports the loop: {bad}"


def test_the_core_importing_the_loop_is_caught() -> None:
    """The checks above fail on it: the layers put the loop above the core, and the
    core's own check names it (a core module that imported the stream tracker from the
    loop, as the pipeline once did)."""
    pipeline, tracker = f"{CORE}.pipeline", f"{LOOP}.proxy"
    graph = {**GRAPH, pipeline: GRAPH[pipeline] | {tracker}}
    assert loop_imports(graph) == {pipeline: [tracker]}
    assert upward(graph) == {pipeline: [tracker]}
    assert not loop_imports(GRAPH) and not upward(GRAPH)


# --------------------------------------------------------------------------- agents


def _agent_names() -> set[str]:
    """Every manifest's name and programs: the list of agents is the manifests'."""
    rules_dir = ROOT / "manifests" if (ROOT / "manifests").is_dir() else ROOT.parent / "rules"
    names: set[str] = set()
    for path in sorted(rules_dir.glob("*.toml")):
        head = tomllib.loads(path.read_text(encoding="utf-8"))["manifest"]
        names.add(head["name"].lower())
        names.update(p.lower() for p in head.get("programs", ()))
    return names


AGENTS = _agent_names()
#: where agents are named: their manifests' engine and what their own signals mean
AGENT_HOMES = (f"{PACKAGE}.agents", f"{PACKAGE}.rules")
#: Agent names that are also words of the code, and where they are not an agent:
ORDINARY = {
    "cursor": "everywhere: the screen's cursor (the Cursor agent's program is cursor-agent)",
    # the one name for the manifest of a program without agent rules (rules.GENERIC,
    # Manifest.generic); the string "generic" itself is an agent name
    "generic": "as an identifier",
}


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring constants (text about the code, not code)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                out.add(id(body[0].value))
    return out


def agent_names_in(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, name) for each agent named in code: a string constant that is an agent's
    name (compared, looked up, passed; prose that mentions one is text, not code), or a
    part of an identifier, attribute or imported module's name."""
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        parts: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value.strip().lower()
            if text in AGENTS and text != "cursor":
                found.append((node.lineno, text))
            continue
        if isinstance(node, ast.Name):
            parts = [node.id]
        elif isinstance(node, ast.Attribute):
            parts = [node.attr]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            parts = [node.name]
        elif isinstance(node, ast.alias):
            parts = node.name.split(".")
        elif isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
        words = {w for part in parts for w in part.lower().split("_")}
        found.extend((getattr(node, "lineno", 0), w) for w in sorted(words & AGENTS)
                     if w not in ORDINARY)
    return sorted(found)


def test_no_agent_is_named_outside_agents_and_rules() -> None:
    assert {"claude", "codex", "generic", "cursor-agent"} <= AGENTS
    bad = {}
    for name in MODULES:
        if any(name == h or name.startswith(h + ".") for h in AGENT_HOMES):
            continue
        hits = agent_names_in(_tree(name))
        if hits:
            bad[name] = hits
    assert not bad, f"agents named outside agents/ and rules/ (line, name): {bad}"


# --------------------------------------------------------------------------- lazy imports

START = f"{PACKAGE}.start"
#: What marks an import inside a function as meant, with its reason after it (start-up
#: cost, an optional dependency, a platform's module): on the import's own line, or in
#: the comment lines above the import or above the run of import lines it starts.
LAZY = "# lazy:"
#: At most this many such imports outside start/ (each import statement counts): lower it
#: as they go (most are the session's boot, which loads the core after the child started).
LAZY_MAX = 15


def function_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The import statements inside functions (not under ``if TYPE_CHECKING:``)."""
    found: dict[int, ast.Import | ast.ImportFrom] = {}
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in _imports(fn):
                found.setdefault(node.lineno, node)
    return [found[line] for line in sorted(found)]


def said_why(lines: list[str], node: ast.Import | ast.ImportFrom) -> bool:
    """True if a ``# lazy:`` comment says why `node` is imported where it is: on its own
    line, or in the comment lines just above it, past the import lines just above it (a
    run of imports shares the comment of its first)."""
    if LAZY in lines[node.lineno - 1]:
        return True
    above = node.lineno - 2
    while above >= 0 and lines[above].lstrip().startswith(("import ", "from ")):
        if LAZY in lines[above]:
            return True
        above -= 1
    while above >= 0 and lines[above].lstrip().startswith("#"):
        if lines[above].lstrip().startswith(LAZY):
            return True
        above -= 1
    return False


def unexplained_imports(name: str, source: str) -> list[int]:
    """The lines of module `name`'s imports inside functions without their comment."""
    lines = source.splitlines()
    return [n.lineno for n in function_imports(ast.parse(source)) if not said_why(lines, n)]


def test_said_why_takes_the_comment_on_the_line_or_above_the_run() -> None:
    source = (
        "def f():\n"
        "    import a  # lazy: why\n"
        "    # lazy: why both\n"
        "    import b\n"
        "    from c import d\n"
        "    x = 1\n"
        "    import e\n"
        "    # a comment that says nothing\n"
        "    import g\n"
        "    # lazy: why, said over\n"
        "    # two lines\n"
        "    import i\n"
        "import h\n")
    assert unexplained_imports("m", source) == [7, 9]


def test_imports_outside_start_are_at_module_level_or_say_why() -> None:
    bad, count = {}, 0
    for name in MODULES:
        if name == START or name.startswith(START + "."):
            continue
        source = MODULES[name].read_text(encoding="utf-8")
        count += len(function_imports(ast.parse(source)))
        lines = unexplained_imports(name, source)
        if lines:
            bad[name] = lines
    assert not bad, f"imports inside functions without a {LAZY!r} comment (lines): {bad}"
    assert count <= LAZY_MAX, f"{count} imports inside functions outside start/: at most {LAZY_MAX}"


# --------------------------------------------------------------------------- TYPE_CHECKING

#: At most this many modules outside start/ keep imports under ``if TYPE_CHECKING:``.
#: An annotation names a type another way: a module-level import that points down the
#: layers and costs nothing before the child starts (collections.abc, which re loads
#: anyway), a builtin type (``object``, ``list[...]``, ``os.PathLike[str]``), or in words.
TYPE_CHECKING_MAX = 2


def test_few_modules_hide_imports_under_type_checking() -> None:
    hiding = sorted(name for name, path in MODULES.items()
                    if not (name == START or name.startswith(START + "."))
                    and "TYPE_CHECKING" in path.read_text(encoding="utf-8"))
    assert len(hiding) <= TYPE_CHECKING_MAX, (
        f"{len(hiding)} modules outside start/ use TYPE_CHECKING, at most "
        f"{TYPE_CHECKING_MAX}: {hiding} (name the type another way: see TYPE_CHECKING_MAX)")


# --------------------------------------------------------------------------- the core's seam

PIPELINE = f"{PACKAGE}.fusion.pipeline"
#: The pipeline's parts: the core drives them itself; a driver asks the core instead.
PIPELINE_PARTS = {"classifier", "fusion", "backlog", "screen"}
#: The drivers of the core: the live session (and what it hands the pipeline to), replay.
DRIVERS = (f"{PACKAGE}.session", f"{PACKAGE}.commands.record")


def _pipeline_uses(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, attribute) for each attribute read of a pipeline: of ``p`` or
    ``self.pipeline`` (the names the drivers give it)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        v = node.value
        if (isinstance(v, ast.Name) and v.id == "p") or (
                isinstance(v, ast.Attribute) and v.attr == "pipeline"):
            found.append((node.lineno, node.attr))
    return found


def test_the_core_is_driven_through_its_interface_not_its_parts() -> None:
    source = MODULES[PIPELINE].read_text(encoding="utf-8")
    assert all(f"self.{part}" in source for part in PIPELINE_PARTS)  # they are its parts
    bad = {}
    for name in MODULES:
        if not any(name == d or name.startswith(d + ".") for d in DRIVERS):
            continue
        hits = [(line, attr) for line, attr in _pipeline_uses(_tree(name))
                if attr in PIPELINE_PARTS or attr.startswith("_")]
        if hits:
            bad[name] = hits
    assert not bad, f"drivers reaching into the pipeline's parts (line, attribute): {bad}"


#: What a driver may ask the pipeline besides handing it events: questions, not inputs
#: (``send`` and ``explain --session`` read the screen; the boot starts loading it; the
#: counts and the backlog are read with the frames that wait folded in).
PIPELINE_QUERIES = {"current", "dialog", "last_evaluation", "buffers", "in_turn", "snapshot",
                    "load_screen", "evaluate_now", "inspect", "explain", "screen", "screen_look",
                    "backlog", "output_bytes", "frames_held", "screen_rows", "full_screen",
                    "cursor_and_width", "typed_line"}


def public_methods(tree: ast.Module, cls_name: str) -> set[str]:
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls_name)
    return {f.name for f in cls.body
            if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef) and not f.name.startswith("_")}


def test_the_core_has_one_entry() -> None:
    """Every input reaches the core through ``Pipeline.handle(event, now)``: its other
    public methods are questions (a second input method, ``advance`` say, fails this)."""
    public = public_methods(_tree(PIPELINE), "Pipeline")
    assert public - PIPELINE_QUERIES == {"handle"}
    extra = ast.parse("class Pipeline:\n    def handle(self): ...\n    def advance(self): ...\n")
    assert public_methods(extra, "Pipeline") - PIPELINE_QUERIES == {"handle", "advance"}
