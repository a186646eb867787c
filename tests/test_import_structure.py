"""The shape of the code: imports run one way, and the architecture page's diagram is the code's."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load_tool():
    spec = importlib.util.spec_from_file_location("import_graph", ROOT / "tools" / "import_graph.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("import_graph", module)
    spec.loader.exec_module(module)
    return module


import_graph = _load_tool()
GRAPH = import_graph.import_graph(ROOT)


def test_no_import_circle_among_the_projects_modules():
    assert import_graph.cycles(GRAPH) == []


def test_the_graph_reads_imports_inside_functions_and_under_type_checking(tmp_path):
    package = tmp_path / "engine"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from engine import b\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import f\n"
    )
    graph = import_graph.import_graph(tmp_path)
    assert graph["engine.a"] == {"engine.b"} and graph["engine.b"] == {"engine.a"}
    assert import_graph.cycles(graph) == [["engine.a", "engine.b"]]


def test_the_engine_imports_only_the_engine():
    outside = {
        (module, target)
        for module, targets in GRAPH.items()
        if module.split(".")[0] == "engine"
        for target in targets
        if target.split(".")[0] != "engine"
    }
    assert outside == set()


def test_the_architecture_page_shows_the_diagram_the_code_draws():
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    drawn = re.search(r"```mermaid\n(.*?)```", page, re.S)
    assert drawn is not None, "docs/architecture.md has no mermaid diagram"
    assert drawn.group(1) == import_graph.mermaid(GRAPH), (
        "the diagram is stale: python tools/import_graph.py --mermaid, and paste it into docs/architecture.md"
    )
