"""What the players read about Crash by Crash, in Czech and English (E6).

``describe`` turns the engine's events into the physical changes to copy onto the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine import Match
from companion.games.crash.board import FIELD_NAMES
from companion.games.crash.cards import BLUE, YELLOW
from companion.games.crash.deck import draw_needed, refill_needed
from companion.games.crash.state import SIDES, car_side
from companion.i18n import Translate, translator

CARD_NAMES = {
    "fluct": "Bell Shift",
    "lambada": "Lambada",
    "ticket": "Free Ride",
    "saboteur": "Saboteur",
    "flying": "Flying Čestmír",
    "deadbat": "Dead Battery",
    "heartless": "Heartless Bell",
    "bright": "Bright Exception",
    "double": "Double Hit",
    "rocket": "Rocket Drive",
    "reaction": "Action and Reaction",
    "expansion": "Permitted Expansion",
    "tandem": "Tandem",
}


def card_name(kind: str, lang: str) -> str:
    return translator("crash", lang)(CARD_NAMES.get(kind, kind))


def side_name(match: Match, label: str) -> str:
    """A side (``A``/``B``) or a seat (``A1``…) as the players' names."""
    return side_name_of(match.names, label)


def side_name_of(names: Sequence[str], label: str) -> str:
    """:func:`side_name` from the players' names in seat order (a team: "Eva & Ida")."""
    if len(names) == 4:
        order = ("A1", "B1", "A2", "B2")
        if label in order:
            return names[order.index(label)]
        first = 0 if label == "A" else 1
        return f"{names[first]} & {names[first + 2]}"
    return names[0 if label == "A" else 1]


def status_line(match: Match, lang: str) -> str:
    _ = translator("crash", lang)
    state = match.state
    outcome = match.outcome
    if outcome is not None:
        a, b = state.scores
        if a == b:
            return _("The game is a draw")
        return _("{name} wins!").format(name=side_name(match, "A" if a > b else "B"))
    seat = match.to_move
    assert seat is not None
    name = match.names[seat]
    if state.setup:
        stage = state.setup_stage()
        if stage == "first":
            return _("Who was last on the bumper cars? Choose the first placer")
        if stage == "operator":
            return _("{name}: put the operator on a flower centre without a bell").format(
                name=name)
        if stage == "display":
            return _("Enter the three display cards")
        return _("{name}: place a starting car").format(name=name)
    if match.awaiting == "choice":
        count = draw_needed(state)
        if count:
            return _("{name}: draw {count} card(s)").format(name=name, count=count)
        return _("Enter the new display cards: {count}").format(count=refill_needed(state))
    if state.obligation == "blue":
        return _("{name}: place the car for {card}").format(
            name=name, card=card_name(state.effect or "", lang))
    if state.obligation == "yellow":
        return _("{name}: the second action must ring a bell").format(name=name)
    return _("{name}: action {number} of 2").format(name=name, number=state.action)


def describe(events: Sequence[str], match: Match, lang: str) -> list[str]:
    _ = translator("crash", lang)
    owners = _movers(events, match)
    lines: list[str] = []
    for index, event in enumerate(events):
        text = _describe_one(event.split(), match, lang, _, owners.get(index))
        if text:
            lines.append(text)
    return lines


def _movers(events: Sequence[str], match: Match) -> dict[int, str]:
    """The side owning the car of each ``move``/``pull`` event, traced back from the board."""
    state = match.state
    owners = {
        FIELD_NAMES[field]: SIDES[car_side(cell)]
        for field, cell in enumerate(state.cars) if cell
    }
    movers: dict[int, str] = {}
    for index in range(len(events) - 1, -1, -1):
        kind, *args = events[index].split()
        if kind == "fix":
            break
        if kind in ("move", "pull"):
            source, target = args[0].split(">")
            side = owners.pop(target, "")
            if side:
                movers[index] = side
                owners[source] = side
        elif kind == "swap":
            first, second = args[0].split("<>")
            a, b = owners.pop(first, ""), owners.pop(second, "")
            if b:
                owners[first] = b
            if a:
                owners[second] = a
        elif kind in ("off", "back"):
            owners[args[1]] = args[0]
        elif kind == "place":
            owners.pop(args[1], None)
    return movers


