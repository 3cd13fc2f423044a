"""Stichwahl tricks played on the State: following, the 5s, the marker, bonus cards, premium
cards and who leads next (docs/rules/stichwahl.md, "A hand" and "A trick").

Cards are picked from the deck by what the test needs (a flip card, a card with 3 pearls),
so the tests hold for any deck that follows the rules, not only the shipped default.
"""

import pytest

from scoring.rules.core import IllegalPlay
from scoring.rules.stichwahl import (
    FIVES,
    ActionError,
    State,
    default_deck,
    premium_points,
    trick_winner,
)
from scoring.rules.stichwahl.deck import FLIP, PEARL, TRUMP_CHANGE

DECK = default_deck()
NAMES = ["Andreas", "Tim", "Lina", "Jan"]


def pick(bonus=None, family=None, pearls=None, exclude=()):
    """The first card (deck order) with the given bonus kind, family and pearls."""
    for code, card in DECK.cards.items():
        if code in exclude or card.is_five:
            continue
        if bonus is not None and card.bonus != bonus:
            continue
        if family is not None and card.family != family:
            continue
        if pearls is not None and card.pearls != pearls:
            continue
        return code
    raise LookupError("the deck has no such card")


def deal(players, given, void=None):
    """Hands of 9: the ``given`` cards per seat, filled up in deck order, keeping every seat
    in ``void`` (seat -> family) free of that family. Seats with a void are filled first."""
    void = void or {}
    hands = [list(given.get(seat, [])) for seat in range(players)]
    free = [code for code in DECK.codes(players) if not any(code in h for h in hands)]
    for seat in sorted(range(players), key=lambda seat: seat not in void):
        for code in list(free):
            if len(hands[seat]) == 9:
                break
            if seat not in void or DECK.cards[code].family != void[seat]:
                hands[seat].append(code)
                free.remove(code)
    assert all(len(hand) == 9 for hand in hands)
    return hands


def start_hand(hands, trump="B", marker=9, start=0, first_bonus=None):
    """A State after the first bonus cards: ``first_bonus`` per seat, else the seat's last
    filled-up card that is neither a 5 nor a pearl bonus (the given cards come first)."""
    state = State(DECK, trump, marker, start, hands, names=NAMES[: len(hands)])
    first_bonus = first_bonus or {}
    for seat, hand in enumerate(hands):
        card = first_bonus.get(seat) or next(
            code for code in reversed(hand) if DECK.cards[code].bonus not in (PEARL, None)
        )
        state.play({"first_bonus": card})
    return state


def play_all(state, *actions):
    for action in actions:
        state.play(action)
    return state


def cards_in_game(state):
    """Every card is in exactly one place: hands, bonus cards, point piles, discard, draw
    pile or the trick on the table (a complete trick stays there until its premium)."""
    on_table = len(state.trick)
    if state.phase == "premium":
        on_table += len(state.tricks[-1]["cards"])
    return (
        sum(len(hand) for hand in state.hands)
        + sum(len(cards) for cards in state.bonus)
        + sum(state.piles)
        + state.discard
        + state.draw_pile
        + on_table
    )


# --- the rulebook's example ("Beispielrunde") ---------------------------------------------


def rulebook_example():
    """Blauwal is trump with the marker on 1; Andreas leads, then Tim, Lina, Jan."""
    flip = pick(bonus=FLIP, family="O")
    hands = deal(
        4,
        {0: ["N2"], 1: ["N6", flip], 2: ["B9"], 3: ["N7", "5a"]},
        void={2: "N"},
    )
    state = start_hand(hands, trump="B", marker=1, start=0, first_bonus={1: flip})
    return state, flip


