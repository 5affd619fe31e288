"""The fields the Crash by Crash board shows, as its layers read them, kept from one redraw to
the next (Kivy-free).

A move changes 2–6 of the 188 fields, and a snapshot shares the dict of every field that shows
what it showed before (``games/crash/snapshot.py``; a preview's hand board copies only the
fields it changes). So the fields changed since the last redraw are those whose dict is another
object: found without a Python loop over the 188 (``map(is_not, …)``), and only they are read
again. What the layers are keyed on (each field's hole and value, the fields whose value a piece
covers, the bells, the pieces) is kept, and stays the very same tuple while no changed field
alters it: the layers' keys then compare at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import compress
from operator import is_not
from typing import Any

Field = Mapping[str, Any]
StaticField = tuple[str, bool, int]
"""What the static layer shows of a field: its name, whether it is a hole, its value."""


def static_field(field: Field) -> StaticField:
    return (field["name"], field["hole"], field["value"])


def static_fields(fields: Iterable[Field]) -> tuple[StaticField, ...]:
    """What the static layer shows of ``fields`` (the snapshot's): a field's pieces are not in
    it."""
    return tuple(map(static_field, fields))


def is_covered(field: Field) -> bool:
    """A piece stands on the field and hides its value (a hole shows none)."""
    return not field["hole"] and bool(field["car"] or field["bell"] or field["operator"])


def has_piece(field: Field) -> bool:
    """A car or the operator stands on the field (each drawn on a canvas of its own)."""
    return bool(field["car"] or field["operator"])


class ShownFields:
    """The fields last shown and what the board's layers read of them, each a tuple kept until
    a changed field alters it: ``static`` (each field's name, hole and value), ``covered``,
    ``bells`` and ``pieces`` (the numbers of those fields, in the fields' order)."""

    def __init__(self) -> None:
        self.fields: Sequence[Field] = ()
        self.static: tuple[StaticField, ...] = ()
        self.covered: tuple[int, ...] = ()
        self.bells: tuple[int, ...] = ()
        self.pieces: tuple[int, ...] = ()
        self.fields_read = 0
        """How many fields were read since this was made (each changed field once)."""
        self._static: list[StaticField] = []
        self._covered: list[bool] = []
        self._bells: list[bool] = []
        self._pieces: list[bool] = []

    def update(self, fields: Sequence[Field]) -> tuple[int, ...]:
        """Show ``fields``; the numbers of the fields that changed (none for the same list)."""
        if fields is self.fields:
            return ()
        before, self.fields = self.fields, fields
        if len(before) != len(fields):
            changed: tuple[int, ...] = tuple(range(len(fields)))
            self._static = [("", False, -1)] * len(fields)
            self._covered = [False] * len(fields)
            self._bells = [False] * len(fields)
            self._pieces = [False] * len(fields)
            is_static_changed = is_covered_changed = is_bells_changed = is_pieces_changed = True
        else:
            changed = tuple(compress(range(len(fields)), map(is_not, before, fields)))
            is_static_changed = is_covered_changed = is_bells_changed = is_pieces_changed = False
        for number in changed:
            field = fields[number]
            static = static_field(field)
            if static != self._static[number]:
                self._static[number], is_static_changed = static, True
            covered = is_covered(field)
            if covered != self._covered[number]:
                self._covered[number], is_covered_changed = covered, True
            bell = bool(field["bell"])
            if bell != self._bells[number]:
                self._bells[number], is_bells_changed = bell, True
            piece = has_piece(field)
            if piece != self._pieces[number]:
                self._pieces[number], is_pieces_changed = piece, True
        self.fields_read += len(changed)
        numbers = range(len(fields))
        if is_static_changed:
            self.static = tuple(self._static)
        if is_covered_changed:
            self.covered = tuple(compress(numbers, self._covered))
        if is_bells_changed:
            self.bells = tuple(compress(numbers, self._bells))
        if is_pieces_changed:
            self.pieces = tuple(compress(numbers, self._pieces))
        return changed


__all__ = ["ShownFields", "StaticField", "has_piece", "is_covered", "static_field",
           "static_fields"]
