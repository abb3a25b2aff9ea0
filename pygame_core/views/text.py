"""The table as plain text, for the terminal: the very HTML the page shows, read out the
way a screen reader reads it (each card by its spoken name, buttons in brackets, one line
per block), so the terminal and the page can never show different tables."""

from __future__ import annotations

from html.parser import HTMLParser

BLOCKS = frozenset({"section", "div", "p", "h1", "h2", "h3", "li", "tr", "ul", "ol",
                    "table", "header", "footer", "dl", "dt", "dd", "fieldset", "legend"})


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[list[str]] = [[]]
        self.opened: list[bool] = []  # per open element: does it silence its content?
        self.silent = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in BLOCKS:
            self.lines.append([])
        label = found.get("aria-label")
        named = bool(label) and (found.get("role") == "img" or tag == "button")
        if named and not self.silent:
            self.lines[-1].append(f"[{label}]" if tag == "button" else str(label))
        silences = named or found.get("aria-hidden") == "true"
        self.opened.append(silences)
        self.silent += silences

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.opened:
            self.silent -= self.opened.pop()
        if tag in BLOCKS:
            self.lines.append([])

    def handle_data(self, data: str) -> None:
        if not self.silent and data.strip():
            self.lines[-1].append(" ".join(data.split()))


def html_to_text(markup: str, *, buttons: bool = True) -> str:
    """``markup`` as lines of text; ``buttons=False`` leaves out the moves' buttons (the
    terminal numbers the moves itself)."""
    reader = _Reader()
    reader.feed(markup)
    lines = (" ".join(w for w in line if buttons or not w.startswith("[")).strip()
             for line in reader.lines)
    return "\n".join(line for line in lines if line)
