"""The immutable state of a Crash by Crash match (E1)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from companion.games.crash.board import FIELD_COUNT, GEOMETRY, RULES

HOLE_BASE = 1000
"""``operator`` values from HOLE_BASE on are holes: HOLE_BASE + tile index."""
NO_OPERATOR = -1
SIDES = ("A", "B")
SEATS_4 = ("A1", "B1", "A2", "B2")
ACTION_END = 3
"""``action`` value once the actions are over and the end-of-turn draws are awaited."""


def car_code(side: int, is_magnet: bool) -> int:
    return 1 + 2 * side + (1 if is_magnet else 0)


def car_side(code: int) -> int:
    return (code - 1) // 2


def car_is_magnet(code: int) -> bool:
    return code > 0 and (code - 1) % 2 == 1


@dataclass(frozen=True)
class Cards:
    """The public card state (R111, P4)."""

    display: tuple[str, ...] = ()
    hands: tuple[int, ...] = ()
    known: tuple[tuple[str, ...], ...] = ()
    discard: tuple[str, ...] = ()
    pile: int = 0
    reshuffled: tuple[str, ...] | None = None
    """The kinds the draw pile was made of at the last reshuffle (order unknown), if any."""


@dataclass(frozen=True)
class CrashState:
    players: int
    values: tuple[int, ...]
    holes: tuple[int, ...]
    bells: tuple[int, ...]
    operator: int
    cars: tuple[int, ...]
    scores: tuple[int, int]
    batteries: tuple[int, int]
    evals: int
    turn: int
    seat: int
    action: int
    placed: int
    evaluated: bool
    effect: str | None
    nobat: tuple[int, ...]
    cards: Cards
    setup: bool
    first: int | None

    # -- derived ------------------------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        return seat % 2

    @property
    def side(self) -> int:
        return self.seat % 2

    def seat_label(self, seat: int) -> str:
        return SEATS_4[seat] if self.players == 4 else SIDES[seat]

    def cars_on_board(self, side: int, is_magnet: bool) -> int:
        return self.cars.count(car_code(side, is_magnet))

    def supply(self, side: int) -> tuple[int, int]:
        """(normal cars, magnetic cars) in the side's supply."""
        return (
            RULES.normal_cars - self.cars_on_board(side, False),
            RULES.magnet_cars - self.cars_on_board(side, True),
        )

    def has_cars(self, side: int) -> bool:
        return car_code(side, False) in self.cars or car_code(side, True) in self.cars

    @cached_property
    def is_over(self) -> bool:
        """Worked out once per state (the screen asks it ~10 times an input: whose move, what
        is awaited, the outcome); the state is immutable."""
        if self.setup:
            return False
        if self.evals >= RULES.evaluations_to_end:
            return True
        return not (self.has_cars(0) and self.has_cars(1))

    @property
    def bells_unlocked(self) -> bool:
        return (not self.setup and self.turn >= RULES.first_evaluation_turn
                and not self.evaluated)

    @property
    def obligation(self) -> str | None:
        """'blue' or 'yellow' while a card's obligation is open (R67, R68)."""
        if self.effect is None or self.action == ACTION_END or self.is_over:
            return None
        from companion.games.crash.cards import BLUE, YELLOW

        if self.effect in BLUE:
            return "blue"
        if self.effect in YELLOW and not self.evaluated:
            return "yellow"
        return None

    def setup_stage(self) -> str:
        if self.first is None:
            return "first"
        if self.operator == NO_OPERATOR:
            return "operator"
        if self.players == 2 and len(self.cards.display) < RULES.display_size:
            return "display"
        return "init"

    def with_changes(self, **changes: object) -> CrashState:
        return replace(self, **changes)  # type: ignore[arg-type]


def hole_tiles_fields(holes: tuple[int, ...]) -> frozenset[int]:
    fields: set[int] = set()
    for tile in holes:
        fields.update(GEOMETRY.tile_fields[tile])
    return frozenset(fields)


def initial_state(players: int, values: tuple[int, ...], stars: tuple[int, ...]) -> CrashState:
    seats = players
    return CrashState(
        players=players,
        values=values,
        holes=(),
        bells=stars,
        operator=NO_OPERATOR,
        cars=(0,) * FIELD_COUNT,
        scores=(RULES.start_score, RULES.start_score),
        batteries=(RULES.batteries, RULES.batteries),
        evals=0,
        turn=0,
        seat=0,
        action=1,
        placed=0,
        evaluated=False,
        effect=None,
        nobat=(),
        cards=Cards(
            display=(),
            hands=(RULES.hand_size,) * seats,
            known=((),) * seats,
            discard=(),
            pile=RULES.copies_per_card * 13 - RULES.hand_size * seats,
        ),
        setup=True,
        first=None,
    )
