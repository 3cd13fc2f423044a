"""Every game of the engine is a whole game of the app: a Game choice, a scorepad, a dispute
adapter, a tournament format, a rules page and a stylesheet (docs/engine.md, "How to add a
game"); and the models need no migration that is not committed."""

import io
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command

from scoring.disputes.games import ADAPTERS
from scoring.models import Game
from scoring.pads import PADS
from scoring.rules import GAMES
from tournaments.formats import FORMATS

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("game", GAMES)
def test_each_engine_game_is_registered_everywhere(game):
    assert game in Game.values
    assert game in PADS and PADS[game].game == game
    assert game in ADAPTERS
    assert game in FORMATS
    assert (ROOT / "docs" / "rules" / f"{game.replace('_', '-')}.md").exists()
    pad = PADS[game]
    assert pad.stylesheet is None or finders.find(pad.stylesheet)
    assert "regeln" in pad.pages() and "regeln" in dict(pad.nav_pages)


@pytest.mark.django_db
def test_no_model_change_lacks_its_migration():
    out = io.StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)  # exits 1 if missing
