"""Avinas's lesson: two hands (seeds/002, RULINGS.md), the first on a scripted deck.

Hand 1, a sevens game: you deal; West's 4th card, the 7♠, and your 8th, the 7♥, are the
sevens shown, so you declare with hearts trumps.  You knock; North wins the trump lead
with the Q♣ and leads face down, signalling a valuable card (the A♠), which your Q♠ takes;
your trumps then win every trick, and East-West are written rams.  Hand 2 is dealt by the
seed (chosen so that no seven is shown): you bid, name trumps with your first lead, and
stop once your side has 61; East-West are written pips.  The match is taken up with
East-West at 10 pips, so that those 2 end it and you win.
"""

from __future__ import annotations

from typing import Any

from ..avinas import Avinas, card_strength, scripted_deck, trick_winner
from ..base import Game
from ..i18n import N_
from . import Lesson, Step

CARDS = "the 32 cards and the two rankings"
SPECIALS = "the 4th and 8th cards and the sevens shown"
DECLARER = "the declarer and trumps"
KNOCKING = "knocking"
TRUMP_LEAD = "the trump lead"
FACE_DOWN = "a face-down lead and the partner's signal"
FOLLOWING = "following suit"
NO_SEVENS = "a no-sevens hand: bidding and stopping"
CARD_POINTS = "card points"
RAMS = "rams and their cancelling"
PIPS = "pips"
MATCH_END = "the end of the match"
RULES = (CARDS, SPECIALS, DECLARER, KNOCKING, TRUMP_LEAD, FACE_DOWN, FOLLOWING, NO_SEVENS,
         CARD_POINTS, RAMS, PIPS, MATCH_END)

DEALER = 0  # you deal: your 8th card is the last special card dealt

# Each hand in the order dealt: the 4th and 8th cards are the special ones.
DECK = scripted_deck(DEALER, {
    0: "QS QH JC AD QD JS JH 7H",
    1: "AH 9H 8H 7S 9C 8C 9S KD",
    2: "QC AC 10C KC AS 10S KS 10D",
    3: "JD 10H 7C KH 8S 9D 7D 8D",
})

# West, North and East in hand 1, in the order they play.
OTHERS = (
    "no knock back", "no knock back",
    "play 8H", "play QC", "play 10H",  # trick 1: North's Q♣ wins
    "facedown AS valuable", "play KH", "play 9H",  # trick 2 (you play between E and W)
    "play AH", "play KS", "play JD",  # trick 3
    "play 9C", "play 10S", "play 7C",
    "play 8C", "play KC", "play 8S",
    "play 9S", "play 10C", "play 9D",
    "play 7S", "play AC", "play 8D",
    "play KD", "play 10D", "play 7D",  # trick 8
)


def others_rule(game: Game[Any, Any]) -> str:
    """The others after the script: pass, never knock, play on; lead their strongest card;
    follow with the cheapest card that wins the trick, else their weakest."""
    assert isinstance(game, Avinas)
    legal = game.legal_actions()
    words = [str(a) for a in legal]
    for quiet in ("pass", "no knock", "no knock back", "play on"):
        if quiet in words:
            return quiet
    trump = game.trump
    plays = [a for a in legal if a.kind == "play" and a.value < 0]
    if trump is None or not plays:
        return words[0]

    def strength(action: Any) -> int:
        return card_strength(action.card, trump)

    if not game.trick:
        return str(max(plays, key=strength))
    me = game.player
    winners = [a for a in plays if a.card is not None and trick_winner(
        [*game.trick, (me, a.card)], trump, game.facedown) == me]
    return str(min(winners or plays, key=strength))


