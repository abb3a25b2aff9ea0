"""The Embed dialog: the snippets that put this table in another page.

Two forms, as the README's "Embedding" section gives them: an ``<iframe>`` of the page with
``embed=1``, and the two lines of ``embed.js`` and a ``<card-table>`` element.  The site
address is the page's own folder; the deal is this one (with its seed) or a fresh one each
time.  Every value is escaped through ``markup.html``; the snippet is then shown (escaped again)
in a read-only box to copy.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ..base import read_digits
from ..i18n import LANGUAGES, _, pgettext
from .markup import Markup, escape, html, text_html

MIN_SIZE, MAX_SIZE = 200, 4000
DEFAULT_WIDTH, DEFAULT_HEIGHT = 960, 720
PREVIEW_W, PREVIEW_H = 240, 150  # the preview box: the frame's proportions, scaled


@dataclasses.dataclass(frozen=True)
class EmbedForm:
    fixed: bool = True  # this deal (with its seed), or a fresh deal each time
    width: int = DEFAULT_WIDTH
    height: int = DEFAULT_HEIGHT
    problem: str = ""  # a size that was out of range, in words
    language: str = ""  # the table's language for its readers ("": each reader's browser's)


def _size(text: str | None, default: int, name: str) -> tuple[int, str]:
    text = (text or "").strip()
    value = read_digits(text, 6)
    width = name == "width"
    if value is None:
        if not text:
            return default, ""
        return default, (_("The width must be a whole number of pixels.") if width else
                         _("The height must be a whole number of pixels."))
    if not MIN_SIZE <= value <= MAX_SIZE:
        clamped = max(MIN_SIZE, min(MAX_SIZE, value))
        kept = (_("The width is kept between {low} and {high} pixels.") if width else
                _("The height is kept between {low} and {high} pixels."))
        return clamped, kept.format(low=MIN_SIZE, high=MAX_SIZE)
    return value, ""


def read_form(fields: Mapping[str, str], before: EmbedForm | None = None) -> EmbedForm:
    """The dialog's fields (``deal``, ``width``, ``height``) as a form; a bad size keeps
    the last good one and says why."""
    before = before or EmbedForm()
    width, w_problem = _size(fields.get("width"), before.width, "width")
    height, h_problem = _size(fields.get("height"), before.height, "height")
    fixed = fields.get("deal", "fixed" if before.fixed else "fresh") != "fresh"
    language = fields.get("lang", before.language)
    return EmbedForm(fixed, width, height, w_problem or h_problem,
                     language if language in LANGUAGES else "")


def site_folder(href: str) -> str:
    """The folder of the page's address: ``https://x.org/cards/index.html?a#b`` ->
    ``https://x.org/cards/``."""
    base = href.split("#")[0].split("?")[0]
    return base[: base.rfind("/") + 1] if "/" in base else base + "/"


def deal_params(params: Mapping[str, str], form: EmbedForm) -> dict[str, str]:
    """The game's parameters for the frame (``seed`` only for this deal), and its
    language when one is chosen."""
    chosen = {k: v for k, v in params.items() if form.fixed or k != "seed"}
    return {**chosen, "lang": form.language} if form.language else chosen


def frame_src(site: str, params: Mapping[str, str], form: EmbedForm) -> str:
    from ..query import encode_query

    return f"{site}?{encode_query({'embed': '1', **deal_params(params, form)})}"


def iframe_snippet(site: str, params: Mapping[str, str], title: str, form: EmbedForm) -> str:
    return str(html(
        '<iframe src="{src}" title="{title}" width="{w}" height="{h}"\n'
        '        loading="lazy" style="border: 0; max-width: 100%"></iframe>',
        src=frame_src(site, params, form), title=card_table(title), w=form.width,
        h=form.height))


def element_snippet(site: str, params: Mapping[str, str], title: str, form: EmbedForm) -> str:
    attrs = Markup("").join(html(' {k}="{v}"', k=k, v=v)
                            for k, v in deal_params(params, form).items())
    return str(html(
        '<script src="{src}"></script>\n'
        '<card-table{attrs} title="{title}" width="{w}" height="{h}"></card-table>',
        src=f"{site}embed.js", attrs=attrs, title=card_table(title), w=form.width,
        h=form.height))


def card_table(title: str) -> str:
    # Translators: an embedded table's title attribute: "Avinas card table".
    return _("{game} card table").format(game=title)


