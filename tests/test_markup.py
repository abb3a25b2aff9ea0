"""The markup type: text is escaped exactly once, HTML built by ``html`` is kept."""

from __future__ import annotations

from pygame_core.views import card_html
from pygame_core.views.markup import Markup, escape, html
from pygame_core.views.parts import result_dialog, summary_dialog


def test_escape_makes_text_safe_and_keeps_markup() -> None:
    assert escape('<b a="1">&') == "&lt;b a=&quot;1&quot;&gt;&amp;"
    assert isinstance(escape("x"), Markup)
    bold = Markup("<b>x</b>")
    assert escape(bold) is bold  # never escaped twice
    assert escape(escape("<")) == "&lt;"


def test_html_escapes_every_field_but_markup() -> None:
    out = html("<p title='{t}'>{body}</p>", t="it's <me>", body=Markup("<i>ok</i>"))
    assert out == "<p title='it&#x27;s &lt;me&gt;'><i>ok</i></p>"
    assert isinstance(out, Markup)


def test_join_escapes_plain_parts() -> None:
    joined = Markup("<br>").join([Markup("<i>a</i>"), "<b>"])
    assert joined == "<i>a</i><br>&lt;b&gt;" and isinstance(joined, Markup)


def test_dialogs_escape_their_texts_and_keep_their_body() -> None:
    page = summary_dialog("<script>", Markup("<table></table>"), "avinas", "x")
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "<table></table>" in page and "Next hand" in page
    done = result_dialog("A & B", Markup("<p>body</p>"))
    assert "A &amp; B" in done and "<p>body</p>" in done


def test_card_labels_are_escaped() -> None:
    card = card_html("QH", action='play "QH"', label="<Queen>")
    assert isinstance(card, Markup)
    assert 'data-action="play &quot;QH&quot;"' in card and 'aria-label="&lt;Queen&gt;"' in card
