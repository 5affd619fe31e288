"""The ghost phase: R43–R49, R51, R55 and A16–A23, on the small 'table' layout.

Table layout: walls d4v (d4|e4, d5|e5) and f6h (f6|f7, g6|g7); dots a1 i1 a9 i9;
PAC-MAN starts on e2, blinky a8, pinky c8, inky g8, clyde i8.
"""

from __future__ import annotations

from games.pacman.positions import at, board, rejected


def test_pacman_ghost_without_sight_makes_exactly_one_step_r45() -> None:
    match = at(board(phase="ghosts"))
    assert [line for line in match.legal() if line.startswith("blinky")] == [
        "blinky:a7", "blinky:b8",
    ]  # a9 is a dot
    error = rejected(match, "blinky:a6")
    assert error.reason == (
        "R45: blinky on a8 cannot reach a6: without sight of PAC-MAN it makes one step"
    )
    assert error.params["code"] == "GHOST_NO_PATH"
    assert rejected(match, "blinky:a8-a7-a6").params["code"] == "GHOST_NO_PATH"
    assert match.play("blinky:a7") == ["ghost blinky a8-a7"]


def test_pacman_frenzy_one_or_two_steps_turning_and_back_to_start_r44_a17() -> None:
    # pinky on e8 sees PAC-MAN on e2 along column e (inky on e5 does not block sight)
    match = at(board(phase="ghosts", pinky="e8", inky="e5"))
    state = match.snapshot()["state"]
    assert state["ghosts"]["pinky"]["frenzy"] is True
    assert state["ghosts"]["inky"]["frenzy"] is True
    assert state["ghosts"]["blinky"]["frenzy"] is False
    pinky = [line for line in match.legal() if line.startswith("pinky")]
    assert pinky == [
        "pinky:e6", "pinky:d7", "pinky:e7", "pinky:f7", "pinky:c8", "pinky:d8", "pinky:e8",
        "pinky:f8", "pinky:g8", "pinky:d9", "pinky:e9", "pinky:f9",
    ]  # in square order; e8 is out and back to its start square (A17)
    assert match.play("pinky:e6") == ["frenzy pinky", "ghost pinky e8-e7-e6"]
    assert "| pinky e6 |" in match.position()


def test_pacman_walls_block_sight_and_distance_is_unlimited_r44_a18() -> None:
    # PAC-MAN on e5: d4v closes d5|e5, so blinky on a5 cannot see him; clyde on i5 can
    match = at(board(phase="ghosts", pacman="e5", blinky="a5", clyde="i5"))
    ghosts = match.snapshot()["state"]["ghosts"]
    assert ghosts["blinky"]["frenzy"] is False
    assert ghosts["clyde"]["frenzy"] is True
    assert "clyde:g5" in match.legal() and "blinky:a3" not in match.legal()


def test_pacman_ghost_may_not_end_on_a_dot_but_may_pass_over_it_r45_a19() -> None:
    match = at(board(phase="ghosts"))
    error = rejected(match, "blinky:a9")
    assert error.reason == "R45: blinky may not end on the dot a9"
    assert error.params["code"] == "GHOST_ENDS_ON_DOT"
    # PAC-MAN on e8 is in blinky's row 8: frenzy, and a 2-step move may cross the dot a9
    match = at(board(phase="ghosts", pacman="e8", pinky="c7"))
    assert match.play("blinky:b9") == ["frenzy blinky", "ghost blinky a8-a9-b9"]
    match = at(board(phase="ghosts", pacman="e8", pinky="c7"))
    assert match.play("blinky:a8-a9-b9") == ["frenzy blinky", "ghost blinky a8-a9-b9"]


def test_pacman_ghost_may_not_end_on_a_ghost_but_may_pass_over_it_r45_a20() -> None:
    match = at(board(phase="ghosts", blinky="b8"))
    error = rejected(match, "blinky:c8")
    assert error.reason == "R45: blinky may not end on pinky's square c8"
    assert error.params["code"] == "GHOST_ENDS_ON_GHOST"
    # PAC-MAN on e8: blinky on b8 sees him past pinky on c8 and may hop over her
    match = at(board(phase="ghosts", pacman="e8", blinky="b8"))
    assert match.play("blinky:d8") == ["frenzy blinky", "ghost blinky b8-c8-d8"]


def test_pacman_catch_costs_a_life_and_resets_everyone_r46_r48() -> None:
    # inky was eaten earlier, the dot a9 too; blinky on e3 is next to PAC-MAN
    match = at(board(phase="ghosts", dots="a1 i1 i9", blinky="e3", inky="-"))
    events = match.play("blinky:e2")
    assert events == [
        "frenzy blinky", "ghost blinky e3-e2", "caught blinky e2", "life 2", "reset",
    ]
    assert match.position() == (
        "pacman | layout table | phase pacman | pacman e2 lives 2 | dots a1 i1 i9 | "
        "blinky a8 | pinky c8 | inky g8 | clyde i8 | moved - | walls d4v f6h"
    )  # A22: the other ghosts did not move; A23/R48: inky is back; eaten dots stay eaten
    assert match.to_move == 0
    assert match.counters()[0] == {"lives": 2, "dots": 1}
    assert match.snapshot()["state"]["last_event"] == ["caught_by:blinky", "reset"]


