"""Who rolled what in the roll-off for who starts, read from the match's timeline."""

from __future__ import annotations

from companion.engine import open_game
from companion.table.rolloff import rolloff_rolls


def test_each_roll_stays_beside_its_seat_until_the_order_is_settled() -> None:
    match = open_game("clovece", players=3)
    assert rolloff_rolls(match) == {0: None}              # the first seat rolls now
    match.play("roll 5")
    assert rolloff_rolls(match) == {0: 5, 1: None}
    match.play("roll 5")                                  # a tie with the first
    match.play("roll 2")
    rolls = rolloff_rolls(match)
    assert rolls is not None and rolls[2] == 2            # the third keeps its roll in view
    assert None in rolls.values()                         # one of the tied rolls again
    match.undo()
    assert rolloff_rolls(match) == {0: 5, 1: 5, 2: None}  # undo: read from the timeline


def test_no_rolloff_no_rolls_shown() -> None:
    assert rolloff_rolls(None) is None
    assert rolloff_rolls(open_game("quoridor", players=2)) is None
    match = open_game("clovece", players=2)
    match.play("roll 6")
    match.play("roll 1")                                  # six starts: the order is settled
    assert rolloff_rolls(match) is None
