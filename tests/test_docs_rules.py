"""The rules pages in docs/rules/ and every citation of them.

Code, tests and documentation cite the project's rules as ``docs/rules/<page>.md``, often
followed by the sections they rely on: ``docs/rules/schafkopf.md ("Result", "Tariff")``,
``docs/rules/stichwahl.md, "Scoring and end"``, ``docs/rules/records.md and schafkopf.md
("Result", ...)``. Every cited page must exist and every cited section must be a heading of
it. The rules live inside the repository: nothing may point at the outside spec any more.

How a citation is read (``sections_cited``): the text is cut into units — a Python string
literal or f-string, a block of comment lines, a Markdown paragraph — and each unit into
paragraphs. A citation ``docs/rules/<page>.md`` opens a *tail* that runs to the end of its
sentence (a full stop followed by a space or the end), to the end of the paragraph, or to
a closing parenthesis that closes one opened before the citation. Inside the tail a bare
``<page>.md`` switches the page the following names belong to, and any other path (such as
``docs/records.md``) stops attributing names. A double-quoted text in the tail is a section
name when it is short (at most 6 words of letters, digits, spaces, apostrophes, hyphens)
and stands in a list position: after the citation, ``(``, ``,`` or ``and``, and before
``,``, ``)``, ``;``, ``:``, ``and``, a full stop or the end. Quotations (long, or with
punctuation such as ``:`` or backticks) and quoted words in running text (``the German
"Kurzanleitung" of``) are therefore not section names. A heading matches a name when its
text equals the name, or when its text up to the first `` (`` or `` — `` does
(``## Tariff (profile ...)`` is the section "Tariff").
"""

from __future__ import annotations

import ast
import io
import os
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
PYTHON_TREES = ("scoring", "tournaments", "stichblock", "tests")
PAGES = (
    "schafkopf",
    "schatzsuche",
    "scharfe-schoten",
    "stichwahl",
    "skat",
    "records",
    "tournaments",
)
# Built at run time, so that neither this file nor its compiled form contains the string.
OUTSIDE_SPEC = "/".join(("shared", "rules")).encode()
SKIPPED_DIRS = {".git", ".venv"}

# The section headings every page must keep, exactly as code, tests and docstrings cite them
# (each page may add headings of its own).
HEADINGS = {
    "schafkopf": (
        "Schafkopf — normative rules",
        "Material",
        "Deal and order",
        "Contracts and their rank (highest first)",
        "Trumps (high to low)",
        "Play",
        "Rufspiel details",
        "Wenz details",
        "Solo details",
        "Stoß and Retour",
        "Result",
        "Tariff (profile `kurzanleitung`; money value of one unit set per game session, "
        "e.g. 0,10 €)",
        "Club profiles (settings, not in the source; off in `kurzanleitung`)",
        "Misplay",
        "Checks the scorepad enforces",
    ),
    "schatzsuche": (
        "Schatzsuche — normative rules",
        "Material and players",
        "Rounds",
        "Bidding",
        "Play",
        "Scoring per round (r = round number, b = bid, t = tricks taken)",
        "End",
        "Checks the scorepad enforces",
    ),
    "scharfe-schoten": (
        "Scharfe Schoten — normative rules",
        "Material and players",
        "A round",
        "Scoring a player's round",
        "Game",
        "Checks the scorepad enforces",
    ),
    "stichwahl": (
        "Stichwahl — normative rules",
        "Material and players",
        "A hand (Durchgang)",
        "A trick",
        "Scoring and end",
        'Record format (`game: "stichwahl"`)',
        "Checks the scorepad enforces",
    ),
    "skat": (
        "Skat — normative rules (tournament Skat with Seeger-Fabian lists)",
        "Material and seats",
        "Bidding",
        "Declaring",
        "Trumps and play",
        "Result of a suit game or Grand",
        "Misplays",
        "Seeger-Fabian (the list's result)",
        "House rules (profile `stammtisch-skat`; off in `isko`)",
        "Checks the scorepad enforces",
    ),
    "records": (
        "Game records — the interchange format for verification and replay",
        "Record",
        "Verdict",
        "Where records come from",
        "Analysis — perfect open-hand play (Schafkopf)",
        "schafkopf",
        "schatzsuche",
        "scharfe_schoten",
        "stichwahl",
    ),
    "tournaments": (
        "Club tournaments — how they run and what the app must do",
        "How a Schafkopf tournament runs (facts gathered from published club rules)",
        "What the app must do",
    ),
}

