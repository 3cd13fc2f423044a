"""Two scorer phones on one Schafkopf game, in production (gunicorn, collected static files,
PostgreSQL, the event server behind Caddy): the same steps as
tests/browser/test_two_phones_one_game.py, on the production site's phones."""

import pytest

from ..test_two_phones_one_game import (
    test_a_form_with_only_a_name_moves_on_and_keeps_the_name,
    test_a_second_save_of_a_game_entered_elsewhere_never_replaces_it,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.production_browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("production"),
]

__all__ = [
    "test_a_form_with_only_a_name_moves_on_and_keeps_the_name",
    "test_a_second_save_of_a_game_entered_elsewhere_never_replaces_it",
]
