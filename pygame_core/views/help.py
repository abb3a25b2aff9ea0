"""Each game's rules for the page's help panel, in our own words, with the rulings.

The panel opens with the game at a glance (what a player looks up mid-game: Avinas's trump
ranking drawn with cards and its scoring tables, Abyssinia's prices and hand rankings both
ways), then the rule text's own worked examples drawn with real cards, then the rules in
full.  All of it is plain data (figures of card rows, small tables and sentences; sections
of paragraphs) so the text stays reviewable and the HTML is built the same way for every
game.  Hand names in the figures come from the engine's own ranking, so a picture cannot
disagree with a showdown.  The full reasoning behind each decision is in ``docs/rules/``.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..cards import JACK, parse_cards, rank_mark
from ..i18n import N_, _
from ..poker_hands import high_key, high_name, low_key, low_name
from ..registry import SPECS
from . import card_html
from .markup import Markup, html

# Every text below is an English message marked with ``N_`` and translated where the panel
# is drawn (``render_help``), so that the help follows a change of language.

HelpText = list[tuple[str, list[str]]]


@dataclass(frozen=True)
class Cards:
    """A labelled row of cards (codes such as ``7H``, ``10S``), as they lie.  ``named``
    (``high`` or ``low``): the engine's name for the cards as a hand is the label, or fills
    the label's ``{hand}``."""

    label: str
    codes: str  # space-separated codes
    note: str = ""
    named: str = ""


@dataclass(frozen=True)
class Grid:
    """A small table: a caption, column heads and rows of cells (the first is the row's
    head)."""

    caption: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Figure:
    """A titled picture: rows of cards, tables and sentences, in order."""

    title: str
    parts: tuple[Cards | Grid | str, ...]


# --- Avissinia ---------------------------------------------------------------------------
AVISSINIA_GLANCE = (
    Figure(N_("Your turn: play one card, and it does one thing"), (
        N_("Capture the centre, or another player's pile (your partner's too): your card's rank "
        "takes the whole run of that rank on top."),
        N_("Add to your own pile, when its top card has your card's rank."),
        N_("Trail: lay the card on the centre. Always allowed."),
    )),
    Figure(N_("Scoring"), (
        Grid(N_("After each round"), (N_("Card in your pile"), N_("Points")),
             ((N_("Any card"), "1"), (N_("A jack"), "3"),
              (N_("Left in the centre"), N_("nobody's")))),
        N_("Scores add up over rounds: the first to reach 61 wins; a tie for the lead plays "
        "another round. Partners add their piles together."),
    )),
)

AVISSINIA_EXAMPLES = (
    Figure(N_("Only the top run can be taken"), (
        Cards(N_("The centre, bottom to top"), "4C 7H 7S"),
        N_("A 7 from your hand takes both sevens, the 4 stays. A 4 takes nothing: it is not on "
        "top."),
        Cards(N_("Another centre"), "4C 5D 7S"),
        N_("Here a 7 takes only the top 7, leaving the other two cards."),
    )),
    Figure(N_("Adding to your own pile"), (
        Cards(N_("Your pile"), "7C 7D"),
        Cards(N_("You play"), "7H"),
        N_("A third 7 goes on top of your pile: three sevens now, for anyone holding the last 7 "
        "to take at once."),
    )),
    Figure(N_("Counting a pile"), (
        Cards(N_("A pile at the round's end"), "5S JH 9D 9C JC"),
        N_("5 cards, 2 of them jacks: 3 × 1 + 2 × 3 = 9 points."),
    )),
)

# --- Avinas ----------------------------------------------------------------------------
AVINAS_GLANCE = (
    Figure(N_("Trumps, highest first (hearts as trump)"), (
        Cards(N_("Queens, the trump 7 second"), "QC 7H QS QH QD"),
        Cards(N_("Jacks"), "JC JS JH JD"),
        Cards(N_("Then the trump suit"), "AH 10H KH 9H 8H"),
        Cards(N_("Any other suit"), "AS 10S KS 9S 8S 7S"),
    )),
    Figure(N_("Card points (120 in a hand)"), (
        Grid(N_("Card points"), (N_("Card"), "A", "10", "K", "Q", "J", "9 8 7"),
             ((N_("Points"), "11", "10", "4", "3", "2", "0"),)),
    )),
    Figure(N_("Sevens game: rams (n = sevens exposed)"), (
        Grid(N_("Rams written"), ("", N_("Declarers win (61+)"), N_("Declarers lose")),
             ((N_("Plain"), N_("opponents n"), N_("declarers 2n")),
              (N_("After a knock (all 8 tricks)"), N_("opponents 2n"), N_("declarers 4n")),
              (N_("After a knock back"), N_("opponents 4n"), N_("declarers 8n")))),
        N_("New rams first cancel the other side's rams."),
    )),
    Figure(N_("No-sevens game: pips"), (
        Grid(N_("Pips written"), (N_("Card points taken"), N_("Declarers made 61: opponents get"),
                              N_("Declarers missed: declarers get")),
             ((N_("31 or more"), "1", "2"), (N_("1 to 30"), "2", "4"), (N_("None"), "3", "6"))),
        N_("Pips are never cancelled. At 12 pips the match ends: a side with pips against one "
        "with none loses; otherwise fewer rams wins, then fewer pips."),
    )),
)

