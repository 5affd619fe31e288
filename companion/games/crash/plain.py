"""Crash by Crash's refusals in the players' words (see ``companion/plain_words.py``).

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
    # a correction (Fix the position)
    "fix {text} is not possible: {why}":
        "This correction is not possible: {why}. Check it against the table.",
}

STAGES = {
    "first <seat>": "choosing who places first",
    "operator-start <field>": "the operator's start field",
    "display <card> <card> <card>": "the three display cards",
    "init <field>": "the starting cars",
}
"""The set-up stage the engine names in its notation → in words."""

DERIVED = frozenset({"side", "card", "step", "stage"})
"""Parameters :func:`words` adds or replaces."""


def words(params: Mapping[str, Any], match: Match | None, translate: Translate) -> dict[str, Any]:
    """Sides by the players' names, cards by name, holes by tile, set-up stages in words."""
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
    stage = params.get("stage")
    if isinstance(stage, str):
        found["stage"] = translate(STAGES.get(stage, stage))
    return found
