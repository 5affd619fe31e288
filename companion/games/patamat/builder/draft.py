"""The track being walked in the board builder: an immutable draft and its operations.

The players walk their printed track from START and say, field by field, what the next field
is. The draft keeps the walk as **ways**: way 0 is the road from START (the white arrows' way,
ending at CÍL); every other way leaves the road where it splits (its ``fork``) and joins it
again at a field the players tap (``joins``). Every operation returns a new draft that
remembers the one before it, so undo is one step back. Kivy-free; ids are made only when the
draft becomes a board file (:mod:`companion.games.patamat.builder.to_board`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

START_KEY = 0
"""The key of START: always there, never placed, removed or changed."""
PLACED_KINDS = ("normal", "semafor", "sign", "finish")
"""What a placed field can be: an ordinary field, a SEMAFOR, a blue sign, CÍL."""
ARROWS = ("main", "other")
"""Where a blue sign at a fork points: the white arrows' way or the other way."""


class DraftError(ValueError):
    """An operation the walk does not allow now; the message says why in plain words."""


@dataclass(frozen=True)
class Spot:
    """A placed field: ``key`` (unique in the draft), its kind, its printed number (``label``,
    "" when not typed) and, for a blue sign where the road splits, where its arrow points."""

    key: int
    kind: str = "normal"
    label: str = ""
    arrow: str = ""


@dataclass(frozen=True)
class Way:
    """A stretch of the walk: the fields in order after ``fork`` (None: after START, the road),
    and the field where it joins the road again (``joins``; None while it is open)."""

    fork: int | None
    spots: tuple[Spot, ...] = ()
    joins: int | None = None


