"""Scenario tests of rules/clovece.md R11–R13 (several pieces, capture, finishing) and of the
inputs, options and ``fix``: a position and inputs at the table, then what the engine must reach."""

from __future__ import annotations

import pytest
from games.clovece.positions import BASE, GOAL3, MIXED, THREE, TWO, game, play, rejected

# -- R11 several pieces, same piece ---------------------------------------------------------


def test_r11_1_one_piece_may_use_every_roll_of_the_turn() -> None:
    match = game(
        f"{TWO} | S0 home{{R,Y,G,B}} goal{{}} | S2 home{{R,Y,G,B}} goal{{}} | track{{}} | turn S0"
    )
    play(match, "roll 6", "roll 6", "roll 3", "enter R", "move 0 R")
    assert play(match, "move 6 R") == ["turn S2"]
    assert "S0 home{Y,G,B} goal{} | S2 home{R,Y,G,B} goal{} | track{9:R}" in match.position()


def test_r11_3_of_several_pieces_of_one_colour_the_latest_arrival_moves() -> None:
    match = game(
        f"{TWO} | S0 home{{R,Y,G}} goal{{}} | S2 home{{R,Y,G}} goal{{}} | "
        "track{5:B+B*} | turn S0 | rolls{6:used, 6:pending, 1:pending}"
    )
    assert play(match, "move 5") == []
    assert "track{5:B, 11:B*}" in match.position()


def test_k5_move_without_colour_only_when_the_field_holds_one_colour() -> None:
    match = game(MIXED)
    play(match, "roll 3")
    play(match, "Move 9")
    assert match.history[-1] == "Move 9"
    assert "track{5:R, 7:Y, 11:B, 12:B}" in match.position()


# -- R12 capture ------------------------------------------------------------------------------

CAPTURE3 = (
    f"{THREE} | S0 home{{Y,G}} goal{{}} | S1 home{{R,Y,G,B}} goal{{}} | "
    "S2 home{R,Y,G,B} goal{} | track{3:R, 5:B} | turn S0"
)


def test_r12_3_a_piece_only_the_mover_can_play_is_given_to_himself() -> None:
    match = game(CAPTURE3, players=3)
    play(match, "roll 2")
    assert play(match, "move 3 R") == ["capture B@5 -> S0 (auto)", "turn S1"]
    assert "S0 home{Y,G,B}" in match.position()
    assert "track{5:R}" in match.position()


def test_r12_1_an_intermediate_landing_never_captures_and_the_landed_on_piece_may_escape() -> None:
    match = game(CAPTURE3.replace("track{3:R, 5:B}", "track{0:R, 6:B}"), players=3)
    play(match, "roll 6", "roll 2")
    assert play(match, "move 0 R") == []
    assert "track{6:B+R*}" in match.position()
    assert play(match, "move 6 B") == ["turn S1"]
    assert "track{6:R, 8:B}" in match.position()


def test_r12_2_of_two_moved_pieces_on_one_field_the_later_arrival_captures() -> None:
    match = game(CAPTURE3.replace("track{3:R, 5:B}", "track{0:R, 2:B}"), players=3)
    play(match, "roll 6", "roll 4", "move 0 R")
    assert play(match, "move 2 B") == ["capture R@6 -> S0 (auto)", "turn S1"]
    assert "track{6:B}" in match.position()


TWO_CAPTURES = (
    f"{THREE} | S0 home{{Y,G}} goal{{}} | S1 home{{R,Y,G}} goal{{}} | "
    "S2 home{R,Y,G,B} goal{} | track{0:B, 3:R, 5:B} | turn S0"
)