def test_rulebook_example_trick():
    """Seed "Beispielrunde": "der Trumpfmarker mit der 1 nach oben auf dem Blauwal" — Andreas
    leads N2; Tim flips the marker to 9 with his bonus card and must follow with a Narwal
    (N6); Lina has no Narwal and plays Blauwal 9, trump; Jan plays a 5 although he holds a
    Narwal. Lina wins, picks Andreas' 2 ("Damit bekommt sie 3 Punkte") and takes her own,
    Tim's and Jan's card; Andreas keeps the 2 as bonus card; Jan names the next leader."""
    state, flip = rulebook_example()
    piles_before = list(state.piles)
    state.play({"play": "N2"})
    assert state.to_play == 1
    state.play({"bonus": flip})
    assert state.marker == 9 and flip not in state.bonus[1]
    # "Er muss – sofern er kann – auch einen Narwal spielen."
    assert set(state.legal_cards()) == {c for c in state.hands[1] if c[0] == "N" or c in FIVES}
    play_all(state, {"play": "N6"}, {"play": "B9"}, {"play": "5a"})
    trick = state.tricks[-1]
    assert trick["winner"] == 2 and trick["marker"] == 9
    # "dies darf aber nicht die von ihr gespielte Karte sein"
    assert state.legal_plays() == [{"premium": "N2"}, {"premium": "N6"}, {"premium": "5a"}]
    state.play({"premium": "N2"})
    assert state.piles[2] - piles_before[2] == 3
    assert "N2" in state.bonus[0]
    # "Weil Jan eine 5 gespielt hat ... darf Jan sofort bestimmen, wer ... beginnt."
    assert state.to_play == 3
    assert state.legal_plays() == [{"leader": seat} for seat in range(4)]
    state.play({"leader": 1})
    assert state.to_play == 1 and state.leader == 1
    assert cards_in_game(state) == 36


def test_the_trick_is_judged_by_the_marker_after_its_last_card():
    """ "a trick is judged by the marker as it stands after its last card": with the marker
    still on 1 the lowest trump wins, flipped to 9 by the last player the highest."""
    flip = pick(bonus=FLIP, family="O")
    hands = deal(3, {0: ["B2"], 1: ["B8"], 2: ["B6", flip]})
    lowest = start_hand(hands, trump="B", marker=1, first_bonus={2: flip})
    highest = lowest.copy()
    play_all(lowest, {"play": "B2"}, {"play": "B8"}, {"play": "B6"})
    assert lowest.tricks[-1]["winner"] == 0
    play_all(highest, {"play": "B2"}, {"play": "B8"}, {"bonus": flip}, {"play": "B6"})
    assert highest.tricks[-1]["winner"] == 1


# --- following and the 5s -----------------------------------------------------------------


def test_must_follow_the_led_family():
    """ "Follow the led family if able": a Pottwal on a Narwal lead is refused when the
    player holds a Narwal, and recorded anyway as follow_suit when not strict."""
    hands = deal(3, {0: ["N4"], 1: ["N8", "P7"]})
    state = start_hand(hands, trump="B")
    state.play({"play": "N4"})
    assert {"play": "P7"} not in state.legal_plays()
    with pytest.raises(IllegalPlay) as refused:
        state.play({"play": "P7"})
    assert refused.value.rule == "follow_suit"
    assert state.trick == ["N4"], "a refused card changes nothing"
    [violation] = state.play({"play": "P7"}, strict=False)
    assert violation.rule == "follow_suit" and violation.params["family"] == "N"
    assert "N8" in violation.message(NAMES)


def test_a_player_without_the_led_family_may_play_anything():
    """ "Wenn du keine Karte der zuerst gespielten Walfamilie hast, darfst du eine beliebige
    Walkarte ausspielen." """
    hands = deal(3, {0: ["N4"]}, void={1: "N"})
    state = start_hand(hands, trump="B")
    state.play({"play": "N4"})
    assert sorted(state.legal_cards()) == sorted(state.hands[1])


