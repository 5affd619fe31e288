"""The fields the Crash by Crash board shows, as its layers read them: after every move they say
what the whole 188 fields say, read again only where a field changed.

Plain Python (``shown_fields`` is Kivy-free); the screenshots show the layers on the window.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from companion.app.boards.crash.shown_fields import ShownFields, static_fields
from companion.engine import open_game

POSITION = (
    "board reference | holes Ht23 | bells b9 l7 | operator n4 | A: e5 g7 | B: c3 h8"
    " | score A=10 B=9 | batteries A=4 B=4 | evals 1 | turn 5 A | first A"
    " | cards display=rocket,lambada,ticket hands=3,3 pile=27"
)
Fields = Sequence[Mapping[str, Any]]


def positions_of_a_game(moves: int, seed: int) -> Iterator[Fields]:
    """The fields of each position of a game of random legal inputs."""
    match = open_game("crash", players=2, position=POSITION)
    chance = random.Random(seed)
    yield match.snapshot()["state"]["fields"]
    for _ in range(moves):
        legal = match.legal()
        if not legal:
            return
        match.play(chance.choice(legal))
        yield match.snapshot()["state"]["fields"]


def numbers(fields: Fields, wanted: Any) -> tuple[int, ...]:
    return tuple(number for number, field in enumerate(fields) if wanted(field))


def test_after_every_move_the_layers_read_what_the_whole_fields_say() -> None:
    shown = ShownFields()
    for fields in positions_of_a_game(40, seed=3):
        shown.update(fields)
        assert shown.static == static_fields(fields)
        assert shown.covered == numbers(fields, lambda field: not field["hole"] and bool(
            field["car"] or field["bell"] or field["operator"]))
        assert shown.bells == numbers(fields, lambda field: bool(field["bell"]))
        assert shown.pieces == numbers(fields, lambda field: bool(
            field["car"] or field["operator"]))


def test_a_move_reads_only_the_fields_it_changed_and_keeps_what_it_did_not_change() -> None:
    shown = ShownFields()
    games = list(positions_of_a_game(40, seed=5))
    shown.update(games[0])
    assert shown.fields_read == 188  # the first position: every field
    for before, after in zip(games, games[1:], strict=False):
        static, read = shown.static, shown.fields_read
        changed = shown.update(after)
        differing = [number for number, (old, new) in enumerate(zip(before, after, strict=True))
                     if old is not new]
        assert list(changed) == differing
        assert shown.fields_read - read == len(differing) <= 12  # a move changes a few fields
        if all(old["hole"] == new["hole"] and old["value"] == new["value"]
               for old, new in zip(before, after, strict=True)):
            assert shown.static is static  # the static layer's key compares at once
    assert shown.update(games[-1]) == ()  # the same fields drawn again: nothing read


def test_a_hole_opened_changes_the_static_fields_and_a_car_taken_the_covered_ones() -> None:
    shown = ShownFields()
    fields = next(positions_of_a_game(0, seed=1))
    shown.update(fields)
    covered, pieces, bells = shown.covered, shown.pieces, shown.bells
    by_name = {field["name"]: number for number, field in enumerate(fields)}
    holed = list(fields)
    holed[by_name["a1"]] = {**fields[by_name["a1"]], "hole": True}
    shown.update(holed)
    assert shown.static == static_fields(holed) != static_fields(fields)
    assert shown.pieces is pieces and shown.bells is bells  # a1 holds no piece
    taken = list(holed)
    taken[by_name["e5"]] = {**holed[by_name["e5"]], "car": None}
    shown.update(taken)
    assert by_name["e5"] in covered and by_name["e5"] in pieces
    assert by_name["e5"] not in shown.covered and by_name["e5"] not in shown.pieces
    assert shown.bells is bells
