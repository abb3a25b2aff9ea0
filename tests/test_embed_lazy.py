"""The Embed dialog's iframe code loads the table only near the reader's view (issue 44)."""

from __future__ import annotations

from pygame_core.views import embed


def test_the_iframe_snippet_loads_lazily() -> None:
    snippet = embed.iframe_snippet("https://x.org/cards/", {"game": "avinas"}, "Avinas",
                                   embed.EmbedForm())
    assert snippet.startswith("<iframe ") and ' loading="lazy" ' in snippet