def test_a_five_may_always_be_played():
    """ "A 5 may always be played" — also by a player who holds the led family."""
    hands = deal(3, {0: ["P7"], 1: ["P2", "5b"]})
    state = start_hand(hands, trump="B")
    state.play({"play": "P7"})
    assert "5b" in state.legal_cards()
    assert state.play({"play": "5b"}) == []


def test_after_a_five_is_led_anything_may_be_played_and_fixes_the_family():
    """ "Until a card that is not a 5 has been played in the trick, any card may be played;
    that card fixes the led family." """
    hands = deal(3, {0: ["5a"], 1: ["O3", "P6"], 2: ["P9", "O8"]})
    state = start_hand(hands, trump="B")
    state.play({"play": "5a"})
    assert sorted(state.legal_cards()) == sorted(state.hands[1])
    state.play({"play": "O3"})
    assert state.led_family == "O"
    assert "P9" not in state.legal_cards() and "O8" in state.legal_cards()


@pytest.mark.parametrize(
    ("cards", "trump", "marker", "winner"),
    [
        # marker 9: the highest trump; no trump: the highest of the led family
        ([("N", 2), ("N", 6), ("B", 1), (None, 5)], "B", 9, 2),
        ([("N", 2), ("N", 6), ("O", 9)], "B", 9, 1),
        # marker 1: the lowest
        ([("N", 6), ("N", 2), ("B", 9)], "B", 1, 2),
        ([("N", 6), ("N", 2), ("O", 1)], "B", 1, 1),
        # a 5 counts as value 5 of the led family (trump only when trump was led)
        ([("N", 4), (None, 5), ("N", 3)], "B", 9, 1),
        ([("N", 6), (None, 5), ("N", 7)], "B", 1, 1),
        ([("B", 4), (None, 5)], "B", 9, 1),
        ([("N", 4), (None, 5), ("B", 1)], "B", 9, 2),
        # a 5 led takes the family of the next card that is not a 5
        ([(None, 5), ("P", 7), ("P", 2)], "B", 9, 1),
        ([(None, 5), ("P", 7), ("P", 6)], "B", 1, 0),
    ],
)
def test_trick_winner(cards, trump, marker, winner):
    """ "Winner with marker 9: the highest card of the trump family; if none, the highest
    card of the led family. Marker 1: likewise the lowest. A 5 counts as value 5 of the
    family it took." """
    assert trick_winner(cards, trump, marker) == winner


def test_only_fives_the_first_five_wins():
    """ "If only 5s are played, the first 5 wins." """
    assert trick_winner([(None, 5), (None, 5), (None, 5)], "B", 9) == 0
    assert trick_winner([(None, 5), (None, 5), (None, 5)], "B", 1) == 0


@pytest.mark.parametrize("marker", [9, 1])
def test_equal_cards_the_earlier_wins(marker):
    """ "Equal cards (two 5s) → the earlier one wins (setting equal_cards: earlier_wins)"."""
    assert trick_winner([("N", 8 if marker == 1 else 2), (None, 5), (None, 5)], "B", marker) == 1


# --- bonus cards ----------------------------------------------------------------------------


def test_a_pearl_first_bonus_scores_at_once():
    """ "A card whose bonus is pearl scores its point at once and goes to the point pile"."""
    pearl = pick(bonus=PEARL)
    hands = deal(3, {0: [pearl]})
    state = start_hand(hands, first_bonus={0: pearl})
    assert state.piles[0] == 1 and state.bonus[0] == []


def test_trump_change_to_a_printed_family():
    """ "trump change (set trump to one printed family)" — at once, before the card."""
    change = pick(bonus=TRUMP_CHANGE)
    printed = DECK.cards[change].families
    hands = deal(3, {0: [change]})
    state = start_hand(hands, trump="B", first_bonus={0: change})
    uses = [action for action in state.legal_plays() if "bonus" in action]
    assert uses == [{"bonus": change, "family": family} for family in printed]
    state.play({"bonus": change, "family": printed[0]})
    assert state.trump == printed[0]
    assert change not in state.bonus[0] and state.discard == 1
    assert state.to_play == 0, "the bonus comes before the card; still the same player's turn"


