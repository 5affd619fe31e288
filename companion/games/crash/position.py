"""Position notation (§19): writing and reading the whole state.

Clauses added by this engine (C17, §19 "the engine adds clauses of its own"):

- ``setup`` instead of ``turn`` while the set-up (N1) is running; the stage follows from what is
  already there (no ``first`` yet, no operator, a 2-player display of fewer than 3 cards, or fewer
  than 8 initial cars), and the seat due follows from the first placer and the cars placed.
- ``first <seat>``: the first placer (R16), once known.
- ``turn … action=end``: the end-of-turn draw and refill are awaited; what is still to be drawn
  follows from the hand sizes (C4) and the display (C9), so no ``played=``/``taken=`` is needed.
- ``cards … pile=<n>:<kind>,…``: after a reshuffle, the kinds the new draw pile was made of.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from itertools import compress

from companion.games.crash.board import (
    FIELD_COUNT,
    FIELD_NAMES,
    GEOMETRY,
    REFERENCE,
    RULES,
    build_layout,
    field_index,
    hole_name,
    parse_hole,
    parse_tiles,
)
from companion.games.crash.cards import KINDS, parse_kind, sort_kinds
from companion.games.crash.errors import PositionError
from companion.games.crash.notation import parse_seat
from companion.games.crash.state import (
    ACTION_END,
    HOLE_BASE,
    NO_OPERATOR,
    SEATS_4,
    SIDES,
    Cards,
    CrashState,
    car_code,
    car_is_magnet,
    hole_tiles_fields,
)

TOTAL_CARDS = RULES.copies_per_card * len(KINDS)
IN_HOLE = {
    "a bell": "a bell on {field} stands in a hole",
    "a car": "a car on {field} stands in a hole",
}
"""What stands in a hole → the refusal."""
SHARED = {
    "a bell": "{field} holds both a bell and a car",
    "a car": "{field} holds both a car and a car",
}
"""What a car is put onto → the refusal (the bells are placed first, and once per field)."""


WRITTEN_KEPT = 4
"""The states last written (:func:`format_position`) kept with their texts
(:func:`state_written_as`)."""
_written: OrderedDict[str, CrashState] = OrderedDict()
_written_lock = threading.Lock()  # the phones' server writes positions from its own thread


_last_written: list[tuple[CrashState, str] | None] = [None]
"""The state last written and its text: a snapshot writes its state twice (the match's
position and the snapshot's own), ~25 µs each."""


def format_position(state: CrashState) -> str:
    last = _last_written[0]
    if last is not None and last[0] is state:
        text = last[1]
    else:
        text = _format(state)
        _last_written[0] = (state, text)
    with _written_lock:
        _written[text] = state
        _written.move_to_end(text)
        while len(_written) > WRITTEN_KEPT:
            _written.popitem(last=False)
    return text


def state_written_as(text: str, players: int) -> CrashState | None:
    """The state that :func:`format_position` wrote as ``text`` lately (one of the last
    :data:`WRITTEN_KEPT`), None when none of them: the very state :func:`parse_position` would
    read from the text (the notation is the whole state), without reading it. A screen shown a
    snapshot's position (written from the match's state) takes it instead of parsing the text
    anew (Crash by Crash: ~0.15–0.3 ms a tap here)."""
    with _written_lock:
        state = _written.get(text)
    return state if state is not None and state.players == players else None


def read_position(text: str, players: int) -> CrashState:
    """The state a position text says: the one :func:`format_position` just wrote as it
    (:func:`state_written_as`), else read from the text (:func:`parse_position`)."""
    return state_written_as(text, players) or parse_position(text, players)


def _format(state: CrashState) -> str:
    clauses = [_format_board(state.values)]
    if state.holes:
        clauses.append("holes " + " ".join(hole_name(tile) for tile in state.holes))
    if state.bells:
        clauses.append("bells " + " ".join(FIELD_NAMES[f] for f in state.bells))
    if state.operator != NO_OPERATOR:
        clauses.append("operator " + _operator_name(state.operator))
    cars = state.cars
    by_code: dict[int, list[str]] = {}
    for field in compress(range(len(cars)), cars):  # the fields with a car, in order
        by_code.setdefault(cars[field], []).append(FIELD_NAMES[field])
    for is_magnet in (False, True):
        for side in (0, 1):
            fields = by_code.get(car_code(side, is_magnet), [])
            if fields:
                clauses.append(f"{SIDES[side]}{'M' if is_magnet else ''}: " + " ".join(fields))
    clauses.append(f"score A={state.scores[0]} B={state.scores[1]}")
    clauses.append(f"batteries A={state.batteries[0]} B={state.batteries[1]}")
    clauses.append(f"evals {state.evals}")
    if state.setup:
        clauses.append("setup")
    else:
        turn = [f"turn {state.turn} {state.seat_label(state.seat)}"]
        if state.action != 1:
            turn.append("action=end" if state.action == ACTION_END else f"action={state.action}")
        if state.placed:
            turn.append(f"placed={state.placed}")
        if state.evaluated:
            turn.append("evaluated")
        if state.effect:
            turn.append(f"effect={state.effect}")
        if state.nobat:
            turn.append("nobat=" + ",".join(SIDES[side] for side in state.nobat))
        clauses.append(" ".join(turn))
    if state.first is not None:
        clauses.append(f"first {state.seat_label(state.first)}")
    clauses.append(_format_cards(state))
    return " | ".join(clauses)


def _operator_name(position: int) -> str:
    return hole_name(position - HOLE_BASE) if position >= HOLE_BASE else FIELD_NAMES[position]


def _format_board(values: tuple[int, ...]) -> str:
    if values == REFERENCE.values:
        return "board reference"
    counts = Counter(values)
    common = min(counts, key=lambda value: (-counts[value], value))
    text = f"board all={common}"
    others = [f"{FIELD_NAMES[f]}={v}" for f, v in enumerate(values) if v != common]
    return " ".join([text, *others])


def _format_cards(state: CrashState) -> str:
    cards = state.cards
    parts = ["cards"]
    if cards.display:
        parts.append("display=" + ",".join(cards.display))
    parts.append("hands=" + ",".join(str(n) for n in cards.hands))
    for seat, known in enumerate(cards.known):
        if known:
            parts.append(f"known={state.seat_label(seat)}:" + ",".join(known))
    if cards.discard:
        parts.append("discard=" + ",".join(cards.discard))
    pile = f"pile={cards.pile}"
    if cards.reshuffled is not None:
        pile += ":" + ",".join(cards.reshuffled)
    parts.append(pile)
    return " ".join(parts)


# -- reading -----------------------------------------------------------------------------------


def parse_position(text: str, players: int) -> CrashState:
    clauses: dict[str, list[str]] = {}
    for raw in text.replace("\n", "|").split("|"):
        tokens = raw.split()
        if not tokens:
            continue
        key = tokens[0].lower()
        if key in ("a:", "b:", "am:", "bm:"):
            key = key.upper()
        if key not in _CLAUSES:
            raise _bad("unknown clause {clause!r}", clause=tokens[0])
        if key in clauses:
            raise _bad("clause {clause!r} is given twice", clause=key)
        clauses[key] = tokens[1:]
    return _build(clauses, players)


_CLAUSES = ("board", "holes", "bells", "operator", "A:", "B:", "AM:", "BM:", "score",
            "batteries", "evals", "turn", "setup", "first", "cards")


def _bad(template: str, **params: object) -> PositionError:
    """A position that cannot be used: the template after "position: "."""
    return PositionError("position: " + template, **params)


def _field(token: str, clause: str) -> int:
    index = field_index(token)
    if index is None:
        raise _bad("{clause} names an unknown field {field!r}", clause=clause, field=token)
    return index


def _pairs(tokens: list[str], clause: str) -> dict[str, int]:
    result: dict[str, int] = {}
    for token in tokens:
        key, _, value = token.partition("=")
        if key.upper() not in SIDES or not value.lstrip("-").isdecimal() or key.upper() in result:
            raise _bad("{clause} entry {entry!r} is not A=<n> or B=<n>", clause=clause,
                       entry=token)
        result[key.upper()] = int(value)
    return result


def _parse_board(tokens: list[str]) -> tuple[int, ...]:
    if not tokens:
        raise _bad("board needs 'reference', 'all=<v>' or 'tiles …'")
    head = tokens[0].lower()
    rest = tokens[1:]
    if head == "reference":
        values = list(REFERENCE.values)
    elif head.startswith("all="):
        value = head[4:]
        if value not in ("0", "1", "2", "3"):
            raise _bad("board all= takes 0-3, not {value!r}", value=value)
        values = [int(value)] * FIELD_COUNT
    elif head == "tiles":
        count = len(GEOMETRY.tile_names)
        values = list(build_layout(parse_tiles(" ".join(rest[:count]))).values)
        rest = rest[count:]
    else:
        raise _bad("board form {form!r} is unknown", form=tokens[0])
    for token in rest:
        name, _, value = token.partition("=")
        index = _field(name, "board")
        if value not in ("0", "1", "2", "3"):
            raise _bad("board value {entry!r} is not 0-3", entry=token)
        values[index] = int(value)
    return tuple(values)


def _build(clauses: dict[str, list[str]], players: int) -> CrashState:
    labels = SEATS_4 if players == 4 else SIDES
    values = _parse_board(clauses["board"]) if "board" in clauses else REFERENCE.values
    holes: list[int] = []
    for token in clauses.get("holes", []):
        tile = parse_hole(token)
        if tile is None or tile not in GEOMETRY.flower_tiles or tile in holes:
            raise _bad("holes entry {entry!r} is not a flower tile hole", entry=token)
        holes.append(tile)
    hole_set = hole_tiles_fields(tuple(holes))
    occupied: dict[int, str] = {}

    def occupy(field: int, what: str) -> None:
        if field in hole_set:
            raise _bad(IN_HOLE[what], field=FIELD_NAMES[field])
        if field in occupied:
            raise _bad(SHARED[occupied[field]], field=FIELD_NAMES[field])
        occupied[field] = what

    bells = sorted({_field(token, "bells") for token in clauses.get("bells", [])})
    bell_tiles = [GEOMETRY.tile_of[b] for b in bells]
    for bell, tile in zip(bells, bell_tiles):
        if tile not in GEOMETRY.flower_tiles or bell_tiles.count(tile) > 1:
            raise _bad("bell on {field} is not alone on a flower", field=FIELD_NAMES[bell])
        occupy(bell, "a bell")
    cars = [0] * FIELD_COUNT
    for key in ("A:", "B:", "AM:", "BM:"):
        side = SIDES.index(key[0])
        is_magnet = "M" in key
        tokens = clauses.get(key, [])
        limit = RULES.magnet_cars if is_magnet else RULES.normal_cars
        if len(tokens) > limit:
            raise _bad("{side}M: lists more than {limit} cars" if is_magnet
                       else "{side}: lists more than {limit} cars", side=key[0], limit=limit)
        for token in tokens:
            field = _field(token, key)
            occupy(field, "a car")
            cars[field] = car_code(side, is_magnet)
    is_setup = "setup" in clauses
    if "operator" in clauses:
        tokens = clauses["operator"]
        if len(tokens) != 1:
            raise _bad("operator takes one field or hole")
        hole = parse_hole(tokens[0])
        if hole is not None:
            if hole not in holes:
                raise _bad("operator in {hole!r}, which is not a hole", hole=tokens[0])
            operator = HOLE_BASE + hole
        else:
            operator = _field(tokens[0], "operator")
            if operator in occupied and occupied[operator] != "a bell":
                raise _bad("the operator on {field} shares it with a car", field=tokens[0])
            if operator in hole_set:
                raise _bad("the operator in a hole is written Ht..")
    elif is_setup:
        operator = NO_OPERATOR
    else:
        raise _bad("the operator clause is required")
    scores = _pairs(clauses.get("score", []), "score")
    batteries = _pairs(clauses.get("batteries", []), "batteries")
    score = (scores.get("A", RULES.start_score), scores.get("B", RULES.start_score))
    battery = (batteries.get("A", RULES.batteries), batteries.get("B", RULES.batteries))
    if min(score) < 1:
        raise _bad("a score is below 1")
    if not all(0 <= b <= RULES.batteries for b in battery):
        raise _bad("batteries are 0-{most}", most=RULES.batteries)
    evals_tokens = clauses.get("evals", ["0"])
    if len(evals_tokens) != 1 or not evals_tokens[0].isdecimal():
        raise _bad("evals takes one number")
    evals = int(evals_tokens[0])
    if evals > RULES.evaluations_to_end or evals + len(bells) > 10:
        raise _bad("too many evaluations and bells")
    first = None
    if "first" in clauses:
        tokens = clauses["first"]
        seat = parse_seat(tokens[0], players) if len(tokens) == 1 else None
        if seat is None:
            raise _bad("first names no seat of {players} players", players=players)
        first = seat
    turn, seat, action, placed, evaluated, effect, nobat = _parse_turn(
        clauses, players, is_setup, labels)
    state = CrashState(
        players=players, values=values, holes=tuple(sorted(holes)), bells=tuple(bells),
        operator=operator, cars=tuple(cars), scores=score, batteries=battery, evals=evals,
        turn=turn, seat=seat, action=action, placed=placed, evaluated=evaluated, effect=effect,
        nobat=nobat, cards=Cards(), setup=is_setup, first=first,
    )
    state = state.with_changes(cards=_parse_cards(clauses.get("cards", []), state, labels))
    if is_setup:
        state = state.with_changes(seat=_setup_seat(state))
    return state


def _setup_seat(state: CrashState) -> int:
    if state.first is None:
        return 0
    placed = sum(1 for cell in state.cars if cell)
    if placed >= 2 * RULES.initial_cars:
        raise _bad("the set-up already has all its initial cars")
    if any(cell and car_is_magnet(cell) for cell in state.cars):
        raise _bad("no magnetic car is placed during the set-up")
    return (state.first + placed) % state.players


def _parse_turn(clauses: dict[str, list[str]], players: int, is_setup: bool,
                labels: tuple[str, ...]) -> tuple[int, int, int, int, bool, str | None,
                                                   tuple[int, ...]]:
    if is_setup:
        if "turn" in clauses or clauses["setup"]:
            raise _bad("setup takes no options and excludes turn")
        return 0, 0, 1, 0, False, None, ()
    if "turn" not in clauses:
        raise _bad("the turn clause is required")
    tokens = clauses["turn"]
    if len(tokens) < 2 or not tokens[0].isdecimal() or int(tokens[0]) < 1:
        raise _bad("turn needs <T> <seat>")
    seat = parse_seat(tokens[1], players)
    if seat is None:
        raise _bad("turn names {seat!r}, not a seat of {players} players", seat=tokens[1],
                   players=players)
    action, placed, evaluated, effect = 1, 0, False, None
    nobat: tuple[int, ...] = ()
    seen: set[str] = set()
    for token in tokens[2:]:
        key, _, value = token.lower().partition("=")
        if key in seen:
            raise _bad("turn option {option!r} is given twice", option=key)
        seen.add(key)
        if key == "action" and value in ("1", "2", "end"):
            action = ACTION_END if value == "end" else int(value)
        elif key == "placed" and value.isdecimal():
            placed = int(value)
        elif key == "evaluated" and not value:
            evaluated = True
        elif key == "effect" and parse_kind(value) is not None and value not in (
                "fluct", "lambada", "ticket", "saboteur", "flying", "deadbat"):
            effect = value
        elif key == "nobat" and value:
            sides = {SIDES.index(s.upper()) for s in value.split(",") if s.upper() in SIDES}
            if len(sides) != len(value.split(",")):
                raise _bad("nobat={value} names no side", value=value)
            nobat = tuple(sorted(sides))
        else:
            raise _bad("unknown turn option {option!r}", option=token)
    del labels
    return int(tokens[0]), seat, action, placed, evaluated, effect, nobat


def _kinds(value: str, option: str) -> tuple[str, ...]:
    if not value:
        return ()
    kinds = []
    for token in value.split(","):
        kind = parse_kind(token)
        if kind is None:
            raise _bad("cards {option} names an unknown card {card!r}", option=option,
                       card=token)
        kinds.append(kind)
    return tuple(kinds)


def _parse_cards(tokens: list[str], state: CrashState, labels: tuple[str, ...]) -> Cards:
    players = state.players
    display: tuple[str, ...] = ()
    hands = (RULES.hand_size,) * players
    known: list[tuple[str, ...]] = [()] * players
    discard: tuple[str, ...] = ()
    pile: int | None = None
    reshuffled: tuple[str, ...] | None = None
    seen: set[str] = set()
    for token in tokens:
        key, _, value = token.partition("=")
        key = key.lower()
        if key in seen and key != "known":
            raise _bad("cards option {option!r} is given twice", option=key)
        seen.add(key)
        if key == "display":
            if players == 4:
                raise _bad("there is no display in the 4-player game")
            display = _kinds(value.lower(), "display")
        elif key == "hands":
            parts = value.split(",")
            if len(parts) != players or not all(p.isdecimal() for p in parts):
                raise _bad("hands needs {players} numbers", players=players)
            hands = tuple(int(p) for p in parts)
        elif key == "known":
            label, _, kinds = value.partition(":")
            seat = parse_seat(label, players)
            if seat is None or known[seat]:
                raise _bad("known={value} names no seat or repeats one", value=value)
            known[seat] = _kinds(kinds.lower(), "known")
        elif key == "discard":
            discard = _kinds(value.lower(), "discard")
        elif key == "pile":
            count, colon, kinds = value.partition(":")
            if not count.isdecimal():
                raise _bad("pile={value} is not a number", value=value)
            pile = int(count)
            if colon:
                reshuffled = sort_kinds(_kinds(kinds.lower(), "pile"))
        else:
            raise _bad("unknown cards option {option!r}", option=token)
    for seat in range(players):
        if len(known[seat]) > hands[seat]:
            raise _bad("{side} knows more cards than the hand holds", side=labels[seat])
    in_view = sum(hands) + len(display) + len(discard)
    if pile is None:
        pile = TOTAL_CARDS - in_view
    if in_view + pile > TOTAL_CARDS:
        raise _bad("more than 39 cards")
    for kind in KINDS:
        in_sight = display.count(kind) + discard.count(kind) + sum(k.count(kind) for k in known)
        if in_sight > RULES.copies_per_card:
            raise _bad("more than {copies} {card} cards in view", copies=RULES.copies_per_card,
                       card=kind)
    return Cards(display=display, hands=hands, known=tuple(known), discard=discard, pile=pile,
                 reshuffled=reshuffled)
