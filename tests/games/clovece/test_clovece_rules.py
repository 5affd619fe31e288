"""Scenario tests of rules/clovece.md R1–R13: a position and inputs at the table, then the events
and the state the engine must reach."""

from __future__ import annotations

import pytest

from companion.engine import IllegalInput, Match, open_game

TWO = "board4 seats{S0,S2}"
THREE = "board4 seats{S0,S1,S2}"


def game(position: str | None = None, players: int = 2, **options: object) -> Match:
    return open_game("clovece", players=players, position=position, **options)


def play(match: Match, *lines: str) -> list[str]:
    """Play every line; return the events of the last one."""
    events: list[str] = []
    for line in lines:
        events = match.play(line)
    return events


def rejected(match: Match, line: str) -> str:
    before = match.position()
    with pytest.raises(IllegalInput) as rejection:
        match.play(line)
    assert match.position() == before
    return rejection.value.reason


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

BASE = (
    f"{TWO} | S0 home{{R,Y,G}} goal{{}} | S2 home{{R,Y,G}} goal{{}} | track{{5:B, 25:B}} | turn S0"
)


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


GOAL3 = (
    f"{TWO} | S0 home{{}} goal{{1:R, 2:Y, 3:G}} | S2 home{{R,Y,G,B}} goal{{}} | "
    "track{38:B} | turn S0"
)


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

MIXED = (
    f"{TWO} | S0 home{{Y,G}} goal{{}} | S2 home{{R,G}} goal{{}} | "
    "track{5:R, 7:Y, 9:B, 11:B} | turn S0"
)


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