# A citation of a rules page; not when it is part of a longer path.
CITATION = re.compile(r"(?<![\w/.-])docs/rules/([\w-]+)\.md\b")
TOKEN = re.compile(
    r"""
    (?P<quote>"[^"]*")
    | (?P<file>(?<![\w/.-])(?:[\w.-]+/)*[\w-]+\.md\b)
    | (?P<stop>\.(?=\s|$))
    | (?P<punct>[(),;:])
    | (?P<markup>[`*]+)
    | (?P<word>[^\s"(),;:`*.]+(?:\.[^\s"(),;:`*.]+)*|\.)
    """,
    re.VERBOSE,
)
SECTION_NAME = re.compile(r"\w[\w'’ -]*")
MOST_WORDS = 6
BEFORE_NAME = {"(", ",", "and"}
AFTER_NAME = {",", ")", ";", ":", ".", "and"}
HEADING = re.compile(r"(#{1,6})\s+(.*?)\s*#*\s*")
SHORT_TITLE = re.compile(r" \(| — ")


@dataclass(frozen=True)
class Cited:
    """One cited page, or one cited section (``section`` set), at ``where`` (path:line).
    ``opens``: a ``docs/rules/<page>.md`` citation (not a bare page name in its tail)."""

    where: str
    page: str
    section: str | None = None
    opens: bool = False


# --- reading the citations ---------------------------------------------------------------


def sections_cited(text: str, path: str = "-", first_line: int = 1) -> list[Cited]:
    """Every rules page and section cited in ``text``, one paragraph of prose whose first
    line is line ``first_line`` of ``path``.

    >>> cite = "docs/" + "rules/"
    >>> text = cite + 'stichwahl.md, "A hand" and "A trick".'
    >>> [(c.page, c.section) for c in sections_cited(text)]
    [('stichwahl', None), ('stichwahl', 'A hand'), ('stichwahl', 'A trick')]
    >>> text = cite + 'records.md and schafkopf.md ("Result", Laufende), judged by "verify"'
    >>> [(c.page, c.section) for c in sections_cited(text)]
    [('records', None), ('schafkopf', None), ('schafkopf', 'Result')]
    """
    tokens = [match for match in TOKEN.finditer(text) if match.lastgroup != "markup"]
    found: list[Cited] = []
    page: str | None = None  # the page the names in the tail belong to
    active, depth = False, 0
    for index, match in enumerate(tokens):
        kind, value = match.lastgroup, match.group()
        where = f"{path}:{first_line + text.count(chr(10), 0, match.start())}"
        if kind == "file":
            citation = CITATION.fullmatch(value)
            if citation:
                page, active, depth = citation.group(1), True, 0
                found.append(Cited(where, page, opens=True))
            elif active:
                page = value.removesuffix(".md") if "/" not in value else None
                if page is not None:
                    found.append(Cited(where, page))
        elif kind == "stop":
            active, page = False, None
        elif value == "(":
            depth += 1
        elif value == ")":
            depth -= 1
            if depth < 0:
                active, page = False, None
        elif kind == "quote" and active and page is not None:
            name = " ".join(value[1:-1].split())
            before = tokens[index - 1] if index else None
            after = tokens[index + 1] if index + 1 < len(tokens) else None
            listed_before = before is not None and (
                before.lastgroup == "file" or before.group() in BEFORE_NAME
            )
            listed_after = after is None or after.group() in AFTER_NAME
            if listed_before and listed_after and is_section_name(name):
                found.append(Cited(where, page, name))
    return found


def is_section_name(name: str) -> bool:
    """Short and plain enough to be a heading rather than a quotation."""
    return bool(SECTION_NAME.fullmatch(name)) and len(name.split()) <= MOST_WORDS


