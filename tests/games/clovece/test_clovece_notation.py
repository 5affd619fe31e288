"""Board geometry (§1) and the position notation (§5.1) with the engine's in-turn clauses."""

from __future__ import annotations

import pytest

from companion.engine import IllegalInput, open_game
from companion.games.clovece.board import BOARD4, Board, parse_board
from companion.games.clovece.rules import CLOVECE

SPEC_EXAMPLE = (
    "board4 seats{S0,S2} | S0 home{G,Y} goal{2:R} | S2 home{R,G,Y} goal{} | "
    "track{37:B, 38:B} | turn S0"
)


def test_board4_starts_and_entrances() -> None:
    assert [BOARD4.start(seat) for seat in range(4)] == [0, 10, 20, 30]
    assert [BOARD4.entrance(seat) for seat in range(4)] == [39, 9, 19, 29]


@pytest.mark.parametrize("length", [48, 60, 72])
def test_board6_is_parametric(length: int) -> None:
    board = Board("board6", length, 6)
    step = length // 6
    assert [board.start(seat) for seat in range(6)] == [seat * step for seat in range(6)]
    assert board.entrance(0) == length - 1 and board.entrance(1) == step - 1
    assert parse_board(board.name) == board
    assert board.name == ("board6" if length == 48 else f"board6/{length}")


def test_path_formula() -> None:
    assert BOARD4.destination(0, 38, 1) == ("track", 39)
    assert BOARD4.destination(0, 38, 2) == ("goal", 1)
    assert BOARD4.destination(0, 38, 5) == ("goal", 4)
    assert BOARD4.destination(0, 38, 6) == ("over", 44)
    assert BOARD4.destination(2, 18, 2) == ("goal", 1)
    assert BOARD4.destination(2, 39, 4) == ("track", 3)
    assert BOARD4.destination(1, 5, 6) == ("goal", 2)
    # a move never ends on the mover's own start field
    assert BOARD4.destination(0, 34, 6) == ("goal", 1)


def test_the_spec_example_reads_and_is_written_in_canonical_colour_order() -> None:
    match = open_game("clovece", players=2, position=SPEC_EXAMPLE)
    assert match.position() == (
        "board4 seats{S0,S2} | S0 home{Y,G} goal{2:R} | S2 home{R,Y,G} goal{} | "
        "track{37:B, 38:B} | turn S0"
    )
    assert match.awaiting == "roll" and match.to_move == 0


