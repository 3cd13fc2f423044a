"""Link keys: which model fields hold them, and which keys a phone may choose.

All link keys (tables', disputes', groups', tournaments' public standings …) share one
namespace: each app registers the model field holding its keys with ``register_link_key`` in
its ``AppConfig.ready``. The rate limits (stichblock/ratelimit.py) ask ``is_link_key`` to tell
a real link from a guessed one, and a key a phone chose for a table it started offline
(``scoring.services.create_table``) must be new in every kind, not only among tables: else a
phone could give its table the key of a group's link.

A chosen key must also be as hard to guess as the server's own (``scoring.models.new_key``):
18 random bytes in URL-safe base64. The decoded length and the canonical encoding are checked,
and keys no random source would make (few distinct characters, a constant step such as
"abcd…") are refused; a random key fails these checks with a chance below 10⁻¹⁰.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import string

from django.db.models import Model

from .models import KEY_BYTES

LINK_KEYS: list[tuple[type[Model], str]] = []

ALPHABET = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"
INDEX = {character: index for index, character in enumerate(ALPHABET)}
# Of a million random keys none had fewer than 12 distinct characters or 12 distinct steps
# between neighbours; each fewer is about ten times rarer again.
FEWEST_DISTINCT = 8


def register_link_key(model: type[Model], field: str) -> None:
    """Declare that ``model.field`` holds keys used in URLs (call in ``AppConfig.ready``)."""
    if (model, field) not in LINK_KEYS:
        LINK_KEYS.append((model, field))


def is_link_key(key: str) -> bool:
    """True when ``key`` is a real link of any registered kind (one query per kind)."""
    return any(model.objects.filter(**{field: key}).exists() for model, field in LINK_KEYS)


def is_random_key(key: str) -> bool:
    """True when ``key`` could be one of ``new_key``'s: KEY_BYTES bytes in URL-safe base64,
    without the patterns of a key typed or made up."""
    if not isinstance(key, str) or any(character not in INDEX for character in key):
        return False
    try:
        raw = base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))
    except (binascii.Error, ValueError):
        return False
    if len(raw) != KEY_BYTES or base64.urlsafe_b64encode(raw).decode().rstrip("=") != key:
        return False
    steps = {(INDEX[b] - INDEX[a]) % len(ALPHABET) for a, b in itertools.pairwise(key)}
    return len(set(key)) >= FEWEST_DISTINCT and len(steps) >= FEWEST_DISTINCT
