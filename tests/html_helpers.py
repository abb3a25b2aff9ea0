"""Reading the views' HTML in tests: tags, nesting, and the moves it offers."""

from __future__ import annotations

import re
from html.parser import HTMLParser


def text_of(html: str) -> str:
    """The text a reader sees in ``html``: tags dropped, spaces run together."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


HOSTILE = '<img src=x onerror=alert(1)>"\'&'


class Tags(HTMLParser):
    """Every start tag with its attributes, the text inside each data-action element, and a
    check that the markup is well nested."""

    VOID = frozenset({"input", "br", "img", "meta", "link"})

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.stack: list[str] = []
        self.texts: dict[str, str] = {}
        self._open: list[tuple[int, str]] = []  # (depth, action) of open data-action tags

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append((tag, a))
        if tag not in self.VOID:
            self.stack.append(tag)
            if "data-action" in a:
                self._open.append((len(self.stack), str(a["data-action"])))
                self.texts[str(a["data-action"])] = ""

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        if self._open and self._open[-1][0] == len(self.stack):
            self._open.pop()
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        for _, action in self._open:
            self.texts[action] += data


def parse(html: str) -> Tags:
    t = Tags()
    t.feed(html)
    t.close()
    assert not t.stack, f"unclosed tags {t.stack}"
    return t


def actions_in(html: str) -> list[str]:
    return [str(a["data-action"]) for _, a in parse(html).tags if "data-action" in a]
