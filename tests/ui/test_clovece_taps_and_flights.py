"""What a tap on the Člověče board means and how the pieces fly after an input, on real
positions of the cross board (480 px): a movable piece tapped (or near it), a field, the
mover's home, the coach's hinted piece or where it lands; the piece moved, then the captured
one flying home.

Plain Python (``taps`` and ``flights`` are Kivy-free): the real rules and the real geometry.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest
from games.clovece.positions import BASE, THREE, game

from companion.app.boards.clovece.flights import Flights
from companion.app.boards.clovece.taps import Position, mover_of
from companion.engine import Match
from companion.geometry.clovece import COLOURS, cross_layout

LAYOUT = cross_layout(0, 0, 480)
CAPTURE3 = (f"{THREE} | S0 home{{Y,G}} goal{{}} | S1 home{{R,Y,G,B}} goal{{}} | "
            "S2 home{R,Y,G,B} goal{} | track{3:R, 5:B} | turn S0")
"""Eva (S0) has red on 3, two fields behind Pat's blue on 5."""


def position(match: Match) -> Position:
    snapshot = match.snapshot()
    return Position(LAYOUT, snapshot["state"], match.legal(), mover_of(snapshot))


def test_a_tap_on_or_near_a_movable_piece_means_its_move() -> None:
    match = game(BASE)
    match.play("roll 4")
    at = position(match)
    assert at.mover == 0
    x, y = LAYOUT.fields[5]
    assert at.lines_for_tap(x, y) == ["move 5 B"]
    assert at.lines_for_tap(x + 20, y - 15) == ["move 5 B"]  # a finger's width off
    assert at.lines_for_tap(*LAYOUT.fields[25]) == ["move 25 B"]
    with pytest.raises(FrozenInstanceError):
        at.mover = 2  # type: ignore[misc]


def test_a_tap_on_a_field_or_home_without_a_movable_piece_says_what_it_would_be() -> None:
    match = game(BASE)
    match.play("roll 4")
    at = position(match)
    assert at.lines_for_tap(*LAYOUT.fields[12]) == ["move 12"]  # refused: the banner says why
    red_home = LAYOUT.homes[0][COLOURS.index("R")]
    assert at.lines_for_tap(*red_home) == ["enter R"]
    assert at.lines_for_tap(*LAYOUT.homes[2][0]) == []  # another seat's home: nothing


def test_the_hinted_piece_or_where_it_lands_plays_the_hint() -> None:
    match = game(BASE)
    match.play("roll 4")
    at = position(match)
    way = at.hint_way("move 5 B")
    assert way[0] == pytest.approx(LAYOUT.fields[5]) and way[-1] == pytest.approx(LAYOUT.fields[9])
    assert at.action("move 5 B")["to_field"] == 9  # type: ignore[index]
    assert at.is_hint_tap("move 5 B", at.lines_for_tap(*LAYOUT.fields[9]), *LAYOUT.fields[9])
    lines = at.lines_for_tap(*LAYOUT.fields[25])
    assert not at.is_hint_tap("move 5 B", lines, *LAYOUT.fields[25])  # the other piece
    assert at.hint_way("roll 4") == []


def test_the_piece_moved_flies_first_then_the_captured_one_goes_home() -> None:
    match = game(CAPTURE3, players=3)
    match.play("roll 2")
    before = match.snapshot()["state"]
    events = match.play("move 3 R")
    assert events == ["capture B@5 -> S0 (auto)", "turn S1"]
    flights = Flights.plan(lambda: LAYOUT, before, before["legal"], match.snapshot()["state"],
                           "move 3 R", events)
    (moved, moved_path, *moved_share), (captured, home_path, *home_share) = flights.paths
    assert (moved, moved_share, captured, home_share) == ("R", [0.0, 0.5], "B", [0.5, 1.0])
    assert moved_path[0] == pytest.approx(LAYOUT.fields[3])
    assert moved_path[-1] == pytest.approx(LAYOUT.fields[5])
    assert home_path == [LAYOUT.fields[5], LAYOUT.homes[0][COLOURS.index("B")]]
    assert flights.hidden == {("field", 5), ("home", (0, COLOURS.index("B")))}


def test_an_input_from_elsewhere_flies_only_its_captures_and_nothing_without_events() -> None:
    match = game(CAPTURE3, players=3)
    match.play("roll 2")
    before = match.snapshot()["state"]
    events = match.play("move 3 R")   # played from the phones or the choice buttons
    after = match.snapshot()["state"]
    flights = Flights.plan(lambda: LAYOUT, before, before["legal"], after, "", events)
    assert [(colour, share) for colour, _path, *share in flights.paths] == [("B", [0.0, 1.0])]

    def no_layout() -> None:
        raise AssertionError("nothing flies: the layout is not asked")

    assert Flights.plan(no_layout, before, [], after, "", []) == Flights()  # type: ignore[arg-type]
    assert Flights.plan(no_layout, {}, [], after, "move 3 R", events) == Flights()  # type: ignore[arg-type]
