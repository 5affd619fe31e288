"""Quoridor, rule by rule (rules/quoridor.md, Part A), as positions and inputs."""

from __future__ import annotations

import pytest

from companion.engine import IllegalInput, Match, open_game


def pawn_moves(match: Match) -> set[str]:
    return {line for line in match.legal() if len(line) == 2}


def rejection(match: Match, line: str) -> str:
    before = match.position()
    with pytest.raises(IllegalInput) as caught:
        match.play(line)
    assert match.position() == before
    return caught.value.reason


def play_all(match: Match, record: str) -> list[str]:
    events: list[str] = []
    for line in record.split():
        events += match.play(line)
    return events


# -- A.2 set-up -----------------------------------------------------------------------------


def test_r6_three_players_are_refused() -> None:
    with pytest.raises(ValueError, match="2, 4 players, not 3"):
        open_game("quoridor", players=3)


def test_r7_two_players_start_on_e9_and_e1_with_ten_walls_each() -> None:
    match = open_game("quoridor", players=2)
    assert match.position() == "quoridor 2 | turn e9 | e9 e9 10 | e1 e1 10 | walls -"
    assert match.to_move == 0 and match.awaiting == "move"
    assert match.counters() == {0: {"walls": 10, "steps": 8}, 1: {"walls": 10, "steps": 8}}


def test_r7_four_players_take_turns_clockwise_with_five_walls_each() -> None:
    match = open_game("quoridor", players=4)
    assert match.position() == (
        "quoridor 4 | turn e9 | e9 e9 5 | a5 a5 5 | e1 e1 5 | i5 i5 5 | walls -"
    )
    assert play_all(match, "e8 b5 e2 h5") == [
        "move e9 e8", "move a5 b5", "move e1 e2", "move i5 h5",
    ]
    assert match.to_move == 0


# -- A.4 pawn movement --------------------------------------------------------------------


def test_r15_a_pawn_steps_to_any_open_neighbour_never_diagonally() -> None:
    match = open_game(
        "quoridor", players=2, position="quoridor 2 | turn e9 | e9 e5 10 | e1 e1 10 | walls -"
    )
    assert pawn_moves(match) == {"e4", "e6", "d5", "f5"}
    assert rejection(match, "d4").startswith("R15: the pawn on e5 cannot reach d4")
    assert rejection(match, "e3").startswith("R15:")


def test_r16_a_wall_or_a_pawn_closes_the_step() -> None:
    match = open_game(
        "quoridor", players=2,
        position="quoridor 2 | turn e9 | e9 e5 9 | e1 e1 10 | walls e4h",
    )
    assert pawn_moves(match) == {"e6", "d5", "f5"}
    assert rejection(match, "e4") == "R16: a wall stands between e5 and e4"
    occupied = open_game(
        "quoridor", players=2, position="quoridor 2 | turn e1 | e9 e5 10 | e1 e4 10 | walls -"
    )
    assert rejection(occupied, "e5") == "R16: e5 is occupied by a pawn"


def test_r18_straight_jump_over_a_facing_pawn_and_no_side_step_then() -> None:
    match = open_game(
        "quoridor", players=2, position="quoridor 2 | turn e9 | e9 e5 10 | e1 e4 10 | walls -"
    )
    assert pawn_moves(match) == {"e3", "e6", "d5", "f5"}
    assert match.play("e3") == ["move e9 e3"]
    assert rejection(open_game(
        "quoridor", players=2, position="quoridor 2 | turn e9 | e9 e5 10 | e1 e4 10 | walls -"
    ), "d4").startswith("R15:")


def test_r19a_side_steps_when_a_wall_stands_behind_the_facing_pawn() -> None:
    match = open_game(
        "quoridor", players=2,
        position="quoridor 2 | turn e9 | e9 e5 9 | e1 e4 10 | walls e3h",
    )
    assert pawn_moves(match) == {"d4", "f4", "e6", "d5", "f5"}


def test_r19a_the_board_edge_counts_as_a_wall_behind() -> None:
    match = open_game(
        "quoridor", players=2, position="quoridor 2 | turn e1 | e9 e2 10 | e1 e1 10 | walls -"
    )
    # e1 faces e2? no: seat e1 stands on e1 and e9's pawn on e2 is in front; behind it is e3.
    assert "e3" in pawn_moves(match)
    edge = open_game(
        "quoridor", players=2, position="quoridor 2 | turn e9 | e9 e2 10 | e1 e1 10 | walls -"
    )
    # e9's pawn on e2 faces e1 at the edge: side-steps d1 and f1 instead of a jump.
    assert pawn_moves(edge) == {"d1", "f1", "e3", "d2", "f2"}