AVINAS_EXAMPLES = (
    Figure(N_("Special cards"), (
        Cards(N_("West's 4th and 8th cards, turned up"), "7D AC"),
        N_("West is the dealer's opponent, so his special cards lie face up for all. A seven "
        "among them makes this a sevens game; the last seven dealt names trump."),
    )),
)

# --- Abyssinia -------------------------------------------------------------------------
ABYSSINIA_HIGH = ("9H 10H JH QH KH", "8S 8H 8D 8C 3D", "9S 9H 9D KC KD", "2S 7S 9S JS KS",
                  "5D 6C 7H 8S 9D", "9S 9H 9D KC 2C", "QS QD 10C 10H 4S", "AS AD 7C 5H 3S",
                  "AH KD 9C 6S 3D")
ABYSSINIA_LOW = ("AS 2D 3C 4H 5S", "AS 2D 3C 4H 6S", "2S 3D 5C 7H 8S", "AS 4D 6C 9H KS",
                 "2S 2D 3C 4H 5S", "9S 9H 9D KC 2C")


def high_words(codes: str) -> str:
    return high_name(high_key(parse_cards(codes)))


def low_words(codes: str) -> str:
    return low_name(low_key(parse_cards(codes)))


def _ranking(title: str, hands: tuple[str, ...], named: str) -> Figure:
    """Example hands labelled by the engine's own names for them (``high`` or ``low``)."""
    return Figure(title, tuple(Cards("", h, named=named) for h in hands))


ABYSSINIA_GLANCE = (
    Figure(N_("Prices"), (
        Cards(N_("2 to 5: 2 chips"), "2C 3D 4H 5S"),
        Cards(N_("6 to king: 1 chip"), "6C 9D 10H KS"),
        Cards(N_("Ace: 4 chips"), "AS"),
        N_("A blind card (the pack's top) is turned up, then charged by the same prices."),
    )),
    _ranking(N_("High hands, best first (normal poker)"), ABYSSINIA_HIGH, "high"),
    _ranking(N_("Low hands, best first (ace-to-five: aces low, straights and flushes do not "
             "count, pairs count against)"), ABYSSINIA_LOW, "low"),
    Figure(N_("A deal"), (
        N_("Ante 1; five rounds of one purchase each and a betting round. No bet: check or bet "
        "1. Facing a bet: call, raise 1 (three raises a round at most) or fold."),
        N_("At the showdown half the pot goes to the best high hand and half to the best low; "
        "an odd chip goes to high."),
    )),
)

ABYSSINIA_EXAMPLES = (
    Figure(N_("The market"), (
        Cards(N_("Market"), "2C KD"),
        N_("The king costs 1, the deuce 2. Buying blind might turn up A♠ and cost 4: the "
        "uncertainty is both the card and its price."),
    )),
    Figure(N_("A showdown"), (
        # Translators: {hand} is a poker hand's name ("three nines").
        Cards(N_("Anna: {hand}"), "9S 9H 9D KC 2C", named="high"),
        Cards(N_("Ben: {hand}"), "8S 5D 4C 3H AD", named="low"),
        N_("Anna's three nines take high; Ben's unpaired eight takes low against Anna's "
        "triplet. A pot of 32 returns 16 to each: gross awards, from which each subtracts "
        "their ante, purchases and bets for the net result."),
    )),
)