def test_r12_3_the_mover_chooses_and_eligibility_follows_the_earlier_gives() -> None:
    match = game(TWO_CAPTURES, players=3)
    play(match, "roll 6", "roll 2", "enter Y")
    assert play(match, "move 3 R") == ["choose B@0: S0 S1"]
    assert match.position().endswith("| capture{B@0: S0,S1}")
    assert match.snapshot()["state"]["pending_capture"] == {
        "colour": "B",
        "field": 0,
        "eligible": ["S0", "S1"],
    }
    assert rejected(match, "give B@5 -> S0") == "R12.3: the piece to give now is B@0, not B@5"
    assert rejected(match, "give B@0 -> S2") == "R12.3: S2 cannot play B, so cannot receive it"
    assert rejected(match, "give B@0 -> S3") == "§1: S3 does not play in this game"
    assert rejected(match, "roll 3") == (
        "R12.3: first give the captured B piece from field 0 to a player"
    )
    assert play(match, "give B@0 -> S1") == [
        "capture B@0 -> S1",
        "capture B@5 -> S0 (auto)",
        "turn S1",
    ]
    assert "S0 home{G,B}" in match.position() and "S1 home{R,Y,G,B}" in match.position()


def test_r12_3_the_other_choice_gives_the_other_outcome() -> None:
    match = game(TWO_CAPTURES, players=3)
    play(match, "roll 6", "roll 2", "enter Y", "move 3 R")
    assert play(match, "GIVE b@0 -> s0") == [
        "capture B@0 -> S0",
        "capture B@5 -> S1 (auto)",
        "turn S1",
    ]


def test_r12_give_is_only_for_a_pending_capture() -> None:
    match = game(BASE)
    play(match, "roll 3")
    assert rejected(match, "give B@5 -> S0") == (
        "R12.3: no captured piece is waiting for a recipient"
    )


# -- R13 finishing, places, the end -----------------------------------------------------------

FINISH3 = (
    f"{THREE} | S0 home{{}} goal{{1:R, 2:Y, 3:G}} | S1 home{{Y,G,B}} goal{{}} | "
    "S2 home{R,Y,G} goal{} | track{14:B, 20:R, 37:B} | turn S0"
)


def test_r13_1_finishing_drops_the_other_rolls_and_captures_still_happen() -> None:
    match = game(FINISH3, players=3)
    play(match, "roll 6", "roll 6", "roll 1", "move 14 B")
    assert play(match, "move 37 B") == [
        "goal B S0 slot 4",
        "finish S0 place 1",
        "discard 1",
        "capture R@20 -> S1 (auto)",
        "turn S1",
    ]
    assert match.outcome is None
    assert "places{S0=1}" in match.position()
    assert "stop" in match.legal()
    # R3: the finished seat is skipped from now on
    assert play(match, "roll 1") == ["forfeit 1", "turn S2"]
    assert play(match, "roll 1", "move 20 B") == ["turn S1"]


def test_r13_4_stop_ends_the_game_with_the_unfinished_seats_tied_last() -> None:
    match = game(FINISH3, players=3)
    assert rejected(match, "stop") == "R13.4: stop is allowed only once a winner exists"
    play(match, "roll 6", "roll 6", "roll 1", "move 14 B", "move 37 B")
    assert play(match, "stop") == ["gameover S0 S1 S2"]
    outcome = match.outcome
    assert outcome is not None
    assert outcome.ranking == ((0,), (1, 2)) and outcome.reason == "stopped"
    assert match.awaiting == "over" and match.to_move is None and match.legal() == []
    assert rejected(match, "roll 3") == "R13: the game is over"


def test_r13_2_without_play_on_the_first_finish_ends_the_game_k4_order() -> None:
    match = game(FINISH3, players=3, play_on=False)
    play(match, "roll 6", "roll 6", "roll 1", "move 14 B")
    assert play(match, "move 37 B") == [
        "goal B S0 slot 4",
        "discard 1",
        "capture R@20 -> S1 (auto)",
        "finish S0 place 1",
        "gameover S0 S1 S2",
    ]
    outcome = match.outcome
    assert outcome is not None and outcome.ranking == ((0,), (1, 2)) and outcome.reason == "goal"


