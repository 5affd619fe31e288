"""PAC-MAN's "Fix the position" by taps: figures put where they stand, dots taken away, ghosts
eaten or back, lives and who moves next; the engine takes it as ``fix`` or names the rule."""

from __future__ import annotations

import pytest

from companion.app.boards.pacman_fix import STRIP, PacmanFix
from companion.engine import IllegalInput, Match, open_game


def fixing() -> tuple[Match, PacmanFix]:
    match = open_game("pacman", players=2)   # PAC-MAN e7, ghosts d5 f5 c5 g5, dots in corners
    snapshot = match.snapshot()
    return match, PacmanFix(snapshot["state"], snapshot["position"])


def field(position: str, name: str) -> str:
    return next(part.strip() for part in position.split("|") if part.strip().startswith(name))


def test_figures_put_where_they_stand_are_the_position_the_engine_takes() -> None:
    match, fix = fixing()
    fix.tap("e7")                    # PAC-MAN …
    assert fix.selected == "pacman"
    fix.tap("e6")                    # … stands on e6
    fix.tap("d5")                    # blinky …
    fix.tap("d4")                    # … on d4
    position = fix.position()
    assert field(position, "pacman ") == "pacman e6 lives 3"
    assert field(position, "blinky") == "blinky d4"
    match.play("fix " + position)
    assert match.position() == position


def test_a_dot_tapped_is_eaten_and_can_be_put_back_and_pacman_eats_where_he_stands() -> None:
    match, fix = fixing()
    fix.tap("a1")
    assert "a1" not in field(fix.position(), "dots")
    fix.tap("a1")
    assert field(fix.position(), "dots") == "dots a1 i1 a9 i9"
    fix.tap("e5")                    # an empty square with nothing picked up: says what to do
    assert fix.message == "Tap a figure first, then the square where it stands"
    fix.tap("e7")
    fix.tap("i9")                    # PAC-MAN on a dot square: that dot is eaten
    assert field(fix.position(), "dots") == "dots a1 i1 a9"
    match.play("fix " + fix.position())
    assert match.snapshot()["state"]["dots_remaining"] == ["a1", "i1", "a9"]


def test_a_ghost_put_on_the_strip_is_eaten_and_one_picked_from_it_comes_back() -> None:
    _match, fix = fixing()
    fix.tap("c5")
    fix.tap(STRIP)
    assert field(fix.position(), "inky") == "inky -"
    fix.pick_eaten("inky")
    assert fix.selected == "inky"
    fix.tap("b5")
    assert field(fix.position(), "inky") == "inky b5"
    fix.tap("e7")
    fix.tap(STRIP)
    assert fix.message == "PAC-MAN is never off the board"
    assert field(fix.position(), "pacman ") == "pacman e7 lives 3"


def test_two_figures_never_share_a_square() -> None:
    _match, fix = fixing()
    fix.tap("d5")
    fix.tap("f5")                    # pinky stands there
    assert fix.message == "Another figure stands there" and fix.selected == ""
    assert field(fix.position(), "blinky") == "blinky d5"


def test_lives_and_who_moves_next_come_from_the_panel() -> None:
    match, fix = fixing()
    fix.change_lives(-1)
    fix.change_lives(-5)
    assert fix.lives == 1
    fix.next_phase()
    position = fix.position()
    assert field(position, "phase") == "phase ghosts" and field(position, "moved") == "moved -"
    match.play("fix " + position)
    assert match.awaiting == "move" and match.to_move == 1     # the ghosts' player


def test_too_many_lives_are_refused_by_the_engine_with_its_reason() -> None:
    match, fix = fixing()
    fix.change_lives(2)
    before = match.position()
    with pytest.raises(IllegalInput) as refused:
        match.play("fix " + fix.position())
    assert "more than the layout's 3" in refused.value.reason
    assert match.position() == before
