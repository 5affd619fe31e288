"""What the Pat a Mat board's panel says under the track: the hint (a car type to place, the
roll-off, the traffic light, a ``go``), the roll-off's rolls, and the paragraph it shows.

Kivy-free: each is a function of the snapshot's state; ``name`` gives a pawn's token the seat's
name the players gave, ``t`` translates a text of the ``patamat`` catalogue.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.app.boards.patamat.cars import CAR_COUNTS, NOUN, PANEL_TEXTS

Name = Callable[[str], str]
Translate = Callable[[str], str]


def hint(state: Mapping[str, Any], selected_kind: str, name: Name, t: Translate) -> str:
    """What the players do now, in one line ("" when the panel has nothing to ask)."""
    expect = state["expect"]
    player = name(expect.get("player") or "")
    if expect["want"] == "place" and selected_kind:
        left = CAR_COUNTS[selected_kind] - sum(
            1 for car in state["cars"] if car.rstrip("0123456789") == selected_kind)
        return t(PANEL_TEXTS["place"]).format(name=player, car=t(NOUN[selected_kind]), left=left)
    if expect["want"] == "roll" and expect["purpose"] == "rolloff":
        return t(PANEL_TEXTS["rolloff"])
    if expect["want"] == "roll" and expect["purpose"] == "light":
        return t(PANEL_TEXTS["light_wait"]).format(name=player)
    if expect["want"] == "go":
        return t(PANEL_TEXTS["go"]).format(name=player)
    return ""


def is_rolloff(state: Mapping[str, Any]) -> bool:
    """The roll-off (who starts) is on, or its rolls are still shown."""
    return bool(state["expect"]["purpose"] == "rolloff" or state.get("rolloff"))


def rolloff_line(state: Mapping[str, Any], hint: str, name: Name) -> str:
    """The roll-off's hint with the rolls so far ("Pat 5, Mat ?")."""
    rolloff = state.get("rolloff") or {}
    rolls = rolloff.get("rolls", {})
    parts = [f"{name(player)} {rolls.get(player, '?')}" for player in rolloff.get("group", [])]
    return str(hint) + (": " + ", ".join(parts) if parts else "")


def paragraph(state: Mapping[str, Any], instructions: Sequence[str], hint: str,
              name: Name) -> str:
    """The panel's paragraph out of the set-up: what to change on the table after the last
    input (in the roll-off: the rolls first, then its last two lines), else the hint."""
    lines = list(instructions)
    if is_rolloff(state):
        lines = [rolloff_line(state, hint, name), *lines[-2:]]
    elif not lines and hint:
        lines = [hint]
    return "\n".join(lines)


def shown_lamp(state: Mapping[str, Any], lit: str) -> str:
    """The traffic light's lamp the panel shows: the one the last input lit, else "wait" while
    a pawn waits at the light ("" when no light is shown)."""
    return lit or ("wait" if state["expect"]["purpose"] == "light" else "")


__all__ = ["hint", "is_rolloff", "paragraph", "rolloff_line", "shown_lamp"]
