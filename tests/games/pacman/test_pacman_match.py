"""Seats and owners (R30, Q1, Q7), outcome (Q5), counters, snapshot (Part D), positions and
fixes (Part E, Q3), the R56 order of reasons, and random play (round trip, speed)."""

from __future__ import annotations

import random
import re
import time

import pytest
from games.pacman.positions import TABLE, at, board, rejected, table_position

from companion.engine import GAMES, IllegalInput, open_game
from companion.games.pacman.rules import PACMAN, preview


@pytest.mark.parametrize(
    ("players", "owners"),
    [(2, [1, 1, 1, 1]), (3, [1, 1, 2, 2]), (4, [1, 1, 2, 3]), (5, [1, 2, 3, 4])],
)
def test_pacman_ghosts_are_dealt_blinky_pinky_inky_clyde_r30(
    players: int, owners: list[int]
) -> None:
    match = open_game("pacman", players=players)
    ghosts = match.snapshot()["state"]["ghosts"]
    assert [ghosts[name]["owner"] for name in ("blinky", "pinky", "inky", "clyde")] == owners
    assert match.to_move == 0
    assert set(match.counters()) == set(range(players))
    assert match.counters()[0] == {"lives": 3, "dots": 0}
    assert sum(match.counters()[seat]["ghosts"] for seat in range(1, players)) == 4


def test_pacman_players_two_to_five_and_options_q7() -> None:
    assert GAMES["pacman"].player_counts == (2, 3, 4, 5)
    with pytest.raises(ValueError):
        open_game("pacman", players=1)
    with pytest.raises(ValueError):
        open_game("pacman", players=6)
    custom = open_game("pacman", players=3, ghost_owners={"blinky": 2, "pinky": 1, "inky": 1,
                                                          "clyde": 2})
    assert custom.snapshot()["state"]["ghosts"]["blinky"]["owner"] == 2
    listed = open_game("pacman", players=3, ghost_owners=[2, 2, 1, 1])
    assert listed.snapshot()["state"]["ghosts"]["clyde"]["owner"] == 1
    text = open_game("pacman", players=3, ghost_owners="blinky=1 pinky=2 inky=2 clyde=2")
    assert text.snapshot()["state"]["ghosts"]["pinky"]["owner"] == 2
    for bad, words in [
        ([1, 1, 1, 1], "seat 2 would own no ghost"),
        ([1, 1, 3, 2], "1–2, not 3"),
        ([1, 2], "4 owners, not 2"),
        ({"blinky": 1}, "no owner for pinky"),
        ({"sue": 1, "blinky": 1, "pinky": 1, "inky": 2, "clyde": 2}, "no ghost 'sue'"),
        (7, "must be a dict or 4 seats"),
    ]:
        with pytest.raises(ValueError, match=words):
            open_game("pacman", players=3, ghost_owners=bad)
    with pytest.raises(ValueError, match="no option"):
        open_game("pacman", players=2, lives=4)


def test_pacman_snapshot_has_what_part_d_asks_for() -> None:
    match = at(board(phase="ghosts", pinky="e8", inky="-", moved="blinky"), players=3)
    snap = match.snapshot()["state"]
    assert snap["phase"] == "ghosts"
    assert snap["pacman_square"] == "e2"
    assert snap["ghosts"]["blinky"] == {
        "square": "a8", "owner": 1, "moved_this_phase": True, "frenzy": False,
    }
    assert snap["ghosts"]["pinky"]["frenzy"] is True
    assert snap["ghosts"]["inky"]["square"] is None
    assert snap["ghosts_to_move"] == ["pinky", "clyde"]
    assert snap["dots_remaining"] == ["a1", "i1", "a9", "i9"]
    assert snap["dots_eaten"] == 0 and snap["lives"] == 3
    assert snap["winner"] is None and snap["rank"] == "beginner"
    assert snap["walls"] == ["d4v", "f6h"] and snap["layout"] == "table"
    assert snap["ghost_destinations"]["clyde"] == ["i7", "h8"]
    assert "round" in snap and "last_event" in snap


def test_pacman_preview_tells_what_a_path_would_eat() -> None:
    state = at(board(pacman="b9", blinky="a8")).state
    assert preview(state, "P:b9-a9-a8-a7-b7") == {
        "legal": True, "reason": None, "code": None, "square": "b7", "dots_eaten": ["a9"],
        "ghosts_eaten": ["blinky"], "wins": False, "path": "P:b9-a9-a8-a7-b7",
    }
    assert preview(state, ["b9", "b8", "b7"])["legal"] is True
    rejected_preview = preview(state, "b9-a9")
    assert rejected_preview["legal"] is False and rejected_preview["code"] == "WRONG_LENGTH"


def test_pacman_position_round_trip_and_q3_layout_name() -> None:
    text = table_position(board(phase="ghosts", pacman="c5", dots="a9 i1 i9"[::1],
                                inky="-", moved="blinky", blinky="c6"))
    match = open_game("pacman", players=2, position=text, layout=TABLE)
    assert match.position() == text.replace("dots a9 i1 i9", "dots i1 a9 i9")
    again = open_game("pacman", players=2, position=match.position(), layout=TABLE)
    assert again.state == match.state
    with pytest.raises(IllegalInput) as caught:
        open_game("pacman", players=2, position=text)  # the default layout has another name
    assert caught.value.reason.startswith("Q3: position: it belongs to the layout 'table'")


