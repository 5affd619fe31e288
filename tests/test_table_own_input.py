"""A person's own input: the table is told every consequence on the board (issue #25).

What a person's own hand does on the table (their pawn's move, the wall they placed, the piece
or car they moved or put down) is theirs; everything else the input brings (a capture sending a
piece home, a push, a bell rung, a tile removed, an eaten dot, a piece given to another player,
everyone back to START) must be said by a line the session shows.

The test over every game plays seeded games at the smallest and largest player count, with
people only and with people and companion seats, taking back and putting back now and then, and
at every input of a person diffs the board before and after it: every changed board thing that
is not the person's own is covered by a shown line, in English and in Czech, and so is every
thing the person's hand left otherwise than it must stand now.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.engine import GAMES
from companion.games.table_lines import board_difference, hand_board, own_hand, own_part
from companion.records.store import Store
from companion.table.session import Setup, TableSession

SIZES = [(game, count) for game in sorted(GAMES)
         for count in sorted({GAMES[game].player_counts[0], GAMES[game].player_counts[-1]})]
STEPS = 160
"""Inputs and takebacks of people per game (the companion's rounds come on top)."""
MOST_IN_ONE_HAND = {"quoridor": 1, "pacman": 1, "clovece": 2, "patamat": 3, "crash": 3}
"""The most board things one person's hand changes in one input: a pawn or a wall; a figure;
a piece's place before and after; a pawn and the car it rides from one field to another; a car
and the batteries it spends, or two cars, or a bell's two fields."""


def table_with(tmp_path: Path, game: str, players: int, seating: str) -> TableSession:
    """People in seat 0 and (``people``) every seat, or (``companions``) every other seat,
    the companion (easy: fast) in the rest."""
    table = TableSession(Store(tmp_path / "games.sqlite3"), lang="en")
    names = ["Eva", "Jan", "Ida", "Olga", "Petr", "Zdeněk"][:players]
    colours = ["red", "blue", "green", "yellow", "purple", "orange"][:players]
    companions = ({seat: "easy" for seat in range(1, players, 2)}
                  if seating == "companions" else {})
    table.new_game(Setup(game, names, colours, {}, companions))
    return table


def covered(table: TableSession) -> frozenset[str]:
    return frozenset().union(*(line.covers for line in table.table_todo()))


@pytest.mark.parametrize("seating", ["people", "companions"])
@pytest.mark.parametrize(("game", "players"), SIZES)
def test_every_consequence_of_a_persons_input_is_said(
        tmp_path: Path, game: str, players: int, seating: str) -> None:
    table = table_with(tmp_path, game, players, seating)
    match = table.match
    assert match is not None
    dice = random.Random(f"own-{game}-{players}-{seating}")
    inputs = with_consequences = 0
    for step in range(STEPS):
        if match.is_over:
            break
        if table.companion_is_due():
            assert table.answer_now(roll=lambda: dice.randint(1, 6)) is not None
            continue
        if step % 11 == 10:  # a person takes back, then puts back
            table.undo()
            table.redo()
            continue
        line = (f"roll {dice.randint(1, 6)}" if match.awaiting == "roll"
                else dice.choice(match.legal()))
        before = match.snapshot()
        assert table.send(line), line
        after = match.snapshot()
        events = table.last_events
        changed = board_difference(game, before, after)
        own = own_part(game, before, after, line, events)
        assert own <= changed, (line, own, changed)
        assert len(own_hand(game, before, line, events)) <= MOST_IN_ONE_HAND[game], line
        # what the person's hand left on the table and a consequence moved on (a ghost moved
        # onto PAC-MAN goes back to its start square, maybe the one it came from)
        undone = board_difference(game, hand_board(game, before, line, events), after)
        for lang in ("en", "cs"):
            table.set_lang(lang)
            said = covered(table)
            assert changed - own <= said, (
                lang, line, events, sorted(changed - own), table.table_lines)
            assert undone <= said, (lang, line, events, sorted(undone - said), table.table_lines)
        table.set_lang("en")
        inputs += 1
        with_consequences += bool(changed - own)
    assert inputs >= 5
    if game == "quoridor":
        assert with_consequences == 0  # a Quoridor input moves nothing but its own
    else:
        assert with_consequences > 0  # captures, pushes, eaten dots, bells: there were some
