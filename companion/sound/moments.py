"""Which cues and which prompt for a moment of the game (pure: the app gathers the facts).

A :class:`Moment` is what the table's listener learnt from one change: its kind, the
game's events (in the game's own event notation, ``/work/shared/rules``), the input played and
who was to move before and after. :func:`cues_for` names the cues to play in order;
:func:`speech_for` says which kinds of prompt are due.
"""

from __future__ import annotations

from dataclasses import dataclass

EVENT_CUES: tuple[tuple[str, str, str], ...] = (
    ("crash", "ring", "bell"),        # ring h5: a bell rang (the evaluation follows)
    ("patamat", "flag", "flag"),      # flag Pat 2: Pat won a flag
    ("pacman", "caught", "caught"),   # caught pinky e3: PAC-MAN caught
    ("pacman", "eat", "ghost"),       # eat inky c3: a ghost eaten
)
"""(game, first word of an event, cue), strongest first: one event cue per moment."""

AUTOMATIC: dict[str, frozenset[str]] = {
    "patamat": frozenset({"move", "leave", "bump", "lost", "board", "options", "atlight",
                          "sign", "light", "skip", "flag", "reset"}),
    "crash": frozenset({"move", "off", "back", "pts", "pull", "ring", "eval", "tile", "bell",
                        "track", "swap", "ban"}),
    "clovece": frozenset({"capture", "forfeit", "discard", "reroll"}),
    "pacman": frozenset({"caught", "eat", "reset", "life"}),
    "quoridor": frozenset(),
}
"""Events the engine worked out by itself (the players did not tap them): after one of them
the "what to change on the table" lines are read out. Pat a Mat plays the whole move after a
roll; in Crash a placement pushes, pulls and scores; Člověče sends a captured piece home."""

SILENT_EVENTS = frozenset({"turn"})
"""Events not read out as table lines: the turn prompt says whose turn it is."""


@dataclass(frozen=True)
class Moment:
    """One change of the game, as sound needs it."""

    kind: str
    """The table's change: played|redone|undone|rejected|unsaveable|opened|closed|…"""
    game: str = ""
    events: tuple[str, ...] = ()
    line: str = ""
    """The input played (``roll 4``, ``e8``, …); "" when not known."""
    seat_before: int | None = None
    seat_after: int | None = None
    awaiting_before: str = ""
    awaiting: str = ""
    is_over: bool = False
    is_companion_move: bool = False
    """The companion played this input: a person carries it out on the table."""
    is_companion_next: bool = False
    """The seat to move now is the companion's: nobody needs telling."""

    @property
    def is_input(self) -> bool:
        return self.kind in ("played", "redone")

    @property
    def turn_passed(self) -> bool:
        return self.is_input and not self.is_over and self.seat_after != self.seat_before


@dataclass(frozen=True)
class Speech:
    """Which prompt kinds are due: the table lines, the turn, the winner."""

    table: bool = False
    turn: bool = False
    winner: bool = False

    def __bool__(self) -> bool:
        return self.table or self.turn or self.winner


def cues_for(moment: Moment) -> tuple[str, ...]:
    """The cues for ``moment``, in order (at most two: what happened, then the turn)."""
    if moment.kind in ("rejected", "unsaveable"):
        return ("refused",)
    if moment.kind == "undone":
        return ("move",)
    if not moment.is_input:
        return ()
    if moment.is_over:
        return ("win",)
    words = {event.split(" ", 1)[0] for event in moment.events}
    happened = next((cue for game, word, cue in EVENT_CUES
                     if game == moment.game and word in words), None)
    if happened is None and moment.line.startswith("roll"):
        happened = "roll"
    if moment.turn_passed:
        return (happened, "turn") if happened else ("turn",)
    return (happened or "move",)


def speech_for(moment: Moment) -> Speech:
    """Which prompts ``moment`` calls for (nothing for a refusal: the player is looking)."""
    if moment.kind == "opened":
        return Speech(turn=not moment.is_over and not moment.is_companion_next)
    if not moment.is_input:
        return Speech()
    words = {event.split(" ", 1)[0] for event in moment.events}
    table = bool(words - SILENT_EVENTS) and (
        moment.is_companion_move or bool(words & AUTOMATIC.get(moment.game, frozenset())))
    if moment.is_over:
        return Speech(table=table, winner=True)
    needs_choice = moment.awaiting == "choice" and moment.awaiting_before != "choice"
    turn = (moment.turn_passed or needs_choice) and not moment.is_companion_next
    return Speech(table=table, turn=turn)


def spoken_events(events: tuple[str, ...]) -> list[str]:
    """The events whose table lines are read out (without the turn's own)."""
    return [event for event in events if event.split(" ", 1)[0] not in SILENT_EVENTS]


__all__ = ["AUTOMATIC", "EVENT_CUES", "Moment", "Speech", "cues_for", "speech_for",
           "spoken_events"]
