"""§19 position notation and N4 corrections."""

from __future__ import annotations

import pytest
from games.crash.positions import game, rejected

from companion.engine import open_game

EXAMPLE = (
    "board all=1 a1=0 e5=3 o13=0 | holes Ht23 | bells b9 | operator Ht23 | A: a1 e4 | AM: g7\n"
    "| B: g8 o13 | score A=12 B=9 | batteries A=4 B=3 | evals 1 | turn 8 B action=2 placed=1 "
    "nobat=B\n| cards display=rocket,lambada,ticket hands=3,3 discard=tandem,deadbat"
)
CANONICAL = (
    "board all=1 a1=0 e5=3 o13=0 | holes Ht23 | bells b9 | operator Ht23 | A: a1 e4"
    " | B: g8 o13 | AM: g7 | score A=12 B=9 | batteries A=4 B=3 | evals 1"
    " | turn 8 B action=2 placed=1 nobat=B"
    " | cards display=rocket,lambada,ticket hands=3,3 discard=tandem,deadbat pile=28"
)


def test_the_spec_example_reads_and_writes_canonically() -> None:
    match = open_game("crash", players=2, position=EXAMPLE)
    assert match.position() == CANONICAL
    again = open_game("crash", players=2, position=CANONICAL)
    assert again.state == match.state and again.position() == CANONICAL
    assert match.to_move == 1 and match.awaiting == "move"
    counters = match.counters()
    assert counters[0] == {"score": 12, "batteries": 4, "cars": 8, "magnet": 0, "hand": 3,
                           "evaluations": 1}


def test_positions_are_case_insensitive_and_clauses_in_any_order() -> None:
    text = "TURN 3 b | OPERATOR N4 | a: C2 | b: B7 | BOARD REFERENCE"
    match = open_game("crash", players=2, position=text)
    assert match.position().startswith("board reference | operator n4 | A: c2 | B: b7")


def test_a_four_player_position() -> None:
    text = ("operator n4 | A: c2 | B: b7 | turn 6 B2 effect=bright | first A2 "
            "| cards hands=3,2,3,1 known=B1:rocket,tandem")
    match = open_game("crash", players=4, position=text)
    assert match.to_move == 3
    assert "turn 6 B2 effect=bright | first A2 | cards hands=3,2,3,1 known=B1:rocket,tandem" \
        in match.position()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("operator n4 | turn 1 A | walls e5", "unknown clause"),
        ("operator n4 | operator n5 | turn 1 A", "twice"),
        ("A: c2 | turn 1 A", "operator"),
        ("operator n4 | A: c2", "turn"),
        ("operator n4 | turn 1 A1", "seat"),
        ("operator n4 | A: c2 | B: c2 | turn 1 A", "c2"),
        ("operator n4 | A: n4 | turn 1 A", "operator"),
        ("operator n4 | holes Ht23 | A: e7 | turn 1 A", "hole"),
        ("operator n4 | bells a1 | turn 1 A", "bell"),
        ("operator n4 | bells b4 b5 | turn 1 A", "bell"),
        ("operator n4 | A: a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 | turn 1 A", "more than 10"),
        ("operator n4 | score A=0 B=3 | turn 1 A", "score"),
        ("operator n4 | batteries A=5 | turn 1 A", "batteries"),
        ("operator n4 | evals 8 | turn 1 A", "evaluations"),
        ("operator n4 | turn 1 A | cards display=rocket,rocket,rocket,rocket", "rocket"),
        ("operator n4 | turn 1 A step=3", "turn option"),
        ("operator e5 | board all=4 | turn 1 A", "0-3"),
        ("operator e5 | A: a1 | B: b1 | turn 1 A action=end | cards display=ticket,ticket,ticket",
         "nothing is left"),
        ("operator e5 | A: a1 | B: o13 | turn 1 A action=2 effect=double", "no legal action"),
    ],
)
def test_bad_positions_are_refused_naming_the_clause(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        open_game("crash", players=2, position=text)


def test_short_corrections_and_whole_position_fixes() -> None:
    match = game("board all=1", "operator o1", "A: a13", "B: e5", "turn 1 A")
    assert match.play("fix put AM e3") == ["fix put AM e3"]
    assert "AM: e3" in match.position()
    match.play("fix move e5 e6")
    match.play("fix remove a13")
    match.play("fix put A a12")
    match.play("fix op g7")
    match.play("fix score B 14")
    assert match.position().startswith(
        "board all=1 | operator g7 | A: a12 | B: e6 | AM: e3 | score A=10 B=14")
    rejected(match, "fix put A e6", "N4/E_FIX")
    rejected(match, "fix op e6", "N4/E_FIX")
    rejected(match, "fix score A 0", "N4/E_FIX")
    assert match.play("fix operator o2 | A: a1 | B: b1 | turn 9 B") == ["fix position"]
    assert match.position().startswith("board reference | operator o2 | A: a1 | B: b1")
    assert "fix operator" not in " ".join(match.legal())
    assert match.undo() and "operator g7" in match.position()


def test_a_position_just_written_gives_back_its_state_without_reading_the_text() -> None:
    from companion.games.crash.position import (
        WRITTEN_KEPT,
        format_position,
        parse_position,
        state_written_as,
    )

    match = open_game("crash", players=2, position=EXAMPLE)
    text = format_position(match.state)
    assert state_written_as(text, 2) is match.state  # the very state: nothing parsed
    assert parse_position(text, 2) == match.state  # what reading the text gives
    assert state_written_as(text, 4) is None  # another number of players: read it
    assert state_written_as(EXAMPLE, 2) is None  # a text typed, not written: read it
    line = match.legal()[0]
    for _ in range(WRITTEN_KEPT):  # later positions written push the first one out
        match.play(line if line in match.legal() else match.legal()[0])
        format_position(match.state)
    assert state_written_as(text, 2) is None


def test_a_position_read_is_the_state_just_written_or_the_text_parsed() -> None:
    from companion.games.crash.position import format_position, parse_position, read_position

    match = open_game("crash", players=2, position=EXAMPLE)
    text = format_position(match.state)
    assert read_position(text, 2) is match.state  # just written: the very state
    assert read_position(EXAMPLE, 2) == parse_position(EXAMPLE, 2)  # typed: read from it
