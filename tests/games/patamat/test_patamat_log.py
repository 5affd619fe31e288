"""The game log (§6.1): a header and the accepted inputs; replaying it gives the same game."""

from __future__ import annotations

import random

import pytest

from companion.engine import open_game
from companion.games.patamat.log import read_log, write_log

LOG = """\
patamat-log 1
board standin-v1
players Pat Mat
target 1
# cars, Pat first
place kart F04
place kart F14
place kart A2
place car F03
place car F19
place car F26
place car F40
place tractor F12
place tractor F33
place rusty F16
place rusty F28
place rusty B3
place garbage F23
place garbage F35
place garbage F42
roll 5
roll 2
roll 4
"""


def test_a_log_replays_with_the_players_names() -> None:
    match = read_log(LOG)
    assert match.last_events == [
        "move Pat walk 4 F01>F02>F03>F04",
        "board Pat kart1",
        "turn Mat",
    ]
    assert 'players = ["Pat", "Mat"]' in match.position()
    assert write_log(match).splitlines() == [
        line for line in LOG.splitlines() if not line.startswith("#")
    ]


def test_a_random_game_written_and_read_back_is_identical() -> None:
    chooser = random.Random(5)
    match = read_log("patamat-log 1\nplayers Ann Bob Cyril\ntarget 2\n")
    while match.outcome is None:
        match.play(chooser.choice(match.legal()))
    again = read_log(write_log(match))
    assert again.state == match.state
    assert again.outcome == match.outcome


def test_bad_logs_are_refused_naming_the_line() -> None:
    with pytest.raises(ValueError, match="first line"):
        read_log("players Pat Mat\n")
    with pytest.raises(ValueError, match="input 1 'place kart F07' is rejected"):
        read_log("patamat-log 1\nplayers Pat Mat\nplace kart F07\n")
    with pytest.raises(ValueError, match="option 'target'"):
        read_log("patamat-log 1\nplayers Pat Mat\ntarget 12\n")
    with pytest.raises(ValueError, match="board"):
        read_log("patamat-log 1\nboard elsewhere\nplayers Pat Mat\n")


def test_write_log_of_a_new_match() -> None:
    match = open_game("patamat", players=2, target=5)
    assert write_log(match) == "patamat-log 1\nboard standin-v1\nplayers P1 P2\ntarget 5\n"
