"""Člověče's "Fix the position" by taps, as the players do it: pick up a piece, tap where it
really stands; the engine takes the result as a ``fix`` or says which rule it breaks."""

from __future__ import annotations

import pytest

from companion.app.boards.clovece.corrections import FixModel
from companion.engine import IllegalInput, Match, open_game

POSITION = ("board4 seats{S0,S1,S2} | S0 home{R,Y,G} goal{2:B} | S1 home{R,Y,G,B} goal{} | "
            "S2 home{Y,G} goal{} | track{5:B, 25:R} | turn S1")
"""Three players; blue on field 5, red on 25, a blue in S0's goal; Pat (S1) to move."""


def fixing(position: str = POSITION) -> tuple[Match, FixModel]:
    match = open_game("clovece", players=3, position=position)
    snapshot = match.snapshot()
    return match, FixModel(snapshot["state"], snapshot["position"], snapshot["to_move"])


def test_a_piece_moved_by_two_taps_is_where_the_fix_puts_it() -> None:
    match, fix = fixing()
    fix.tap(("field", 5))
    assert fix.selected == ("field", 5)
    fix.tap(("field", 9))
    assert fix.selected is None and fix.message == ""
    assert "track{9:B, 25:R}" in fix.position()
    match.play("fix " + fix.position())
    assert match.position() == POSITION.replace("track{5:B, 25:R}", "track{9:B, 25:R}")


def test_pieces_go_home_to_their_own_colours_slot_and_into_goal_slots() -> None:
    match, fix = fixing()
    fix.tap(("field", 25))           # the red piece on 25 …
    fix.tap(("home", (2, 3)))        # … belongs in S2's home: tapped on its blue slot
    fix.tap(("goal", (0, 1)))        # S0's blue in goal slot 2 …
    fix.tap(("goal", (0, 3)))        # … stands in slot 4
    position = fix.position()
    assert "S2 home{R,Y,G} goal{}" in position and "S0 home{R,Y,G} goal{4:B}" in position
    match.play("fix " + position)
    drawn = fix.as_state(match.snapshot()["state"])
    assert drawn["seats"][2]["home"] == ["R", "Y", "G"]
    assert drawn["seats"][0]["goal"] == [None, None, None, "B"]
    assert [(p["field"], p["colour"]) for p in drawn["track"]] == [(5, "B")]


def test_a_home_that_has_the_colour_already_refuses_it_and_nothing_moves() -> None:
    _match, fix = fixing()
    before = fix.position()
    fix.tap(("field", 25))
    fix.tap(("home", (0, 0)))        # S0's home already holds its red piece
    assert fix.message == "This home already has {piece}" and fix.colour == "R"
    assert fix.selected == ("field", 25) and fix.position() == before
    fix.tap(("goal", (0, 0)))        # a free goal slot takes it
    fix.tap(("field", 5))
    fix.tap(("goal", (0, 0)))        # that slot is taken now
    assert fix.message == "That goal slot is taken"
    assert "S0 home{R,Y,G} goal{1:R, 2:B}" in fix.position()


def test_a_tap_on_an_empty_place_first_or_on_the_piece_again_changes_nothing() -> None:
    _match, fix = fixing()
    before = fix.position()
    fix.tap(("field", 7))
    assert fix.message == "Tap a piece first, then where it stands" and fix.selected is None
    fix.tap(("field", 5))
    fix.tap(("field", 5))            # put down where it was: let go
    assert fix.selected is None and fix.position() == before


def test_the_turn_button_chooses_who_moves_next_and_the_turn_starts_afresh() -> None:
    match, fix = fixing()
    match.play("roll 3")             # Pat rolled: the fix drops the roll
    assert fix.position().endswith("turn S1")
    fix.next_turn()
    assert fix.position().endswith("turn S2")
    fix.next_turn()
    fix.next_turn()
    assert fix.position().endswith("turn S1")
    match.play("fix " + fix.position())
    assert match.awaiting == "roll" and match.to_move == 1


def test_a_position_that_cannot_be_on_the_table_is_refused_with_its_rule() -> None:
    match, fix = fixing()
    fix.tap(("field", 5))
    fix.tap(("field", 25))           # two pieces at rest on one field: not between turns
    before = match.position()
    with pytest.raises(IllegalInput) as refused:
        match.play("fix " + fix.position())
    assert refused.value.reason.startswith("I3")
    assert match.position() == before
