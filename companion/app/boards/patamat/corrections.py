"""Pat a Mat's "Fix the position" by taps: pawns and car tokens as they stand on the table.

A tap on a field picks up what stands there (the board asks which when there are several: a
pawn, a car), a tap on another field puts it there. A pawn sitting in a car moves with it, and a
car carries the pawn sitting in it. On a field with a pawn and cars the board also offers "sits
in" / "gets out". Flags and whose turn it is are set on the fix panel. ``position()`` writes the
position (rules/patamat.md §6.3, TOML) for the engine's ``fix`` input, which checks it (I1–I3, all
15 cars) and refuses it with the rule, losing nothing. A moved pawn has no pending car choice
and no traffic-light roll: it stands where the players put it. Only during play: in the set-up
and the roll-off the position is edited as text.
"""

from __future__ import annotations

import json
from typing import Any

START = "START"


class PatamatFix:
    """The position being fixed; ``message`` says why the last tap changed nothing."""

    def __init__(self, state: dict[str, Any]) -> None:
        board = state["board"]
        self.board_name: str = board["name"]
        self.board_sha: str = board.get("sha", "")
        self.names: list[str] = list(state["players"])
        self.target: int = int(state["target"])
        self.turn: str = state["turn"] if state["turn"] in self.names else self.names[0]
        self.flags: dict[str, int] = {name: int(state["flags"][name]) for name in self.names}
        self.cars: dict[str, str] = dict(state["cars"])
        self.pawns: dict[str, dict[str, Any]] = {
            name: {"field": pawn["field"], "car": pawn.get("car")}
            for name, pawn in state["pawns"].items()}
        self.picked = ""
        """"pawn <name>", "car <id>" or "": what the first tap picked up."""
        self.message = ""

    # -- what stands where -------------------------------------------------------------------------

    def pawns_on(self, field: str) -> list[str]:
        return [name for name in self.names if self.pawns[name]["field"] == field]

    def cars_on(self, field: str) -> list[str]:
        return [car for car, spot in self.cars.items() if spot == field]

    def choices_at(self, field: str) -> list[str]:
        """What a tap on ``field`` may mean: ``pawn <name>``, ``car <id>``, and for a pawn
        beside cars ``sit <name> <car>`` / ``out <name>``."""
        choices: list[str] = []
        for name in self.pawns_on(field):
            choices.append(f"pawn {name}")
            riding = self.pawns[name]["car"]
            if riding:
                choices.append(f"out {name}")
            elif field != START:
                choices += [f"sit {name} {car}" for car in self.cars_on(field)]
        riders = {pawn["car"] for pawn in self.pawns.values()}
        choices += [f"car {car}" for car in self.cars_on(field) if car not in riders]
        return choices

    # -- taps --------------------------------------------------------------------------------------

    def choose(self, choice: str) -> None:
        """One of :meth:`choices_at`: pick it up, or sit in / get out at once."""
        self.message = ""
        words = choice.split()
        if words[0] in ("pawn", "car"):
            self.picked = choice
        elif words[0] == "sit":
            self.pawns[words[1]]["car"] = words[2]
        elif words[0] == "out":
            self.pawns[words[1]]["car"] = None

    def put(self, field: str) -> None:
        """The picked pawn or car stands on ``field`` (with its rider or its car)."""
        kind, _space, key = self.picked.partition(" ")
        self.picked, self.message = "", ""
        if kind == "car":
            rider = next((n for n in self.names if self.pawns[n]["car"] == key), None)
            if rider is not None and not self._pawn_may_stand(rider, field):
                return
            self.cars[key] = field
            if rider is not None:
                self.pawns[rider]["field"] = field
        elif kind == "pawn":
            if not self._pawn_may_stand(key, field):
                return
            pawn = self.pawns[key]
            if pawn["car"]:
                if field == START:  # a pawn on START holds no car: it stays where it was
                    pawn["car"] = None
                else:
                    self.cars[pawn["car"]] = field
            pawn["field"] = field

    def _pawn_may_stand(self, name: str, field: str) -> bool:
        if field != START and any(other != name for other in self.pawns_on(field)):
            self.message = "Another pawn stands there"
            return False
        return True

    def next_flags(self, name: str) -> None:
        """The panel's flag button of ``name``: 0, 1, … up to one short of winning, then 0."""
        self.flags[name] = (self.flags[name] + 1) % max(1, self.target)

    def next_turn(self) -> None:
        self.turn = self.names[(self.names.index(self.turn) + 1) % len(self.names)]

    # -- what the board shows and sends ------------------------------------------------------------

    def as_state(self, state: dict[str, Any]) -> dict[str, Any]:
        """``state`` (a snapshot's) with the pawns, cars, flags and turn of the fix."""
        pawns = {name: {"field": pawn["field"], "car": pawn["car"], "options": [],
                        "light": False} for name, pawn in self.pawns.items()}
        return {**state, "cars": dict(self.cars), "pawns": pawns, "flags": dict(self.flags),
                "turn": self.turn}

    def position(self) -> str:
        """The position in the notation's TOML (at the start of ``turn``'s turn)."""
        def text(value: str) -> str:
            return json.dumps(value, ensure_ascii=False)

        def table(items: dict[str, Any]) -> str:
            return "{ " + ", ".join(f"{text(key)} = {value}" for key, value in items.items()) + " }"

        lines = [f"board = {text(self.board_name)}"]
        if self.board_sha:
            lines.append(f"board_sha = {text(self.board_sha)}")
        lines += [
            "players = [" + ", ".join(text(name) for name in self.names) + "]",
            f"target = {self.target}",
            f"turn = {text(self.turn)}",
            "flags = " + table({name: self.flags[name] for name in self.names}),
            "cars = " + table({car: text(field) for car, field in self.cars.items()}),
            "[pawns]",
        ]
        for name in self.names:
            pawn = self.pawns[name]
            entry = {"field": text(pawn["field"])}
            if pawn["car"]:
                entry["car"] = text(pawn["car"])
            lines.append(f"{text(name)} = {table(entry)}")
        return "\n".join(lines) + "\n"


__all__ = ["START", "PatamatFix"]
