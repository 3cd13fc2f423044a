"""When two typed names are one person's: "Magdalena Fruehholz" and "Magdalena Frühholz",
"frühholz magdalena", "Frühholz, Magdalena". Plain Python, no Django."""

from __future__ import annotations

import re
import unicodedata

# German spellings without umlauts (a keyboard without them, a form that lost them).
FOLDS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
WORD = re.compile(r"[^\W_]+")


def words(name: str) -> list[str]:
    """The name's words, lower case, umlauts written out, other accents dropped."""
    folded = name.casefold().translate(FOLDS)
    plain = "".join(
        c for c in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(c)
    )
    return WORD.findall(plain)


def spellings(name: str) -> frozenset[str]:
    """Keys two names share when they are likely the same person: the words run together
    (spaces and case do not matter) and the words in any order (surname first)."""
    parts = words(name)
    return frozenset({"".join(parts), " ".join(sorted(parts))}) - {""}


def similar(one: str, other: str) -> bool:
    return bool(spellings(one) & spellings(other))


def surname_key(name: str) -> tuple[str, str]:
    """Sorting by surname: the last word, then the rest ("Anna Maier" under M)."""
    parts = words(name)
    return (parts[-1], " ".join(parts[:-1])) if parts else ("", "")
