"""What a browser would post for a page's main POST form (the one with the most fields)
when nobody changes anything."""

from __future__ import annotations

from html.parser import HTMLParser


class _FormDefaults(HTMLParser):
    def __init__(self):
        super().__init__()
        self.forms: list[dict[str, list[str]]] = []
        self.data: dict[str, list[str]] = {}
        self.in_form = False
        self.select: str | None = None
        self.select_first: str | None = None
        self.selected = False
        self.textarea: str | None = None

    def add(self, name, value):
        self.data.setdefault(name, []).append(value)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and (a.get("method") or "").lower() == "post":
            self.in_form, self.data = True, {}
        if not self.in_form or "disabled" in a:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = (a.get("type") or "text").lower()
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.add(name, a.get("value", "on"))
            elif kind not in ("submit", "button", "file"):
                self.add(name, a.get("value") or "")
        elif tag == "select" and name:
            self.select, self.select_first, self.selected = name, None, False
        elif tag == "option" and self.select:
            value = a.get("value", "")
            if self.select_first is None:
                self.select_first = value
            if "selected" in a:
                self.add(self.select, value)
                self.selected = True
        elif tag == "textarea" and name:
            self.textarea = name
            self.add(name, "")

    def handle_data(self, data):
        if self.textarea:
            self.data[self.textarea][-1] += data

    def handle_endtag(self, tag):
        if tag == "select" and self.select:
            if not self.selected and self.select_first is not None:
                self.add(self.select, self.select_first)
            self.select = None
        elif tag == "textarea":
            self.textarea = None
        elif tag == "form" and self.in_form:
            self.in_form = False
            self.forms.append(self.data)


def form_defaults(html: str) -> dict[str, str | list[str]]:
    parser = _FormDefaults()
    parser.feed(html)
    data = max(parser.forms, key=len)
    return {k: v[0] if len(v) == 1 else v for k, v in data.items()}
