"""The engine's texts in English and German: a stdlib gettext domain, no Django.

The English text is written in the code and is the msgid: ``N_("is required")``, or with a
context where the same English must read differently (or is ambiguous on its own):
``NC_("schafkopf suit", "trump")``. Both return a ``Text``, which knows no language until it
is read: ``text.text("de")`` (or ``text["de"]``, as the engine's texts were dicts once).
German lives in ``locale/de/LC_MESSAGES/stichblock_rules.po`` and its compiled ``.mo``,
read with ``gettext.translation`` once per language; a language without a catalogue, and a
text without a translation, read in English.

Params stay language-free (seats, codes, numbers). A param that is itself worded
(``Localized``: a ``Text``, a ``Phrase`` with params of its own, a ``Join``) is read in the
language of the text it fills, so one value serves both languages.

``python -m scoring.rules.i18n update`` extracts the msgids (xgettext over
``scoring/rules``), merges them into the ``.po`` and compiles it (``make messages``);
``python -m scoring.rules.i18n check`` fails when a msgid has no German translation, a
translation is fuzzy, or the ``.mo`` is not compiled from the ``.po`` (``make
messages-check``). Both need GNU gettext; docs/engine.md ("Translations") has the workflow.
"""

from __future__ import annotations

import gettext
import shutil
import subprocess
import sys
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "stichblock_rules"
LANGUAGES = ("en", "de")
PACKAGE_DIR = Path(__file__).resolve().parent
REPOSITORY = PACKAGE_DIR.parent.parent
LOCALE_DIR = REPOSITORY / "locale"
# The one catalogue there is: English is the msgids themselves.
CATALOGUE = LOCALE_DIR / "de" / "LC_MESSAGES" / f"{DOMAIN}.po"
# xgettext's keywords: only ours (``--keyword=`` drops the defaults such as ``_``).
KEYWORDS = ("--keyword=", "--keyword=N_", "--keyword=NC_:1c,2")


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang``, loaded once (English, or an unknown language: none)."""
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True)


class Localized(ABC):
    """A value that reads differently per language; ``text(lang)`` words it."""

    __slots__ = ()

    @abstractmethod
    def text(self, lang: str = "en") -> str: ...


@dataclass(frozen=True, slots=True)
class Worded(Localized):
    """A text already worded in each language (a record error, a violation)."""

    by_language: Mapping[str, str]

    def text(self, lang: str = "en") -> str:
        return self.by_language.get(lang) or self.by_language["en"]


def localize(params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """``params`` with every ``Localized`` value worded in ``lang``."""
    return {
        key: value.text(lang) if isinstance(value, Localized) else value
        for key, value in params.items()
    }


@dataclass(frozen=True, slots=True)
class Text(Localized, Mapping[str, str]):
    """One engine text: its English msgid and, where needed, a msgctxt.

    ``text(lang)`` is the translation (English without one). A Text also reads like the
    ``{"en": ..., "de": ...}`` dicts it replaces: ``text["de"]``, ``dict(text)``.
    """

    msgid: str
    context: str | None = None

    def text(self, lang: str = "en") -> str:
        catalogue = translations(lang)
        if self.context is None:
            return catalogue.gettext(self.msgid)
        return catalogue.pgettext(self.context, self.msgid)

    def format(self, lang: str = "en", /, **params: Any) -> str:
        """The text in ``lang`` filled with ``params`` (``Localized`` ones in ``lang`` too)."""
        return self.text(lang).format_map(localize(params, lang))

    def translated(self, lang: str) -> bool:
        """Whether the catalogue of ``lang`` has a (non-empty, non-fuzzy) translation of
        this text; English is the msgids themselves."""
        if lang == LANGUAGES[0]:
            return True
        try:
            # A copy of the cached catalogue, so the fallback stays on this one.
            catalogue = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang])
        except OSError:
            return False
        catalogue.add_fallback(_Missing())
        try:
            if self.context is None:
                catalogue.gettext(self.msgid)
            else:
                catalogue.pgettext(self.context, self.msgid)
        except LookupError:
            return False
        return True

    def __getitem__(self, lang: str) -> str:
        if lang not in LANGUAGES:
            raise KeyError(lang)
        return self.text(lang)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


class _Missing(gettext.NullTranslations):
    """The last fallback of ``Text.translated``: a lookup that reached it found nothing."""

    def gettext(self, message: str) -> str:
        raise LookupError(message)

    def pgettext(self, context: str, message: str) -> str:
        raise LookupError(message)


def N_(msgid: str) -> Text:
    """Mark ``msgid`` as an engine text (read later, in the language asked for)."""
    return Text(msgid)


def NC_(context: str, msgid: str) -> Text:
    """Mark ``msgid`` as an engine text with a msgctxt (pgettext's first argument)."""
    return Text(msgid, context)


def by_language[K](texts: Mapping[K, Text]) -> dict[str, dict[K, str]]:
    """``texts`` read in every language, ``{lang: {key: text}}``: the shape of the name
    tables the app reads (``FAMILY_NAMES["de"]["N"]``)."""
    return {lang: {key: text.text(lang) for key, text in texts.items()} for lang in LANGUAGES}


@dataclass(frozen=True, slots=True)
class Phrase(Localized):
    """A text with params of its own, to fill another text's param in the same language
    (a contract's name, the reason of a fault, what is due in a Stichwahl hand)."""

    template: Text
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        return self.template.format(lang, **self.params)


@dataclass(frozen=True, slots=True)
class Join(Localized):
    """Items joined by a worded separator: ``Join(("3", "4"), N_(" or "))`` reads
    "3 or 4" and "3 oder 4"; items may be ``Localized`` too."""

    items: Sequence[Any]
    separator: Text

    def text(self, lang: str = "en") -> str:
        return self.separator.text(lang).join(
            item.text(lang) if isinstance(item, Localized) else str(item) for item in self.items
        )


# --- the catalogue: extracting, merging, compiling, checking ---------------------------------

TOOLS = ("xgettext", "msgmerge", "msgattrib", "msgfmt", "msgunfmt")


def sources() -> list[str]:
    """The engine's Python files, as paths relative to the repository (stable order)."""
    return sorted(str(path.relative_to(REPOSITORY)) for path in PACKAGE_DIR.rglob("*.py"))


def _run(*command: str) -> str:
    return subprocess.run(
        command, cwd=REPOSITORY, check=True, capture_output=True, text=True
    ).stdout


def _extract(pot: Path) -> None:
    """Every ``N_``/``NC_`` msgid of the engine into ``pot``."""
    _run(
        "xgettext",
        "--language=Python",
        "--from-code=UTF-8",
        *KEYWORDS,
        "--add-comments=Translators:",
        "--add-location=file",
        "--sort-by-file",
        "--package-name=stichblock",
        f"--output={pot}",
        *sources(),
    )


def _merge(pot: Path, output: Path) -> None:
    """The catalogue with the msgids of ``pot``: new ones untranslated (or fuzzy, from a
    similar old one), vanished ones dropped."""
    merged = output.with_name(output.name + ".merged")
    _run(
        "msgmerge",
        "--quiet",
        "--add-location=file",
        f"--output-file={merged}",
        str(CATALOGUE),
        str(pot),
    )
    _run("msgattrib", "--no-obsolete", f"--output-file={output}", str(merged))
    merged.unlink()
    # The extraction's date would change the file on every run.
    lines = output.read_text(encoding="utf-8").splitlines(keepends=True)
    output.write_text(
        "".join(line for line in lines if not line.startswith('"POT-Creation-Date:')),
        encoding="utf-8",
    )


def _compile(po: Path, mo: Path) -> None:
    _run("msgfmt", "--check-format", f"--output-file={mo}", str(po))


def update() -> None:
    """Extract the msgids, merge them into the German catalogue and compile it."""
    with tempfile.TemporaryDirectory() as work:
        pot = Path(work) / f"{DOMAIN}.pot"
        _extract(pot)
        _merge(pot, CATALOGUE)
    _compile(CATALOGUE, CATALOGUE.with_suffix(".mo"))


def problems() -> list[str]:
    """Msgids of the code without a German translation or with a fuzzy one, and a ``.mo``
    that is not the compiled ``.po``; empty when all is well."""
    found = []
    with tempfile.TemporaryDirectory() as work:
        pot, merged = Path(work) / f"{DOMAIN}.pot", Path(work) / "merged.po"
        _extract(pot)
        _merge(pot, merged)
        for option, why in (("--untranslated", "no German"), ("--only-fuzzy", "fuzzy")):
            entries = _run("msgattrib", option, "--no-obsolete", "--no-wrap", str(merged))
            found += [f"{why}: {line}" for line in entries.splitlines() if _names_entry(line)]
        compiled, committed = Path(work) / f"{DOMAIN}.mo", CATALOGUE.with_suffix(".mo")
        _compile(CATALOGUE, compiled)
        if not committed.exists() or _run("msgunfmt", str(compiled)) != _run(
            "msgunfmt", str(committed)
        ):
            found.append(f"{committed.relative_to(REPOSITORY)} is not compiled from the .po")
    return found


def _names_entry(line: str) -> bool:
    return line.startswith(("msgctxt ", "msgid ")) and line != 'msgid ""'


def main(argv: Sequence[str]) -> int:
    command = argv[0] if len(argv) == 1 else ""
    if command not in ("update", "check"):
        print("usage: python -m scoring.rules.i18n update|check", file=sys.stderr)
        return 2
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        print(f"GNU gettext is needed: {', '.join(missing)} not found", file=sys.stderr)
        return 2
    where = CATALOGUE.relative_to(REPOSITORY)
    try:
        if command == "update":
            update()
            print(f"{where}: merged and compiled")
            return 0
        found = problems()
    except subprocess.CalledProcessError as error:
        print(f"{' '.join(error.cmd)} failed:\n{error.stderr}", file=sys.stderr)
        return 1
    for problem in found:
        print(problem)
    if found:
        print(f"Engine texts: run make messages, then translate them in {where}")
        return 1
    print("messages-check: every engine text has a German translation")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
