"""What to change on the table after every step, for every game: every board thing that changed
is accounted for by a line, in Czech and English.

Seeded games with a person in seat 0 and the companion in every other seat (dice from a
``random.Random``), with undo back to the person and redo with the companion's replies, plain
undo/redo, and a correction (``fix <position>``) and its undo. Then a few scenarios per game
with the exact sentences.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from companion.engine import GAMES, Match, choose_input, open_game
from companion.engine.strategy import awaits_the_table
from companion.games.table_lines import (
    TableLine,
    board_difference,
    board_things,
    lines_for,
)
from companion.table.companions import (
    CompanionSeats,
    companion_moves,
    redo_with_companions,
    undo_to_person,
)

NAMES = ["Eva", "Jan", "Ida", "Olga", "Petr", "Zdeněk"]
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]
SETUPS = [
    ("quoridor", 2), ("quoridor", 4),
    ("pacman", 2), ("pacman", 5),
    ("clovece", 2), ("clovece", 6),
    ("patamat", 2), ("patamat", 6),
    ("crash", 2), ("crash", 4),
]
STEPS = 250
"""A person's inputs per game (each followed by the companion's replies)."""


class Table:
    """A match with its snapshots checked at every step; remembers each input's events so that
    an undo or redo can pass the events of the inputs it takes back or brings again."""

    def __init__(self, game: str, players: int, seed: int) -> None:
        self.game = game
        self.match: Match = open_game(game, players=players, names=NAMES[:players])
        self.seats = CompanionSeats({seat: "easy" for seat in range(1, players)})
        self.die = random.Random(seed)
        self.seed = seed
        self.events_of: dict[int, list[str]] = {}
        self.checked = 0

    def roll(self) -> int:
        return self.die.randint(1, 6)

    def step(self, action: str) -> None:
        """Do one step (``person``, ``companions``, ``undo``, ``undo-person``, ``redo``,
        ``redo-companions`` or ``fix``) and check its lines."""
        match = self.match
        before, length = match.snapshot(), len(match.history)
        if action == "person":
            line = (f"roll {self.roll()}" if match.awaiting == "roll"
                    else choose_input(match, "easy", seed=self.seed + length))
            self.events_of[length] = match.play(line)
        elif action == "companions":
            companion_moves(match, self.seats, roll=self.roll, seed=self.seed)
            for index in range(length, len(match.history)):
                self.events_of.pop(index, None)  # replies' events: kept together below
        elif action == "undo":
            match.undo()
        elif action == "undo-person":
            undo_to_person(match, self.seats)
        elif action == "redo":
            match.redo()
        elif action == "redo-companions":
            redo_with_companions(match, self.seats)
        elif action.startswith("fix "):
            self.events_of[length] = match.play(action)
        after, now = match.snapshot(), len(match.history)
        low, high = min(length, now), max(length, now)
        events = [event for index in range(low, high) for event in self.events_of.get(index, [])]
        check_step(self.game, before, after, events, match.names)
        self.checked += 1

    def person_to_move(self) -> bool:
        """A person's seat, or a card that came up on the table (a person enters it)."""
        match = self.match
        return not match.is_over and (not self.seats.plays(match.to_move)
                                      or awaits_the_table(match))


def check_step(game: str, before: dict[str, Any], after: dict[str, Any], events: Sequence[str],
               names: Sequence[str]) -> list[TableLine]:
    english = lines_for(game, before, after, events, names, "en", colours=COLOURS)
    czech = lines_for(game, before, after, events, names, "cs", colours=COLOURS)
    changed = board_difference(game, before, after)
    covered = frozenset().union(*(line.covers for line in english))
    assert changed <= covered, (game, sorted(changed - covered), [x.text for x in english])
    assert len(english) == len(czech)
    for en, cs in zip(english, czech, strict=True):
        assert en.text.strip() and cs.text.strip()
        assert en.text != cs.text, en.text
        assert en.covers == cs.covers
    return english


