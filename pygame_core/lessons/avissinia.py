"""Avissinia's lesson: one round on a scripted deck (seeds/000, RULINGS.md).

You (South) play first.  The centre is dealt K♣ 2♦ 5♠ 9♦, bottom to top; West builds the
pile 4-4-7-7, from which your 7 takes only the top run, the rule text's own 4-7-7
example; then you add the last 7 to your pile, take a king, trail, and play the second
six cards to the round's scoring.  The match is taken up at 44, 50, 38 and 46 points, so
that this round ends it: you and East both pass 61, and the higher score wins.
"""

from __future__ import annotations

from typing import Any

from ..avissinia import TRAIL, Avissinia, legal_plays, scripted_deck
from ..base import Game
from ..i18n import N_
from . import Lesson, Step, cards_of

CENTRE_CAPTURE = "capture from the centre"
PILE_CAPTURE = "capture from another player's pile, only the top run"
ADD = "add to your own pile"
TRAILING = "trail"
SECOND_SIX = "the second six cards"
SCORING = "the round's scoring: every card 1, a jack 3"
RACE = "the race to 61"
PARTNERSHIP = "the partnership game"
RULES = (CENTRE_CAPTURE, PILE_CAPTURE, ADD, TRAILING, SECOND_SIX, SCORING, RACE, PARTNERSHIP)

DEALER = 3  # East deals, so you, on the dealer's left, play first; then East, North, West


DECK = scripted_deck(
    DEALER,
    hands={0: cards_of("9C 3H 7C 7H KS QH"),
           3: cards_of("2C 10C QD 5D 6D 8D"),
           2: cards_of("4D 7D 6C 3S 10D JD"),
           1: cards_of("4S 7S 8S KD QS AD")},
    centre=cards_of("KC 2D 5S 9D"),
    second_hands={0: cards_of("QC 4H 4C 2H 5C 8C")},
)

# The others' moves in the first six cards: East, North, West after each of yours.
OTHERS = (
    "trail 2C", "trail 4D", "capture 4S centre",
    "trail 10C", "trail 7D", "capture 7S centre",
    "trail QD", "trail 6C", "trail 8S",
    "trail 5D", "trail 3S", "trail KD",
    "trail 6D", "trail 10D", "trail QS",
    "trail 8D", "trail JD", "trail AD",
)


def others_rule(game: Game[Any, Any]) -> str:
    """The others after the script: take the most points they can, else trail their
    lowest card."""
    assert isinstance(game, Avissinia)
    me = game.player
    plays = legal_plays(game.hands[me], game.centre, game.piles, me)
    best, most = None, 0
    for play in plays:
        if play.target == TRAIL:
            continue
        pile = game.centre if play.target < 0 and play.target != -3 else (
            game.piles[me] if play.target == -3 else game.piles[play.target])
        taken = 0 if play.target == -3 else len(pile)
        if taken > most:
            best, most = play, taken
    if best is None:
        best = min((p for p in plays if p.target == TRAIL), key=lambda p: p.card)
    return str(best)