def test_trump_change_to_a_family_not_printed():
    """A trump change can only name a family printed on the card (rule
    bonus_family_not_printed); recorded anyway, the table's trump is what was set."""
    change = pick(bonus=TRUMP_CHANGE)
    other = next(f for f in "OPNB" if f not in DECK.cards[change].families)
    hands = deal(3, {0: [change]})
    state = start_hand(hands, trump="B", first_bonus={0: change})
    with pytest.raises(IllegalPlay) as refused:
        state.play({"bonus": change, "family": other})
    assert refused.value.rule == "bonus_family_not_printed"
    [violation] = state.play({"bonus": change, "family": other}, strict=False)
    assert violation.rule == "bonus_family_not_printed" and state.trump == other


def test_a_bonus_is_used_as_what_it_shows():
    """A flip card cannot change trump and a trump change cannot flip (bonus_wrong_kind)."""
    flip, change = pick(bonus=FLIP), pick(bonus=TRUMP_CHANGE)
    hands = deal(3, {0: [flip], 1: [change]})
    state = start_hand(hands, first_bonus={0: flip, 1: change})
    with pytest.raises(IllegalPlay) as refused:
        state.play({"bonus": flip, "family": "O"})
    assert refused.value.rule == "bonus_wrong_kind"
    state.play({"play": state.legal_cards()[0]})
    with pytest.raises(IllegalPlay) as refused:
        state.play({"bonus": change})
    assert refused.value.rule == "bonus_wrong_kind"


def test_bonus_not_owned():
    """ "bonus_not_owned when a player uses a bonus card he does not have in front of him" —
    the message says where the card is."""
    flip, other = pick(bonus=FLIP), pick(bonus=FLIP, exclude=(pick(bonus=FLIP),))
    hands = deal(3, {1: [flip], 2: [other]})
    state = start_hand(hands, first_bonus={1: flip})
    assert state.to_play == 0
    with pytest.raises(IllegalPlay) as refused:
        state.play({"bonus": flip})
    assert refused.value.rule == "bonus_not_owned"
    assert "lies in front of Tim as a bonus card" in str(refused.value)
    [violation] = state.play({"bonus": other}, strict=False)
    assert violation.message(NAMES, "de").endswith("(Lina hat sie)")
    assert state.marker == 1, "recorded anyway: the marker was turned"


def test_a_used_bonus_card_cannot_be_used_again():
    """Used bonus cards go "to the common discard": using one twice is bonus_not_owned."""
    flip = pick(bonus=FLIP)
    hands = deal(3, {0: [flip]})
    state = start_hand(hands, first_bonus={0: flip})
    state.play({"bonus": flip})
    [violation] = state.play({"bonus": flip}, strict=False)
    assert violation.rule == "bonus_not_owned"
    assert violation.message(NAMES, "de").endswith("(sie liegt auf dem Ablagestapel)")


# --- premium cards ----------------------------------------------------------------------------


def three_player_trick(family="O", **wanted):
    """Seat 0 leads the 9 of ``family``, seat 1 follows with the card described by
    ``wanted``, seat 2 with another card of the family: Blauwal trump, marker 9, so seat 0
    wins. Returns the state awaiting the premium and seat 1's card."""
    top = f"{family}9"
    card = pick(family=family, exclude=(top,), **wanted)
    low = pick(family=family, exclude=(top, card))
    state = start_hand(deal(3, {0: [top], 1: [card], 2: [low]}), trump="B", marker=9)
    play_all(state, {"play": top}, {"play": card}, {"play": low})
    assert state.tricks[-1]["winner"] == 0
    return state, card