def preview_html(form: EmbedForm) -> Markup:
    """A box of the frame's proportions, scaled to fit the dialog."""
    scale = min(PREVIEW_W / form.width, PREVIEW_H / form.height)
    w, h = max(8, round(form.width * scale)), max(8, round(form.height * scale))
    return html(
        '<div class="embed-preview" role="img" aria-label="{label}"><span class="embed-frame" '
        'style="width: {pw}px; height: {ph}px">'
        '<span aria-hidden="true">{w} × {h}</span></span></div>',
        # An apostrophe is safe in the double-quoted attribute: kept as it is, for the tests.
        label=Markup(escape(_("Preview of the frame's shape: {width} by {height} pixels").format(
            width=form.width, height=form.height)).replace("&#x27;", "'")),
        w=form.width, h=form.height, pw=w, ph=h)


def output_html(site: str, params: Mapping[str, str], title: str, form: EmbedForm) -> Markup:
    """The part of the dialog that follows the form: redrawn as the form changes."""
    problem = html('<p class="message" role="alert">{p}</p>', p=form.problem) \
        if form.problem else Markup("")
    two = element_snippet(site, params, title, form)
    frame = iframe_snippet(site, params, title, form)
    return Markup("").join([problem, preview_html(form), html(
        '<h3 id="embed-two-title">{two_title}</h3>'
        '<textarea id="embed-element" readonly rows="3" aria-labelledby="embed-two-title">'
        '{two}</textarea>'
        '<p><button type="button" data-cmd="embed-copy" data-key="element">{copy_two}'
        '</button></p>'
        '<h3 id="embed-frame-title">{frame_title}</h3>'
        '<textarea id="embed-iframe" readonly rows="3" aria-labelledby="embed-frame-title">'
        '{frame}</textarea>'
        '<p><button type="button" data-cmd="embed-copy" data-key="iframe">{copy_frame}'
        '</button></p>', two=two, frame=frame, two_title=_("Two lines"),
        copy_two=_("Copy the two lines"), frame_title=_("Or an iframe"),
        copy_frame=_("Copy the iframe"))])


def language_options(chosen: str) -> Markup:
    """The embedded table's language: each reader's browser's, or one for all of them
    (each named in itself, marked with its lang)."""
    browser = html('<option value=""{on}>{words}</option>',
                   on=Markup("" if chosen else " selected"), words=_("Each reader's browser's"))
    return Markup("").join([browser, *(
        html('<option value="{code}" lang="{code}"{on}>{name}</option>', code=code, name=name,
             on=Markup(" selected" if code == chosen else ""))
        for code, name in LANGUAGES.items())])


def embed_html(site: str, params: Mapping[str, str], title: str, form: EmbedForm,
               seed: int | None) -> Markup:
    """The whole dialog; without a seed (no game yet) only a fresh deal is offered."""
    if seed is None:
        form = dataclasses.replace(form, fixed=False)
    fixed = html(
        '<label><input type="radio" name="deal" value="fixed"{on}{off}> {words}</label>',
        on=Markup(" checked" if form.fixed else ""),
        off=Markup(" disabled" if seed is None else ""),
        words=_("This deal (seed {seed}): everyone who opens it gets the same cards").format(
            seed=seed if seed is not None else "–"))
    fresh = html('<label><input type="radio" name="deal" value="fresh"{on}> {words}</label>',
                 on=Markup("" if form.fixed else " checked"),
                 words=_("A fresh deal each time the page is opened"))
    # Translators: {game} is the game's name; {site} the page's address (in code type).
    intro = text_html(_("Put {game} on your own site: paste one of these into its HTML. It "
                        "loads from {site}."), game=title,
                      site=html("<code>{site}</code>", site=site))
    return html(
        '<h2 id="panel-title">{heading}</h2>'
        '<p>{intro}</p>'
        '<form id="embed-form" class="embed-form" data-form="embed">'
        '<fieldset><legend>{deal}</legend>{fixed}{fresh}</fieldset>'
        '<fieldset class="embed-size"><legend>{size}</legend>'
        '<label>{width} <input type="number" name="width" min="{lo}" max="{hi}" step="10" '
        'value="{w}" inputmode="numeric"></label> '
        '<label>{height} <input type="number" name="height" min="{lo}" max="{hi}" step="10" '
        'value="{h}" inputmode="numeric"></label></fieldset>'
        '<label class="embed-language">{language} <select name="lang">{languages}</select>'
        '</label></form>'
        '<div id="embed-out">{out}</div>',
        heading=_("Embed this table in a page"), intro=intro,
        deal=pgettext("embed: which deal", "Deal"), size=_("Size in pixels"),
        width=_("Width"), height=_("Height"), language=_("Language"),
        languages=language_options(form.language),
        fixed=fixed, fresh=fresh, lo=MIN_SIZE, hi=MAX_SIZE,
        w=form.width, h=form.height, out=output_html(site, params, title, form))