STEPS = (
    Step(N_("This is Avinas: you and North play against West and East. Only 32 cards are "
         "used, sevens to aces, dealt in fours."), place="hand", rules=(CARDS,),
         at_once=True),
    Step(N_("Outside trumps each suit ranks A, 10, K, 9, 8, 7. Trumps are every queen and "
         "jack plus the trump suit: Q♣, the trump 7, Q♠, Q♥, Q♦, J♣, J♠, J♥, J♦, then "
         "A, 10, K, 9, 8."), place="hand", at_once=True),
    Step(N_("Everyone's 4th and 8th cards are special: a seven among them is shown. West's "
         "4th card is the 7♠ and your 8th the 7♥."), place="seat-1", rules=(SPECIALS,),
         at_once=True),
    Step(N_("The last seven dealt decides: you are the declarer, and hearts, the suit of your "
         "7♥, are trumps."), place="hand", rules=(DECLARER,), at_once=True),
    Step(N_("Knock: your side promises to win all 8 tricks, and the rams at stake double."),
         place="bids", move="knock",
         because=N_("You hold seven of the 14 trumps, six of them among the highest."),
         rules=(KNOCKING,)),
    Step(N_("West and East did not knock back. The first trick must be led with a trump: "
         "lead your J♥."), place="hand", move="play JH",
         because=N_("Your lowest trump: the queens stay to win later tricks."),
         rules=(TRUMP_LEAD,)),
    Step(N_("North won with the Q♣, the highest trump, and led face down: out of trumps, "
         "North signalled that the hidden card is valuable."), place="seat-2",
         rules=(FACE_DOWN,)),
    Step(N_("A face-down lead is followed as if a trump were led: you must play a trump. "
         "Take the trick with your Q♠."), place="trick", move="play QS",
         because=N_("North's card is valuable: the Q♠ beats every trump West and East can have "
             "left."), rules=(FOLLOWING,)),
    Step(N_("Lead your Q♥."), place="hand", move="play QH",
         because=N_("Drawing trumps: West and East must play theirs, and your higher ones win.")),
    Step(N_("West and East have no trumps left. Lead your 7♥."), place="hand",
         move="play 7H", because=N_("Every trump you hold now wins a trick.")),
    Step(N_("Lead your Q♦."), place="hand", move="play QD", because=N_("Another sure trick.")),
    Step(N_("Lead your J♣."), place="hand", move="play JC", because=N_("Another sure trick.")),
    Step(N_("Lead your J♠."), place="hand", move="play JS", because=N_("Another sure trick.")),
    Step(N_("Lead your A♦ for the last trick: the others must follow diamonds."), place="hand",
         move="play AD", because=N_("The ace is the highest diamond: all 8 tricks are yours.")),
    Step(N_("Card points: ace 11, ten 10, king 4, queen 3, jack 2, the rest nothing; 120 in "
         "all. Your side took all 8 tricks and all 120."), place="scores",
         rules=(CARD_POINTS,)),
    Step(N_("Your side made its knock, so East-West are written rams: 2 for each of the 2 "
         "sevens shown, 4 rams. Rams are penalties."), place="scores", at_once=True),
    Step(N_("Hand 2, West deals. North's 7♠ and West's 7♥ are shown; the 7♥ came last, so "
         "West declares with hearts trumps."), place="seat-1", at_once=True),
    Step(N_("West led the 7♥, a trump. Follow suit with your only trump, the 10♥."),
         place="trick", move="play 10H",
         because=N_("You must follow the suit led when you can.")),
    Step(N_("North led the Q♦ and East beat it with the Q♥. You have no trump left, so any "
         "card will do: play the 8♣."), place="trick", move="play 8C",
         because=N_("East wins this trick anyway: give a card worth nothing.")),
    Step(N_("East led the Q♠. Play your 8♦."), place="trick", move="play 8D",
         because=N_("You cannot beat a trump: keep your ace, ten and king.")),
    Step(N_("East led the J♦. Play your 8♠."), place="trick", move="play 8S",
         because=N_("Nothing to win with: another card worth nothing.")),
    Step(N_("East trumped North's A♠ with the 9♥. Play your 9♣."), place="trick",
         move="play 9C", because=N_("The trick is East's: give nothing.")),
    Step(N_("East led the A♥, a trump. Play your K♦."), place="trick", move="play KD",
         because=N_("Of your ace, ten and king, the king gives East the fewest points, 4.")),
    Step(N_("East led the 10♦. Take it with your A♦."), place="trick", move="play AD",
         because=N_("The ace is the highest diamond: 31 points for your side.")),
    Step(N_("Lead your last card, the 10♣."), place="hand", move="play 10C",
         because=N_("It is your only card.")),
    Step(N_("East-West took 72 points and won: your side is written 1 ram per seven, 2. "
         "Rams cancel first: your 2 strike out 2 of East-West's 4, leaving them 2."),
         place="scores", rules=(RAMS,)),
    Step(N_("Hand 3: no seven among the special cards. Each player in turn may bid how many "
         "trumps they would hold in a suit they keep secret."), place="bids",
         at_once=True),
    Step(N_("East passed. Bid 5: with hearts as trumps you hold the Q♣, Q♠, J♥, 7♥ and 8♥."),
         place="bids", move="bid 5",
         because=N_("The Q♣ and 7♥ are the two highest trumps. If you hold fewer trumps than you "
             "bid, your side loses the hand.")),
    Step(N_("West and North passed: you declare. Your first lead names trumps: lead the 7♥."),
         place="hand", move="play 7H",
         because=N_("A heart names hearts, and in hearts the 7 is the second-highest trump.")),
    Step(N_("Without sevens, the declarer may stop before any trick. You have 13 points, "
         "and need 61: play on."), place="scores", move="play on",
         because=N_("Stopping now would lose the hand.")),
    Step(N_("Lead the Q♣, the highest trump."), place="hand", move="play QC",
         because=N_("It cannot lose, and it draws two more trumps.")),
    Step(N_("24 points: play on."), place="scores", move="play on",
         because=N_("Still short of 61.")),
    Step(N_("Lead the Q♠."), place="hand", move="play QS",
         because=N_("Now the highest trump out: it cannot lose.")),
    Step(N_("40 points: play on."), place="scores", move="play on",
         because=N_("Still short of 61.")),
    Step(N_("Only West's Q♥ is a trump higher than yours still out. Lead your J♥."),
         place="hand", move="play JH",
         because=N_("It draws the Q♥, so your 8♥ becomes the last trump.")),
    Step(N_("West took that trick. Play on."), place="scores", move="play on",
         because=N_("40 points is still short of 61.")),
    Step(N_("West led the K♠ and North is winning it with the A♠. Follow with your 9♠."),
         place="trick", move="play 9S", because=N_("Follow suit: the trick is your partner's.")),
    Step(N_("Your side has 65 points, more than the 61 it needs: stop."), place="scores",
         move="stop", because=N_("The hand is won now; playing on can only give points away."),
         rules=(NO_SEVENS,)),
    Step(N_("East-West took 5 points, some but fewer than 31, so they are written 2 pips "
         "(31 or more: 1 pip; none: 3). Pips are never cancelled: with the 10 they had, "
         "East-West have 12."), place="scores", rules=(PIPS,)),
    Step(N_("A side with 12 pips or more ends the match. You and North have no pips, so you "
         "win; had both sides pips, the side with fewer rams would win, or with no rams, the "
         "side with fewer pips."), place="scores", rules=(MATCH_END,), at_once=True),
    Step(N_("That is Avinas. Deal a game of your own from the menu, against the computer."),
         place="table", at_once=True),
)

LESSON = Lesson(
    game="avinas",
    heading=N_("Avinas"),
    seed=2521,  # hand 2 a sevens game East-West win, hand 3 without sevens
    # The match taken up with East-West at 10 pips, so that its last hand ends it.
    options={"dealer": DEALER, "deck": [c.code for c in DECK], "pips_before": [0, 10]},
    rules=RULES,
    steps=STEPS,
    others=OTHERS,
    rule=others_rule,
)
