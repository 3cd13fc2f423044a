"""Where other apps link into a tournament game (disputes will register here).

A game link is a function ``link(tournament_table, game_number) -> (label, url) | None``;
the organizer's table page lists every link returned for each game. Register links in an
AppConfig.ready(), like the scorepad's table panels.
"""

from collections.abc import Callable

GAME_LINKS: list[Callable] = []


def register_game_link(link: Callable) -> Callable:
    if link not in GAME_LINKS:
        GAME_LINKS.append(link)
    return link


def game_links(tournament_table, game_number: int) -> list[tuple[str, str]]:
    return [found for link in GAME_LINKS if (found := link(tournament_table, game_number))]
