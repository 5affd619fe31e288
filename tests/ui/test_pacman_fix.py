"""PAC-MAN's "Fix the position" by taps: figures put where they stand, dots taken away, ghosts
eaten or back, lives and who moves next; the engine takes it as ``fix`` or names the rule."""

from __future__ import annotations

import pytest

from companion.app.boards.pacman.corrections import STRIP, PacmanFix
from companion.engine import IllegalInput, Match, open_game
from companion.games.pacman.layout import load_layout
from companion.games.quoridor.board import square_name


def fixing(dots: str = "") -> tuple[Match, PacmanFix]:
    match = open_game("pacman", players=2)   # PAC-MAN e7, ghosts d5 f5 c5 g5, dots in corners
    if dots:                                 # the screen thinks only these are left
        match = open_game("pacman", players=2, position=match.position().replace(
            "dots a1 i1 a9 i9", f"dots {dots}"))
    snapshot = match.snapshot()
    layout = load_layout(snapshot["options"].get("layout"))
    return match, PacmanFix(snapshot["state"], snapshot["position"],
                            {square_name(dot) for dot in layout.dots}, layout.lives)


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


def test_lives_stay_within_the_layouts_and_a_dot_eaten_before_can_be_put_back() -> None:
    match, fix = fixing("a1 i1 a9")      # the screen has i9 eaten
    fix.change_lives(2)
    assert fix.lives == 3                # the layout gives 3
    fix.tap("i9")                        # the dot is on the table after all
    assert field(fix.position(), "dots") == "dots a1 i1 a9 i9"
    match.play("fix " + fix.position())
    assert match.snapshot()["state"]["dots_remaining"] == ["a1", "i1", "a9", "i9"]


def test_a_position_that_cannot_be_is_refused_by_the_engine_with_its_reason() -> None:
    match, fix = fixing()
    fix.tap("d5")
    fix.tap("a1")                        # blinky on a dot: impossible (R45)
    before = match.position()
    with pytest.raises(IllegalInput) as refused:
        match.play("fix " + fix.position())
    assert refused.value.reason.startswith("R45")
    assert match.position() == before