@pytest.mark.parametrize(
    ("body", "winner", "words"),
    [
        (board(phase="later"), None, "the phase must be pacman, ghosts or over"),
        (board(phase="over"), None, "a finished game (phase over) names its winner"),
        (board(lives=4), None, "PAC-MAN has 4 lives, more than the layout's 3"),
        (board(lives=0), None, "the ghosts win exactly when PAC-MAN has no lives left"),
        (board(dots="-"), None, "PAC-MAN wins exactly when no dots are left"),
        (board(pacman="a9"), None, "PAC-MAN stands on the dot a9"),
        (board(blinky="a9"), None, "R45: position: blinky stands on the dot a9"),
        (board(pinky="a8"), None, "R45: position: blinky and pinky share the square a8"),
        (board(blinky="e2"), None, "blinky stands on PAC-MAN's square e2"),
        (board(moved="blinky"), None, "ghosts are listed as moved outside the ghost phase"),
        (board(phase="ghosts", blinky="-", moved="blinky"), None, "blinky is off the board"),
        (board(phase="ghosts", moved="blinky pinky inky clyde"), None, "still to move"),
        (board(dots="a1 b1"), None, "b1 is not a dot of the layout"),
        (board(dots="a1 a1"), None, "a dot is listed twice"),
        (board(moved="sue"), None, "there is no ghost 'sue'"),
        (board(pacman="z2"), None, "'z2' is not a square like e7"),
        (board(phase="over", dots="-"), "nobody", "the winner must be pacman or ghosts"),
    ],
)
def test_pacman_impossible_positions_are_rejected_with_a_reason(
    body: str, winner: str | None, words: str
) -> None:
    with pytest.raises(IllegalInput, match=re.escape(words)):
        at(body, winner=winner)


def test_pacman_position_walls_must_be_the_layouts() -> None:
    text = table_position(board()).replace("walls d4v f6h", "walls d4v")
    with pytest.raises(IllegalInput, match="the walls are not those of the layout"):
        open_game("pacman", players=2, position=text, layout=TABLE)
    with pytest.raises(IllegalInput, match="it must read"):
        open_game("pacman", players=2, position="pacman | layout table", layout=TABLE)


def test_pacman_fix_replaces_the_whole_position_and_can_be_undone() -> None:
    match = at(board())
    match.play("P:e2-e3-e4")
    fixed = table_position(board(phase="ghosts", pacman="e5", dots="a1 i1 i9"))
    events = match.play("fix " + fixed)
    assert events == ["fix " + fixed]
    assert match.position() == fixed
    assert match.counters()[0]["dots"] == 1
    with pytest.raises(IllegalInput):
        match.play("fix " + fixed.replace("lives 3", "lives 9"))
    match.undo()
    assert "pacman e4" in match.position()


def test_pacman_reason_order_r56() -> None:
    over = at(board(phase="over", dots="-", pacman="a9"), winner="pacman")
    assert rejected(over, "hello").params["code"] == "BAD_SYNTAX"
    assert rejected(over, "P:a9-a8-a7").params["code"] == "GAME_OVER"
    assert rejected(over, "blinky:a7").params["code"] == "GAME_OVER"
    match = at(board(inky="-"))
    assert rejected(match, "inky:g7").params["code"] == "WRONG_PHASE"  # before GHOST_EATEN
    assert rejected(match, "P:a1-c1-c3").params["code"] == "WRONG_START_SQUARE"
    wall_first = at(board(pacman="e5"))
    assert rejected(wall_first, "P:e5-d5-d7").params["code"] == "WALL"  # step 1 before step 2
    ghost_first = at(board(pinky="e3"))
    assert rejected(ghost_first, "P:e2-e3-e4-e5").params["code"] == "PAC_ENTERS_GHOST"
    ghosts = at(board(phase="ghosts", moved="blinky", pinky="b9"))
    assert rejected(ghosts, "blinky:a9").params["code"] == "ALREADY_MOVED"  # before ON_DOT
    assert rejected(ghosts, "pinky:a9").params["code"] == "GHOST_ENDS_ON_DOT"
    assert rejected(ghosts, "pinky:a7").params["code"] == "GHOST_NO_PATH"
    for line in ["P:", "P:e2-", "blinky", "sue:a1", "P:e2-e3-e4 x", "blinky:a8-", "roll 3"]:
        error = rejected(match, line)
        assert error.params["code"] == "BAD_SYNTAX", line
    assert rejected(match, "sue:a1").reason == (
        "R54: 'sue:a1' is not a PAC-MAN path like P:e7-e8-e9 or a ghost move like blinky:c3"
    )


def _random_game(seed: int, cap: int = 3000) -> tuple[int, list[float], list[float]]:
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4, 5])
    match = open_game("pacman", players=players)
    legal_times: list[float] = []
    play_times: list[float] = []
    played = 0
    while not match.is_over and played < cap:
        start = time.perf_counter()
        legal = match.legal()
        legal_times.append(time.perf_counter() - start)
        assert legal and len(set(legal)) == len(legal)
        position = match.position()
        assert PACMAN.parse_position(position, players, match.options) == match.state
        line = rng.choice(legal)
        start = time.perf_counter()
        match.play(line)
        play_times.append(time.perf_counter() - start)
        played += 1
    assert match.is_over
    replay = open_game("pacman", players=players)
    for line in match.history:
        replay.play(line)
    assert replay.state == match.state
    assert replay.snapshot() == match.snapshot()
    return played, legal_times, play_times


def test_pacman_random_games_end_and_round_trip() -> None:
    # Speed is measured in benchmarks/, not asserted here.
    lengths = [_random_game(seed)[0] for seed in range(12)]
    assert max(lengths) < 2000