@dataclass(frozen=True)
class Draft:
    """The walk so far; ``walking`` is the index of the way the next field is added to."""

    ways: tuple[Way, ...] = (Way(None),)
    walking: int = 0
    next_key: int = 1
    previous: Draft | None = field(default=None, compare=False, repr=False)

    # -- looking ---------------------------------------------------------------------------------

    @property
    def keys(self) -> list[int]:
        """Every placed field's key, way by way (START not included)."""
        return [spot.key for way in self.ways for spot in way.spots]

    @property
    def size(self) -> int:
        """How many fields the track has, START included."""
        return 1 + sum(len(way.spots) for way in self.ways)

    def spot(self, key: int) -> Spot:
        for way in self.ways:
            for spot in way.spots:
                if spot.key == key:
                    return spot
        raise DraftError(f"there is no field {key}")

    def way_of(self, key: int) -> int:
        """The index of the way ``key`` was walked on (START: the road)."""
        if key == START_KEY:
            return 0
        for index, way in enumerate(self.ways):
            if any(spot.key == key for spot in way.spots):
                return index
        raise DraftError(f"there is no field {key}")

    def end_of(self, index: int) -> int:
        """The last field of way ``index`` (its fork, or START, while it has none)."""
        way = self.ways[index]
        if way.spots:
            return way.spots[-1].key
        return START_KEY if way.fork is None else way.fork

    @property
    def end(self) -> int:
        """The field the walk has reached: the next field comes after it."""
        return self.end_of(self.walking)

    def branch_at(self, key: int) -> int | None:
        """The index of the way that leaves the road at ``key``, or None if it does not split."""
        return next((index for index, way in enumerate(self.ways) if index and way.fork == key),
                    None)

    def is_closed(self, index: int) -> bool:
        """Way ``index`` is walked to its end: the road to CÍL, another way to where it joins."""
        way = self.ways[index]
        if index == 0:
            return bool(way.spots) and way.spots[-1].kind == "finish"
        return way.joins is not None

    @property
    def open_ways(self) -> list[int]:
        return [index for index in range(len(self.ways)) if not self.is_closed(index)]

    @property
    def has_finish(self) -> bool:
        return any(spot.kind == "finish" for way in self.ways for spot in way.spots)

    @property
    def is_walked(self) -> bool:
        """Every way is walked to its end."""
        return not self.open_ways

    def can_join_at(self, key: int) -> bool:
        """The way being walked may join the road again at field ``key``."""
        return self.walking != 0 and key != START_KEY and key not in self._own_fields(
            self.walking)

    # -- walking ---------------------------------------------------------------------------------

    def add(self, kind: str) -> Draft:
        """The next field of the way being walked is a ``kind`` field."""
        self._check_kind(kind)
        if self.is_closed(self.walking):
            raise DraftError("This way is walked to its end already.")
        if kind == "finish" and (self.walking != 0 or self.has_finish):
            raise DraftError("CÍL is at the end of the road of the white arrows, once.")
        spot = Spot(self.next_key, kind)
        way = self.ways[self.walking]
        draft = self._with_way(self.walking, replace(way, spots=(*way.spots, spot)))
        draft = replace(draft, next_key=self.next_key + 1)
        return draft._walk_on() if kind == "finish" else draft

    def split(self, arrow: str = "") -> Draft:
        """The road splits after the field the walk has reached: walk on the white arrows' way;
        the other way is walked later. ``arrow``: where a blue sign there points."""
        key = self.end
        if key != START_KEY and self.spot(key).kind == "finish":
            raise DraftError("The road ends at CÍL.")
        if self.branch_at(key) is not None:
            raise DraftError("The road splits here already.")
        draft = replace(self, ways=(*self.ways, Way(key)), previous=self)
        if arrow:
            draft = replace(draft._set_spot(key, arrow=self._check_arrow(arrow)), previous=self)
        return draft

    def walk(self, index: int) -> Draft:
        """Walk way ``index`` on (another way left open, or the road)."""
        if not 0 <= index < len(self.ways) or self.is_closed(index):
            raise DraftError("That way is walked to its end already.")
        return replace(self, walking=index, previous=self)

    def join(self, key: int) -> Draft:
        """The way being walked joins the road again at field ``key``."""
        if self.walking == 0:
            raise DraftError("The road of the white arrows ends at CÍL, it joins nothing.")
        if key == START_KEY:
            raise DraftError("No way leads back into START.")
        self.spot(key)
        if key in self._own_fields(self.walking):
            raise DraftError("A way cannot join itself: tap a field of the road.")
        way = self.ways[self.walking]
        return self._with_way(self.walking, replace(way, joins=key))._walk_on()

    def set_label(self, key: int, label: str) -> Draft:
        """The number printed on field ``key`` ("" for none)."""
        if key == START_KEY:
            raise DraftError("START has no number")
        return self._set_spot(key, label=label.strip())

    def set_arrow(self, key: int, arrow: str) -> Draft:
        """Where the blue arrow of the sign ``key`` points where the road splits."""
        return self._set_spot(key, arrow=self._check_arrow(arrow))

    def undo(self) -> Draft:
        """The draft before the last step (itself when there is none)."""
        return self.previous if self.previous is not None else self

    # -- correcting ------------------------------------------------------------------------------

    def change_kind(self, key: int, kind: str, arrow: str = "") -> Draft:
        """Field ``key`` is a ``kind`` field after all (``arrow``: for a sign where it splits)."""
        self._check_kind(kind)
        spot = self.spot(key)
        if kind == "finish" and spot.kind != "finish":
            index = self.way_of(key)
            if index != 0 or self.ways[0].spots[-1].key != key or self.has_finish \
                    or self.branch_at(key) is not None:
                raise DraftError("CÍL can only be the last field of the road.")
        draft = self._set_spot(key, kind=kind, arrow=arrow if kind == "sign" else "")
        return draft._walk_on() if kind == "finish" or spot.kind == "finish" else draft

    def remove(self, key: int) -> Draft:
        """Take field ``key`` out of the walk; a way leaving the road there goes with it, and a
        way joining there is open again."""
        index = self.way_of(key)
        if key == START_KEY:
            raise DraftError("START stays.")
        gone = {key}
        ways = list(self.ways)
        dropped: set[int] = set()
        changed = True
        while changed:  # the ways leaving the road at a removed field, and theirs
            changed = False
            for number, way in enumerate(ways):
                if number and number not in dropped and way.fork in gone:
                    dropped.add(number)
                    gone.update(spot.key for spot in way.spots)
                    changed = True
        kept: list[Way] = []
        for number, way in enumerate(ways):
            if number in dropped:
                continue
            spots = tuple(spot for spot in way.spots if spot.key != key)
            kept.append(replace(way, spots=spots, joins=None if way.joins in gone else way.joins))
        walking = self.walking if self.walking not in dropped else index
        walking -= sum(1 for number in dropped if number < walking)
        draft = replace(self, ways=tuple(kept), walking=walking, previous=self)
        return draft if not draft.is_closed(draft.walking) else draft._walk_on()

    def insert_before(self, key: int, kind: str) -> Draft:
        """A ``kind`` field was missed: it comes just before field ``key`` on its way."""
        self._check_kind(kind)
        if kind == "finish":
            raise DraftError("CÍL can only be the last field of the road.")
        index = self.way_of(key)
        if key == START_KEY:
            raise DraftError("Nothing comes before START.")
        way = self.ways[index]
        at = [spot.key for spot in way.spots].index(key)
        spots = (*way.spots[:at], Spot(self.next_key, kind), *way.spots[at:])
        draft = self._with_way(index, replace(way, spots=spots))
        return replace(draft, next_key=self.next_key + 1)

    # -- private helpers -------------------------------------------------------------------------

    def _with_way(self, index: int, way: Way) -> Draft:
        ways = (*self.ways[:index], way, *self.ways[index + 1:])
        return replace(self, ways=ways, previous=self)

    def _set_spot(self, key: int, *, kind: str | None = None, label: str | None = None,
                  arrow: str | None = None) -> Draft:
        index = self.way_of(key)
        way = self.ways[index]

        def changed(spot: Spot) -> Spot:
            return Spot(spot.key, spot.kind if kind is None else kind,
                        spot.label if label is None else label,
                        spot.arrow if arrow is None else arrow)

        spots = tuple(changed(spot) if spot.key == key else spot for spot in way.spots)
        return self._with_way(index, replace(way, spots=spots))

    def _walk_on(self) -> Draft:
        """After a way is walked to its end: walk the road on if it is open, else the first way
        left open (the same draft, its ``previous`` kept)."""
        if not self.is_closed(self.walking):
            return self
        left = self.open_ways
        return replace(self, walking=left[0]) if left else self

    def _own_fields(self, index: int) -> set[int]:
        """The fields of way ``index``, its fork, and the fields of the ways leaving it."""
        way = self.ways[index]
        own = {spot.key for spot in way.spots}
        if way.fork is not None:
            own.add(way.fork)
        for number, other in enumerate(self.ways):
            if number and number != index and other.fork in {s.key for s in way.spots}:
                own |= self._own_fields(number) - ({other.fork} if other.fork is not None
                                                   else set())
        return own

    @staticmethod
    def _check_kind(kind: str) -> None:
        if kind not in PLACED_KINDS:
            raise DraftError(f"a field is one of {', '.join(PLACED_KINDS)}, not {kind!r}")

    @staticmethod
    def _check_arrow(arrow: str) -> str:
        if arrow not in ARROWS:
            raise DraftError(f"a blue arrow points to the main or the other way, not {arrow!r}")
        return arrow