STEPS = (
    Step(N_("This is Avissinia: four players, each for themselves. The aim is to win cards "
         "from the centre pile, and from each other's piles, for points."),
         place="table"),
    Step(N_("The centre holds K♣, 2♦, 5♠ and 9♦, with the 9♦ on top. A card from your hand "
         "that matches the top card's rank captures it."), place="centre"),
    Step(N_("Capture the 9♦ from the centre with your 9♣."), place="hand",
         move="capture 9C centre",
         because=N_("Only the top card of the centre can be matched, and it is worth a point; "
             "your 9♣ goes on top of your new pile."), rules=(CENTRE_CAPTURE,)),
    Step(N_("West matched North's 4♦ with the 4♠ and now has a pile of two fours. Nothing "
         "of yours matches the centre's top, the 2♣."), place="seat-1"),
    Step(N_("Trail your 3♥: lay it on the centre pile without capturing."), place="hand",
         move="trail 3H",
         because=N_("Trailing is always allowed. The 3 is your least useful card: keep your "
             "sevens for West's pile."), rules=(TRAILING,)),
    Step(N_("West took North's 7♦ with the 7♠. West's pile is now 4, 4, 7, 7, the sevens "
         "on top: a pile is captured like the centre, by its top rank."), place="seat-1"),
    Step(N_("Capture West's pile with your 7♣. You take only the run on top, the two "
         "sevens; the fours below stay with West."), place="seat-1",
         move="capture 7C pile 1",
         because=N_("The rule text's own example: on 4-7-7 a 7 takes the 7-7 and leaves the 4. "
             "Three cards are yours."), rules=(PILE_CAPTURE,)),
    Step(N_("Your pile now has three sevens on top. Add your last 7, the 7♥, to it."),
         place="hand", move="add 7H",
         because=N_("Adding puts a card on your own pile: nobody else can play a seven now, so "
             "your four sevens are safe."), rules=(ADD,)),
    Step(N_("West trailed the K♦. Capture it with your K♠."), place="centre",
         move="capture KS centre",
         because=N_("Every card you win counts a point (a jack 3), and the centre's top is the "
             "only card you can match there.")),
    Step(N_("West trailed the Q♠. Capture it with your Q♥, your last card of the first "
         "six."), place="centre", move="capture QH centre",
         because=N_("Two more points; your pile's top is now the Q♠ and Q♥, and the Q♦ lies "
             "buried in the centre.")),
    Step(N_("Everyone has played six cards, so six more are dealt to each player from the "
         "rest of the pack. The centre and the piles stay as they are."), place="hand",
         rules=(SECOND_SIX,)),
    Step(N_("West's pile is two fours. Take them with your 4♥."), place="seat-1",
         move="capture 4H pile 1",
         because=N_("You hold the fourth four, the 4♣, so nobody can take your fours back.")),
    Step(N_("North took the J♦ with the J♥, and West took both jacks from North's pile with "
         "the J♣: a pile's top run goes to whoever matches it."), place="seat-1"),
    Step(N_("Add your 4♣ to your pile: all four fours are yours."), place="hand",
         move="add 4C",
         because=N_("Nobody can ever match your pile's top now, so all it holds is safe.")),
    Step(N_("East took the three jacks with the J♠: four jacks, 12 points. North took the "
         "8♦ with the 8♥: take both from North's pile with your 8♣."), place="seat-2",
         move="capture 8C pile 2",
         because=N_("Three points, and all four eights are then seen (the 8♠ is buried in the "
             "centre), so nobody can take them back.")),
    Step(N_("Nothing you hold matches a top card now. Trail your Q♣."), place="hand",
         move="trail QC",
         because=N_("Every other queen is played, so it can never win anything; your 5♣ and 2♥ "
             "may still match what comes.")),
    Step(N_("West trailed the 5♥. Take it with your 5♣."), place="centre",
         move="capture 5C centre", because=N_("Two points: the most you can win with a card.")),
    Step(N_("Your last card matches nothing: trail the 2♥. Cards left in the centre at the "
         "end of the round count for nobody."), place="hand", move="trail 2H",
         because=N_("It is your only play.")),
    Step(N_("The round is over. Each card in a pile counts 1 point and each jack 3: your 19 "
         "cards make 19, and East's 8 with all four jacks make 4 + 12 = 16."),
         place="scores", rules=(SCORING,)),
    Step(N_("Points add up from round to round: you had 44 and now have 63, East had 46 and "
         "now has 62. Both passed 61 in this round, so the higher score wins: you win the "
         "match."), place="scores", rules=(RACE,), at_once=True),
    Step(N_("In the partnership game, partners facing each other (you and North) add their "
         "points into one team score; the rest of the rules are the same."),
         place="seat-2", rules=(PARTNERSHIP,), at_once=True),
    Step(N_("That is Avissinia. Deal a game of your own from the menu, against the "
         "computer."), place="table", at_once=True),
)

LESSON = Lesson(
    game="avissinia",
    heading=N_("Avissinia"),
    seed=1,
    # The match's last round: taken up at 44, 50, 38 and 46, so that it ends in play.
    options={"dealer": DEALER, "deck": [c.code for c in DECK], "scores": [44, 50, 38, 46]},
    rules=RULES,
    steps=STEPS,
    others=OTHERS,
    rule=others_rule,
)
