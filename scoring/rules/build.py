"""Build the compiled engine: ``python -m scoring.rules.build [build|clean|sources]``.

mypyc compiles ``compiled.MODULES`` from their source into extensions beside them, then what
they were built from is noted (``compiled.MANIFEST``: the Python, the mypy version and a hash
of every engine source) so that a later edit or upgrade is noticed. A machine without a C
compiler (or without mypy) gets a warning and keeps the pure-Python engine.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from .compiled import (
    GROUP,
    MANIFEST,
    MODULES,
    ROOT,
    extension,
    fingerprint,
    group_library,
    source,
)

CHECKOUT = ROOT.parents[1]


def build() -> bool:
    """Compile ``MODULES`` in place with mypyc; False (and pure Python) when that fails."""
    clean()
    try:
        from mypyc.build import mypycify
        from setuptools import setup  # type: ignore[import-untyped]
    except ImportError as missing:
        return skipped(f"{missing.name} is not installed")
    with tempfile.TemporaryDirectory() as work:
        here = Path.cwd()
        os.chdir(CHECKOUT)
        try:
            sources = [str(source(module).relative_to(CHECKOUT)) for module in MODULES]
            extensions = mypycify(sources, target_dir=work, group_name=GROUP)
            setup(
                name="stichblock-engine",
                ext_modules=extensions,
                script_args=["-q", "build_ext", "--inplace", "--build-temp", work],
            )
        except (Exception, SystemExit) as failure:
            clean()
            return skipped(str(failure))
        finally:
            os.chdir(here)
    MANIFEST.write_text(json.dumps(fingerprint(), indent=1) + "\n")
    return True


def skipped(why: str) -> bool:
    """No build: the engine runs as Python. Noted, so that make does not retry every time."""
    print(f"compiled engine skipped ({why}): the engine runs as plain Python", file=sys.stderr)
    MANIFEST.write_text(json.dumps({"built": False, "why": why}) + "\n")
    return False


def clean() -> None:
    MANIFEST.unlink(missing_ok=True)
    for built in [extension(module) for module in MODULES] + group_library():
        built.unlink(missing_ok=True)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "build"
    if command == "build":
        build()  # a failed build leaves a working pure-Python engine: not an error
    elif command == "clean":
        clean()
    elif command == "sources":
        print(" ".join(str(source(module).relative_to(CHECKOUT)) for module in MODULES))
    else:
        sys.exit("usage: python -m scoring.rules.build [build|clean|sources]")
