"""The engine's hot modules, compiled by mypyc from their own source (docs/engine.md, "Compiled").

The source stays the one rulebook: mypyc turns the same type-checked Python into a C
extension beside each module (``play.cpython-313-….so`` next to ``play.py``), which Python
imports in preference to the source. ``make install`` builds them (``python -m
scoring.rules.build``, ``build.py``) and notes what it was built from (``fingerprint``);
without a C compiler the build is skipped with a warning and everything runs as plain Python.

An extension older than its source would run yesterday's rules, so ``use_fresh_build``
(called when ``scoring.rules`` is imported) compares the noted fingerprint with the sources
and, on any difference, imports all of them from source (with a warning to rebuild);
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
    "schafkopf.house",
    "schafkopf.play",
    "schafkopf.tariff",
    "schafkopf.bots",
    "schafkopf.record",
    "schafkopf.analysis",
    "schatzsuche.scores",
    "schatzsuche.cards",
    "schatzsuche.play",
    "schatzsuche.bots",
    "skat.cards",
    "skat.contracts",
    "skat.values",
    "skat.seeger",
    "skat.house",
    "skat.bidding",
    "skat.play",
    "skat.result",
    "skat.bots",
    "skat.record",
    "skat.analysis",
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


def engine_sources() -> list[Path]:
    """Every module under ``scoring/rules``, in a fixed order. Not only ``MODULES``: mypyc
    compiles them against the modules they import and copies those modules' ``Final``
    values into the extensions, so an edit anywhere can leave a build that is out of date."""
    found = [
        path
        for path in ROOT.rglob("*.py")
        # An editor's lock or backup file (".#play.py", possibly a dangling link) is no module.
        if not any(part.startswith(".") for part in path.relative_to(ROOT).parts)
    ]
    return sorted(found, key=lambda path: path.relative_to(ROOT).as_posix())


def sources_hash() -> str:
    digest = hashlib.sha256()
    for path in engine_sources():
        content = path.read_bytes()
        # Path and length first, so that no moving of bytes between files hashes the same.
        digest.update(f"{path.relative_to(ROOT).as_posix()}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()


def mypy_version() -> str | None:
    """The installed mypy's (and so mypyc's) version; None where mypy is not installed."""
    from importlib import metadata  # 20 ms to import: paid only where a build is to be checked

    try:
        return metadata.version("mypy")
    except metadata.PackageNotFoundError:
        return None


def fingerprint() -> dict[str, str | None]:
    """What a build is valid for: this Python, the mypy that compiled it, every engine source."""
    return {"python": sys.version, "mypy": mypy_version(), "sources": sources_hash()}


def is_fresh(built: object) -> bool:
    """Whether a build's noted fingerprint (``MANIFEST``) matches what is here now."""
    here = fingerprint()
    if here["mypy"] is None and isinstance(built, dict):
        # The Docker image compiles in a stage of its own and runs without mypy: there is no
        # other mypy here that the build could be out of date with.
        here["mypy"] = built.get("mypy")
    return built == here


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
        if is_fresh(built):
            return
        warnings.warn(
            "The compiled rules engine is older than its source; running the source. "
            "Rebuild it with `make install` (or `python -m scoring.rules.build`).",
            RuntimeWarning,
            stacklevel=2,
        )
    sys.meta_path.insert(0, _FromSource())
