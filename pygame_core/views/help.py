"""Each game's rules for the page's help panel, in our own words, with the rulings.

Plain data (title, then sections of paragraphs) so the text stays reviewable and the
HTML is built the same way for every game.  The full reasoning behind each decision is in
``docs/rules/``; this is what a player needs at the table.
"""

from __future__ import annotations

from html import escape

from ..registry import SPECS

HelpText = list[tuple[str, list[str]]]

AVISSINIA: HelpText = [
    (
        "The idea",
        [
            "Four players, each alone or in two partnerships (partners sit opposite). Win cards "
            "by matching the rank of the top card of the centre pile or of another player's "
            "pile. Every card you win scores 1 point and a jack 3: a pack holds 60 points.",
        ],
    ),
    (
        "The deal",
        [
            "Six cards each and four face up in the centre, the last one on top. When every hand "
            "is empty, six more each: two deals use the whole pack and make a round. The player "
            "on the dealer's left plays first and play goes to the right (counter-clockwise), so "
            "the dealer plays second. The next round is dealt by the player on the right.",
        ],
    ),
    (
        "Your turn: play one card and do one thing",
        [
            "Capture the centre: if its top card has your card's rank, take the whole run of "
            "that rank at the top (a centre of 4-7-7 gives both 7s to a 7; a 4 takes nothing).",
            "Capture a pile: the same against another player's pile, your partner's included.",
            "Add to your own pile, when its top card has the same rank.",
            "Trail: lay the card on the centre. Always allowed, even when you could capture.",
            "Captured cards go on your pile in the order they lay, your card on top. Piles are "
            "open for all to see, so a run on top of your pile can be taken from you.",
        ],
    ),
    (
        "Scoring and winning",
        [
            "After each round you score the cards in your pile; cards left in the centre count "
            "for nobody. Scores add up over rounds. When anyone (or any partnership) has 61 or "
            "more after a round, the highest score wins; a tie for highest plays another round.",
        ],
    ),
]

AVINAS: HelpText = [
    (
        "The idea",
        [
            "Four players in two partnerships, partners opposite, with 32 cards (sevens to aces). "
            "Penalties are written against the side that fails its task: the side penalised "
            "less wins.",
        ],
    ),
    (
        "The deal and the special cards",
        [
            "Eight cards each, in two rounds of four from the dealer's left. Each player's 4th "
            "and 8th cards are special: the dealer's opponents' special cards are turned face up "
            "for all; the dealer looks at his own side's and shows only their sevens. Shown "
            "cards stay shown until played.",
        ],
    ),
    (
        "Sevens game (rams)",
        [
            "If any special card is a seven, the holder of the seven dealt last declares, and its "
            "suit is trump; n is the number of special sevens. Before the first trick the "
            "declaring side may knock (to take all 8 tricks), and then the other side may knock "
            "back.",
            "The declaring side wins with 61 card points, or after a knock only with all 8 "
            "tricks. Win: the opponents get n rams (2n after a knock, 4n after a knock back). "
            "Loss: the declaring side gets 2n (4n, 8n). New rams first cancel the other side's.",
        ],
    ),
    (
        "No-sevens game (pips)",
        [
            "One round of bidding from the dealer's left: pass, or say how many trumps (all "
            "queens and jacks count) you would hold in a suit you do not name, higher than the "
            "bid so far. All pass: the next dealer deals again. The declarer's first lead names "
            "trump; leading a queen or jack, he states the suit. Before any later trick he may "
            "stop the hand: only tricks taken count. An overbid loses the hand.",
            "Declaring side with 61+: the opponents get 1 pip if they took 31+, 2 if they took "
            "less, 3 if none. Otherwise the declaring side gets 2 (31+), 4 (less) or 6 (none).",
        ],
    ),
    (
        "Trumps and tricks",
        [
            "Trumps are the four queens, the four jacks and the trump suit, 14 cards, from the "
            "top: Q♣ 7 Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A 10 K 9 8. Other suits: A 10 K 9 8 7. Points: "
            "ace 11, ten 10, king 4, queen 3, jack 2 (120 in all).",
            "Follow suit if you can (queens and jacks belong to trumps), otherwise play anything. "
            "The first lead must be a trump. The leader of trick 2 must lead a trump if able; if "
            "not, he may lead face down and tell his partner privately whether it is valuable. "
            "A face-down card is followed as a trump lead, cannot win, and its points go to the "
            "trick's winner.",
        ],
    ),
    (
        "The end",
        [
            "When a side reaches 12 pips: if the other side has no pips, the side with pips "
            "loses. Otherwise fewer rams wins; with no rams, fewer pips wins; equal is a draw. "
            "By tradition the losers may not play again that day.",
        ],
    ),
]

ABYSSINIA: HelpText = [
    (
        "The idea",
        [
            "Open-hand stud poker for 2 to 8 players: everyone buys five cards, face up, and bets "
            "on them. The pot is split between the best high hand and the best low hand.",
        ],
    ),
    (
        "Entering a deal",
        [
            "You need at least 41 chips to play a deal; with less you sit out. Each player "
            "antes 1. The match ends when fewer than two players can enter: most chips wins.",
        ],
    ),
    (
        "Buying",
        [
            "Two market cards lie face up beside the pack. In each of five rounds, starting left "
            "of the dealer, you buy the left card, the right card or the top of the pack unseen. "
            "Prices: 2 to 5 cost 2, 6 to king cost 1, an ace costs 4. A blind card is turned up "
            "and then charged; no returns. Purchases go into the pot.",
        ],
    ),
    (
        "Betting",
        [
            "After each purchase round, a betting round from the dealer's left. With no bet: "
            "check or bet 1. Facing a bet: call, raise by 1 (at most three raises a round) or "
            "fold. A folded player buys no more and cannot win; the last player left takes the "
            "pot at once.",
        ],
    ),
    (
        "Showdown",
        [
            "High uses normal poker order (A-2-3-4-5 is the lowest straight). Low is ace-to-five: "
            "aces low, straights and flushes ignored, pairs count against you; no qualifier. "
            "Each half goes to its best hand, equal hands share, and one player can win both. "
            "An odd chip goes to high; a chip that will not split within a half goes to the "
            "first of its winners clockwise after the dealer.",
        ],
    ),
]

# Each game's help, by the registry's name (the constants above are named for their games).
RULES: dict[str, tuple[str, HelpText]] = {
    name: (spec.title, globals()[name.upper()]) for name, spec in SPECS.items()
}


def render_help(game: str) -> str:
    """The help panel's HTML for ``game``: headed sections of paragraphs."""
    title, sections = RULES[game]
    parts = [
        f'<section class="help" aria-labelledby="help-title"><h2 id="help-title">'
        f"How to play {escape(title)}</h2>"
    ]
    for heading, paragraphs in sections:
        parts.append(f"<h3>{escape(heading)}</h3>")
        parts.extend(f"<p>{escape(p)}</p>" for p in paragraphs)
    parts.append("</section>")
    return "".join(parts)
