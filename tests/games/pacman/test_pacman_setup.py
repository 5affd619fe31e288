"""Components and set-up (R29, R31), no jumps (R31), eaten ghosts stay off (R47, R49), and the
rank of an unfinished game (R53)."""

from __future__ import annotations

from games.pacman.positions import TABLE, at, board, rejected

from companion.engine import open_game


def test_pacman_set_up_from_the_layout_r29_r31() -> None:
    match = open_game("pacman", players=2, layout=TABLE)
    assert match.position() == (
        "pacman | layout table | phase pacman | pacman e2 lives 3 | dots a1 i1 a9 i9 | "
        "blinky a8 | pinky c8 | inky g8 | clyde i8 | moved - | walls d4v f6h"
    )
    snap = match.snapshot()["state"]
    assert list(snap["ghosts"]) == ["blinky", "pinky", "inky", "clyde"]
    assert snap["dots_eaten"] == 0 and snap["lives"] == 3 and snap["round"] == 1
    assert match.awaiting == "move"


def test_pacman_walls_are_fixed_and_nobody_places_one_r29() -> None:
    match = open_game("pacman", players=2, layout=TABLE)
    assert rejected(match, "e3h").params["code"] == "BAD_SYNTAX"
    assert not any(line.endswith(("h", "v")) for line in match.legal())


def test_pacman_no_quoridor_jumps_r31() -> None:
    # pinky on e3 in front of PAC-MAN on e2: no jump to e4, and e3 itself is closed (R38)
    match = at(board(pinky="e3"))
    assert not any(line.startswith("P:e2-e4") for line in match.legal())
    assert rejected(match, "P:e2-e4").params["code"] == "NOT_ADJACENT"  # no legal path


def test_pacman_eaten_ghosts_stay_off_until_a_reset_r47_r49() -> None:
    match = at(board(pacman="b9", blinky="a8", pinky="c5"))
    match.play("P:b9-a9-a8-a7-b7")
    for line in ["pinky:c4", "inky:g7", "clyde:i7"]:
        match.play(line)
    assert match.to_move == 0
    assert "| blinky - |" in match.position()  # a round later, still off the board
    snap = match.snapshot()["state"]
    assert snap["ghosts"]["blinky"] == {
        "square": None, "owner": 1, "moved_this_phase": False, "frenzy": False,
    }
    # an eaten ghost does not block: PAC-MAN may walk over a8 in normal steps
    assert "P:b7-a7-a8" in match.legal()


def test_pacman_rank_of_a_running_game_is_the_current_one_r53() -> None:
    match = at(board(dots="i1 i9"))
    assert match.snapshot()["state"]["rank"] == "amateur"
    assert match.outcome is None
