"""A pytest plugin (``-p tests.engine_plugin`` in pyproject.toml) for the compiled engine.

``--doctest-modules`` imports every engine file to find its examples; a module compiled by
mypyc (scoring/rules/compiled.py) imports as its extension, which pytest refuses as "not the
file", and keeps no docstrings. Those files are left to tests/rules/test_compiled_engine.py,
which runs their examples from source.
"""

from pathlib import Path

from scoring.rules import compiled

COMPILED_SOURCES = {compiled.source(module) for module in compiled.MODULES}


def pytest_ignore_collect(collection_path: Path, config) -> bool | None:
    if collection_path in COMPILED_SOURCES and compiled.is_active():
        return True
    return None
