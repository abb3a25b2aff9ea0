"""Abyssinia's lesson: one deal for three players on a scripted pack (seeds/003).

The market opens with the rule text's own 2♣ and K♦.  You build a low hand (7-5-4-2-A),
buying twice blind; Ada builds trip nines; Ben folds in the third round.  The five betting
rounds show a check, a bet, a call, the three raises of a capped round and a fold, and the
showdown splits an odd pot of 41: high (Ada's trips) takes 21 with the odd chip, low
(yours) 20.
"""

from __future__ import annotations

from ..cards import full_pack
from ..i18n import N_
from . import Lesson, Step, cards_of

ANTE = "the ante"
MARKET = "the market and a blind purchase, with the prices"
CHECKING = "checking"
BETTING = "betting"
CALLING = "calling"
RAISING = "raising, three raises at most"
FOLDING = "folding"
FIVE_ROUNDS = "the five rounds"
HIGH_LOW = "high and low (ace-to-five) at the showdown"
SPLIT = "a split pot and the odd chip"
RULES = (ANTE, MARKET, CHECKING, BETTING, CALLING, RAISING, FOLDING, FIVE_ROUNDS, HIGH_LOW,
         SPLIT)

PLAYERS = 3
DEALER = 2  # Ben deals, so you, on the dealer's left, buy and bet first; then Ada, Ben

# The cards in the order they come off the pack: the market's two, then each refill or
# blind purchase as the script below makes them.
DRAWN = cards_of("2C KD 9S JC QH AD 9H 5D 9D 4C 10S KC 8S 7C 2H")
DECK = DRAWN + [c for c in full_pack() if c not in DRAWN]

# Ada's and Ben's moves, in the order they come.
OTHERS = (
    "buy left", "buy right",  # purchase round 1: Ada the 9♠, Ben the K♦
    "bet", "call",  # betting round 1
    "buy blind", "buy left",  # round 2: Ada blind (9♥), Ben the J♣
    "raise", "raise", "call", "call",  # betting round 2: the three raises
    "buy left", "buy right",  # round 3: Ada the 9♦, Ben the Q♥
    "bet", "fold",  # betting round 3: Ben folds
    "buy left",  # round 4: Ada the K♣
    "check",  # betting round 4
    "buy right",  # round 5: Ada the 10♠
    "bet",  # betting round 5
)

STEPS = (
    Step(N_("This is Abyssinia: poker where you buy your five cards one at a time, face up. "
         "Everyone has paid an ante of 1 chip into the pot."), place="pot", rules=(ANTE,),
         at_once=True),
    Step(N_("Two cards lie face up beside the pack: the market. Cards 2 to 5 cost 2 chips, "
         "6 to king 1, an ace 4; the unknown top card of the pack is bought blind."),
         place="market", at_once=True),
    Step(N_("Buy the 2♣ on the left for 2 chips."), place="market", move="buy left",
         because=N_("Half the pot goes to the lowest hand, where small cards win: a 2 is a fine "
             "start, worth more than the 1-chip king.")),
    Step(N_("After each purchase round comes a betting round. Nobody has bet, so you may "
         "check: stay in without paying."), place="hand", move="check",
         because=N_("Your hand is one card: no reason to pay more yet."), rules=(CHECKING,)),
    Step(N_("Ada bet 1 and Ben called. Call Ada's bet: pay the 1 chip to stay in."),
         place="seat-1", move="call",
         because=N_("One chip keeps you in a pot of 9, with a good low start."),
         rules=(BETTING, CALLING)),
    Step(N_("Both market cards are high, the J♣ and Q♥. Buy blind: the top card of the pack "
         "is turned up, then you pay its price, and you cannot give it back."),
         place="market", move="buy blind",
         because=N_("A high card is useless to a low hand, and the blind card may be small."),
         rules=(MARKET,)),
    Step(N_("The blind card was the A♦ and cost 4 chips, the dearest price. In the low hand "
         "an ace counts as one, the best low card there is."), place="hand"),
    Step(N_("Bet 1 chip: you open the betting this round."), place="hand", move="bet",
         because=N_("A 2 and an ace are the best start a low hand can have.")),
    Step(N_("Ada raised and Ben raised again. Raise once more: that is the third raise, the "
         "most a round allows."), place="pot", move="raise",
         because=N_("Your low start is strong and each raise costs everyone still in."),
         rules=(RAISING,)),
    Step(N_("After three raises Ada and Ben could only call or fold: both called. Buy the "
         "5♦ on the left for 2 chips."), place="market", move="buy left",
         because=N_("Another small card without a pair: A, 2, 5.")),
    Step(N_("Check."), place="hand", move="check",
         because=N_("Let the others bet into you: you will call.")),
    Step(N_("Ada bet and Ben folded: he gives up the pot, buys nothing more and cannot win. "
         "Call Ada's bet."), place="seat-2", move="call",
         because=N_("Your A-2-5 low is worth a chip."), rules=(FOLDING,)),
    Step(N_("Buy the 4♣ on the left for 2 chips."), place="market", move="buy left",
         because=N_("A-2-4-5: four low cards, none paired.")),
    Step(N_("Check."), place="hand", move="check", because=N_("Nothing to gain by betting now.")),
    Step(N_("Fifth and last purchase round: buy blind again."), place="market",
         move="buy blind",
         because=N_("Ada's three nines cannot win low, so any card keeps the low half yours; a "
             "blind 3 would even make a straight, A-2-3-4-5, and win high too.")),
    Step(N_("The blind card was the 7♣, for 1 chip: your low is 7-5-4-2-A."), place="hand"),
    Step(N_("Check."), place="hand", move="check",
         because=N_("Ada's trip nines beat you for high.")),
    Step(N_("Ada bet. Call: after five purchases and five betting rounds comes the "
         "showdown."), place="seat-1", move="call",
         because=N_("Your low beats Ada's trips for the low half."), rules=(FIVE_ROUNDS,)),
    Step(N_("The pot splits in two halves. High is normal poker: Ada's trip nines. Low is "
         "ace-to-five, straights and flushes ignored, pairs bad: your 7-5-4-2-A."),
         place="pot", rules=(HIGH_LOW,)),
    Step(N_("The pot was 41 chips, an odd number: the high half takes the odd chip, so Ada "
         "gets 21 and you 20."), place="pot", rules=(SPLIT,), at_once=True),
    Step(N_("That is Abyssinia. Play on against the computer, or deal a game of your own "
         "from the menu."), place="table", at_once=True),
)

LESSON = Lesson(
    game="abyssinia",
    heading=N_("Abyssinia"),
    seed=1,
    options={"players": PLAYERS, "dealer": DEALER, "deck": [c.code for c in DECK]},
    rules=RULES,
    steps=STEPS,
    others=OTHERS,
)
