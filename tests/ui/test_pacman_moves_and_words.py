"""What the PAC-MAN board reads of the input just played and what it says, on real positions:
PAC-MAN's path and the ghosts it eats on the way, a catch that sends everyone back, the hint
in each phase, a ghost's caption, the ways to one square.

Plain Python (``last_move`` and ``words`` are Kivy-free): the real rules play the inputs.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest
from games.pacman.positions import at, board

from companion.app.boards.pacman import words
from companion.app.boards.pacman.last_move import LastMove
from companion.engine import open_game

WALLS = ("walls b1h g1h c2v f2v d2v e2v a3h h3h c4h f4h c5h f5h a6h h6h c7v f7v d7v e7v b8h "
         "g8h")
DEFAULT = "layout Default symmetric maze (proposal, not the printed leaflet layout)"


def test_pacman_runs_his_path_and_the_ghosts_he_eats_vanish_where_he_meets_them() -> None:
    match = at(board(pacman="b9", blinky="a8", pinky="a7"))
    move = LastMove.read(match.play("P:b9-a9-a8-a7-b7"))
    assert move.tracks == {"pacman": ["b9", "a9", "a8", "a7", "b7"]}
    assert move.vanish == {"blinky": ("a8", 2), "pinky": ("a7", 3)}
    assert (move.caught, move.is_reset, move.steps) == ("", False, 4)
    with pytest.raises(FrozenInstanceError):
        move.caught = "inky"  # type: ignore[misc]


def test_a_ghost_that_catches_pacman_sends_everyone_back_to_start() -> None:
    match = open_game("pacman", players=2, position=(
        f"pacman | {DEFAULT} | phase ghosts | pacman e6 lives 3 | dots a1 i1 a9 i9 | blinky e5 "
        f"| pinky f5 | inky c5 | clyde g5 | moved - | {WALLS}"))
    state = match.snapshot()["state"]
    assert words.hint(state, set(match.legal()), "en") == (  # blinky sees PAC-MAN: frenzy
        "Tap a ghost, then where it goes. Red glow: frenzy, 1 or 2 steps")
    assert words.frenzy_text(state, "blinky", "en") == "blinky: frenzy, 1 or 2 steps"
    assert words.frenzy_text(state, "inky", "en") == "inky: one step"
    move = LastMove.read(match.play("blinky:e6"))
    assert move.tracks == {"blinky": ["e5", "e6"]}
    assert (move.caught, move.is_reset, move.steps) == ("blinky", True, 1)
    assert words.caught_text(move.caught, "en") == "Caught by blinky! Everyone back to start"
    assert words.caught_text(move.caught, "cs") != words.caught_text(move.caught, "en")


def test_nothing_moved_reads_as_no_track() -> None:
    assert LastMove.read([]) == LastMove()
    assert LastMove().steps == 0


def test_the_hint_follows_the_phase() -> None:
    match = open_game("pacman", players=2)
    state = match.snapshot()["state"]
    assert words.hint(state, set(match.legal()), "en") == "Tap where PAC-MAN goes (yellow squares)"
    assert words.hint(state, {"P:pass"}, "en") == "PAC-MAN cannot move: tap him to pass"
    match.play("P:e7-e6-d6")
    state = match.snapshot()["state"]
    assert state["phase"] == "ghosts"
    assert words.hint(state, set(match.legal()), "en") == "Tap a ghost, then where it goes"
    assert words.hint(state, set(match.legal()), "cs") != "Tap a ghost, then where it goes"


def test_the_ways_to_one_square_are_numbered_and_a_ghost_is_tapped_first() -> None:
    assert words.way_text(2, 3, "en") == "— way 2 of 3, tap a path to switch"
    assert words.ghost_first_text("en") == "Tap a ghost first"