def test_r19b_side_steps_when_a_third_pawn_stands_behind_d1_position() -> None:
    record = "e8 b5 e2 h5 e7 c5 e3 i5 e6 a1h e4 h5 d6 a8h e5 i5 d5"
    match = open_game("quoridor", players=4)
    play_all(match, record)
    assert match.to_move == 1
    assert pawn_moves(match) == {"b5", "c4", "c6", "d4", "d6"}
    openspiel = open_game("quoridor", players=4, sidestep_when_pawn_behind=False)
    play_all(openspiel, record)
    assert pawn_moves(openspiel) == {"b5", "c4", "c6"}
    assert openspiel.position().endswith("| sidestep off")


def test_r19_a_walled_or_occupied_side_square_is_not_offered() -> None:
    match = open_game(
        "quoridor", players=2,
        position="quoridor 2 | turn e9 | e9 e5 8 | e1 e4 10 | walls e3h d3v",
    )
    assert pawn_moves(match) == {"f4", "e6", "d5", "f5"}


def test_r20_no_jump_over_two_pawns() -> None:
    match = open_game(
        "quoridor", players=4,
        position="quoridor 4 | turn e9 | e9 e6 5 | a5 a1 5 | e1 e5 5 | i5 e4 5 | walls -",
    )
    assert "e3" not in pawn_moves(match)
    assert pawn_moves(match) == {"d5", "f5", "e7", "d6", "f6"}


# -- A.5 walls -----------------------------------------------------------------------------


def test_r11_r22_out_of_walls_means_moving() -> None:
    match = open_game(
        "quoridor", players=2,
        position="quoridor 2 | turn e9 | e9 e9 0 | e1 e1 10"
        " | walls a1h c1h e1h g1h a3h c3h e3h g3h a5h c5h",
    )
    assert all(len(line) == 2 for line in match.legal())
    assert rejection(match, "h8h") == "R11: e9 has no walls left and must move the pawn"


@pytest.mark.parametrize("wall", ["i3h", "e9v", "h9h"])
def test_r23_walls_must_lie_on_the_board(wall: str) -> None:
    match = open_game("quoridor", players=2)
    assert rejection(match, wall) == f"R23: wall {wall} would stick out of the board"


@pytest.mark.parametrize(
    ("placed", "wall", "reason"),
    [
        ("e3h", "e3h", "R24: there is already a wall at e3h"),
        ("e3h", "d3h", "R24: wall d3h would overlap wall e3h"),
        ("e3h", "f3h", "R24: wall f3h would overlap wall e3h"),
        ("e3v", "e4v", "R24: wall e4v would overlap wall e3v"),
        ("e3v", "e2v", "R24: wall e2v would overlap wall e3v"),
        ("e3h", "e3v", "R24: wall e3v would cross wall e3h"),
    ],
)
def test_r24_no_overlap_no_crossing(placed: str, wall: str, reason: str) -> None:
    match = open_game("quoridor", players=2)
    match.play(placed)
    match.play("e2")
    assert rejection(match, wall) == reason


@pytest.mark.parametrize("wall", ["g3h", "c3h", "d3v", "f3v", "e2v", "e4v"])
def test_r24_walls_may_touch_end_to_end_at_a_corner_or_in_a_t(wall: str) -> None:
    match = open_game("quoridor", players=2)
    match.play("e3h")
    match.play("e2")
    assert match.play(wall) == [f"wall e9 {wall}"]


def test_r25_a_wall_may_not_cut_the_opponent_off_and_the_reason_names_him() -> None:
    # Row 9 is walled off but for i9, reached only through i8 from h8.
    position = "quoridor 2 | turn e9 | e9 e5 5 | e1 e2 10 | walls a8h c8h e8h g8h h7h"
    match = open_game("quoridor", players=2, position=position)
    assert "h8v" not in match.legal()
    assert rejection(match, "h8v") == (
        "R25: wall h8v would cut the player at e2 off from row 9"
    )
    assert match.position() == position


def test_r25_the_placer_may_not_cut_himself_off() -> None:
    position = "quoridor 2 | turn e9 | e9 e5 5 | e1 e8 10 | walls a1h c1h e1h g1h h2h"
    match = open_game("quoridor", players=2, position=position)
    assert rejection(match, "h1v") == "R25: wall h1v would cut the player at e5 off from row 1"


# -- A.3 the turn, passes and the draw guard --------------------------------------------------


