"""Scenario tests of rules/clovece.md R1–R10 (set-up, turns, rolls, actions, mandatory use,
direction, colour lock): a position and inputs at the table, then the events and the state the
engine must reach. R11–R13 are in ``test_clovece_rules_capture_end.py``."""

from __future__ import annotations

import pytest
from games.clovece.positions import BASE, GOAL3, MIXED, THREE, TWO, game, play, rejected

# -- R1 setup, R2 starting player -----------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "board", "seats"),
    [
        (2, "board4", "S0,S2"),
        (3, "board4", "S0,S1,S2"),
        (4, "board4", "S0,S1,S2,S3"),
        (5, "board6", "S0,S1,S2,S3,S4"),
        (6, "board6", "S0,S1,S2,S3,S4,S5"),
    ],
)
def test_r1_every_home_holds_one_piece_of_each_colour(players: int, board: str, seats: str) -> None:
    match = game(players=players)
    position = match.position()
    assert position.startswith(f"{board} seats{{{seats}}} | ")
    assert position.count("home{R,Y,G,B} goal{}") == players
    assert "track{}" in position
    assert match.awaiting == "roll" and match.to_move == 0


def test_r2_highest_roll_starts_and_its_value_is_not_used() -> None:
    match = game(players=3)
    assert play(match, "roll 2", "roll 5") == []
    assert match.to_move == 2
    assert play(match, "roll 3") == ["turn S1"]
    assert match.to_move == 1 and match.awaiting == "roll"
    assert match.position().endswith("| turn S1")


def test_r2_only_the_tied_seats_roll_again_until_one_is_highest() -> None:
    match = game(players=3)
    assert play(match, "roll 4", "roll 6", "roll 6") == ["reroll S1 S2"]
    assert match.to_move == 1
    assert match.position().endswith("| rolloff{S1:?, S2:?}")
    assert play(match, "roll 3", "roll 3") == ["reroll S1 S2"]
    assert play(match, "roll 2", "roll 5") == ["turn S2"]
    assert match.to_move == 2


def test_r2_k1_to_move_is_the_rank_among_the_seats_in_use() -> None:
    match = game(players=2)
    assert play(match, "roll 1", "roll 4") == ["turn S2"]
    assert match.to_move == 1
    assert "enter R" not in match.legal()
    assert rejected(match, "enter R").startswith("R4.2")


def test_r2_nothing_but_rolls_during_the_roll_off() -> None:
    match = game(players=2)
    assert rejected(match, "pass").startswith("R2: ")
    assert match.legal() == [f"roll {value}" for value in range(1, 7)]


# -- R3 turn order ----------------------------------------------------------------------------

START3 = (
    f"{THREE} | S0 home{{R,Y,G,B}} goal{{}} | S1 home{{R,Y,G,B}} goal{{}} | "
    "S2 home{R,Y,G,B} goal{} | track{} | turn S2"
)


def test_r3_play_passes_clockwise_and_wraps() -> None:
    match = game(START3, players=3)
    assert play(match, "roll 3") == ["forfeit 3", "turn S0"]
    assert play(match, "roll 1") == ["forfeit 1", "turn S1"]
    assert play(match, "roll 2") == ["forfeit 2", "turn S2"]


# -- R4 rolling, R5 order of use -----------------------------------------------------------

def test_r4_a_six_is_rolled_again_without_limit_and_nothing_is_used_before() -> None:
    match = game(BASE)
    for _ in range(5):
        assert play(match, "roll 6") == []
        assert match.awaiting == "roll"
        assert match.legal() == [f"roll {value}" for value in range(1, 7)]
        assert rejected(match, "move 5 B").startswith("R4.2: ")
    play(match, "roll 1")
    assert match.awaiting == "move"
    rolls = match.snapshot()["state"]["rolls"]
    assert [roll["value"] for roll in rolls] == [6, 6, 6, 6, 6, 1]
    assert rejected(match, "roll 4").startswith("R4.2: ")


def test_r5_sixes_are_used_first_in_order_then_the_last_roll() -> None:
    match = game(BASE)
    play(match, "roll 6", "roll 3")
    assert match.legal() == ["enter R", "enter Y", "enter G", "move 5 B", "move 25 B"]
    assert play(match, "move 5 B") == []
    assert match.legal() == ["move 11 B", "move 25 B"]
    assert play(match, "move 11 B") == ["turn S2"]
    assert "track{14:B, 25:B}" in match.position()


def test_r4_dice_show_one_to_six() -> None:
    match = game(BASE)
    assert rejected(match, "roll 7").startswith("R4.1: ")
    assert rejected(match, "roll 0").startswith("R4.1: ")


# -- R6 actions -------------------------------------------------------------------------------


def test_r6_1_enter_any_colour_from_home_on_a_six_onto_the_own_start() -> None:
    match = game(BASE)
    play(match, "roll 6", "roll 2")
    assert play(match, "enter G") == []
    assert "S0 home{R,Y}" in match.position()
    assert "track{0:G*, 5:B, 25:B}" in match.position()
    assert "move 0 G" in match.legal()


