"""Shared helpers of the Pat a Mat tests: positions on the stand-in board, written like the table.

Cars not named in a scenario are parked on ``B3`` (the middle of the detour behind the sign on
F30), where no scenario goes unless it says so.
"""

from __future__ import annotations

from companion.engine import Match, open_game
from companion.games.patamat.state import ALL_CARS

NAMES = ("Pat", "Mat", "Eva")
PARK = "B3"


def position(
    turn: str = "Pat",
    pawns: dict[str, str] | None = None,
    cars: dict[str, str] | None = None,
    flags: dict[str, int] | None = None,
    names: tuple[str, ...] = NAMES,
    target: int = 3,
) -> str:
    """A play position. ``pawns`` maps a name to its inline table body, e.g. 'field = "F04"'."""
    placed = {car: PARK for car in ALL_CARS}
    placed.update(cars or {})
    flag_values = {name: 0 for name in names}
    flag_values.update(flags or {})
    pawn_bodies = {name: 'field = "START"' for name in names}
    pawn_bodies.update(pawns or {})
    lines = [
        'board = "standin-v1"',
        "players = [" + ", ".join(f'"{name}"' for name in names) + "]",
        f"target = {target}",
        f'turn = "{turn}"',
        "flags = { " + ", ".join(f"{name} = {value}" for name, value in flag_values.items()) + " }",
        "cars = { " + ", ".join(f'{car} = "{spot}"' for car, spot in placed.items()) + " }",
        "[pawns]",
        *(f"{name} = {{ {body} }}" for name, body in pawn_bodies.items()),
    ]
    return "\n".join(lines) + "\n"


def game(names: tuple[str, ...] = NAMES, **kwargs: object) -> Match:
    text = position(names=names, **kwargs)  # type: ignore[arg-type]
    return open_game("patamat", players=len(names), names=list(names), position=text)


def new_game(names: tuple[str, ...] = NAMES, **options: object) -> Match:
    """A new game whose seats are P1…Pn in events and positions (the default of P1)."""
    return open_game("patamat", players=len(names), **options)


def named_game(names: tuple[str, ...] = NAMES, **options: object) -> Match:
    """A new game with the players' names, which the facade hands to the rules (P1)."""
    return open_game("patamat", players=len(names), names=list(names), **options)


def play_all(match: Match, *lines: str) -> list[str]:
    """Play the lines in order; return all their events."""
    events: list[str] = []
    for line in lines:
        events += match.play(line)
    return events


def pawn(match: Match, name: str) -> dict[str, object]:
    snapshot = match.snapshot()["state"]
    return dict(snapshot["pawns"][name])


def car_at(match: Match, car: str) -> str:
    return str(match.snapshot()["state"]["cars"][car])
