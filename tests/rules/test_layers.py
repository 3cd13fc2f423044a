"""Each game's engine package reads bottom-up (issue 30, "shape first"): its modules import each
other without a circle, also inside functions and for types only, so a new game copies a clean
shape (e.g. Schafkopf: cards → contracts → play → tariff → house → state → record)."""

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

import scoring.rules

RULES = Path(scoring.rules.__file__).parent
PACKAGES = sorted(p.name for p in RULES.iterdir() if (p / "__init__.py").exists())


def sibling_imports(module: Path) -> set[str]:
    """The modules of the same package that ``module`` imports anywhere in its code."""
    found = set()
    for node in ast.walk(ast.parse(module.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
    return found


def import_graph(package: str) -> dict[str, set[str]]:
    modules = {p.stem: p for p in (RULES / package).glob("*.py") if p.stem != "__init__"}
    return {name: sibling_imports(path) & modules.keys() for name, path in modules.items()}


def test_every_game_has_a_package():
    assert {"schafkopf", "schatzsuche", "scharfe_schoten", "stichwahl"} <= set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_package_has_no_import_circle(package):
    try:
        order = list(TopologicalSorter(import_graph(package)).static_order())
    except CycleError as error:
        pytest.fail(f"{package}: the modules import each other in a circle: {error.args[1]}")
    assert order


def test_the_check_sees_a_circle_inside_a_function(tmp_path):
    (tmp_path / "a.py").write_text("from .b import x\n")
    (tmp_path / "b.py").write_text("def f():\n    from .a import y\n")
    graph = {p.stem: sibling_imports(p) for p in tmp_path.glob("*.py")}
    with pytest.raises(CycleError):
        list(TopologicalSorter(graph).static_order())
