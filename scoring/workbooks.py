"""XLSX downloads for a club's treasurer (standings, prize lists, seasons, a table's sheet).

A workbook is built from plain rows, one worksheet at a time: integers and decimals become
numbers a spreadsheet can add up, ``Money`` becomes a number in euros with a currency format,
and text is always text (openpyxl would store a string starting with "=" as a formula).
Every cell, the header's included, goes through ``write``: the one place a workbook cell is
set. Sheet titles are text too, and never start like a formula (scoring/spreadsheets.py).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.http import HttpResponse
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from .spreadsheets import FORMULA_STARTS

# Negative amounts in red with a minus; the sign is a spreadsheet's own, not text.
MONEY_FORMAT = "#,##0.00 [$€-407];[RED]-#,##0.00 [$€-407]"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
# Excel refuses sheet titles with these characters, or longer than 31.
TITLE_FORBIDDEN = str.maketrans(dict.fromkeys("[]:*?/\\", " "))


@dataclass(frozen=True)
class Money:
    cents: int


def new_workbook() -> Workbook:
    workbook = Workbook()
    workbook.remove(workbook.active)
    return workbook


def add_sheet(workbook: Workbook, title: str, header: Sequence, rows: Iterable[Sequence]):
    """A worksheet of ``header`` (bold, frozen) and ``rows``; returns it."""
    sheet = workbook.create_sheet(sheet_title(title))
    for column, value in enumerate(header, start=1):
        cell = sheet.cell(row=1, column=column)
        write(cell, value)
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A2"
    widths = [len(str(value)) for value in header]
    for number, row in enumerate(rows, start=2):
        for column, value in enumerate(row, start=1):
            cell = sheet.cell(row=number, column=column)
            write(cell, value)
            if column > len(widths):
                widths.append(0)
            widths[column - 1] = max(widths[column - 1], len(str(cell.value or "")) + 2)
    for column, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(column)].width = min(max(width, 6), 40)
    return sheet


def sheet_title(title) -> str:
    """Excel's rules for a title (no []:*?/\\, at most 31 characters), and no formula start."""
    return str(title).translate(TITLE_FORBIDDEN).lstrip("".join(FORMULA_STARTS))[:31] or "-"


def write(cell, value) -> None:
    """Set one cell: a number as a number, anything else as text, never a formula."""
    if value is None:
        return
    if isinstance(value, Money):
        cell.value = Decimal(value.cents) / 100
        cell.number_format = MONEY_FORMAT
    elif isinstance(value, int | float | Decimal):  # bool is an int too
        cell.value = value
    else:
        cell.value = text_cell(value)
        cell.data_type = "s"  # never a formula, whatever it starts with
        # Shown as typed, and kept as text when someone edits the cell in Excel.
        if cell.value.startswith(FORMULA_STARTS):
            cell.quotePrefix = True


def text_cell(value) -> str:
    return "" if value is None else str(value)


def xlsx_response(workbook: Workbook, filename: str) -> HttpResponse:
    stream = io.BytesIO()
    workbook.save(stream)
    response = HttpResponse(stream.getvalue(), content_type=XLSX)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
