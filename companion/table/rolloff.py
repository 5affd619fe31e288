"""Who rolled what while the players roll to see who starts (Člověče's and Pat a Mat's
roll-off): the score rows show each roll beside its player's name until the order is settled.

Kivy-free: read from the match's own timeline, so undo, redo and a resumed game agree.
"""

from __future__ import annotations

from companion.engine import Match


def rolloff_rolls(match: Match | None) -> dict[int, int | None] | None:
    """Each seat's latest roll-off roll, None for the seat to roll now; None when no roll-off
    is on (then the score rows show the counters). A seat that has not rolled is absent."""
    if match is None or not _in_rolloff(match.state):
        return None
    rolls: dict[int, int | None] = {}
    for state, line in match.inputs_with_states():
        words = line.split()
        if _in_rolloff(state) and len(words) == 2 and words[0] == "roll":
            seat = match.rules.to_move(state)
            if seat is not None:
                rolls[seat] = int(words[1])
    if match.to_move is not None:
        rolls[match.to_move] = None
    return rolls


def _in_rolloff(state: object) -> bool:
    return getattr(state, "phase", None) == "rolloff"