def test_premium_must_be_another_players_card():
    """ "The winner chooses one card played by another player as premium card"
    (premium_not_allowed otherwise)."""
    state, _ = three_player_trick(pearls=1)
    assert {"premium": "O9"} not in state.legal_plays()
    with pytest.raises(IllegalPlay) as refused:
        state.play({"premium": "O9"})
    assert refused.value.rule == "premium_not_allowed"


def test_premium_pearls_from_the_trick_and_the_rest_from_the_draw_pile():
    """ "He takes as many cards as that card has pearls from the remaining cards of the
    trick (his own included); if they are not enough he takes the missing cards from the
    draw pile" — 3 players, 3 pearls: both remaining cards and one from the draw pile."""
    state, card = three_player_trick(pearls=3)
    before = list(state.piles)
    state.play({"premium": card})
    assert state.piles[0] - before[0] == 3
    assert state.draw_pile == 8
    assert state.tricks[-1]["points"] == 3 and state.tricks[-1]["drawn"] == 1
    assert cards_in_game(state) == 36


def test_premium_with_fewer_pearls_than_cards_discards_the_rest():
    """One pearl: the winner takes one card; the other goes to the discard."""
    state, card = three_player_trick(pearls=1)
    before, discard = list(state.piles), state.discard
    state.play({"premium": card})
    assert state.piles[0] - before[0] == 1
    assert state.discard == discard + 1 and state.draw_pile == 9


def test_premium_card_becomes_its_players_bonus_card():
    """ "The premium card stays with the player who played it, as a new bonus card" — and
    he may use it from his next turn on."""
    state, card = three_player_trick(bonus=FLIP)
    state.play({"premium": card})
    assert card in state.bonus[1]
    state.play({"play": state.legal_cards()[0]})
    assert {"bonus": card} in state.legal_plays()


def test_a_pearl_premium_card_scores_for_its_player_at_once():
    """ "(a pearl bonus scores at once instead: the card goes to that player's point pile)"."""
    state, card = three_player_trick(family="P", bonus=PEARL)
    before = list(state.piles)
    state.play({"premium": card})
    assert state.piles[1] == before[1] + 1 and card not in state.bonus[1]
    assert cards_in_game(state) == 36


def test_two_players_up_to_two_cards_from_the_draw_pile():
    """ "in the 2-player variant up to two are missing" [interpretation]: the trick has one
    other card, so a 3-pearl premium takes two from the draw pile (14 cards at the start)."""
    card = pick(family="N", pearls=3, exclude=("N9",))
    state = start_hand(deal(2, {0: ["N9"], 1: [card]}), trump="B", marker=9)
    assert state.draw_pile == 14
    play_all(state, {"play": "N9"}, {"play": card})
    piles = list(state.piles)
    state.play({"premium": card})
    assert state.piles[0] - piles[0] == 3 and state.draw_pile == 12


def test_an_empty_draw_pile_gives_what_is_left():
    """[interpretation] When the draw pile runs out (only possible with 2 players) the winner
    takes the cards that are there and the missing points are lost."""
    assert premium_points(3, 2, 14) == (1, 2)
    assert premium_points(3, 2, 1) == (1, 1)
    assert premium_points(3, 2, 0) == (1, 0)
    # 4 players: three other cards always cover the at most 3 pearls — nothing is missing
    assert all(premium_points(pearls, 4, 0) == (pearls, 0) for pearls in (1, 2, 3))


def test_a_five_as_premium_gives_one_point_and_no_bonus():
    """ "A 5 chosen as premium card: the winner gets 1 point ...; its player gets no bonus,
    and the 5 goes to the discard." """
    hands = deal(3, {0: ["O9"], 1: ["5c"], 2: ["O1"]})
    state = start_hand(hands, trump="B", marker=9)
    play_all(state, {"play": "O9"}, {"play": "5c"}, {"play": "O1"})
    piles, discard = list(state.piles), state.discard
    state.play({"premium": "5c"})
    assert state.piles[0] - piles[0] == 1
    assert "5c" not in state.bonus[1]
    assert state.discard == discard + 2  # the 5 and the card the winner left
    assert state.to_play == 0 and state.phase == "turn", "the chosen 5 names nobody"