AVISSINIA: HelpText = [
    (
        N_("The idea"),
        [
            N_("Four players, each alone or in two partnerships (partners sit opposite). Win cards "
            "by matching the rank of the top card of the centre pile or of another player's "
            "pile. Every card you win scores 1 point and a jack 3: a pack holds 60 points."),
        ],
    ),
    (
        N_("The deal"),
        [
            N_("Six cards each and four face up in the centre, the last one on top. When every "
               "hand is empty, six more each: two deals use the whole pack and make a round. The "
               "player on the dealer's left plays first and play goes to the right "
               "(counter-clockwise), so the dealer plays second. The next round is dealt by the "
               "player on the right."),
        ],
    ),
    (
        N_("Your turn: play one card and do one thing"),
        [
            N_("Capture the centre: if its top card has your card's rank, take the whole run of "
            "that rank at the top (a centre of 4-7-7 gives both 7s to a 7; a 4 takes nothing)."),
            N_("Capture a pile: the same against another player's pile, your partner's included."),
            N_("Add to your own pile, when its top card has the same rank."),
            N_("Trail: lay the card on the centre. Always allowed, even when you could capture."),
            N_("Captured cards go on your pile in the order they lay, your card on top. Piles are "
            "open for all to see, so a run on top of your pile can be taken from you."),
        ],
    ),
    (
        N_("Scoring and winning"),
        [
            N_("After each round you score the cards in your pile; cards left in the centre count "
            "for nobody. Scores add up over rounds. When anyone (or any partnership) has 61 or "
            "more after a round, the highest score wins; a tie for highest plays another round."),
        ],
    ),
]

AVINAS: HelpText = [
    (
        N_("The idea"),
        [
            N_("Four players in two partnerships, partners opposite, with 32 cards (sevens to "
               "aces). Penalties are written against the side that fails its task: the side "
               "penalised less wins."),
        ],
    ),
    (
        N_("The deal and the special cards"),
        [
            N_("Eight cards each, in two rounds of four from the dealer's left. Each player's 4th "
            "and 8th cards are special: the dealer's opponents' special cards are turned face up "
            "for all; the dealer looks at his own side's and shows only their sevens. Shown "
            "cards stay shown until played."),
        ],
    ),
    (
        N_("Sevens game (rams)"),
        [
            N_("If any special card is a seven, the holder of the seven dealt last declares, and "
               "its suit is trump; n is the number of special sevens. Before the first trick the "
               "declaring side may knock (to take all 8 tricks), and then the other side may knock "
               "back."),
            N_("The declaring side wins with 61 card points, or after a knock only with all 8 "
            "tricks. Win: the opponents get n rams (2n after a knock, 4n after a knock back). "
            "Loss: the declaring side gets 2n (4n, 8n). New rams first cancel the other side's."),
        ],
    ),
    (
        N_("No-sevens game (pips)"),
        [
            N_("One round of bidding from the dealer's left: pass, or say how many trumps (all "
            "queens and jacks count) you would hold in a suit you do not name, higher than the "
            "bid so far. All pass: the next dealer deals again. The declarer's first lead names "
            "trump; leading a queen or jack, he states the suit. Before any later trick he may "
            "stop the hand: only tricks taken count. An overbid loses the hand."),
            N_("Declaring side with 61+: the opponents get 1 pip if they took 31+, 2 if they took "
            "less, 3 if none. Otherwise the declaring side gets 2 (31+), 4 (less) or 6 (none)."),
        ],
    ),
    (
        N_("Trumps and tricks"),
        [
            N_("Trumps are the four queens, the four jacks and the trump suit, 14 cards, from the "
            "top: Q♣ 7 Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A 10 K 9 8. Other suits: A 10 K 9 8 7. Points: "
            "ace 11, ten 10, king 4, queen 3, jack 2 (120 in all)."),
            N_("Follow suit if you can (queens and jacks belong to trumps), otherwise play "
               "anything. The first lead must be a trump. The leader of trick 2 must lead a trump "
               "if able; if not, he may lead face down and tell his partner privately whether it "
               "is valuable. A face-down card is followed as a trump lead, cannot win, and its "
               "points go to the trick's winner."),
        ],
    ),
    (
        N_("The end"),
        [
            N_("When a side reaches 12 pips: if the other side has no pips, the side with pips "
            "loses. Otherwise fewer rams wins; with no rams, fewer pips wins; equal is a draw. "
            "By tradition the losers may not play again that day."),
        ],
    ),
]

ABYSSINIA: HelpText = [
    (
        N_("The idea"),
        [
            N_("Open-hand stud poker for 2 to 8 players: everyone buys five cards, face up, and "
               "bets on them. The pot is split between the best high hand and the best low hand."),
        ],
    ),
    (
        N_("Entering a deal"),
        [
            N_("You need at least 41 chips to play a deal; with less you sit out. Each player "
            "antes 1. The match ends when fewer than two players can enter: most chips wins."),
        ],
    ),
    (
        N_("Buying"),
        [
            N_("Two market cards lie face up beside the pack. In each of five rounds, starting "
               "left of the dealer, you buy the left card, the right card or the top of the pack "
               "unseen. Prices: 2 to 5 cost 2, 6 to king cost 1, an ace costs 4. A blind card is "
               "turned up and then charged; no returns. Purchases go into the pot."),
        ],
    ),
    (
        N_("Betting"),
        [
            N_("After each purchase round, a betting round from the dealer's left. With no bet: "
            "check or bet 1. Facing a bet: call, raise by 1 (at most three raises a round) or "
            "fold. A folded player buys no more and cannot win; the last player left takes the "
            "pot at once."),
        ],
    ),
    (
        N_("Showdown"),
        [
            N_("High uses normal poker order (A-2-3-4-5 is the lowest straight). Low is "
               "ace-to-five: aces low, straights and flushes ignored, pairs count against you; no "
               "qualifier. Each half goes to its best hand, equal hands share, and one player can "
               "win both. An odd chip goes to high; a chip that will not split within a half goes "
               "to the first of its winners clockwise after the dealer."),
        ],
    ),
]