def _describe_one(parts: list[str], match: Match, lang: str, _: Translate,
                  mover: str | None = None) -> str | None:
    kind, args = parts[0], parts[1:]

    def who(label: str) -> str:
        return side_name(match, label)

    if kind == "place":
        if args[0].endswith("M"):
            return _("{name}: put your magnetic car on {field}").format(
                name=who(args[0][:-1]), field=args[1])
        return _("{name}: put a car on {field}").format(name=who(args[0]), field=args[1])
    if kind == "move":
        source, target = args[0].split(">")
        if mover:
            return _("Move the car of {name} from {source} to {target}").format(
                name=who(mover), source=source, target=target)
        return _("Move the car from {source} to {target}").format(source=source, target=target)
    if kind == "off":
        template = (_("Return the car on {field} to {name}: it fell into a hole")
                    if args[2] == "hole" else
                    _("Return the car on {field} to {name}: it left the board"))
        return template.format(field=args[1], name=who(args[0]))
    if kind == "back":
        template = (_("Return the car on {field} to {name}: Saboteur")
                    if args[2] == "saboteur" else
                    _("Return the car on {field} to {name}: its tile is removed"))
        return template.format(field=args[1], name=who(args[0]))
    if kind == "pts":
        amount = int(args[1])
        if args[2] == "second-placement":
            return _("{name} pays {points} points for a second car").format(
                name=who(args[0]), points=-amount)
        if args[2] == "operator4":
            return _("{name} pays {points} points for moving the operator 4 steps").format(
                name=who(args[0]), points=-amount)
        return _("{name} +{points} for a car pushed off").format(name=who(args[0]),
                                                               points=amount)
    if kind == "bat":
        return _("{name}: batteries used up: {count}").format(
            name=who(args[0]), count=args[1].lstrip("-"))
    if kind == "pull":
        source, target = args[0].split(">")
        if mover:
            return _("The magnet on {magnet} pulls the car of {name} from {source} to "
                     "{target}").format(magnet=args[2], name=who(mover), source=source,
                                        target=target)
        return _("The magnet on {magnet} pulls the car from {source} to {target}").format(
            magnet=args[2], source=source, target=target)
    if kind == "ring":
        return _("The bell on {field} rings: lift it off the board").format(field=args[0])
    if kind == "eval":
        a, b = args[1].split("+")[1], args[2].split("+")[1]
        return _("Evaluation {number}: {a} +{x}, {b} +{y}").format(
            number=args[0], a=who("A"), x=a, b=who("B"), y=b)
    if kind == "tile":
        return _("Remove tile {tile} from the board").format(tile=args[0])
    if kind == "track":
        return _("Put the bell on space {number} of the evaluation track").format(
            number=args[1])
    if kind == "op":
        source, target = args[0].split(">")
        if source == "start":
            return _("Put the operator on {field}").format(field=target)
        return _("Move the operator from {source} to {target}").format(source=source,
                                                                     target=target)
    if kind == "bell":
        source, target = args[0].split(">")
        return _("Move the bell from {source} to {target}").format(source=source, target=target)
    if kind == "swap":
        first, second = args[0].split("<>")
        return _("Swap the cars on {first} and {second}").format(first=first, second=second)
    if kind == "card":
        return _("{name} plays {card}").format(name=who(args[0]), card=card_name(args[1], lang))
    if kind == "ban":
        return _("{name} may use no battery in the next turn").format(name=who(args[0]))
    if kind == "draw":
        return _("{name}: draw {count} card(s)").format(name=who(args[0]), count=args[1])
    if kind == "refill":
        cards = ", ".join(card_name(k, lang) for k in args[0].split(","))
        return _("Lay out on the display: {cards}").format(cards=cards)
    if kind == "reshuffle":
        return _("Shuffle the discard pile into a new draw pile")
    if kind == "discard":
        return _("Put {card} face up on the discard pile").format(card=card_name(args[0], lang))
    if kind == "take":
        if args[1] == "blind":
            return _("{name}: draw a card from the pile").format(name=who(args[0]))
        return _("{name}: take {card} from the display").format(
            name=who(args[0]), card=card_name(args[1][2:], lang))
    if kind == "swapcards":
        return _("{name} swaps two cards").format(name=who(args[0]))
    if kind == "pass":
        return _("{name} passes").format(name=who(args[0]))
    if kind == "turn":
        return _("Turn {number}: {name}").format(number=args[0], name=who(args[1]))
    if kind == "first":
        return _("{name} places the first car").format(name=who(args[0]))
    if kind == "totals":
        return _("Starting cars: {a} {x}, {b} {y}; {name} starts").format(
            a=who("A"), x=args[0][1:], b=who("B"), y=args[1][1:], name=who(args[3]))
    if kind == "end":
        reason = (_("seventh evaluation") if args[0] == "eval7" else _("no cars"))
        if args[3] == "draw":
            return _("Game over ({reason}): {a} {x}, {b} {y}; a draw").format(
                reason=reason, a=who("A"), x=args[1][1:], b=who("B"), y=args[2][1:])
        return _("Game over ({reason}): {a} {x}, {b} {y}; {name} wins").format(
            reason=reason, a=who("A"), x=args[1][1:], b=who("B"), y=args[2][1:],
            name=who(args[4]))
    if kind == "warn":
        return _("Check the cards: {name} played a card the app did not expect").format(
            name=who(args[0]))
    if kind == "fix":
        return _("The position was corrected to match the table")
    return None


__all__ = ["BLUE", "YELLOW", "describe", "status_line"]
