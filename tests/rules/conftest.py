"""Fixtures of the engine tests."""

from __future__ import annotations

import gettext

import pytest

from scoring.rules import core, i18n


class _Scratch(gettext.NullTranslations):
    """German for made-up texts of a test, in front of the engine's real catalogue."""

    def __init__(self, texts: dict[str, str], real: gettext.NullTranslations):
        super().__init__()
        self.texts = texts
        self.add_fallback(real)

    def gettext(self, message: str) -> str:
        return self.texts.get(message) or super().gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        return self.texts.get(message) or super().pgettext(context, message)


@pytest.fixture
def german(monkeypatch):
    """A dict of msgid -> German that the engine reads for this test only, so a test can
    register a made-up game's texts without touching the real catalogue."""
    texts: dict[str, str] = {}
    real = i18n.translations

    def translations(lang: str) -> gettext.NullTranslations:
        return _Scratch(texts, real(lang)) if lang == "de" else real(lang)

    monkeypatch.setattr(i18n, "translations", translations)
    return texts


@pytest.fixture
def registries(monkeypatch):
    """Copies of core's text registries for one test, so that what it registers is gone
    afterwards (the translations test reads every registered text)."""
    monkeypatch.setattr(core, "MESSAGES", dict(core.MESSAGES))
    for name in ("GAME_MESSAGES", "GAME_NAMES", "GAME_PLACES"):
        registry = getattr(core, name)
        monkeypatch.setattr(core, name, {game: dict(texts) for game, texts in registry.items()})
