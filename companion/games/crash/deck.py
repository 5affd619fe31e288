"""Card bookkeeping (R82–R84, R104, §15): hands, known cards, display, draw and discard piles.

Only card kinds that become public are recorded. A claim that cannot be true (all copies of a
kind in view) is rejected with ``E_CARD_IMPOSSIBLE``; other anomalies only give a ``warn`` event
(C3).
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.crash.board import RULES
from companion.games.crash.cards import sort_kinds
from companion.games.crash.notation import reject
from companion.games.crash.state import Cards, CrashState


def visible_count(cards: Cards, kind: str) -> int:
    return (cards.discard.count(kind) + cards.display.count(kind)
            + sum(known.count(kind) for known in cards.known))


def _set(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return values[:seat] + (value,) + values[seat + 1:]


def _set_known(cards: Cards, seat: int, known: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return cards.known[:seat] + (known,) + cards.known[seat + 1:]


def check_claim(cards: Cards, seat: int, kind: str, label: str) -> list[str]:
    """R112/C3: reject a kind whose copies are all in view; warn on other anomalies."""
    if kind in cards.known[seat]:
        return []
    if visible_count(cards, kind) >= RULES.copies_per_card:
        raise reject("R112", "E_CARD_IMPOSSIBLE",
                     "all {copies} copies of {card} are already in view",
                     copies=RULES.copies_per_card, card=kind)
    if cards.hands[seat] - len(cards.known[seat]) < 1:
        return [f"warn {label} holds only known cards and no {kind}"]
    return []


def check_hand(cards: Cards, seat: int, needed: int) -> None:
    if cards.hands[seat] < needed:
        raise reject("R112", "E_HAND_SIZE", "this needs {needed} cards in hand, not {count}",
                     needed=needed, count=cards.hands[seat])


def give_up(cards: Cards, seat: int, kind: str) -> Cards:
    """A card leaves a hand face up onto the discard pile (played or swapped away)."""
    known = list(cards.known[seat])
    if kind in known:
        known.remove(kind)
    hand = cards.hands[seat] - 1
    known = known[:hand]
    return replace(cards, hands=_set(cards.hands, seat, hand),
                   known=_set_known(cards, seat, tuple(known)),
                   discard=cards.discard + (kind,))


def reshuffle_if_empty(cards: Cards, events: list[str]) -> Cards:
    """A43: an empty draw pile is replaced by the shuffled discard pile."""
    if cards.pile > 0 or not cards.discard:
        return cards
    events.append("reshuffle")
    return replace(cards, pile=len(cards.discard), discard=(),
                   reshuffled=sort_kinds(cards.discard))


def take(cards: Cards, seat: int, source: str | None, events: list[str]) -> Cards:
    """One card into a hand, from the display (``source`` names the kind) or blind."""
    if source is None:
        cards = reshuffle_if_empty(cards, events)
        if cards.pile < 1:
            raise reject("R84", "E_HAND_SIZE", "there is no card left to draw")
        cards = replace(cards, pile=cards.pile - 1)
        known = cards.known[seat]
    else:
        if source not in cards.display:
            raise reject("R112", "E_DISPLAY_MISSING", "there is no {card} in the display",
                         card=source)
        display = list(cards.display)
        display.remove(source)
        cards = replace(cards, display=tuple(display))
        known = cards.known[seat] + (source,)
    return replace(cards, hands=_set(cards.hands, seat, cards.hands[seat] + 1),
                   known=_set_known(cards, seat, known))


def available(cards: Cards) -> int:
    """Cards that could still come from the draw pile, with a reshuffle."""
    return cards.pile + len(cards.discard)


def draw_needed(state: CrashState) -> int:
    """C4/C9: how many cards the player on turn still draws at the end of his turn."""
    cards = state.cards
    missing = RULES.hand_size - cards.hands[state.seat]
    if missing <= 0:
        return 0
    extra = len(cards.display) if state.players == 2 else 0
    return min(missing, available(cards) + extra)


def refill_needed(state: CrashState) -> int:
    if state.players != 2:
        return 0
    return min(RULES.display_size - len(state.cards.display), available(state.cards))


def draw4_plan(cards: Cards, count: int) -> list[bool]:
    """R104/C9: for each pair drawn, whether a discard kind is named (False: one card left)."""
    plan = []
    left = available(cards)
    for _ in range(count):
        if left < 1:
            break
        plan.append(left >= 2)
        left -= 1
    return plan


def draw(cards: Cards, seat: int, sources: tuple[str | None, ...], needed: int,
         events: list[str]) -> Cards:
    if len(sources) != needed:
        raise reject("R83", "E_HAND_SIZE", "draw {needed} cards, not {count}",
                     needed=needed, count=len(sources))
    for source in sources:
        cards = take(cards, seat, source, events)
    return cards


def refill(cards: Cards, kinds: tuple[str, ...], needed: int, events: list[str]) -> Cards:
    if len(kinds) != needed:
        raise reject("R84", "E_HAND_SIZE", "the display takes {needed} new cards, not {count}",
                     needed=needed, count=len(kinds))
    for kind in kinds:
        cards = reshuffle_if_empty(cards, events)
        if visible_count(cards, kind) >= RULES.copies_per_card:
            raise reject("R112", "E_CARD_IMPOSSIBLE",
                         "all {copies} copies of {card} are already in view",
                         copies=RULES.copies_per_card, card=kind)
        cards = replace(cards, pile=cards.pile - 1, display=cards.display + (kind,))
    return cards


def draw4(cards: Cards, seat: int, discards: tuple[str | None, ...], needed: int,
          events: list[str]) -> Cards:
    plan = draw4_plan(cards, needed)
    if len(discards) != len(plan):
        raise reject("R104", "E_HAND_SIZE", "name {needed} discards, not {count}",
                     needed=len(plan), count=len(discards))
    for names_kind, kind in zip(plan, discards):
        if names_kind != (kind is not None):
            raise reject("R104", "E_HAND_SIZE",
                         "with one card left it is kept (discard=-); otherwise name the discard")
        cards = take(cards, seat, None, events)
        if kind is not None:
            cards = reshuffle_if_empty(cards, events)
            if visible_count(cards, kind) >= RULES.copies_per_card:
                raise reject("R112", "E_CARD_IMPOSSIBLE",
                             "all {copies} copies of {card} are already in view",
                             copies=RULES.copies_per_card, card=kind)
            cards = replace(cards, pile=cards.pile - 1, discard=cards.discard + (kind,))
            events.append(f"discard {kind}")
    return cards
