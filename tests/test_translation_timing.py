"""Texts are translated when a page is made, not when a module is imported: a label translated
at import time stays in whichever language was active then (German choices on an English page).
"""

import ast
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parent.parent
# The rules engine has its own translation domain and no Django; migrations never render.
CHECKED = [
    path
    for package in ("scoring", "tournaments", "stichblock")
    for path in sorted((ROOT / package).rglob("*.py"))
    if "migrations" not in path.parts and "rules" not in path.relative_to(ROOT).parts[1:2]
]
EAGER = {"gettext", "ngettext", "pgettext", "npgettext"}
LAZY = {"gettext_lazy", "ngettext_lazy", "pgettext_lazy", "npgettext_lazy"}


def translation_names(tree: ast.Module) -> tuple[set[str], set[str]]:
    """The local names of Django's eager and lazy translation functions in a module."""
    eager, lazy = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation":
            for alias in node.names:
                local = alias.asname or alias.name
                if alias.name in EAGER:
                    eager.add(local)
                elif alias.name in LAZY:
                    lazy.add(local)
    return eager, lazy


def import_time_translations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    eager, lazy = translation_names(tree)
    found = []

    def called(node, names):
        return (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names
        )

    def visit(node, in_function):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            in_function = True
        if not in_function:
            forced = (
                isinstance(node, ast.BinOp)
                and isinstance(node.op, ast.Mod)
                and called(node.left, lazy)
            ) or (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "format"
                and called(node.func.value, lazy)
            )
            if called(node, eager) or forced:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
        for child in ast.iter_child_nodes(node):
            visit(child, in_function)

    visit(tree, False)
    return found


def test_no_text_is_translated_at_import_time():
    found = [place for path in CHECKED for place in import_time_translations(path)]
    assert not found, f"translated at import time (use gettext_lazy or a function): {found}"


def test_the_check_finds_a_lazy_text_formatted_at_import_time(tmp_path):
    module = tmp_path / "example.py"
    module.write_text(
        "from django.utils.translation import gettext_lazy as _\n"
        "CHOICES = [_('Player %(n)s') % {'n': 1}]\n"
        "def later():\n"
        "    return _('Player %(n)s') % {'n': 1}\n"
    )
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert import_time_translations(module) == ["example.py:2"]
    finally:
        ROOT = saved


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["schafkopf", "schatzsuche", "scharfe_schoten", "stichwahl"])
def test_new_table_pages_in_english_have_no_german_labels(client, game):
    page = client.get(reverse("table_new", args=[game]), HTTP_ACCEPT_LANGUAGE="en").content
    assert b"Player 1" in page
    assert b"Spieler 1" not in page