def test_r6_1_entering_needs_a_six_and_a_piece_of_that_colour_at_home() -> None:
    match = game(BASE)
    play(match, "roll 4")
    assert rejected(match, "enter R") == "R6.1: entering needs a 6, the current roll is 4"
    match = game(BASE)
    play(match, "roll 6", "roll 4")
    assert rejected(match, "enter B") == "R6.1: there is no B piece in the home of S0"


def test_r6_1_a7_entering_onto_an_occupied_start_and_the_capture_at_the_end() -> None:
    match = game(
        f"{TWO} | S0 home{{R,Y,G}} goal{{}} | S2 home{{R,Y,G}} goal{{}} | "
        "track{0:B, 25:B} | turn S0"
    )
    play(match, "roll 6", "roll 1", "enter R")
    assert "track{0:B+R*, 25:B}" in match.position()
    assert match.snapshot()["state"]["legal"][0]["lands_on_occupied"] is False
    assert rejected(match, "move 0") == "R11.3: field 0 holds R+B; say which colour to move"
    assert play(match, "move 25 B") == ["choose B@0: S0 S2"]
    assert match.awaiting == "choice" and match.to_move == 0
    assert match.legal() == ["give B@0 -> S0", "give B@0 -> S2"]
    assert play(match, "give B@0 -> S2") == ["capture B@0 -> S2", "turn S2"]
    assert "S2 home{R,Y,G,B}" in match.position()
    assert "track{0:R, 26:B}" in match.position()


def test_r6_2_a_track_move_may_land_on_any_piece_and_jumps_over_all() -> None:
    match = game(
        f"{TWO} | S0 home{{Y,G}} goal{{}} | S2 home{{R,G}} goal{{}} | "
        "track{5:R, 7:Y, 9:B, 11:B} | turn S0"
    )
    play(match, "roll 4")
    legal = {entry["input"]: entry for entry in match.snapshot()["state"]["legal"]}
    assert set(legal) == {"move 5 R", "move 9 B", "move 11 B"}
    assert legal["move 5 R"]["to_field"] == 9 and legal["move 5 R"]["lands_on_occupied"]
    assert legal["move 11 B"]["to_field"] == 15 and not legal["move 11 B"]["lands_on_occupied"]


def test_r6_3_goal_moves_inside_the_goal_jump_and_stay_in_the_goal() -> None:
    match = game(GOAL3)
    play(match, "roll 1")
    assert set(match.legal()) == {"move 38 B", "goal-move 3"}
    assert play(match, "goal-move 3") == ["turn S2"]
    assert "S0 home{} goal{1:R, 2:Y, 4:G}" in match.position()


def test_r6_3_goal_move_rejections() -> None:
    match = game(
        f"{TWO} | S0 home{{}} goal{{1:R, 3:G}} | S2 home{{R,G,B}} goal{{}} | "
        "track{10:Y, 12:Y, 38:B} | turn S0"
    )
    play(match, "roll 2")
    assert "goal-move 1" not in match.legal()
    assert rejected(match, "goal-move 1") == "R9.3: slot 3 of the goal of S0 is taken"
    assert rejected(match, "goal-move 3") == "R6.3: a 2 from goal slot 3 goes past slot 4"
    assert rejected(match, "goal-move 2") == "R6.3: slot 2 of the goal of S0 is empty"
    assert rejected(match, "goal-move 5") == "R6.3: the goal has slots 1 to 4, not 5"
    match = game(
        f"{TWO} | S0 home{{}} goal{{1:R, 3:G}} | S2 home{{R,G,B}} goal{{}} | "
        "track{10:Y, 12:Y, 38:B} | turn S0"
    )
    play(match, "roll 3")
    assert "goal-move 1" in match.legal()
    play(match, "goal-move 1")
    assert "goal{3:G, 4:R}" in match.position()


# -- R7 mandatory use, forfeits, pass ---------------------------------------------------------


def test_r7_1_a_roll_without_any_action_is_forfeited_automatically() -> None:
    match = game(
        f"{TWO} | S0 home{{R,Y,G,B}} goal{{}} | S2 home{{R,Y,G,B}} goal{{}} | track{{}} | turn S0"
    )
    assert play(match, "roll 3") == ["forfeit 3", "turn S2"]


def test_r7_3_a_six_good_only_for_entering_may_be_passed() -> None:
    match = game(
        f"{TWO} | S0 home{{R,Y,G,B}} goal{{}} | S2 home{{R,Y,G,B}} goal{{}} | track{{}} | turn S0"
    )
    play(match, "roll 6", "roll 2")
    assert match.legal() == ["enter R", "enter Y", "enter G", "enter B", "pass"]
    assert match.snapshot()["state"]["can_pass"] is True
    assert play(match, "pass") == ["pass 6", "forfeit 2", "turn S2"]


