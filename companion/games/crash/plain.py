"""Crash by Crash's refusals in the players' words (see ``companion/table/words/refusals.py``).

Sides are named by their players ("A" → "Eva", a team → "Eva & Ida"), cards by their names
("Double Hit", never ``double``), a hole by its tile ("the hole at t23", never ``Ht23``); the
notation's own words (``push=``, ``bat=``, ``discard=-``) never reach the players.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine import Match
from companion.games.crash.text import CARD_NAMES, side_name
from companion.i18n import Translate

_FIX = "fix {text!r} is not possible: "
_POSITION = _FIX + "position: "
"""What a refused correction's template starts with (fixes.py; "position: " for a position
that cannot be used, see position.py)."""

PLAIN: dict[str, str] = {
    # set-up and the order of a turn
    "the set-up expects {stage} now":
        "The set-up goes on with {stage} now.",
    "{field} is not the centre of a flower without a bell":
        "The operator starts on the centre of a flower without a bell; {field} is not one.",
    "the display has {count} cards":
        "The display has {count} cards: enter all of them.",
    "the tile of {field} already holds a car":
        "The tile of {field} already holds a car. Each starting car goes on another tile.",
    "an action of the turn is expected now":
        "Now comes an action: place a car, move the operator or play a card.",
    "the end-of-turn draw is expected now":
        "First draw the cards at the end of the turn.",
    "the display refill is expected now":
        "First enter the new display cards.",
    "the game is over":
        "The game is over: nothing more can be played.",
    "{line} is not an input of this game":
        "That is not a move of this game.",
    "{token} is not a field in {line}":
        "{token} is not a field of the board.",
    "{token} is not a card in {line}":
        "{token} is not a card of this game.",
    "{token} is not a seat of this game":
        "{token} is not a player of this game.",
    # placing a car
    "{side} has no normal car in the supply":
        "{side} has no normal car left in the supply.",
    "{field} is a hole field":
        "{field} is in a hole. Choose a field on a tile.",
    "{field} holds a car":
        "A car already stands on {field}. Choose an empty field.",
    "{field} holds a bell":
        "A bell stands on {field}. Choose an empty field.",
    "{field} holds the operator":
        "The operator stands on {field}. Choose an empty field.",
    "{field} is not an empty field":
        "{field} is not empty. Choose an empty field.",
    "{field} is not next to a car":
        "{field} is not next to a car. A car is placed next to another car.",
    "placing on {field} needs push=<direction>":
        "A car placed on {field} pushes: choose the direction to push.",
    "there is no car {direction} of {field}":
        "There is no car {direction} of {field} to push. Choose a direction with a car.",
    "two push directions need a Double Hit card":
        "Only Double Hit pushes in two directions. Choose one direction.",
    "Double Hit needs two different push directions":
        "Double Hit pushes in two different directions. Choose two different arrows.",
    "no battery may be used after a blue card this turn":
        "No batteries after a blue card in this turn. Place without batteries.",
    "{side} may not use batteries this turn":
        "{side} may not use batteries this turn. Place without batteries.",
    "{side} has only {count} batteries":
        "{side} has only {count} batteries. Use fewer.",
    "bat= takes 0, 1 or 2, not {value}":
        "Use 0, 1 or 2 batteries.",
    "paying {cost} for a second placement would bring the score of {side} to {score}":
        "A second car costs {cost} points, which would leave {side} with {score}. Choose "
        "another action.",
    # the magnetic car
    "the magnetic car of {side} is on the board":
        "The magnetic car of {side} is on the board already. Place a normal car.",
    "a magnet on {field} would pull no car":
        "A magnetic car on {field} would pull no car. Put it where it pulls one.",
    "after {card} the second action must place a normal car":
        "After {card} the second action places a normal car, not the magnetic one.",
    # the operator
    "the operator moves exactly 2 or 4 steps, not {count}":
        "The operator moves exactly 2 or 4 steps, not {count}.",
    "paying {cost} for a 4-step operator move would bring the score of {side} to {score}":
        "Four steps of the operator cost {cost} points, which would leave {side} with "
        "{score}. Move him 2 steps.",
    "the operator may not step off the board":
        "The operator may not step off the board. Choose another direction.",
    "{step} is not next to the operator":
        "{step} is not next to the operator. He steps to a neighbouring field.",
    "{step} is not a hole":
        "{step} is not a hole.",
    "{step} lies in a hole; name the hole instead":
        "{step} lies in a hole: tap the hole instead.",
    "from a hole the step {step} needs a field name":
        "From a hole the operator steps onto a field: tap that field.",
    "the operator has already been at {step}":
        "The operator has already been at {step} in this move. Choose another step.",
    "stepping out of the hole onto {step} needs a push direction, e.g. {example}":
        "Stepping out of the hole onto {step} pushes a car: choose the direction.",
    "{step}: a push direction is only given when leaving a hole onto a car with more than "
    "one way":
        "{step}: no direction is needed here. A direction is chosen only when the operator "
        "leaves a hole onto a car that can be pushed more than one way.",
    "a locked bell blocks the row the operator would push from {step}":
        "A locked bell blocks the row the operator would push from {step}. Choose another "
        "step.",
    # cards
    "{card} may only be played as the first action":
        "{card} may only be played as the first action of a turn.",
    "{card} may be played from turn {turn} on":
        "{card} may be played from turn {turn} on.",
    "{card} needs a car in the supply":
        "{card} needs a car in the supply, and none is left.",
    "the {card} card still needs its second action":
        "{card} still needs its second action: you cannot pass now.",
    "after {card} the second action must be its placement":
        "After {card} the second action must be placing a car.",
    "after {card} this action must set off an evaluation":
        "After {card} this action must set off an evaluation: choose one that rings a bell.",
    "no placement under {card} would be possible":
        "{card} cannot be played now: no car could be placed after it.",
    "no second action could set off an evaluation after {card}":
        "{card} cannot be played now: no second action could ring a bell after it.",
    "{card}: there is no bell on {field}":
        "{card}: there is no bell on {field}. Tap a bell.",
    "{card}: {field} is not an empty flower field":
        "{card}: {field} is not an empty field of a flower. Tap one that is.",
    "{card}: the flower of {field} already holds a bell":
        "{card}: the flower of {field} already has a bell. Choose another flower.",
    "{card} swaps two cars; {field} holds none":
        "{card} swaps two cars, but there is no car on {field}.",
    "{card}: {field} and {other} are not adjacent":
        "{card}: {field} and {other} are not next to each other.",
    "{card}: there is no car on {field}":
        "{card}: there is no car on {field}. Tap a car.",
    "{card}: the car cannot go to {field}":
        "{card}: the car cannot go to {field}. Choose a free field next to it.",
    "{card}: there is no opponent car on {field}":
        "{card}: there is no opponent's car on {field}. Tap an opponent's car.",
    "{card}: {field} is not an empty field":
        "{card}: {field} is not empty. Tap an empty field.",
    # drawing and the display
    "all {copies} copies of {card} are already in view":
        "All {copies} {card} cards are in view already. Check the card and enter it again.",
    "this needs {needed} cards in hand, not {count}":
        "This needs {needed} cards in hand, and there are {count}.",
    "there is no card left to draw":
        "There is no card left to draw.",
    "there is no {card} in the display":
        "There is no {card} in the display.",
    "draw {needed} cards, not {count}":
        "Draw {needed} cards, not {count}.",
    "the display takes {needed} new cards, not {count}":
        "The display takes {needed} new cards, not {count}.",
    "name {needed} discards, not {count}":
        "Say which cards were discarded: {needed}, not {count}.",
    "with one card left it is kept (discard=-); otherwise name the discard":
        "A last single card is kept; otherwise say which card was discarded.",
    "a swap takes 2 cards, not {count}":
        "A swap takes 2 cards, not {count}.",
    "there is no display in the 4-player game":
        "Four players play without a display: draw from the pile.",
    # a correction (Fix the position): a short form
    _FIX + "{field!r} is not a field":
        "There is no field “{field}” on the board. Fields are named like e5.",
    _FIX + "name A, B, AM or BM":
        "Say whose car it is: A or B, or AM or BM for a magnetic car.",
    _FIX + "{field} holds a car":
        "A car already stands on {field}. Choose an empty field, or first take that car away.",
    _FIX + "there is no car on {field}":
        "There is no car on {field}. Check it against the table.",
    _FIX + "{hole} is not a hole":
        "There is no hole at {tile}. Check it against the table.",
    _FIX + "name A or B":
        "Say whose score it is: A or B.",
    _FIX + "it would change the phase of the game":
        "This correction would end the set-up or go back to it. Correct only what differs "
        "from the table.",
    _FIX + "the position cannot be used ({problem})":
        "The corrected position cannot be used. Check it against the table.",
    # a correction: what the corrected position gets wrong
    _POSITION + "a bell on {field} stands in a hole":
        "In the corrected position a bell stands on {field}, which is in a hole. Check it "
        "against the table.",
    _POSITION + "a car on {field} stands in a hole":
        "In the corrected position a car stands on {field}, which is in a hole. Check it "
        "against the table.",
    _POSITION + "{field} holds both a bell and a car":
        "In the corrected position a bell and a car both stand on {field}. A car cannot stand "
        "on a bell.",
    _POSITION + "{field} holds both a car and a car":
        "In the corrected position two cars stand on {field}. A field holds one car at most.",
    _POSITION + "bell on {field} is not alone on a flower":
        "In the corrected position the bell on {field} is not alone on a flower. Bells stand "
        "only on flowers, one on each at most.",
    _POSITION + "{side}: lists more than {limit} cars":
        "In the corrected position {side} has more than {limit} normal cars on the board. "
        "Check it against the table.",
    _POSITION + "{side}M: lists more than {limit} cars":
        "In the corrected position {side} has more than one magnetic car on the board. Each "
        "side has only one.",
    _POSITION + "operator in {hole!r}, which is not a hole":
        "In the corrected position the operator stands in the hole at {tile}, but there is no "
        "hole there. Check it against the table.",
    _POSITION + "the operator on {field} shares it with a car":
        "In the corrected position the operator and a car both stand on {field}. Check it "
        "against the table.",
    _POSITION + "the operator in a hole is written Ht..":
        "In the corrected position the operator stands on a field inside a hole. Put him on "
        "the hole itself.",
    _POSITION + "a score is below 1":
        "In the corrected position a score is below 1. A score is always 1 or more.",
    _POSITION + "batteries are 0-{most}":
        "In the corrected position a side has a wrong number of batteries: each side has 0 to "
        "{most}.",
    _POSITION + "too many evaluations and bells":
        "In the corrected position there are too many evaluations and bells together. Check "
        "them against the table.",
    _POSITION + "the set-up already has all its initial cars":
        "In the corrected position the set-up is still going on, but all starting cars are "
        "already placed. Check it against the table.",
    _POSITION + "no magnetic car is placed during the set-up":
        "In the corrected position a magnetic car stands on the board during the set-up. Only "
        "normal cars are placed then.",
    _POSITION + "there is no display in the 4-player game":
        "In the corrected position there is a display, but four players play without one.",
    _POSITION + "{side} knows more cards than the hand holds":
        "In the corrected position {side} has fewer cards in hand than are known to be in it.",
    _POSITION + "more than 39 cards":
        "In the corrected position there are more than 39 cards. The game has 39.",
    _POSITION + "more than {copies} {card} cards in view":
        "In the corrected position more than {copies} {card} cards are in view. The game has "
        "only {copies}.",
    _POSITION + "turn action=end, but nothing is left to draw or refill":
        "In the corrected position the turn is ending, but no card is left to draw or to add "
        "to the display. Check the cards against the table.",
    _POSITION + "turn effect={card} leaves no legal action":
        "In the corrected position nothing can be played after {card}. Check it against the "
        "table.",
    # a correction: a typed position text that cannot be read
    _POSITION + "unknown clause {clause!r}":
        "The position text cannot be read: it has no part called “{clause}”.",
    _POSITION + "clause {clause!r} is given twice":
        "The position text cannot be read: the part “{clause}” is given twice.",
    _POSITION + "{clause} names an unknown field {field!r}":
        "The position text cannot be read: “{field}” in the part “{clause}” is not a field of "
        "the board.",
    _POSITION + "{clause} entry {entry!r} is not A=<n> or B=<n>":
        "The position text cannot be read: “{entry}” in the part “{clause}” must read "
        "A=<number> or B=<number>.",
    _POSITION + "board needs 'reference', 'all=<v>' or 'tiles …'":
        "The position text cannot be read: the board part must be 'board reference', "
        "'board all=<value>' or 'board tiles …'.",
    _POSITION + "board all= takes 0-3, not {value!r}":
        "The position text cannot be read: board all= takes a value from 0 to 3, not "
        "“{value}”.",
    _POSITION + "board form {form!r} is unknown":
        "The position text cannot be read: the board part cannot start with “{form}”; write "
        "reference, all=<value> or tiles.",
    _POSITION + "board value {entry!r} is not 0-3":
        "The position text cannot be read: in “{entry}” the value of the field must be 0 to 3.",
    _POSITION + "holes entry {entry!r} is not a flower tile hole":
        "The position text cannot be read: “{entry}” is not a hole left by a flower tile, or "
        "it is listed twice.",
    _POSITION + "operator takes one field or hole":
        "The position text cannot be read: the operator part must name exactly one field or "
        "hole.",
    _POSITION + "the operator clause is required":
        "The position text cannot be read: it does not say where the operator stands.",
    _POSITION + "evals takes one number":
        "The position text cannot be read: the evaluations part takes one number.",
    _POSITION + "first names no seat of {players} players":
        "The position text cannot be read: the first placer is not one of the {players} "
        "players.",
    _POSITION + "setup takes no options and excludes turn":
        "The position text cannot be read: setup stands alone, with no options and no turn "
        "part.",
    _POSITION + "the turn clause is required":
        "The position text cannot be read: it does not say whose turn it is.",
    _POSITION + "turn needs <T> <seat>":
        "The position text cannot be read: the turn part must read 'turn <number> <player>'.",
    _POSITION + "turn names {seat!r}, not a seat of {players} players":
        "The position text cannot be read: “{seat}” is not one of the {players} players.",
    _POSITION + "turn option {option!r} is given twice":
        "The position text cannot be read: the turn part gives “{option}” twice.",
    _POSITION + "nobat={value} names no side":
        "The position text cannot be read: nobat= takes A, B or both, not “{value}”.",
    _POSITION + "unknown turn option {option!r}":
        "The position text cannot be read: the turn part cannot contain “{option}”.",
    _POSITION + "cards {option} names an unknown card {card!r}":
        "The position text cannot be read: “{card}” in {option}= is not a card of this game.",
    _POSITION + "cards option {option!r} is given twice":
        "The position text cannot be read: the cards part gives “{option}” twice.",
    _POSITION + "hands needs {players} numbers":
        "The position text cannot be read: hands= needs one number per player, {players} in "
        "all.",
    _POSITION + "known={value} names no seat or repeats one":
        "The position text cannot be read: known={value} names no player, or a player given "
        "already.",
    _POSITION + "pile={value} is not a number":
        "The position text cannot be read: pile= must start with a number, not “{value}”.",
    _POSITION + "unknown cards option {option!r}":
        "The position text cannot be read: the cards part cannot contain “{option}”.",
    # a correction: the tiles of a typed board
    _FIX + "tiles entry {entry!r} is not <position>=<tile>:<rotation>":
        "The position text cannot be read: “{entry}” must read <position>=<tile>:<rotation>, "
        "e.g. t11=X01:0.",
    _FIX + "tiles entry {entry!r} names no tile position":
        "The position text cannot be read: “{entry}” names no position of a tile.",
    _FIX + "tiles needs {needed} entries, not {count}":
        "The position text cannot be read: the tiles part needs {needed} entries, not {count}.",
    _FIX + "the layout gives no tile for position {position}":
        "The position text cannot be read: no tile is given for {position}.",
    _FIX + "the layout names an unknown tile {tile!r}":
        "The position text cannot be read: there is no tile “{tile}” in the game.",
    _FIX + "the layout uses tile {tile} twice":
        "The position text cannot be read: tile {tile} is used twice.",
    _FIX + "tile {tile} does not fit the {position} position":
        "The position text cannot be read: tile {tile} has the wrong shape for {position}.",
    _FIX + "a flower's rotation is 0-5, not {rotation}":
        "The position text cannot be read: a flower is turned by 0 to 5, not {rotation}.",
    _FIX + "an X tile's rotation is 0 or 1, not {rotation}":
        "The position text cannot be read: an X tile is turned by 0 or 1, not {rotation}.",
}

STAGES = {
    "first <seat>": "choosing who places first",
    "operator-start <field>": "the operator's start field",
    "display <card> <card> <card>": "the three display cards",
    "init <field>": "the starting cars",
}
"""The set-up stage the engine names in its notation → in words."""

DERIVED = frozenset({"side", "card", "step", "stage", "tile"})
"""Parameters :func:`words` adds or replaces."""


def words(params: Mapping[str, Any], match: Match | None, translate: Translate) -> dict[str, Any]:
    """Sides by the players' names, cards by name, holes by tile (a ``hole`` ``Ht23`` gives
    the ``tile`` ``t23``), set-up stages in words."""
    found: dict[str, Any] = {}
    side = params.get("side")
    if isinstance(side, str) and match is not None:
        found["side"] = side_name(match, side)
    card = params.get("card")
    if isinstance(card, str):
        found["card"] = translate(CARD_NAMES.get(card, card))
    step = params.get("step")
    if isinstance(step, str):
        if step[:1] == "H":
            found["step"] = translate("the hole at {tile}").format(tile=step[1:])
        else:
            found["step"] = step.split("/")[0]
    hole = params.get("hole")
    if isinstance(hole, str) and hole[:1].upper() == "H":
        found["tile"] = hole[1:].lower()
    stage = params.get("stage")
    if isinstance(stage, str):
        found["stage"] = translate(STAGES.get(stage, stage))
    return found
