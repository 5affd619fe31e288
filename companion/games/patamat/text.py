"""What the players read: the status line and what to change on the board, Czech and English.

English is the source; the Czech is in ``locale/cs/LC_MESSAGES/patamat.po``. Car names come in
the forms the sentences need (``the go-kart`` / ``into the go-kart``), each its own message, so
the Czech can decline them (``motokáru`` / ``do motokáry``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.games.patamat import turns
from companion.games.patamat.state import CAR_TYPE, CAR_TYPES, State
from companion.i18n import Translate, translator

if TYPE_CHECKING:
    from companion.engine.match import Match

DOMAIN = "patamat"

NOUN = {
    "kart": "go-kart",
    "car": "car",
    "tractor": "tractor",
    "rusty": "rusty car",
    "garbage": "garbage truck",
}
A_CAR = {
    "kart": "a go-kart",
    "car": "a car",
    "tractor": "a tractor",
    "rusty": "a rusty car",
    "garbage": "a garbage truck",
}
THE_CAR = {
    "kart": "the go-kart",
    "car": "the car",
    "tractor": "the tractor",
    "rusty": "the rusty car",
    "garbage": "the garbage truck",
}
INTO_CAR = {
    "kart": "into the go-kart",
    "car": "into the car",
    "tractor": "into the tractor",
    "rusty": "into the rusty car",
    "garbage": "into the garbage truck",
}

STATUS = {
    "place": "{name}: place {car} on a plain field",
    "rolloff": "{name}: roll the die to decide who starts",
    "light": "{name}: roll the die at the traffic light",
    "choose": "{name}: choose a car: {choices}",
    "tractor": "{name}: tap OK, the tractor moves 2 fields",
    "rusty": "{name}: tap OK, the rusty car skips this turn",
    "walk": "{name}: roll the die",
    "kart": "{name}: roll the die, the go-kart goes three times as far",
    "car": "{name}: roll the die, the car goes twice as far",
    "garbage": "{name}: roll the die, the garbage truck goes backward",
    "over": "{name} has won!",
}

ROLL_EVENTS = frozenset({"rolloff"})
"""Events that say only who rolled what: the table's lines after a roll start with that roll
already ("Eva rolled 2"), so they leave these out (the terminal still prints them)."""

SAY = {
    "place": "{name}: put {car} on field {field}",
    "rolloff": "{name} rolled {value}",
    "tie": "{names} rolled the same and roll again",
    "starts": "{name} starts the race",
    "green": "{name}: green light ({value}), roll again to move",
    "orange": "{name}: orange light ({value}), roll at the light again",
    "red": "{name}: red light ({value}), this turn is lost",
    "lost": "{name} does not get to ride: {car} stays on field {field}",
    "chosen": "{name} takes {car}",
    "walk": "{name}: move to field {field}",
    "ride": "{name}: move to field {field} and take {car} with you",
    "reverse": "{name}: move back to field {field} and take {car} with you",
    "no_move": "{name} cannot move any further back",
    "board": "{name}: get {car} there",
    "options": "{name}: several cars stand there; choose one at your next turn",
    "atlight": "{name} stands on a traffic light: the next turn starts with a light roll",
    "sign": "{name} stands on a direction sign: the next move leaves towards field {field}",
    "bump": "{name} goes back to field {field}",
    "bump_board": "{name} goes back to field {field} and gets {car}",
    "left_behind": "{name} leaves {car} on field {field}",
    "skip": "{name} sits out this turn in the rusty car",
    "flag": "{name}: finish! Take a flag ({total} in all)",
    "reset": "Everyone back to START; the cars stay where they are",
    "win": "{name} wins the race!",
}

ALL_MESSAGES: tuple[str, ...] = (
    *NOUN.values(),
    *A_CAR.values(),
    *THE_CAR.values(),
    *INTO_CAR.values(),
    *STATUS.values(),
    *SAY.values(),
    "a car",
)


def status_line(match: Match, lang: str) -> str:
    """One glance: the player's name and the one thing expected now."""
    state: State = match.state
    t = translator(DOMAIN, lang)
    name = _display(match, state, state.names[state.turn])
    want = turns.wanted(state)
    if want.want == "none":
        return t(STATUS["over"]).format(name=name)
    if want.want == "place":
        kinds = state.unplaced_types()
        car = t(A_CAR[kinds[0]]) if len(kinds) == 1 else t("a car")
        return t(STATUS["place"]).format(name=name, car=car)
    if want.want == "choose":
        offered = {CAR_TYPE[car] for car in state.pawn.options}
        choices = ", ".join(t(NOUN[kind]) for kind in CAR_TYPES if kind in offered)
        return t(STATUS["choose"]).format(name=name, choices=choices)
    if want.purpose in ("rolloff", "light"):
        return t(STATUS[str(want.purpose)]).format(name=name)
    return t(STATUS[turns.movement_mode(state.pawn)]).format(name=name)


