"""CSV downloads that open cleanly in spreadsheet programs (audit trails, standings)."""

import csv

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_response(filename: str) -> tuple[HttpResponse, "csv.writer"]:
    """A UTF-8 CSV attachment with a BOM (so Excel reads umlauts) and a writer into it."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")
    return response, csv.writer(response)


def spreadsheet_text(value) -> str:
    """Typed text (names, reasons) as text a spreadsheet will not run as a formula."""
    value = "" if value is None else str(value)
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value