def test_r7_2_a_roll_with_a_move_must_be_used() -> None:
    match = game(BASE)
    play(match, "roll 6", "roll 1")
    assert "pass" not in match.legal()
    assert rejected(match, "pass") == "R7.3: only a 6 that can do nothing but enter may be passed"
    match = game(BASE)
    play(match, "roll 3")
    assert rejected(match, "pass").startswith("R7.3: ")


def test_r7_4_excess_sixes_are_forfeited_and_the_last_roll_is_still_used() -> None:
    match = game(GOAL3)
    assert play(match, "roll 6", "roll 6", "roll 5") == ["forfeit 6", "forfeit 6"]
    assert match.legal() == ["move 38 B"]
    rolls = match.snapshot()["state"]["rolls"]
    assert [roll["status"] for roll in rolls] == ["forfeited", "forfeited", "pending"]
    assert match.snapshot()["state"]["roll_index"] == 2


def test_r7_5_the_engine_never_plays_a_unique_action_itself() -> None:
    match = game(GOAL3)
    play(match, "roll 5")
    assert match.awaiting == "move" and match.legal() == ["move 38 B"]


# -- R8 which pieces, R9 direction and goal, R10 colour lock ----------------------------------

def test_r8_a_colour_at_home_cannot_be_moved_any_piece_of_a_playable_colour_can() -> None:
    match = game(MIXED)
    play(match, "roll 3")
    assert match.legal() == ["move 5 R", "move 9 B", "move 11 B"]
    assert rejected(match, "move 7") == ("R8: S0 has a Y piece at home, so cannot move Y pieces")
    assert rejected(match, "move 3") == "R6.2: there is no piece on field 3"
    assert rejected(match, "move 5 B") == "R6.2: there is no B piece on field 5"
    assert rejected(match, "move 40 B") == "§1: there is no field 40 on board4"


def test_r9_moves_are_counted_from_the_movers_own_start() -> None:
    position = (
        f"{TWO} | S0 home{{R,Y,G}} goal{{}} | S2 home{{R,Y,G}} goal{{}} | "
        "track{18:B, 34:B} | turn S2"
    )
    match = game(position)
    play(match, "roll 2")
    legal = {entry["input"]: entry for entry in match.snapshot()["state"]["legal"]}
    assert legal["move 18 B"]["to_slot"] == 1 and legal["move 18 B"]["enters_goal"]
    assert legal["move 34 B"]["to_field"] == 36
    match = game(position.replace("turn S2", "turn S0"))
    play(match, "roll 6")
    play(match, "roll 2")
    legal = {entry["input"]: entry for entry in match.snapshot()["state"]["legal"]}
    # S0 passes S2's entrance 19 and start 20 without effect; a 6 from 34 ends in S0's goal
    assert legal["move 18 B"]["to_field"] == 24
    assert legal["move 34 B"]["to_slot"] == 1


def test_r9_2_a_move_past_the_entrance_must_end_in_the_goal() -> None:
    match = game(
        f"{TWO} | S0 home{{R,Y,G}} goal{{}} | S2 home{{R,Y,G}} goal{{}} | "
        "track{20:B, 39:B} | turn S0"
    )
    play(match, "roll 1")
    assert "move 39 B" in match.legal()
    events = play(match, "move 39 B")
    assert events == ["goal B S0 slot 1", "turn S2"]
    assert "track{20:B}" in match.position()


def test_r9_3_exact_count_no_overshoot_no_shared_slot() -> None:
    match = game(
        f"{TWO} | S0 home{{}} goal{{1:R, 2:Y, 3:G}} | S2 home{{R,Y,G}} goal{{}} | "
        "track{10:B, 39:B} | turn S0"
    )
    play(match, "roll 5")
    assert match.legal() == ["move 10 B"]
    assert rejected(match, "move 39 B") == "R9.3: a 5 from field 39 overshoots the goal of S0"
    match = game(
        f"{TWO} | S0 home{{}} goal{{1:R, 2:Y, 3:G}} | S2 home{{R,Y,G}} goal{{}} | "
        "track{10:B, 39:B} | turn S0"
    )
    play(match, "roll 2")
    assert rejected(match, "move 39 B") == "R9.3: slot 2 of the goal of S0 is taken"


def test_r10_entering_the_goal_locks_the_colour_at_once() -> None:
    match = game(
        f"{TWO} | S0 home{{Y,G}} goal{{}} | S2 home{{Y,G}} goal{{}} | "
        "track{10:B, 12:B, 30:R, 36:R} | turn S0"
    )
    play(match, "roll 6", "roll 2")
    assert "move 30 R" in match.legal()
    assert play(match, "move 36 R") == ["goal R S0 slot 3"]
    assert match.legal() == ["move 10 B", "move 12 B"]
    assert rejected(match, "move 30 R") == (
        "R10: S0 has a R piece in the goal, so cannot move R pieces"
    )
