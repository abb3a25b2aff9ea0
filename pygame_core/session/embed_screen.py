"""The Embed dialog of the session: the snippets that put this table in another page, made
from the deal at the table (or the start form's game) and the dialog's form as it is
filled in.  The dialog's view (``views/embed.py``) is imported only when it opens."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..links import share_params
from ..views import GAME_TITLES
from .core import Effects
from .screen import Screens

if TYPE_CHECKING:
    from ..views.embed import EmbedForm


class EmbedScreens(Screens):
    """The session with its Embed dialog."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.embed_form: EmbedForm | None = None  # the Embed dialog's, once it is opened
        self.embed_game = ""  # the game the Embed dialog is for, when none is at the table

    def embed_params(self, chosen_game: str) -> tuple[dict[str, str], str, int | None]:
        game = self.game
        if game is None:  # the start form's game, as it was when the dialog opened
            self.embed_game = chosen_game or self.embed_game
            name = self.embed_game if self.embed_game in GAME_TITLES else next(iter(GAME_TITLES))
            return {"game": name}, GAME_TITLES.get(name, name), None
        return share_params(game, self.levels), GAME_TITLES.get(game.NAME, game.NAME), game.seed

    def embed_panel(self, chosen_game: str) -> str:
        """The Embed dialog as it opens (``chosen_game``: the start form's, if no deal)."""
        from ..views.embed import EmbedForm, embed_html, site_folder

        self.embed_form = self.embed_form or EmbedForm()
        params, title, seed = self.embed_params(chosen_game)
        return embed_html(site_folder(self.site), params, title, self.embed_form, seed)

    def embed_shown(self) -> tuple[str, dict[str, str], str, EmbedForm]:
        """What the Embed dialog's snippets are made of: the site's folder, the link's
        parameters, the title and the form (a fresh deal each time when no deal is at the
        table, whatever the form says)."""
        from ..views.embed import EmbedForm, site_folder

        self.embed_form = self.embed_form or EmbedForm()
        params, title, seed = self.embed_params("")
        form = self.embed_form if seed is not None else dataclasses.replace(
            self.embed_form, fixed=False)
        return site_folder(self.site), params, title, form

    def form_input(self, form: str, fields: Mapping[str, str]) -> Effects:
        """A form that the session follows as it is filled in (the Embed dialog's)."""
        from ..views.embed import EmbedForm, output_html, read_form

        if form != "embed":
            return Effects()
        self.embed_form = read_form(fields, self.embed_form or EmbedForm())
        return Effects(update={"embed-out": output_html(*self.embed_shown())})

    def embed_copy(self, key: str | None) -> Effects:
        from ..views.embed import element_snippet, iframe_snippet

        make = iframe_snippet if key == "iframe" else element_snippet
        return Effects(copy=make(*self.embed_shown()))


EMBED_COMMANDS: dict[str, Callable[[EmbedScreens, str | None, Mapping[str, str]],
                                   Effects | None]] = {
    "embed-copy": lambda session, key, _fields: session.embed_copy(key),
}
