"""The 13 card kinds (R4) and the public card bookkeeping (§15)."""

from __future__ import annotations

KINDS = (
    "fluct", "lambada", "ticket", "saboteur", "flying", "deadbat",
    "heartless", "bright",
    "double", "rocket", "reaction", "expansion", "tandem",
)
KIND_ORDER = {kind: index for index, kind in enumerate(KINDS)}
GREY = frozenset(KINDS[:6])
YELLOW = frozenset(("heartless", "bright"))
BLUE = frozenset(KINDS[8:])


def colour(kind: str) -> str:
    if kind in GREY:
        return "grey"
    return "yellow" if kind in YELLOW else "blue"


def parse_kind(token: str) -> str | None:
    lowered = token.lower()
    return lowered if lowered in KIND_ORDER else None


def sort_kinds(kinds: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(sorted(kinds, key=KIND_ORDER.__getitem__))