def describe(events: Sequence[str], match: Match, lang: str) -> list[str]:
    """What to change on the physical board, one short sentence each.

    ``match`` is the match after the events; names shown are the match's names.
    """
    state: State = match.state
    t = translator(DOMAIN, lang)
    parsed = [event.split(" ") for event in events]
    lines: list[str] = []
    used: set[int] = set()

    def who(token: str) -> str:
        return _display(match, state, token)

    def say(key: str, **params: str) -> None:
        lines.append(t(SAY[key]).format(**params))

    for index, words in enumerate(parsed):
        if index in used:
            continue
        word = words[0]
        if word == "place":
            say(
                "place",
                name=who(words[1]),
                car=t(A_CAR[CAR_TYPE[words[2]]]),
                field=_field(state, words[3]),
            )
        elif word == "rolloff":
            say("rolloff", name=who(words[1]), value=words[2])
        elif word == "tie":
            say("tie", names=", ".join(who(token) for token in words[1].split(",")))
        elif word == "starts":
            say("starts", name=who(words[1]))
        elif word == "light":
            say(words[3], name=who(words[1]), value=words[2])
            if words[3] == "red" and index + 1 < len(parsed) and parsed[index + 1][0] == "lost":
                lost = parsed[index + 1]
                used.add(index + 1)
                pawn_field = state.pawns[_seat(state, words[1])].field
                for car in lost[2].split(","):
                    say(
                        "lost",
                        name=who(words[1]),
                        car=t(THE_CAR[CAR_TYPE[car]]),
                        field=_field(state, pawn_field),
                    )
        elif word == "chosen":
            say("chosen", name=who(words[1]), car=t(THE_CAR[CAR_TYPE[words[2]]]))
        elif word == "move":
            _describe_move(parsed, index, used, state, say, who, t)
        elif word == "skip":
            say("skip", name=who(words[1]))
        elif word in ("board", "options", "atlight", "sign") and len(words) >= 2:
            # a pawn's arrival without its move before it (the table lines say the move)
            boards = {words[1]: words[2]} if word == "board" and len(words) >= 3 else {}
            _arrival_lines([words], words[1], state, say, who, t, boards)
        elif word == "reset":
            say("reset")
        elif word == "win":
            say("win", name=who(words[1]))
    return lines


def _describe_move(
    parsed: list[list[str]],
    index: int,
    used: set[int],
    state: State,
    say: _Say,
    who: _Who,
    t: Translate,
) -> None:
    words = parsed[index]
    name, mode, path = words[1], words[2], words[4]
    following = _resolution(parsed, index)
    ridden = next((item for item in following if item[0] == "leave"), None)
    if path == "-":
        say("no_move", name=who(name))
        return
    end = path.split(">")[-1]
    if ridden is None:
        say("walk", name=who(name), field=_field(state, end))
    else:
        key = "reverse" if mode == "garbage" else "ride"
        say(key, name=who(name), field=_field(state, end), car=t(THE_CAR[CAR_TYPE[ridden[1]]]))
    boards = {item[1]: item[2] for item in following if item[0] == "board"}
    bumped = [item for item in following if item[0] == "bump"]
    _arrival_lines(following, name, state, say, who, t, boards)
    for item in bumped:
        victim = item[1]
        car = boards.get(victim)
        if car is None:
            say("bump", name=who(victim), field=_field(state, item[3]))
        else:
            say(
                "bump_board",
                name=who(victim),
                field=_field(state, item[3]),
                car=t(INTO_CAR[CAR_TYPE[car]]),
            )
        lost = next(
            (event for event in following if event[0] == "lost" and event[1] == victim), None
        )
        if lost is not None:
            for held in lost[2].split(","):
                say(
                    "left_behind",
                    name=who(victim),
                    car=t(THE_CAR[CAR_TYPE[held]]),
                    field=_field(state, item[2]),
                )
        _arrival_lines(following, victim, state, say, who, t, {})
    for item in following:
        if item[0] == "flag":
            say("flag", name=who(item[1]), total=item[2])
    used.update(range(index + 1, index + 1 + len(following)))


def _arrival_lines(
    following: list[list[str]],
    player: str,
    state: State,
    say: _Say,
    who: _Who,
    t: Translate,
    boards: dict[str, str],
) -> None:
    """board (for the mover), options, atlight and sign events of one pawn."""
    for item in following:
        if len(item) < 2 or item[1] != player:
            continue
        if item[0] == "board" and player in boards:
            say("board", name=who(player), car=t(INTO_CAR[CAR_TYPE[item[2]]]))
        elif item[0] == "options":
            say("options", name=who(player))
        elif item[0] == "atlight":
            say("atlight", name=who(player))
        elif item[0] == "sign":
            say("sign", name=who(player), field=_field(state, item[2]))


def _resolution(parsed: list[list[str]], index: int) -> list[list[str]]:
    """The events after a ``move`` up to the next ``turn``/``reset``/``win`` (not included)."""
    following: list[list[str]] = []
    for words in parsed[index + 1 :]:
        if words[0] in ("turn", "reset", "win", "move", "skip", "light"):
            break
        following.append(words)
    return following


def _seat(state: State, token: str) -> int:
    return state.names.index(token) if token in state.names else -1


def _display(match: Match, state: State, token: str) -> str:
    seat = _seat(state, token)
    if 0 <= seat < len(match.names) and match.names[seat]:
        return str(match.names[seat])
    return token


def _field(state: State, field_id: str) -> str:
    spot = state.board.by_id.get(field_id)
    return spot.label if spot is not None and spot.label else field_id


if TYPE_CHECKING:
    from typing import Protocol

    class _Say(Protocol):
        def __call__(self, key: str, **params: str) -> None: ...

    class _Who(Protocol):
        def __call__(self, token: str) -> str: ...