def paragraphs(text: str, first_line: int) -> Iterator[tuple[int, str]]:
    """(line number, text) of each paragraph: blank lines separate them."""
    line = first_line
    for part in re.split(r"(\n[ \t]*\n)", text):
        if part.strip() and not re.fullmatch(r"\n[ \t]*\n", part):
            yield line, part
        line += part.count("\n")


def python_units(source: str) -> Iterator[tuple[int, str]]:
    """(first line, text) of every string literal (adjacent ones joined), f-string and block
    of comment lines of a Python source."""
    strings: list[str] = []
    string_line = 0
    comments: list[str] = []
    comment_line = last_comment = 0
    fstrings: list[tuple[int, list[str]]] = []  # open f-strings: first line, parts
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        kind, line = token.type, token.start[0]
        if kind == tokenize.STRING:
            value = ast.literal_eval(token.string)
            if not strings:
                string_line = line
            strings.append(value if isinstance(value, str) else value.decode("utf-8", "replace"))
            continue
        if kind not in (tokenize.NL, tokenize.NEWLINE) and strings:
            yield string_line, "".join(strings)
            strings = []
        if kind == tokenize.COMMENT:
            if comments and line != last_comment + 1:
                yield comment_line, "\n".join(comments)
                comments = []
            if not comments:
                comment_line = line
            comments.append(token.string.lstrip("#").strip())
            last_comment = line
        elif kind == tokenize.FSTRING_START:
            fstrings.append((line, []))
        elif kind == tokenize.FSTRING_MIDDLE:
            fstrings[-1][1].append(token.string)
        elif kind == tokenize.FSTRING_END:
            fstring_line, parts = fstrings.pop()
            yield fstring_line, "".join(parts)
        elif kind == tokenize.OP and token.string in ("{", "}") and fstrings:
            fstrings[-1][1].append(" ")  # a replacement field reads as a gap
    if strings:
        yield string_line, "".join(strings)
    if comments:
        yield comment_line, "\n".join(comments)


def citing_files() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for tree in PYTHON_TREES:
        files += sorted((ROOT / tree).rglob("*.py"))
    return files


@cache
def all_citations() -> dict[Path, list[Cited]]:
    """Per citing file, what it cites."""
    found = {}
    for path in citing_files():
        text = path.read_text(encoding="utf-8")
        units = python_units(text) if path.suffix == ".py" else [(1, text)]
        name = path.relative_to(ROOT).as_posix()
        found[path] = [
            cited
            for first_line, unit in units
            for line, paragraph in paragraphs(unit, first_line)
            for cited in sections_cited(paragraph, name, line)
        ]
    return found