# --- who leads next ---------------------------------------------------------------------------


def test_the_winner_leads_next():
    """ "Next lead: the winner"."""
    state, card = three_player_trick(pearls=1)
    state.play({"premium": card})
    assert state.phase == "turn" and state.to_play == 0


def test_first_unchosen_five_of_another_player_names_the_next_leader():
    """ "unless a 5 was played by another player and not chosen: then the player of the
    first such 5 decides who leads the next trick" — with two unchosen 5s the first one."""
    hands = deal(4, {0: ["O9"], 1: ["5a"], 2: ["5b"], 3: ["O2"]})
    state = start_hand(hands, trump="B", marker=9)
    play_all(state, {"play": "O9"}, {"play": "5a"}, {"play": "5b"}, {"play": "O2"})
    state.play({"premium": "O2"})
    assert state.phase == "leader" and state.to_play == 1
    with pytest.raises(ActionError):
        state.play({"play": "O3"})
    state.play({"leader": 3})
    assert state.to_play == 3


def test_the_winners_own_five_names_nobody():
    """Only a 5 "played by another player" lets its player name the next leader: with all
    5s the first wins, and the next unchosen 5 (not the winner's) names the leader."""
    state = start_hand(deal(3, {0: ["5a"], 1: ["5b"], 2: ["5c"]}), trump="B", marker=9)
    play_all(state, {"play": "5a"}, {"play": "5b"}, {"play": "5c"})
    assert state.tricks[-1]["winner"] == 0
    state.play({"premium": "5b"})
    assert state.phase == "leader" and state.to_play == 2
    # a 5 that wins as the highest Orca (O5 above O4 and O3): the winner leads
    state = start_hand(deal(3, {0: ["5a"], 1: ["O4"], 2: ["O3"]}), trump="B", marker=9)
    play_all(state, {"play": "5a"}, {"play": "O4"}, {"play": "O3"})
    assert state.tricks[-1]["winner"] == 0
    state.play({"premium": "O4"})
    assert state.phase == "turn" and state.to_play == 0


# --- actions that cannot happen -----------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [{"premium": "N2"}, {"leader": 1}, {"first_bonus": "N2"}, {"play": 7}, {"card": "N2"}, "N2"],
)
def test_actions_that_are_not_due_or_malformed(action):
    """Only the documented actions, each in its phase: anything else cannot be recorded."""
    state = start_hand(deal(3, {}))
    with pytest.raises(ActionError):
        state.play(action, strict=False)


def test_premium_card_must_be_in_the_trick():
    state, _ = three_player_trick(pearls=1)
    with pytest.raises(ActionError) as error:
        state.play({"premium": "B9"}, strict=False)
    assert error.value.rule == "premium_not_in_trick" and error.value.field == "premium"


def test_copy_is_independent():
    state, card = three_player_trick(pearls=2)
    clone = state.copy()
    clone.play({"premium": card})
    assert state.phase == "premium" and state.tricks[-1]["premium"] is None
    assert clone.tricks[-1]["premium"] == card


def test_hand_lists_the_cards_still_held_in_deck_order():
    hands = deal(3, {0: ["5a", "N2", "O1"]})
    state = State(DECK, "B", 9, 0, hands, names=NAMES[:3])
    assert state.hand(0) == [code for code in DECK.cards if code in hands[0]]
    assert state.hand(0)[-1] == "5a" and hands[0][:3] == ["5a", "N2", "O1"]
    state.play({"first_bonus": "N2"})
    assert "N2" not in state.hand(0) and len(state.hand(0)) == 8
    assert State(DECK, "B", 9, 0, players=3).hand(0) is None
