"""Crash by Crash's table lines walk only the fields an input changed (games/crash/table.py):
the snapshots share the dicts of the fields that stayed, and the lines are those of the whole
boards at every step of seeded games with undos and redos, in both languages."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from companion.engine import Match, open_game
from companion.games.crash import table
from companion.games.table_lines import hand_board

NAMES = ["Eva", "Jan", "Ida", "Olga"]


def whole_board_lines(before: dict[str, Any], after: dict[str, Any], events: list[str],
                      lang: str) -> list[Any]:
    """The lines with every field walked: ``before`` copied shares no field dict with
    ``after``."""
    return table.table_lines(copy.deepcopy(before), after, events, NAMES, lang)


def checked_step(match: Match, before: dict[str, Any], line: str) -> int:
    """Play ``line`` and check the lines of the step, from the board before it and from the
    board as the person's hand left it; the steps checked."""
    events = match.play(line)
    after = match.snapshot()
    hand = hand_board("crash", before, line, events)
    for lang in ("en", "cs"):
        for start in (before, hand):
            assert table.table_lines(start, after, events, NAMES, lang) == whole_board_lines(
                start, after, events, lang), (line, lang)
    return 1


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (2, 11), (4, 5)])
def test_the_lines_of_the_changed_fields_are_those_of_the_whole_boards(players: int,
                                                                       seed: int) -> None:
    rng = random.Random(seed)
    match = open_game("crash", players=players, names=NAMES[:players])
    checked = shared = 0
    for turn in range(160):
        if match.is_over:
            break
        before = match.snapshot()
        if turn % 9 == 8 and match.history:
            match.undo()
            after = match.snapshot()
            if turn % 2:
                match.redo()  # and the redo, from the position the undo left
                before, after = after, match.snapshot()
        else:
            checked += checked_step(match, before, rng.choice(match.legal()))
            continue
        for lang in ("en", "cs"):
            assert table.table_lines(before, after, [], NAMES, lang) == whole_board_lines(
                before, after, [], lang)
        shared += sum(1 for old, new in zip(before["state"]["fields"], after["state"]["fields"],
                                            strict=True) if old is new)
        checked += 1
    assert checked >= 150
    assert shared > 0  # the snapshots did share fields: the cut was taken, not the fallback


class Untouchable(dict[str, Any]):
    """A field the lines must not read: one both boards share."""

    def __getitem__(self, key: str) -> Any:
        raise AssertionError(f"a field that stayed was read: {dict(self)['name']}")


def test_a_field_both_boards_share_is_not_walked() -> None:
    match = open_game("crash", players=2, names=NAMES[:2])
    for _turn in range(40):  # into the game: cars on the board
        match.play(random.Random(_turn).choice(match.legal()))
    before = match.snapshot()
    line = next(line for line in match.legal() if line.startswith("place "))
    events = match.play(line)
    after = match.snapshot()
    expected = table.table_lines(before, after, events, NAMES, "en")
    before_fields, after_fields = before["state"]["fields"], after["state"]["fields"]
    stayed = [index for index, (old, new) in enumerate(zip(before_fields, after_fields,
                                                           strict=True)) if old is new]
    assert len(stayed) > 150 and expected
    # copies of the two boards (the match's snapshots are kept and shared: not touched)
    before_fields, after_fields = list(before_fields), list(after_fields)
    for index in stayed:
        after_fields[index] = before_fields[index] = Untouchable(before_fields[index])
    before = {**before, "state": {**before["state"], "fields": before_fields}}
    after = {**after, "state": {**after["state"], "fields": after_fields}}
    assert table.table_lines(before, after, events, NAMES, "en") == expected