def test_pacman_catch_on_the_first_step_of_a_frenzied_move_r46_a21() -> None:
    match = at(board(phase="ghosts", blinky="e3"))
    error = rejected(match, "blinky:e3-e2-e1")
    assert error.reason == "R46: blinky catches PAC-MAN on e2, so its move ends there"
    assert "blinky:e1" not in match.legal()  # a ghost never passes over PAC-MAN
    assert match.play("blinky:e3-e2")[-1] == "reset"


def test_pacman_last_life_lost_the_ghosts_win_r51() -> None:
    match = at(board(phase="ghosts", lives=1, dots="i1 i9", pinky="e4"), players=3)
    events = match.play("pinky:e2")
    assert events == [
        "frenzy pinky", "ghost pinky e4-e3-e2", "caught pinky e2", "life 0", "win ghosts",
        "rank amateur",
    ]
    assert match.outcome is not None
    assert match.outcome.ranking == ((1, 2), (0,))
    assert match.outcome.reason == "lives"
    assert match.position() == (
        "pacman | layout table | phase over | pacman e2 lives 0 | dots i1 i9 | blinky a8 | "
        "pinky e2 | inky g8 | clyde i8 | moved - | walls d4v f6h | winner ghosts"
    )
    assert match.legal() == [] and match.to_move is None
    assert match.snapshot()["state"]["winner"] == "ghosts"


def test_pacman_eaten_and_moved_ghosts_and_wrong_phase_r43_r47_r35() -> None:
    match = at(board(phase="ghosts", inky="-", moved="blinky"))
    error = rejected(match, "inky:g7")
    assert error.reason == "R47: inky has been eaten and is off the board"
    assert error.params["code"] == "GHOST_EATEN"
    error = rejected(match, "blinky:a7")
    assert error.reason == "R43: blinky has already moved in this ghost phase"
    assert error.params["code"] == "ALREADY_MOVED"
    error = rejected(match, "P:e2-e3-e4")
    assert error.reason == "R35: it is the ghosts' turn, PAC-MAN moves again after them"
    assert error.params["code"] == "WRONG_PHASE"
    error = rejected(at(board()), "blinky:a7")
    assert error.reason == "R35: it is PAC-MAN's turn, blinky moves after him"


def test_pacman_ghost_passes_only_without_a_legal_move_r43() -> None:
    # blinky on a8: a9 is a dot, a7 pinky, b8 clyde
    match = at(board(phase="ghosts", pinky="a7", clyde="b8"))
    assert "blinky:pass" in match.legal()
    error = rejected(match, "pinky:pass")
    assert error.reason == "R43: pinky can move, so it may not pass"
    assert error.params["code"] == "PASS_NOT_ALLOWED"
    assert match.play("blinky:pass") == ["pass blinky"]
    assert "| moved blinky |" in match.position()


def test_pacman_ghost_order_is_free_and_to_move_is_the_lowest_owner_r30_a16() -> None:
    match = at(board(phase="ghosts"), players=3)  # owners: blinky, pinky → 1; inky → 2; clyde → 3
    assert match.to_move == 1
    match.play("clyde:i7")  # any ghost of the phase, whoever taps it
    assert match.to_move == 1
    match.play("blinky:a7")
    match.play("pinky:c7")
    assert match.to_move == 2
    assert match.snapshot()["state"]["ghosts_to_move"] == ["inky"]
    assert match.position().endswith("| moved clyde blinky pinky | walls d4v f6h")
    round_before = match.snapshot()["state"]["round"]
    assert match.play("inky:g7") == ["ghost inky g8-g7"]
    assert match.to_move == 0  # all ghosts moved: the next round starts
    assert match.snapshot()["state"]["round"] == round_before + 1
    assert "| moved - |" in match.position()


def test_pacman_ghost_full_path_form_is_validated_r55() -> None:
    match = at(board(phase="ghosts", pacman="e8"))  # blinky on a8 sees PAC-MAN
    assert rejected(match, "blinky:b8-c8").reason == "R55: blinky stands on a8, not on b8"
    assert rejected(match, "blinky:a8-b9").reason == (
        "R36: a8 and b9 are not neighbouring squares"
    )
    assert rejected(match, "blinky:a8-a7-a6-a5").params["code"] == "GHOST_NO_PATH"
    assert match.play("BLINKY:a8-b8-b7") == ["frenzy blinky", "ghost blinky a8-b8-b7"]


def test_pacman_ghost_wall_in_the_path_r36() -> None:
    match = at(board(phase="ghosts", blinky="d5"))
    error = rejected(match, "blinky:d5-e5")
    assert error.reason == "R36: a wall stands between d5 and e5"
    assert error.params["code"] == "GHOST_NO_PATH"
    assert rejected(match, "blinky:e5").params["code"] == "GHOST_NO_PATH"