# Each game's help, by the registry's name (the constants above are named for their games).
RULES: dict[str, tuple[str, HelpText]] = {
    name: (spec.title_msg, globals()[name.upper()]) for name, spec in SPECS.items()
}
GLANCE: dict[str, tuple[Figure, ...]] = {
    name: globals()[f"{name.upper()}_GLANCE"] for name in SPECS
}
EXAMPLES: dict[str, tuple[Figure, ...]] = {
    name: globals()[f"{name.upper()}_EXAMPLES"] for name in SPECS
}


def cards_label(row: Cards) -> str:
    """A row's label in the language in use (a hand's name from the engine's ranking)."""
    label = _(row.label) if row.label else ""
    if row.named:
        hand = high_words(row.codes) if row.named == "high" else low_words(row.codes)
        return label.format(hand=hand) if label else hand
    return label


def _cards_html(row: Cards) -> Markup:
    # No motion identity: these cards are pictures, not the table's cards.
    cards = Markup().join(card_html(code, keyed=False) for code in row.codes.split())
    note = html(' <span class="help-note">({note})</span>', note=_(row.note)) if row.note \
        else ""
    return html('<div class="help-cards"><p class="help-label">{label}{note}</p>'
                '<div class="help-row">{cards}</div></div>',
                label=cards_label(row), note=note, cards=cards)


def _grid_html(grid: Grid) -> Markup:
    head = Markup().join(html('<th scope="col">{h}</th>', h=_cell(h)) for h in grid.head)
    rows = Markup().join(
        html("<tr><th scope=\"row\">{first}</th>{rest}</tr>", first=_cell(row[0]),
             rest=Markup().join(html("<td>{c}</td>", c=_cell(c)) for c in row[1:]))
        for row in grid.rows)
    # The figure's title says it on screen; the caption names the table for a screen reader.
    return html('<table class="scores help-grid"><caption class="visually-hidden">{caption}'
                '</caption><thead><tr>{head}'
                "</tr></thead><tbody>{rows}</tbody></table>",
                caption=_(grid.caption), head=head, rows=rows)


def _cell(text: str) -> str:
    """A table cell: words are messages, a rank's letter its mark on a card; figures and
    empty cells stay as they are."""
    if text in ("J", "Q", "K", "A"):
        return rank_mark(JACK + "JQKA".index(text))
    return _(text) if any(ch.isalpha() for ch in text) else text


def figure_html(figure: Figure) -> Markup:
    """One figure: its title, then its card rows, tables and sentences in order."""
    parts = Markup().join(
        _cards_html(part) if isinstance(part, Cards) else
        _grid_html(part) if isinstance(part, Grid) else html("<p>{text}</p>", text=_(part))
        for part in figure.parts)
    return html('<figure class="help-figure"><figcaption>{title}</figcaption>{parts}</figure>',
                title=_(figure.title), parts=parts)


def render_help(game: str) -> str:
    """The help panel's HTML for ``game``: the game at a glance, the rule text's worked
    examples, then the rules in full as headed sections of paragraphs."""
    title, sections = RULES[game]
    w_how_to_play_game = _('How to play {game}')
    w_at_a_glance = _("At a glance")
    w_worked_examples = _("Worked examples")
    parts = [
        f'<section class="help" aria-labelledby="help-title"><h2 id="help-title">'
        f"{escape(w_how_to_play_game.format(game=_(title)))}</h2>",
        f'<h3 id="help-glance">{escape(w_at_a_glance)}</h3><div class="help-figures">',
        *(str(figure_html(f)) for f in GLANCE[game]),
        f'</div><h3>{escape(w_worked_examples)}</h3><div class="help-figures">',
        *(str(figure_html(f)) for f in EXAMPLES[game]),
        "</div>",
    ]
    for heading, paragraphs in sections:
        parts.append(f"<h3>{escape(_(heading))}</h3>")
        parts.extend(f"<p>{escape(_(p))}</p>" for p in paragraphs)
    parts.append("</section>")
    return "".join(parts)