def test_r13_3_the_last_unfinished_seat_takes_the_last_place() -> None:
    match = game(
        f"{THREE} | S0 home{{}} goal{{1:R, 2:Y, 3:G, 4:B}} | "
        "S1 home{} goal{1:R, 2:Y, 3:G} | S2 home{R,Y,G} goal{} | track{5:B, 7:B} | "
        "places{S0=1} | turn S1",
        players=3,
    )
    assert play(match, "roll 6", "roll 2") == []
    assert match.legal() == ["move 7 B", "stop"]
    assert play(match, "move 7 B") == [
        "goal B S1 slot 4",
        "discard 2",
        "finish S1 place 2",
        "gameover S0 S1 S2",
    ]
    outcome = match.outcome
    assert outcome is not None
    assert outcome.ranking == ((0,), (1,), (2,)) and outcome.reason == "goal"
    assert match.position().endswith("| places{S0=1, S1=2, S2=3} | over goal")
    assert match.counters() == {0: {"goal": 4}, 1: {"goal": 4}, 2: {"goal": 0}}


def test_r13_two_players_the_first_finish_ends_the_game() -> None:
    match = game(GOAL3)
    assert play(match, "roll 5", "move 38 B") == [
        "goal B S0 slot 4",
        "finish S0 place 1",
        "gameover S0 S2",
    ]
    assert match.snapshot()["state"]["winner"] == "S0"


# -- inputs, options, fix ---------------------------------------------------------------------


def test_inputs_are_case_insensitive_and_garbage_is_named() -> None:
    match = game(BASE)
    play(match, "ROLL 6", "Roll 2")
    assert play(match, "ENTER r") == []
    assert rejected(match, "jump 5").startswith("§5.2: 'jump 5' is not an input")


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="track_length"):
        game(players=5, track_length=50)
    with pytest.raises(ValueError, match="play_on"):
        game(players=2, play_on="yes")
    match = game(players=6, track_length=72)
    assert match.position().startswith("board6/72 seats{S0,S1,S2,S3,S4,S5}")
    assert match.snapshot()["state"]["board"]["start"]["S1"] == 12


def test_fix_replaces_the_position_is_recorded_and_undoable() -> None:
    match = game(BASE)
    play(match, "roll 4")
    before = match.position()
    fixed = BASE.replace("track{5:B, 25:B}", "track{6:B, 25:B}")
    assert match.play("fix " + fixed) == ["fix " + fixed]
    assert match.position() == fixed
    assert match.history[-1] == "fix " + fixed
    assert "fix" not in " ".join(match.legal())
    match.undo()
    assert match.position() == before


def test_fix_runs_the_automatic_steps_the_new_position_owes() -> None:
    match = game(BASE)
    position = (
        f"{TWO} | S0 home{{R,Y,G,B}} goal{{}} | S2 home{{R,Y,G,B}} goal{{}} | track{{}} "
        "| turn S0 | rolls{3:pending}"
    )
    events = match.play("fix " + position)
    assert events[1:] == ["forfeit 3", "turn S2"]
    assert match.to_move == 1


def test_fix_rejects_an_impossible_position() -> None:
    match = game(BASE)
    assert rejected(match, "fix " + BASE.replace("25:B", "25:R")).startswith("I")


def test_k3_log_form_adds_the_roll_and_the_destination() -> None:
    from companion.games.clovece.rules import log_form

    match = game(GOAL3)
    match.play("roll 1")
    assert log_form(match.state, "move 38") == "S0 move 38 B +1 -> 39"
    assert log_form(match.state, "goal-move 3") == "S0 goal-move 3 +1 -> goal 4"
    match = game(GOAL3)
    match.play("roll 5")
    assert log_form(match.state, "move 38 B") == "S0 move 38 B +5 -> goal 4"
    match = game(BASE)
    match.play("roll 6")
    assert log_form(match.state, "roll 2") == "S0 roll 2"
    match.play("roll 2")
    assert log_form(match.state, "enter G") == "S0 enter G +6 -> 0"