@pytest.mark.parametrize("seed", [7, 8])
@pytest.mark.parametrize(("game", "players"), SETUPS, ids=lambda value: str(value))
def test_every_step_of_a_seeded_game_is_put_into_words(game: str, players: int,
                                                       seed: int) -> None:
    table = Table(game, players, seed=seed + players)
    fixed = False
    for turn in range(STEPS):
        if table.match.is_over:
            break
        if table.person_to_move():
            table.step("person")
        table.step("companions")
        if turn % 5 == 4:
            table.step("undo-person")
            table.step("redo-companions")
        if turn % 7 == 6:
            table.step("undo")
            table.step("undo")
            table.step("redo")
            table.step("redo")
        if not fixed and turn >= 2 and not table.match.is_over:
            earlier = open_game(game, players=players, names=NAMES[:players])
            for line in table.match.history[: len(table.match.history) // 2]:
                earlier.play(line)
            table.step(f"fix {earlier.position()}")  # the table was set up as it stood then
            fixed = True
            table.step("undo")
            table.step("redo")
    assert fixed
    assert table.checked >= 20


def test_games_without_table_lines_are_refused() -> None:
    assert set(GAMES) == {"quoridor", "pacman", "clovece", "patamat", "crash"}
    with pytest.raises(ValueError, match="no table lines"):
        board_things("chess", {})


# -- scenarios: the exact sentences --------------------------------------------------------------


def played(match: Match, line: str, lang: str = "en",
           colours: Sequence[str] | None = None) -> list[str]:
    before = match.snapshot()
    events = match.play(line)
    check_step(match.game_id, before, match.snapshot(), events, match.names)
    return [line.text for line in lines_for(match.game_id, before, match.snapshot(), events,
                                            match.names, lang, colours=colours)]


def undone(match: Match, lang: str = "en") -> list[str]:
    before = match.snapshot()
    assert match.undo()
    after = match.snapshot()
    check_step(match.game_id, before, after, [], match.names)
    return [line.text for line in lines_for(match.game_id, before, after, [], match.names, lang)]


def test_quoridor_a_companion_pawn_a_wall_and_its_undo() -> None:
    match = open_game("quoridor", players=2, names=["Eva", "Companion"])
    assert played(match, "e8", colours=["red", "blue"]) == ["Move Eva's red pawn from e9 to e8"]
    assert played(match, "e2", colours=["red", "blue"]) == [
        "Move Companion's blue pawn from e1 to e2"]
    assert played(match, "c3h") == [
        "Place one of Eva's walls between rows 3 and 4, columns c–d"]
    assert undone(match) == [
        "Take the wall between rows 3 and 4, columns c–d off the board and give it back to Eva"]
    assert undone(match, "cs") == ["Posuň figurku hráče Companion z e2 na e1"]
    before = match.snapshot()
    match.play("e2")
    match.play("c3h")
    lines = lines_for("quoridor", before, match.snapshot(), [], match.names, "cs",
                      colours=["red", "blue"])
    assert [line.text for line in lines] == [
        "Posuň modrou figurku hráče Companion z e1 na e2",
        "Polož jednu překážku hráče Eva mezi řadami 3 a 4, sloupce c–d",
    ]
    assert [line.covers for line in lines] == [frozenset({"pawn:1"}), frozenset({"wall:c3h"})]


CLOVECE = ("board4 seats{S0,S1,S2,S3} | S0 home{Y,G} goal{} | S1 home{R,G,B} goal{} | "
           "S2 home{R,B} goal{} | S3 home{R,Y,B} goal{2:G} | track{1:B, 4:R, 22:Y, 27:Y, 30:G} "
           "| turn S1")


def test_clovece_a_move_a_capture_of_the_same_colour_an_entry_and_a_goal() -> None:
    match = open_game("clovece", players=4, names=["Eva", "Companion", "Jan", "Ida"],
                      position=CLOVECE)
    match.play("roll 5")
    before = match.snapshot()
    events = match.play("move 22 Y")  # lands on the yellow piece on 27: the mover chooses
    assert events == ["choose Y@27: S1 S2"]
    lines = lines_for("clovece", before, match.snapshot(), events, match.names, "en")
    assert [line.text for line in lines] == [
        "Move the yellow piece from field 22 to field 27"]
    assert played(match, "give Y@27 -> S2") == [
        "Take the yellow piece from field 27 to the home of Jan"]
    match.undo()
    match.undo()
    assert played(match, "move 22 Y", "cs") == ["Přesuň žlutou halmičku z pole 22 na pole 27"]
    entry = open_game("clovece", players=2, names=["Eva", "Jan"],
                      position="board4 seats{S0,S2} | S0 home{R,Y,G,B} goal{} | "
                               "S2 home{R,Y,G,B} goal{} | track{} | turn S0")
    entry.play("roll 6")
    entry.play("roll 1")
    assert played(entry, "enter Y") == ["Move the yellow piece from the home of Eva to field 0"]
    assert played(entry, "move 0 Y", "cs") == ["Přesuň žlutou halmičku z pole 0 na pole 1"]


def test_clovece_a_piece_into_the_goal_and_back() -> None:
    match = open_game("clovece", players=2, names=["Eva", "Jan"],
                      position="board4 seats{S0,S2} | S0 home{R,G,B} goal{} | "
                               "S2 home{R,Y,G,B} goal{} | track{38:Y} | turn S0")
    match.play("roll 3")
    assert played(match, "move 38 Y") == [
        "Move the yellow piece from field 38 to place 2 of the goal of Eva"]
    assert undone(match) == ["Move the yellow piece from place 2 of the goal of Eva to field 38"]


def test_pacman_pacman_a_ghost_and_an_eaten_dot() -> None:
    match = open_game("pacman", players=2, names=["Eva", "Companion"])
    assert played(match, "P:e7-e6-e5") == ["Move Eva's PAC-MAN from e7 to e5"]
    ghost = match.legal()[0]
    name, square = ghost.split(":")
    start = match.snapshot()["state"]["ghosts"][name]["square"]
    assert played(match, ghost) == [f"Move Companion's ghost {name} from {start} to {square}"]
    assert undone(match, "cs") == [f"Přesuň ducha {name} hráče Companion z {square} na {start}"]
    start = open_game("pacman", players=2).position()
    dot = open_game("pacman", players=2, names=["Eva", "Jan"],
                    position=start.replace("pacman e7", "pacman a7"))
    path = next(line for line in dot.legal() if line.startswith("P:a7-a8-a9"))
    lines = played(dot, path)
    assert lines[0].startswith("Move Eva's PAC-MAN from a7 to ")
    assert lines[1] == "Take the dot off a9"
    assert undone(dot)[-1] == "Put the dot back on a9"


def test_patamat_a_car_placed_and_a_ride() -> None:
    match = open_game("patamat", players=2, names=["Eva", "Jan"])
    assert played(match, "place kart F09") == ["Put a go-kart on field F09"]
    assert undone(match, "cs") == ["Odeber motokáru z pole F09"]
    lines: list[str] = []
    die = random.Random(3)
    while not lines or "take" not in lines[0]:
        line = (f"roll {die.randint(1, 6)}" if match.awaiting == "roll"
                else choose_input(match, "easy", seed=1))
        lines = played(match, line, colours=["red", "blue"])
    assert lines[0].startswith(("Move Eva's red pawn from field ", "Move Jan's blue pawn from "))
    assert lines[0].endswith((" and take the go-kart along", " and take the car along",
                              " and take the tractor along", " and take the garbage truck along",
                              " and take the rusty car along"))


CRASH_SETUP = ["first A", "operator-start n9", "display flying heartless ticket", "init f5",
               "init m6", "init n8", "init h2", "init c6", "init j5", "init g7", "init k9"]


def test_crash_a_car_placed_that_pushes_and_its_undo() -> None:
    match = open_game("crash", players=2, names=["Eva", "Jan"])
    assert played(match, CRASH_SETUP[0]) == []
    assert played(match, CRASH_SETUP[1]) == ["Put the operator on n9"]
    for line in CRASH_SETUP[2:]:
        match.play(line)
    assert played(match, "place n6 push=NW") == [
        "Put a car of Eva on n6", "Move the car of Jan from m6 to l5"]
    assert undone(match) == ["Return the car on n6 to Eva", "Move the car of Jan from l5 to m6"]
    assert played(match, "place n6 push=NW", "cs") == [
        "Postavte autíčko hráče Eva na n6", "Přesuňte autíčko hráče Jan z m6 na l5"]
