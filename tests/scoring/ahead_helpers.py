"""The rounds ahead (scoring/_ahead.html) read as a phone reads them (static/js/ahead.js):
each distinct form once for a stand-in round number, the rounds with the key of their form."""

from __future__ import annotations

import json
import re
from html import unescape

from django.urls import reverse

BOX = re.compile(r'<div data-after="(\d+)" data-count="(\d+)" data-number="(\d+)"([^>]*)>')
FORM = re.compile(
    r'<template data-form="([^"]*)"(?: data-follows="([^"]*)")?>(.*?)</template>', re.S
)
ROUND = re.compile(r'<template data-round="(\d+)" data-form="([^"]*)">(.*?)</template>', re.S)


def attribute(attrs: str, name: str) -> str | None:
    found = re.search(rf'{name}="([^"]*)"', attrs)
    return unescape(found.group(1)) if found else None


class AheadAnswer:
    def __init__(self, html: str):
        self.html = html
        box = BOX.search(html)
        assert box, html[:500]
        self.after, self.count, self.stand_in = (int(box.group(n)) for n in (1, 2, 3))
        attrs = box.group(4)
        last = attribute(attrs, "data-last")
        self.last = int(last) if last else None
        self.chain = attribute(attrs, "data-chain") or ""
        self.rules = json.loads(attribute(attrs, "data-rules") or "{}")
        self.forms = {
            key: (json.loads(unescape(follows)) if follows else {}, body)
            for key, follows, body in FORM.findall(html)
        }
        self.rounds = {int(n): (key, info) for n, key, info in ROUND.findall(html)}

    @property
    def numbers(self) -> list[int]:
        return sorted(self.rounds)

    def form_key(self, number: int, start: str = "", typed: dict[int, str] | None = None):
        """The key of round ``number``'s form; a chained one from ``start`` (the key of the
        round after ``after``) through the values ``typed`` into the chain field by round."""
        key = self.rounds[number][0]
        if key:
            return key
        key = start
        for earlier in range(self.after + 1, number):
            follows = self.forms[key][0]
            key = follows.get((typed or {}).get(earlier, ""), follows[""])
        return key

    def round(self, number: int, **chain) -> str:
        """Round ``number`` as the phone shows it: its facts, then its form with its number."""
        _key, info = self.rounds[number]
        body = self.forms[self.form_key(number, **chain)][1]
        return info + body.replace(str(self.stand_in), str(number))


def ahead(client, key, after, **headers):
    return client.get(reverse("table_ahead", args=[key]), {"after": after}, **headers)


def ahead_answer(client, key, after, **headers) -> AheadAnswer:
    response = ahead(client, key, after, **headers)
    assert response.status_code == 200
    return AheadAnswer(response.content.decode())
