"""Reading the CSV downloads as a spreadsheet program does in the reader's language."""

import csv
import io
import re
from decimal import Decimal

# What a German spreadsheet takes for a number: ASCII minus, digits, a decimal comma.
GERMAN_NUMBER = re.compile(r"-?[0-9]+(,[0-9]+)?")


def read_csv(response, language: str) -> list[list[str]]:
    assert response["Content-Type"].startswith("text/csv")
    body = response.content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(body), delimiter=";" if language == "de" else ","))


def german_number(cell: str) -> Decimal:
    """The cell's number as a German spreadsheet reads it; fails on text (e.g. "−1,50 €")."""
    assert GERMAN_NUMBER.fullmatch(cell), f"not a number to a German spreadsheet: {cell!r}"
    return Decimal(cell.replace(",", "."))
