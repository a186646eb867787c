"""The project's import graph, read from the code: cycles, and a diagram for docs/architecture.md.

Every import counts: those at the top of a module, inside functions, and under
`TYPE_CHECKING`. `from package import name` is an import of `package.name` when that is
a module of the project, otherwise of the package itself (its `__init__.py`). Importing
a submodule runs its parent packages' `__init__.py` too, but that edge is not counted:
every submodule has it, and a package that re-exports its modules would otherwise form
a circle with each of them.

    python tools/import_graph.py            # cycles (none, one would be a defect) and edge counts
    python tools/import_graph.py --mermaid  # the package diagram docs/architecture.md shows
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("blackjack", "engine", "game", "sprites", "sounds")
"""The top-level packages of the product, in the order the diagram lists them."""


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the product's packages, by dotted name."""
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules that one module imports, anywhere in its code."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(name, is_package, node.module, node.level)
            for alias in node.names:
                target = f"{base}.{alias.name}"
                if target in modules:
                    found.add(target)
                elif base in modules:
                    found.add(base)
    found.discard(name)
    return found


def _absolute(name: str, is_package: bool, module: str | None, level: int) -> str:
    """The dotted name a (possibly relative) `from ... import` names."""
    if level == 0:
        return module or ""
    parts = name.split(".")
    anchor = parts if is_package else parts[:-1]
    anchor = anchor[: len(anchor) - (level - 1)]
    return ".".join([*anchor, module] if module else anchor)


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module → the project modules it imports."""
    modules = project_modules(root)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected groups of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(graph) + 100))
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


ROLE_BOXES = {
    "game.__main__": "blackjack",  # `python -m game` is the command line under another name
    "game.app": "game: app and flow",
    "game.flow": "game: app and flow",
    "game.narration": "game: app and flow",  # the voice watches whatever scene is on top, as the loop does
    "game.context": "game: the table",
    "game.table_view": "game: the table",
    "game.trainer": "game: the table",
    "engine.coach": "engine: analysis",
    "engine.count_drills": "engine: analysis",
    "engine.drills": "engine: analysis",
    "engine.fastplay": "engine: analysis",
    "engine.index_drills": "engine: analysis",
    "engine.review": "engine: analysis",
    "engine.simulate": "engine: analysis",
    "engine.sweep": "engine: analysis",
}
"""Modules drawn apart from their package's other modules because they stand above its subpackages."""


def group_of(module: str, graph: dict[str, set[str]]) -> str:
    """The box a module is drawn in: its role box, its subpackage (`engine.odds`) or its top package."""
    if module in ROLE_BOXES:
        return ROLE_BOXES[module]
    parts = module.split(".")
    subpackage = ".".join(parts[:2])
    is_subpackage = len(parts) == 2 and any(m.startswith(module + ".") for m in graph)
    return subpackage if len(parts) > 2 or is_subpackage else parts[0]


def group_edges(graph: dict[str, set[str]]) -> Counter[tuple[str, str]]:
    """How many module imports run from one box to another."""
    counts: Counter[tuple[str, str]] = Counter()
    for source, targets in graph.items():
        for target in targets:
            pair = (group_of(source, graph), group_of(target, graph))
            if pair[0] != pair[1]:
                counts[pair] += 1
    return counts


def mermaid(graph: dict[str, set[str]]) -> str:
    """A Mermaid flowchart of the boxes and which box imports which.

    The arrows carry no counts, so the drawing changes only when a box gains or loses a
    dependency: the event the architecture page must follow.
    """
    edges = group_edges(graph)
    groups = sorted({group_of(m, graph) for m in graph}, key=_box_order)
    lines = ["flowchart TD"]
    lines += [f"    {_node_id(g)}[\"{g}\"]" for g in groups]
    lines += [
        f"    {_node_id(a)} --> {_node_id(b)}"
        for a, b in sorted(edges, key=lambda pair: (groups.index(pair[0]), groups.index(pair[1])))
    ]
    return "\n".join(lines) + "\n"


def _box_order(group: str) -> tuple[int, str]:
    return PACKAGES.index(group.split(".")[0].split(":")[0]), group


def _node_id(group: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in group)


def report(graph: dict[str, set[str]]) -> Iterable[str]:
    """Lines for a person: the circles, then the arrows between boxes."""
    found = cycles(graph)
    yield f"{len(graph)} modules, {sum(len(t) for t in graph.values())} imports, {len(found)} import circles"
    for group in found:
        yield "circle: " + " -> ".join(group)
    for (a, b), n in sorted(group_edges(graph).items()):
        yield f"{a} -> {b}: {n}"


def main(argv: list[str] | None = None) -> int:
    """Print the report or the diagram; exit 1 when there is an import circle."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mermaid", action="store_true", help="print the package diagram (Mermaid)")
    args = parser.parse_args(argv)
    graph = import_graph()
    print(mermaid(graph) if args.mermaid else "\n".join(report(graph)), end="" if args.mermaid else "\n")
    return 1 if cycles(graph) else 0


if __name__ == "__main__":
    sys.exit(main())
