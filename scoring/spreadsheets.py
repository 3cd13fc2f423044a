"""CSV downloads that open cleanly in spreadsheet programs (score sheets, audit trails,
standings).

A spreadsheet opening a CSV by double click reads it with the computer's regional settings: a
German one expects ``;`` between cells and a decimal comma (with ``,`` it puts each whole line
into one cell), an English one ``,`` and a decimal point. So the file follows the reader's
language. Numbers are written bare (ASCII minus, no currency sign: the header names the unit),
or the spreadsheet takes them for text and cannot add them up; text is kept from starting a
formula.
"""

import csv
from decimal import Decimal

from django.http import HttpResponse
from django.utils.translation import get_language

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class SpreadsheetWriter:
    """``writerow`` as csv.writer's, with each cell written as a spreadsheet in the reader's
    language reads it: numbers as numbers, text never as a formula."""

    def __init__(self, stream):
        self.german = (get_language() or "de").startswith("de")
        self.writer = csv.writer(stream, delimiter=";" if self.german else ",")

    def writerow(self, row) -> None:
        self.writer.writerow([self.cell(value) for value in row])

    def cell(self, value) -> str:
        if value is None:
            return ""
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        if isinstance(value, Decimal | float):
            number = f"{Decimal(str(value)):f}"
            return number.replace(".", ",") if self.german else number
        return spreadsheet_text(value)


def csv_response(filename: str) -> tuple[HttpResponse, SpreadsheetWriter]:
    """A UTF-8 CSV attachment with a BOM (so Excel reads umlauts) and a writer into it."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")
    return response, SpreadsheetWriter(response)


def spreadsheet_text(value) -> str:
    """Typed text (names, reasons) as text a spreadsheet will not run as a formula."""
    value = "" if value is None else str(value)
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value
