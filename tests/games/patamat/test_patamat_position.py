"""The position notation (§6.3, P3): round trips in every phase, invariants on load, fix, replay."""

from __future__ import annotations

import random

import pytest
from games.patamat.positions import game, position
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import Match, open_game

TURN_START = """\
board = "standin-v1"
board_sha = "{sha}"
players = ["Pat", "Mat", "Eva"]
target = 3
turn = "Pat"
flags = {{ Pat = 0, Mat = 1, Eva = 0 }}
cars = {{ kart1 = "F04", kart2 = "F14", kart3 = "A2", car1 = "F03", car2 = "F19", car3 = "F26", \
car4 = "F40", tractor1 = "F12", tractor2 = "F33", rusty1 = "F16", rusty2 = "F28", rusty3 = "B3", \
garbage1 = "F23", garbage2 = "F35", garbage3 = "F42" }}
[pawns]
Pat = {{ field = "F04", car = "kart1" }}
Mat = {{ field = "START" }}
Eva = {{ field = "F21", light = true }}
"""


def sha() -> str:
    return str(open_game("patamat", players=2).snapshot()["state"]["board"]["sha"])


def random_match(seed: int, players: int, inputs: int) -> Match:
    rng = random.Random(seed)
    match = open_game("patamat", players=players)
    for _ in range(inputs):
        if match.outcome is not None:
            break
        match.play(rng.choice(match.legal()))
    return match


def test_canonical_text_reads_back_identically() -> None:
    text = TURN_START.format(sha=sha())
    match = open_game("patamat", players=3, position=text)
    assert match.position() == text
    assert match.to_move == 0


def test_position_without_board_sha_is_accepted() -> None:
    text = TURN_START.format(sha=sha()).replace(f'board_sha = "{sha()}"\n', "")
    assert open_game("patamat", players=3, position=text).to_move == 0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('Mat = { field = "START" }', 'Mat = { field = "F04" }'), "both stand on F04 (I1)"),
        (
            ('Pat = { field = "F04", car = "kart1" }', 'Pat = { field = "F05", car = "kart1" }'),
            "I2",
        ),
        (
            (
                'Pat = { field = "F04", car = "kart1" }',
                'Pat = { field = "F04", car = "kart1", options = ["kart1", "car1"] }',
            ),
            "I2",
        ),
        (('Eva = { field = "F21", light = true }', 'Eva = { field = "F22", light = true }'), "I3"),
        ((' garbage3 = "F42"', ' garbage3 = "F42", garbage4 = "F01"'), "no car 'garbage4'"),
        ((', garbage3 = "F42"', ""), "garbage3 is missing"),
        (('car1 = "F03"', 'car1 = "F04"'), "ignore"),
        (("target = 3", "target = 11"), "target must be 1 to 10"),
        (('players = ["Pat", "Mat", "Eva"]', 'players = ["Pat", "Mat", "Pat"]'), "used twice"),
        (('turn = "Pat"', 'turn = "Ann"'), "turn must be one of the players"),
        (('board = "standin-v1"', 'board = "other"'), "board is 'other'"),
    ],
)
def test_loading_checks_the_invariants(change: tuple[str, str], message: str) -> None:
    text = TURN_START.format(sha=sha())
    old, new = change
    assert old in text
    bad = text.replace(old, new)
    if message == "ignore":
        open_game("patamat", players=3, position=bad)  # several cars may share a field
        return
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        open_game("patamat", players=3, position=bad)


def test_options_need_two_types() -> None:
    text = position(
        pawns={"Pat": 'field = "F05", options = ["car1", "car2"]'},
        cars={"car1": "F05", "car2": "F05"},
    )
    with pytest.raises(ValueError, match="at least 2 types"):
        open_game("patamat", players=3, position=text)


@pytest.mark.parametrize("inputs", [0, 3, 15, 17, 40, 120])
def test_every_phase_round_trips(inputs: int) -> None:
    match = random_match(7, 3, inputs)
    text = match.position()
    again = open_game("patamat", players=3, position=text)
    assert again.state == match.state
    assert again.position() == text
    assert again.legal() == match.legal()


def test_setup_and_rolloff_positions_carry_their_phase() -> None:
    match = random_match(1, 2, 5)
    assert 'phase = "setup"' in match.position()
    assert 'turn = "P2"' in match.position()
    match = random_match(1, 2, 15)
    assert 'phase = "rolloff"' in match.position()
    assert 'rolloff = { group = ["P1", "P2"], rolls = {} }' in match.position()


def test_fix_replaces_the_position_and_is_undoable() -> None:
    match = game(pawns={"Pat": 'field = "F05"'})
    before = match.position()
    fixed = position(pawns={"Pat": 'field = "F09"', "Mat": 'field = "F03"'}, turn="Mat")
    assert match.play("fix " + fixed) == []
    assert match.to_move == 1
    assert match.snapshot()["state"]["pawns"]["Pat"]["field"] == "F09"
    match.undo()
    assert match.position() == before
    with pytest.raises(ValueError, match="fix: this position cannot be loaded"):
        match.play("fix " + fixed.replace('"F09"', '"F03"'))
    assert match.position() == before


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6))
def test_random_games_end_round_trip_and_replay(seed: int, players: int) -> None:
    match = random_match(seed, players, 2000)
    assert match.outcome is not None
    replay = open_game("patamat", players=players)
    for line in match.history:
        replay.play(line)
    assert replay.state == match.state
    for cut in (len(match.history) // 3, len(match.history) // 2):
        while match.cursor > cut:
            match.undo()
        text = match.position()
        assert open_game("patamat", players=players, position=text).state == match.state
        squashed = " ".join(text.split())
        match.play("fix " + squashed)
        assert match.position() == text
        match.undo()


def test_names_reach_the_state_when_the_options_carry_them() -> None:
    """The hook for P1: ``names`` in the options (the facade passes none today)."""
    from companion.games.patamat.position import format_position, parse_position
    from companion.games.patamat.rules import PATAMAT

    state = PATAMAT.new_state(2, {"names": ["Tomáš", "Zdeněk"]})
    text = format_position(state)
    assert '"Tomáš" = { field = "START" }' in text
    assert parse_position(" ".join(text.split()), state.board, 2) == state
    with pytest.raises(ValueError, match="without spaces"):
        PATAMAT.new_state(2, {"names": ["Player 1", "Player 2"]})
