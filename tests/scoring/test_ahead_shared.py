"""The rounds ahead of a table with no round saved yet are rendered once for every such table
of the same game, rules and size, with the names put in afterwards (scoring.rendering.
fresh_ahead): what each phone gets must be, byte for byte, what its own table renders."""

import itertools
from html.parser import HTMLParser

import pytest
from django.core.cache import cache
from django.utils import translation

from scoring.models import Access
from scoring.pads import PADS
from scoring.rendering import AHEAD_KEEP, render_ahead, render_shared, rounds_ahead
from scoring.services import create_table
from scoring.tables import summarize
from tests.scoring.helpers import renderings

pytestmark = pytest.mark.django_db

# Names that escaping, quoting, JSON or a filter would change, and plain ones.
NAMES = [
    'Anna "die Erste"',
    "Ben & Jerry",
    "<b>Cem</b>",
    "D'Artagnan",
    "Émile \\ Zoë",
    "Fritz",
    "g",
]

CASES = [
    (game, profile_name, players)
    for game, pad in PADS.items()
    for profile_name in pad.profiles()
    for players in pad.player_counts
    if players > 2
]


def new_table(game, profile_name, players, names):
    pad = PADS[game]
    return create_table(
        game=game,
        players=names[:players],
        profile_name=profile_name,
        profile=dict(pad.profiles()[profile_name]),
        options={"first_dealer": 1},
    )


def own_rendering(table) -> str:
    """The table's rounds ahead rendered for it alone, as before tables shared them."""
    access = table.accesses.get(role=Access.Role.SCORER)
    shared = render_shared(
        table,
        access.role,
        lambda link, _: rounds_ahead(link, summarize(table), 0, AHEAD_KEEP, rules=True),
    )
    return shared.for_phone(key=access.key)


def shared_rendering(table) -> str:
    return render_ahead(table.accesses.get(role=Access.Role.SCORER), 0)


class Seen(HTMLParser):
    """What a browser reads from HTML: tags, attribute values and text with character
    references resolved (``&quot;`` and ``&#34;`` are one quote)."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.parts: list = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.parts.append(("<", tag, sorted(attrs, key=lambda pair: pair[0])))

    def handle_endtag(self, tag):
        self.parts.append((">", tag))

    def handle_data(self, data):
        self.parts.append(("text", data))


def same_page(one: str, other: str) -> bool:
    return Seen(one).parts == Seen(other).parts


@pytest.mark.parametrize(("game", "profile_name", "players"), CASES)
def test_a_fresh_tables_rounds_ahead_are_its_own_with_its_names(game, profile_name, players):
    cache.clear()
    names = itertools.cycle([NAMES, list(reversed(NAMES))])
    first, second, third = (new_table(game, profile_name, players, next(names)) for _ in "abc")
    with translation.override("de"), renderings("scoring/_ahead.html") as rendered:
        from_first = shared_rendering(first)
        from_second = shared_rendering(second)
        assert len(rendered) == 1  # the second table took the first one's rendering
        assert same_page(from_second, own_rendering(second))
        assert same_page(from_first, own_rendering(first))
        assert same_page(shared_rendering(third), own_rendering(third))
    assert ("text", "Ben & Jerry") in Seen(from_first).parts or "data-round" not in from_first


def test_tables_of_other_rules_or_sizes_do_not_share():
    cache.clear()
    pad = PADS["schafkopf"]
    names = ["Anna", "Ben", "Cem", "Dora", "Emil"]
    first, other = list(pad.profiles())[:2]
    four = new_table("schafkopf", first, 4, names)
    five = new_table("schafkopf", first, 5, names)
    other_rules = new_table("schafkopf", other, 4, names)
    with renderings("scoring/_ahead.html") as rendered:
        for table in (four, five, other_rules):
            assert same_page(shared_rendering(table), own_rendering(table))
    assert len(rendered) == 3 + 3  # each shared rendering, and each own one above
