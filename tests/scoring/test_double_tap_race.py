"""Two copies of one entry arriving at once (a double tap, an outbox resending while the first
answer is on its way) on PostgreSQL, where two app workers really save side by side: one is
stored, and both phones hear "saved", never a conflict with the phone's own entry."""

import threading
import uuid

import pytest
from django.db import connection
from django.test import Client

from scoring.events import close_connections
from scoring.models import Revision

from .helpers import create_schatzsuche, post_round, round_fields

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="needs two connections saving at once"
    ),
]


def both_at_once(cookies, key: str, number: int, fields: dict) -> list[int]:
    """The status codes of two posts of one entry (one submission) sent at the same moment."""
    submission = uuid.uuid4()
    together = threading.Barrier(2)
    answers: list[int] = []

    def tap():
        phone = Client()
        phone.cookies = cookies
        together.wait()
        try:
            answer = post_round(phone, key, number, fields, submission=submission)
            answers.append(answer.status_code)
        finally:
            close_connections()

    taps = [threading.Thread(target=tap) for _ in range(2)]
    for thread in taps:
        thread.start()
    for thread in taps:
        thread.join()
    assert Revision.objects.filter(submission=submission).count() == 1
    return answers


def test_two_copies_of_one_entry_at_once_are_stored_once_and_both_answered_saved():
    creator = Client()
    _table, key = create_schatzsuche(creator)
    for number in range(1, 9):
        # Every other round in two steps (the bids, then the tricks): a base other than 0.
        tricks = [number, 0, 0]
        if number % 2 == 0:
            assert both_at_once(creator.cookies, key, number, round_fields([1, 0, 0])) == [302] * 2
            fields, base = round_fields([1, 0, 0], tricks), 1
        else:
            fields, base = round_fields([0, 1, 0], tricks), 0
        assert both_at_once(creator.cookies, key, number, {**fields, "base": base}) == [302] * 2