CANONICAL = [
    "board4 seats{S0,S1,S2,S3} | S0 home{R,Y,G,B} goal{} | S1 home{R,Y,G,B} goal{} | "
    "S2 home{R,Y,G,B} goal{} | S3 home{R,Y,G,B} goal{} | track{} | rolloff{S1:3, S3:?}",
    "board4 seats{S0,S2} | S0 home{Y,G} goal{} | S2 home{R,Y,G} goal{} | "
    "track{0:B+R*, 25:B} | turn S0 | rolls{6:used, 1:pending}",
    "board4 seats{S0,S2} | S0 home{R,Y,G} goal{} | S2 home{R,Y,G} goal{} | "
    "track{5:B, 25:B} | turn S2 | rolls{6:pending, 6:pending}",
    "board4 seats{S0,S1,S2} | S0 home{G} goal{} | S1 home{R,Y,G} goal{} | "
    "S2 home{R,Y,G,B} goal{} | track{0:B+Y*, 5:B+R*} | turn S0 | "
    "rolls{6:used, 2:used} | capture{B@0: S0,S1}",
    "board4 seats{S0,S1,S2} | S0 home{} goal{1:R, 2:Y, 3:G, 4:B} | S1 home{R,Y,G,B} goal{} | "
    "S2 home{R,Y,G} goal{} | track{20:B} | places{S0=1} | turn S1",
    "board4 seats{S0,S2} | S0 home{} goal{1:R, 2:Y, 3:G, 4:B} | S2 home{R,Y,G,B} goal{} | "
    "track{} | places{S0=1, S2=2} | over goal",
    "board4 seats{S0,S1,S2} | S0 home{} goal{1:R, 2:Y, 3:G, 4:B} | S1 home{R,Y,G,B} goal{} | "
    "S2 home{R,Y,G} goal{} | track{20:B} | places{S0=1} | over stopped",
    "board6/60 seats{S0,S1,S2,S3,S4} | S0 home{R,Y,G,B} goal{} | S1 home{R,Y,G,B} goal{} | "
    "S2 home{R,Y,G,B} goal{} | S3 home{R,Y,G,B} goal{} | S4 home{R,Y,G,B} goal{} | "
    "track{} | turn S4",
    "board4 seats{S1,S3} | S1 home{R,Y,G,B} goal{} | S3 home{R,Y,G,B} goal{} | track{} | turn S3",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_positions_round_trip(text: str) -> None:
    players = text.split("|")[0].count("S")
    state = CLOVECE.parse_position(text, players, {})
    assert CLOVECE.format_position(state) == text
    assert CLOVECE.parse_position(CLOVECE.format_position(state), players, {}) == state


def test_the_phase_follows_from_the_rolls() -> None:
    awaiting = [
        open_game("clovece", players=text.split("|")[0].count("S"), position=text).awaiting
        for text in CANONICAL
    ]
    assert awaiting == ["roll", "move", "roll", "choice", "roll", "over", "over", "roll", "roll"]


def test_an_explicit_seat_subset_is_seat_generic() -> None:
    match = open_game("clovece", players=2, position=CANONICAL[-1])
    match.play("roll 6")
    match.play("roll 1")
    assert match.legal()[:4] == ["enter R", "enter Y", "enter G", "enter B"]
    match.play("enter B")
    assert "track{30:B*}" in match.position()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (SPEC_EXAMPLE.replace("38:B", "38:R"), "I2: there must be 2 R pieces, the position has 3"),
        (SPEC_EXAMPLE.replace("goal{2:R}", "goal{2:Y}"), "I1: S0 holds more than one Y piece"),
        (SPEC_EXAMPLE.replace("37:B, 38:B", "37:B+B"), "I3: field 37 holds more than one piece"),
        (SPEC_EXAMPLE.replace("37:B", "40:B"), "§1: there is no field 40 on board4"),
        (SPEC_EXAMPLE.replace("seats{S0,S2}", "seats{S0,S1,S2}"), "§1: the position has 3 seats"),
        (SPEC_EXAMPLE.replace(" | turn S0", ""), "§5.1: the position does not say whose turn"),
        (SPEC_EXAMPLE.replace("turn S0", "turn S1"), "§1: S1 does not play in this game"),
        (SPEC_EXAMPLE.replace("goal{2:R}", "goal{5:R}"), "R6.3: the goal has slots 1 to 4, not 5"),
        (SPEC_EXAMPLE + " | rolls{3:pending, 6:pending}", "R4.1: '3:pending, 6:pending' are not"),
        (SPEC_EXAMPLE.replace("37:B", "37:B*"), "§5.1: a piece on field 37 is marked as moved"),
        (SPEC_EXAMPLE.replace("| S2 home{R,G,Y} goal{} ", ""), "§5.1: the position has no clause"),
        (SPEC_EXAMPLE.replace("board4", "board5"), "§5.1: cannot read 'board5' in the position"),
        (SPEC_EXAMPLE + " | places{S0=1}", "R13.1: S0 has a place exactly when its goal is full"),
    ],
)
def test_impossible_positions_are_rejected_with_the_rule(text: str, reason: str) -> None:
    with pytest.raises(IllegalInput) as rejection:
        CLOVECE.parse_position(text, 2, {})
    assert rejection.value.reason.startswith(reason)


def test_a_finished_seat_cannot_be_on_turn() -> None:
    text = CANONICAL[4].replace("turn S1", "turn S0")
    with pytest.raises(IllegalInput, match="R3: S0 has finished"):
        CLOVECE.parse_position(text, 3, {})


def test_without_play_on_a_finished_game_cannot_go_on() -> None:
    with pytest.raises(IllegalInput, match="R13.2"):
        CLOVECE.parse_position(CANONICAL[4], 3, {"play_on": False})


def test_the_capture_clause_must_name_the_pending_piece() -> None:
    with pytest.raises(IllegalInput, match="R12.3: the piece to give now is B@0, not B@5"):
        CLOVECE.parse_position(CANONICAL[3].replace("capture{B@0", "capture{B@5"), 3, {})


def test_snapshot_is_json_safe_and_complete() -> None:
    import json

    match = open_game("clovece", players=3, position=CANONICAL[3])
    snapshot = match.snapshot()
    json.dumps(snapshot)
    state = snapshot["state"]
    assert state["phase"] == "capture" and state["current"] == "S0"
    assert state["seats"][0] == {
        "seat": "S0",
        "home": ["G"],
        "goal": [None] * 4,
        "playable": ["R", "Y", "B"],
        "place": None,
    }
    assert {"field": 0, "colour": "Y", "stamp": 1, "moved": True} in state["track"]
    assert state["rolls"] == [{"value": 6, "status": "used"}, {"value": 2, "status": "used"}]
    assert state["board"]["entrance"]["S1"] == 9
