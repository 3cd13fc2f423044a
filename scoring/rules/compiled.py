"""The engine's hot modules, compiled by mypyc from their own source (docs/engine.md, "Compiled").

The source stays the one rulebook: mypyc turns the same type-checked Python into a C
extension beside each module (``play.cpython-313-….so`` next to ``play.py``), which Python
imports in preference to the source. ``make install`` builds them (``python -m
scoring.rules.build``, ``build.py``) and notes a hash of every source it compiled; without a C
compiler the build is skipped with a warning and everything runs as plain Python.

An extension older than its source would run yesterday's rules, so ``use_fresh_build``
(called when ``scoring.rules`` is imported) compares the noted hashes with the sources and,
on any difference, imports all of them from source (with a warning to rebuild);
``STICHBLOCK_PURE_ENGINE=1`` does the same on purpose.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import sysconfig
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = __name__.rpartition(".")[0]  # scoring.rules
ROOT = Path(__file__).resolve().parent
# What the playouts run through (deal, announcements, play, scores) and the open-hand
# search, compiled together so that they call each other natively.
MODULES = (
    "draws",
    "schafkopf.cards",
    "schafkopf.contracts",
    "schafkopf.play",
    "schafkopf.tariff",
    "schafkopf.bots",
    "schafkopf.analysis",
    "schatzsuche.scores",
    "schatzsuche.cards",
    "schatzsuche.play",
    "schatzsuche.bots",
)
GROUP = f"{PACKAGE}.engine"  # the shared library: scoring/rules/engine__mypyc.*.so
MANIFEST = ROOT / "compiled.json"
PURE = "STICHBLOCK_PURE_ENGINE"


def source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def extension(module: str) -> Path:
    """The module's extension beside its source: ``play.py`` → ``play.cpython-313-….so``."""
    return source(module).with_suffix(sysconfig.get_config_var("EXT_SUFFIX") or ".so")


def group_library() -> list[Path]:
    """The group's shared library (``scoring/rules/engine__mypyc.*.so``), if built."""
    return list(ROOT.glob(GROUP.rpartition(".")[2] + "__mypyc.*"))


def fingerprint() -> dict[str, str]:
    """What a build is valid for: this Python and the bytes of every compiled source."""
    found = {"python": sys.version}
    for module in MODULES:
        found[module] = hashlib.sha256(source(module).read_bytes()).hexdigest()
    return found


def is_active() -> bool:
    """Whether the engine's modules are imported compiled (here: from their extensions)."""
    spec = importlib.util.find_spec(f"{PACKAGE}.{MODULES[-1]}")
    return spec is not None and spec.origin is not None and not spec.origin.endswith(".py")


def engine_kind() -> str:
    """How the engine runs here, for the benchmarks' headers."""
    return "engine compiled by mypyc" if is_active() else "engine as plain Python"


class _FromSource(importlib.abc.MetaPathFinder):
    """Imports the compiled modules from their ``.py`` files, passing by the extensions."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        module = fullname.removeprefix(f"{PACKAGE}.")
        if module == fullname or module not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source(module))


def use_fresh_build() -> None:
    """Import the compiled modules from source unless their build matches the source."""
    if not any(extension(module).exists() for module in MODULES):
        return  # never built (no compiler, or a plain checkout): the source it is
    if os.environ.get(PURE) != "1":
        try:
            built = json.loads(MANIFEST.read_text())
        except (OSError, ValueError):
            built = None
        if built == fingerprint():
            return
        warnings.warn(
            "The compiled rules engine is older than its source; running the source. "
            "Rebuild it with `make install` (or `python -m scoring.rules.build`).",
            RuntimeWarning,
            stacklevel=2,
        )
    sys.meta_path.insert(0, _FromSource())
