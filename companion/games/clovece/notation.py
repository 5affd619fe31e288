"""Position notation (rules/clovece.md §5.1) with the engine's own clauses for in-turn states.

Between turns a position reads exactly as in the spec::

    board4 seats{S0,S2} | S0 home{Y,G} goal{2:R} | S2 home{R,Y,G} goal{} | track{37:B, 38:B}
    | turn S0

(one line; homes in canonical colour order R, Y, G, B). Clauses the engine adds:

* ``board6/60`` — a board6 whose track is not 48 fields long (K2).
* ``track{12:R+B*}`` — pieces sharing a field, oldest arrival first; ``*`` marks a piece that
  arrived during the current turn (the moved-this-turn flag of §5.4).
* ``places{S0=1, S2=2}`` — finished seats in place order.
* ``rolloff{S0:4, S1:?, S2:?}`` — instead of ``turn``: the roll-off group in seat order, the
  values rolled in this round, ``?`` for who still rolls (R2).
* ``turn S0 | rolls{6:used, 6:forfeited, 3:pending}`` — the turn's rolls with their status; the
  current roll is the first ``pending`` one. Without ``rolls`` the mover has not rolled yet.
* ``capture{B@37: S0,S2}`` — after ``rolls``: the captured piece waiting for ``give`` and the
  seats that may receive it (R12.3).
* ``over goal`` / ``over stopped`` — instead of ``turn``: the game has ended (R13, K4).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import cast

from companion.engine.errors import IllegalInput
from companion.games.clovece.board import (
    COLOURS,
    DIE_FACES,
    GOAL_SLOTS,
    SEATS_FOR_PLAYERS,
    SIX,
    Board,
    parse_board,
)
from companion.games.clovece.moves import advance
from companion.games.clovece.state import (
    ROLL_STATUSES,
    Phase,
    Piece,
    RollStatus,
    Slots,
    Stack,
    State,
    check_invariants,
)

# -- writing ------------------------------------------------------------------------------


def format_position(state: State) -> str:
    seats = ",".join(f"S{seat}" for seat in state.seats)
    clauses = [f"{state.board.name} seats{{{seats}}}"]
    for rank in range(len(state.seats)):
        home = ",".join(state.homes[rank])
        goal = ", ".join(
            f"{slot}:{colour}"
            for slot, colour in enumerate(state.goals[rank], start=1)
            if colour is not None
        )
        clauses.append(f"{state.label(rank)} home{{{home}}} goal{{{goal}}}")
    stacks = ", ".join(
        f"{stack.field}:" + "+".join(p.colour + ("*" if p.moved else "") for p in stack.pieces)
        for stack in state.track
    )
    clauses.append(f"track{{{stacks}}}")
    placed = sorted((p, r) for r, p in enumerate(state.places) if p is not None)
    if placed:
        clauses.append("places{" + ", ".join(f"{state.label(r)}={p}" for p, r in placed) + "}")
    clauses.extend(_tail(state))
    return " | ".join(clauses)


def _tail(state: State) -> list[str]:
    if state.phase == "over":
        return ["over stopped" if state.stopped else "over goal"]
    if state.phase == "rolloff":
        values = [str(v) for v in state.rolloff_values]
        values += ["?"] * (len(state.rolloff_group) - len(values))
        pairs = ", ".join(f"{state.label(r)}:{v}" for r, v in zip(state.rolloff_group, values))
        return [f"rolloff{{{pairs}}}"]
    tail = [f"turn {state.label(state.current)}"]
    if state.rolls:
        rolls = ", ".join(f"{r}:{s}" for r, s in zip(state.rolls, state.statuses))
        tail.append(f"rolls{{{rolls}}}")
    captured = state.first_captured() if state.phase == "capture" else None
    if captured is not None:
        labels = ",".join(state.label(r) for r in state.eligible(captured[0]))
        tail.append(f"capture{{{captured[0]}@{captured[1]}: {labels}}}")
    return tail


# -- reading ------------------------------------------------------------------------------

_HEAD = re.compile(r"^(board\S*)(?:\s+seats\{([^}]*)\})?$", re.IGNORECASE)
_SEAT = re.compile(r"^S(\d)\s+home\{([^}]*)\}\s+goal\{([^}]*)\}$", re.IGNORECASE)
_BRACED = re.compile(r"^(track|places|rolloff|rolls|capture)\s*\{([^}]*)\}$", re.IGNORECASE)
_TURN = re.compile(r"^turn\s+S(\d)$", re.IGNORECASE)
_OVER = re.compile(r"^over(?:\s+(goal|stopped))?$", re.IGNORECASE)
_PIECE = re.compile(r"^([RYGB])(\*?)$", re.IGNORECASE)
_CAPTURE = re.compile(r"^([RYGB])@(\d+)(?::.*)?$", re.IGNORECASE)


def parse_position(text: str, players: int, play_on: bool) -> tuple[State, list[str]]:
    """Read a position; return it with the events of any automatic steps it still owed
    (a roll with no use is forfeited, a single-recipient capture given, …)."""
    parts = [part.strip() for part in text.split("|")]
    head = _HEAD.match(parts[0])
    if head is None:
        raise _unreadable(parts[0])
    board = parse_board(head.group(1).lower())
    if board is None:
        raise _unreadable(head.group(1))
    seats = _parse_seats(head.group(2), board, players)
    label = {seat: rank for rank, seat in enumerate(seats)}
    homes: dict[int, tuple[str, ...]] = {}
    goals: dict[int, Slots] = {}
    braced: dict[str, str] = {}
    tail: dict[str, str] = {}
    for part in parts[1:]:
        if (seat_match := _SEAT.match(part)) is not None:
            rank = _rank(label, seat_match.group(1), part)
            if rank in homes:
                raise _unreadable(part)
            homes[rank] = _parse_home(seat_match.group(2), part)
            goals[rank] = _parse_goal(seat_match.group(3), part)
        elif (braced_match := _BRACED.match(part)) is not None:
            key = braced_match.group(1).lower()
            if key in braced:
                raise _unreadable(part)
            braced[key] = braced_match.group(2)
        elif _TURN.match(part) or _OVER.match(part):
            if tail:
                raise _unreadable(part)
            tail["turn" if part[:1].lower() == "t" else "over"] = part
        else:
            raise _unreadable(part)
    for rank, seat in enumerate(seats):
        if rank not in homes:
            raise IllegalInput("§5.1", "the position has no clause for {seat}", seat=f"S{seat}")
    track = _parse_track(braced.get("track", ""), board)
    places = _parse_places(braced.get("places", ""), label)
    state = State(
        board=board,
        seats=seats,
        homes=tuple(homes[r] for r in range(len(seats))),
        goals=tuple(goals[r] for r in range(len(seats))),
        track=track,
        places=places,
        phase="rolling",
        play_on=play_on,
    )
    state = _parse_tail(state, tail, braced, label)
    _validate(state)
    settled, events = advance(state, [])
    check_invariants(settled)
    if "capture" in braced and state.phase == "capture":
        _check_capture_clause(braced["capture"], settled)
    return settled, events


def _parse_seats(text: str | None, board: Board, players: int) -> tuple[int, ...]:
    if text is None:
        seats = SEATS_FOR_PLAYERS[players]
        if board.seat_count < max(seats) + 1 or (board.seat_count == 6) != (players > 4):
            raise IllegalInput(
                "§1",
                "the position has {count} seats, but {players} players play",
                count=board.seat_count,
                players=players,
            )
        return seats
    labels = [item.strip() for item in text.split(",") if item.strip()]
    chosen: list[int] = []
    for item in labels:
        if not re.fullmatch(r"S\d", item, re.IGNORECASE):
            raise _unreadable(item)
        seat = int(item[1])
        if seat >= board.seat_count:
            raise IllegalInput("§1", "seat {seat} is not on {board}", seat=item, board=board.name)
        if seat in chosen:
            raise _unreadable(text)
        chosen.append(seat)
    if len(chosen) != players:
        raise IllegalInput(
            "§1",
            "the position has {count} seats, but {players} players play",
            count=len(chosen),
            players=players,
        )
    return tuple(sorted(chosen))


def _rank(label: dict[int, int], digit: str, part: str) -> int:
    seat = int(digit)
    if seat not in label:
        raise IllegalInput("§1", "{seat} does not play in this game", seat=f"S{seat}")
    return label[seat]


def _parse_home(text: str, part: str) -> tuple[str, ...]:
    colours = [item.strip().upper() for item in text.split(",") if item.strip()]
    if any(c not in COLOURS for c in colours):
        raise _unreadable(part)
    if len(set(colours)) != len(colours):
        raise IllegalInput(
            "I1",
            "{seat} holds more than one {colour} piece at home and in the goal",
            seat=part.split()[0].upper(),
            colour=next(c for c in colours if colours.count(c) > 1),
        )
    return tuple(c for c in COLOURS if c in colours)


def _parse_goal(text: str, part: str) -> Slots:
    slots: list[str | None] = [None] * GOAL_SLOTS
    for item in (item.strip() for item in text.split(",") if item.strip()):
        found = re.fullmatch(r"(\d+)\s*:\s*([RYGB])", item, re.IGNORECASE)
        if found is None:
            raise _unreadable(item)
        slot = int(found.group(1))
        if not 1 <= slot <= GOAL_SLOTS or slots[slot - 1] is not None:
            raise IllegalInput("R6.3", "the goal has slots 1 to 4, not {slot}", slot=slot)
        slots[slot - 1] = found.group(2).upper()
    return tuple(slots)


def _parse_track(text: str, board: Board) -> tuple[Stack, ...]:
    stacks: dict[int, tuple[Piece, ...]] = {}
    for item in (item.strip() for item in text.split(",") if item.strip()):
        found = re.fullmatch(r"(\d+)\s*:\s*(\S+)", item)
        if found is None:
            raise _unreadable(item)
        field = int(found.group(1))
        if field >= board.length or field in stacks:
            raise IllegalInput(
                "§1", "there is no field {field} on {board}", field=field, board=board.name
            )
        pieces = []
        for token in found.group(2).split("+"):
            piece = _PIECE.match(token.strip())
            if piece is None:
                raise _unreadable(item)
            pieces.append(Piece(piece.group(1).upper(), moved=bool(piece.group(2))))
        stacks[field] = tuple(pieces)
    return tuple(Stack(field, stacks[field]) for field in sorted(stacks))


def _parse_places(text: str, label: dict[int, int]) -> tuple[int | None, ...]:
    places: list[int | None] = [None] * len(label)
    for item in (item.strip() for item in text.split(",") if item.strip()):
        found = re.fullmatch(r"S(\d)\s*=\s*(\d+)", item, re.IGNORECASE)
        if found is None:
            raise _unreadable(item)
        places[_rank(label, found.group(1), item)] = int(found.group(2))
    given = sorted(p for p in places if p is not None)
    if given != list(range(1, len(given) + 1)):
        raise IllegalInput("R13.2", "the places {places} are not 1, 2, 3, …", places=text)
    return tuple(places)


def _parse_tail(
    state: State, tail: dict[str, str], braced: dict[str, str], label: dict[int, int]
) -> State:
    if "rolloff" in braced:
        if tail or "rolls" in braced or "capture" in braced:
            raise _unreadable(braced["rolloff"])
        return _parse_rolloff(state, braced["rolloff"], label)
    if "over" in tail:
        if "rolls" in braced or "capture" in braced:
            raise _unreadable(tail["over"])
        over = _OVER.match(tail["over"])
        assert over is not None
        return replace(state, phase="over", stopped=(over.group(1) or "").lower() == "stopped")
    if "turn" not in tail:
        raise IllegalInput("§5.1", "the position does not say whose turn it is")
    turn = _TURN.match(tail["turn"])
    assert turn is not None
    rank = _rank(label, turn.group(1), tail["turn"])
    rolls, statuses = _parse_rolls(braced.get("rolls", ""))
    if not rolls or rolls[-1] == SIX:
        phase: Phase = "rolling"
        if any(status != "pending" for status in statuses):
            raise _bad_rolls(braced["rolls"])
    elif "pending" in statuses:
        phase = "moving"
    else:
        phase = "capture"
    return replace(state, phase=phase, current=rank, rolls=rolls, statuses=statuses)


def _parse_rolloff(state: State, text: str, label: dict[int, int]) -> State:
    group: list[int] = []
    values: list[int] = []
    for item in (item.strip() for item in text.split(",") if item.strip()):
        found = re.fullmatch(r"S(\d)\s*:\s*([1-6?])", item, re.IGNORECASE)
        if found is None:
            raise _unreadable(item)
        rank = _rank(label, found.group(1), item)
        if group and rank <= group[-1]:
            raise _unreadable(text)
        group.append(rank)
        if found.group(2) != "?":
            if len(values) != len(group) - 1:
                raise _unreadable(text)
            values.append(int(found.group(2)))
    if len(group) < 2 or len(values) >= len(group):
        raise _unreadable(text)
    if state.track or any(p is not None for p in state.places):
        raise _unreadable(text)
    return replace(state, phase="rolloff", rolloff_group=tuple(group), rolloff_values=tuple(values))


def _parse_rolls(text: str) -> tuple[tuple[int, ...], tuple[RollStatus, ...]]:
    rolls: list[int] = []
    statuses: list[RollStatus] = []
    for item in (item.strip() for item in text.split(",") if item.strip()):
        found = re.fullmatch(r"(\d)\s*:\s*([a-z]+)", item, re.IGNORECASE)
        if found is None or int(found.group(1)) not in DIE_FACES:
            raise _bad_rolls(text)
        status = found.group(2).lower()
        if status not in ROLL_STATUSES:
            raise _bad_rolls(text)
        rolls.append(int(found.group(1)))
        statuses.append(cast(RollStatus, status))
    if any(value != SIX for value in rolls[:-1]):
        raise _bad_rolls(text)
    first_pending = statuses.index("pending") if "pending" in statuses else len(statuses)
    if any(status != "pending" for status in statuses[first_pending:]):
        raise _bad_rolls(text)
    if "discarded" in statuses and statuses[-1] != "discarded":
        raise _bad_rolls(text)
    return tuple(rolls), tuple(statuses)


def _validate(state: State) -> None:
    """The invariants I1–I3 and what the phase allows, as rejections of the position."""
    count = len(state.seats)
    for rank in range(count):
        goal = [c for c in state.goals[rank] if c is not None]
        for colour in COLOURS:
            if (colour in state.homes[rank]) + goal.count(colour) > 1:
                raise IllegalInput(
                    "I1",
                    "{seat} holds more than one {colour} piece at home and in the goal",
                    seat=state.label(rank),
                    colour=colour,
                )
    for colour in COLOURS:
        found = state.count_on_track(colour) + sum(
            1 for r in range(count) if colour in state.homes[r] or colour in state.goals[r]
        )
        if found != count:
            raise IllegalInput(
                "I2",
                "there must be {count} {colour} pieces, the position has {found}",
                count=count,
                colour=colour,
                found=found,
            )
    in_turn = state.phase in ("moving", "capture", "over")
    for stack in state.track:
        unmoved = [piece.moved for piece in stack.pieces].count(False)
        if (
            (not in_turn and len(stack.pieces) > 1)
            or unmoved > 1
            or (unmoved == 1 and stack.pieces[0].moved)
        ):
            raise IllegalInput(
                "I3",
                "field {field} holds more than one piece that stayed put this turn",
                field=stack.field,
            )
        if not in_turn and stack.pieces[0].moved:
            raise IllegalInput(
                "§5.1",
                "a piece on field {field} is marked as moved outside a turn",
                field=stack.field,
            )
    _validate_places(state)


def _validate_places(state: State) -> None:
    last_place = len(state.seats)
    for rank, place in enumerate(state.places):
        full = None not in state.goals[rank]
        lone_last = state.phase == "over" and not state.stopped and place == last_place and not full
        if full != (place is not None) and not lone_last:
            raise IllegalInput(
                "R13.1", "{seat} has a place exactly when its goal is full", seat=state.label(rank)
            )
    if state.phase == "over":
        if state.winner is None:
            raise IllegalInput("R13.4", "a game can only end once a winner exists")
        return
    if state.phase in ("rolling", "moving") and state.places[state.current] is not None:
        raise IllegalInput(
            "R3", "{seat} has finished and cannot be on turn", seat=state.label(state.current)
        )
    if not state.play_on and state.winner is not None and state.phase != "capture":
        raise IllegalInput("R13.2", "without play_on the game ends at the first finish")


def _check_capture_clause(text: str, settled: State) -> None:
    found = _CAPTURE.match(text.strip())
    if found is None:
        raise _unreadable(text)
    given = f"{found.group(1).upper()}@{int(found.group(2))}"
    pending = settled.first_captured() if settled.phase == "capture" else None
    expected = f"{pending[0]}@{pending[1]}" if pending else "none"
    if given != expected:
        raise IllegalInput(
            "R12.3",
            "the piece to give now is {expected}, not {given}",
            expected=expected,
            given=given,
        )


def _unreadable(part: str) -> IllegalInput:
    return IllegalInput("§5.1", "cannot read {part} in the position", part=repr(part))


def _bad_rolls(text: str) -> IllegalInput:
    return IllegalInput(
        "R4.1",
        "{rolls} are not the rolls of one turn (sixes first, the last one not a six)",
        rolls=repr(text),
    )