@cache
def headings(page: str) -> tuple[str, ...]:
    """The heading texts of a rules page (outside fenced code)."""
    found, fenced = [], False
    for line in (RULES / f"{page}.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (match := HEADING.fullmatch(line)):
            found.append(match.group(2))
    return tuple(found)


def names_of(heading: str) -> set[str]:
    """What a heading may be cited as: its text, and its text before `` (`` or `` — ``."""
    return {heading, SHORT_TITLE.split(heading, maxsplit=1)[0]}


# --- the pages ---------------------------------------------------------------------------


@pytest.mark.parametrize("page", PAGES)
def test_each_rules_page_keeps_its_headings(page):
    path = RULES / f"{page}.md"
    assert path.is_file(), f"docs/rules/{page}.md is missing"
    missing = [heading for heading in HEADINGS[page] if heading not in headings(page)]
    assert not missing, f"docs/rules/{page}.md lacks the headings {missing}"


@pytest.mark.parametrize("page", PAGES)
def test_each_rules_page_says_what_it_is(page):
    first = (RULES / f"{page}.md").read_text(encoding="utf-8").splitlines()[0]
    assert "Stichblock implements" in first, first
    assert re.search(r"docs/[\w-]+\.md", first), first


def test_the_rules_are_indexed():
    index = (RULES / "README.md").read_text(encoding="utf-8")
    missing = [page for page in PAGES if f"]({page}.md)" not in index]
    assert not missing, f"docs/rules/README.md does not link {missing}"
    assert "rules/README.md" in (ROOT / "docs" / "README.md").read_text(encoding="utf-8")


# --- the citations -----------------------------------------------------------------------


def test_every_cited_rules_page_exists():
    problems = [
        f"{cited.where}: cites docs/rules/{cited.page}.md, which does not exist"
        for citations in all_citations().values()
        for cited in citations
        if cited.section is None and not (RULES / f"{cited.page}.md").is_file()
    ]
    assert not problems, "\n".join(problems)


def test_every_cited_section_is_a_heading():
    problems = []
    for citations in all_citations().values():
        for cited in citations:
            if cited.section is None or not (RULES / f"{cited.page}.md").is_file():
                continue  # a missing page is the test above
            known = set().union(*map(names_of, headings(cited.page)))
            if cited.section not in known:
                problems.append(
                    f'{cited.where}: cites "{cited.section}" of docs/rules/{cited.page}.md, '
                    "which has no such heading"
                )
    assert not problems, "\n".join(problems)


def test_every_citation_is_read():
    """No citation escapes the reading: as many as a file's text holds are found in its units
    (string literals, f-strings, comments, paragraphs)."""
    problems = []
    for path, citations in all_citations().items():
        raw = len(CITATION.findall(path.read_text(encoding="utf-8")))
        read = sum(cited.opens for cited in citations)
        if read != raw:
            problems.append(f"{path.relative_to(ROOT)}: {raw} citations in the text, {read} read")
    assert not problems, "\n".join(problems)


def test_the_citations_are_where_they_should_be():
    """The reading finds the known shapes (a guard against a reader that finds nothing)."""
    cited = {
        (path.relative_to(ROOT).as_posix(), c.page, c.section)
        for path, citations in all_citations().items()
        for c in citations
    }
    for expected in (
        ("tests/rules/test_commands.py", "records", "Where records come from"),
        ("tests/rules/test_schafkopf_records.py", "schafkopf", "Stoß and Retour"),
        ("tests/rules/test_schatzsuche_engine.py", "schatzsuche", "Scoring per round"),
        ("tests/rules/test_stichwahl_play.py", "stichwahl", "A trick"),
        ("tests/scoring/test_dispute_misplay.py", "schafkopf", "Misplay"),
        ("tests/scoring/test_schafkopf_table.py", "tournaments", None),
    ):
        assert expected in cited, expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A section list in parentheses, spread over lines, with plain words in between.
        (
            '{cite}schafkopf.md ("Checks the scorepad\n  enforces", "Result", the Ramsch '
            'settings). More "Text".',
            [
                ("schafkopf", None),
                ("schafkopf", "Checks the scorepad enforces"),
                ("schafkopf", "Result"),
            ],
        ),
        # A section name followed by a quotation, and a bare page followed by a quotation.
        (
            '{cite}schafkopf.md, "Misplay": "The verdict always gives the result as played, '
            'and the penalty"; tournaments.md: "a misplay ends the game".',
            [("schafkopf", None), ("schafkopf", "Misplay"), ("tournaments", None)],
        ),
        # A quotation that starts with the section's name is not a section name.
        ('{cite}schafkopf.md, "Misplay: … `offender_pays` scores".', [("schafkopf", None)]),
        # A quoted word in running text, and a key group named in passing.
        (
            '`{cite}schafkopf.md` (from the German "Kurzanleitung"\nof the rules).',
            [("schafkopf", None)],
        ),
        (
            '{cite}records.md ("scharfe_schoten" keys,\n"Verdict")',
            [("records", None), ("records", "Verdict")],
        ),
        # Another documentation page ends the attribution; the paren closes the citation.
        (
            '({cite}records.md, docs/records.md "Record") "Play"',
            [("records", None)],
        ),
        ("{cite}<game>.md first", []),
    ],
)
def test_reading_a_citation(text, expected):
    found = sections_cited(text.format(cite="docs/" + "rules/"))
    assert [(cited.page, cited.section) for cited in found] == expected


# --- nothing points outside ----------------------------------------------------------------


def test_no_file_points_at_the_outside_spec():
    offenders = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(name for name in dirs if name not in SKIPPED_DIRS)
        for name in sorted(files):
            path = Path(folder, name)
            if path.is_file() and OUTSIDE_SPEC in path.read_bytes():
                offenders.append(path.relative_to(ROOT).as_posix())
    assert not offenders, f"these files point outside the repository for the rules: {offenders}"