def test_r13_forced_pass_only_when_nothing_is_possible() -> None:
    # e9's pawn on a9, no walls left: a8 and a7 hold pawns, a8v closes b9 and the side-step b8.
    position = (
        "quoridor 4 | turn e9 | e9 a9 0 | a5 a8 5 | e1 a7 5 | i5 i5 5"
        " | walls a8v a3h c3h e3h g3h"
    )
    match = open_game("quoridor", players=4, position=position)
    assert match.legal() == ["pass"]
    assert match.play("pass") == ["pass e9"]
    assert match.to_move == 1
    assert match.position().endswith("| passes 1")
    assert match.play("a6") == ["move a5 a6"]
    assert match.position().endswith("walls a8v a3h c3h e3h g3h")


def test_r27_a_move_onto_the_goal_edge_wins_and_then_the_game_is_over() -> None:
    match = open_game(
        "quoridor", players=2, position="quoridor 2 | turn e9 | e9 e2 10 | e1 a8 10 | walls -"
    )
    assert match.play("e1") == ["move e9 e1", "win e9"]
    outcome = match.outcome
    assert outcome is not None and outcome.ranking == ((0,), (1,)) and outcome.reason == "goal"
    assert match.to_move is None and match.awaiting == "over" and match.legal() == []
    assert rejection(match, "a8") == "R27: the game is over"
    assert match.position().endswith("| winner e9")


def test_r27_a_jump_onto_the_goal_edge_wins_too() -> None:
    match = open_game(
        "quoridor", players=2, position="quoridor 2 | turn e1 | e9 e8 10 | e1 e7 10 | walls -"
    )
    assert match.play("e9") == ["move e1 e9", "win e1"]


def test_r28_reaching_another_seats_goal_edge_does_nothing() -> None:
    match = open_game(
        "quoridor", players=4,
        position="quoridor 4 | turn a5 | e9 e5 5 | a5 b9 5 | e1 e2 5 | i5 h5 5 | walls -",
    )
    assert match.play("b8") == ["move a5 b8"]
    assert match.outcome is None


# -- notation ---------------------------------------------------------------------------------


def test_r4_input_is_case_insensitive_and_garbage_is_named() -> None:
    match = open_game("quoridor", players=2)
    assert match.play("E8") == ["move e9 e8"]
    assert match.play("E3H") == ["wall e1 e3h"]
    assert rejection(match, "hello") == (
        "R4: 'hello' is not a square like e8, a wall like e3h, or pass"
    )


def test_r12_passing_is_not_allowed_while_a_move_exists() -> None:
    match = open_game("quoridor", players=2)
    assert rejection(match, "pass") == (
        "R12: passing is allowed only when no pawn move and no wall is possible"
    )


def test_part_e_position_round_trips_with_its_optional_fields() -> None:
    text = "quoridor 4 | turn a5 | e9 e5 4 | a5 a5 5 | e1 e1 5 | i5 i5 5 | walls e3h | passes 1"
    match = open_game("quoridor", players=4, position=text)
    assert match.position() == text
    won = "quoridor 2 | turn e1 | e9 e1 10 | e1 e5 10 | walls - | winner e9"
    assert open_game("quoridor", players=2, position=won).position() == won


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("quoridor 2 | turn e9 | e9 e5 10 | e1 e4 10 | walls e3h", "R7"),
        ("quoridor 2 | turn e9 | e9 e5 9 | e1 e4 10 | walls e3h e3v", "R24"),
        ("quoridor 2 | turn e9 | e9 e5 9 | e1 e4 10 | walls i3h", "R23"),
        ("quoridor 2 | turn e9 | e9 e5 10 | e1 e5 10 | walls -", "E"),
        ("quoridor 2 | turn x9 | e9 e5 10 | e1 e4 10 | walls -", "E"),
        ("quoridor 2 | turn e9 | e9 e1 10 | e1 e4 10 | walls -", "R27"),
        ("chess 2", "E"),
    ],
)
def test_part_e_bad_positions_are_refused_with_the_reason(text: str, rule: str) -> None:
    with pytest.raises(IllegalInput) as caught:
        open_game("quoridor", players=2, position=text)
    assert caught.value.rule == rule


def test_fix_sets_the_table_position_and_is_undoable() -> None:
    match = open_game("quoridor", players=2)
    match.play("e8")
    table = "quoridor 2 | turn e1 | e9 e7 10 | e1 e2 10 | walls -"
    events = match.play("fix " + table)
    assert events == ["fix " + table]
    assert match.position() == table
    assert match.history == ["e8", "fix " + table]
    assert match.legal()[0] in {"e1", "e3", "d2", "f2"}
    match.undo()
    assert match.position() == "quoridor 2 | turn e1 | e9 e8 10 | e1 e1 10 | walls -"
    with pytest.raises(IllegalInput):
        match.play("fix quoridor 2 | nonsense")
