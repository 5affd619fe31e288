"""A draft as a track: ids made from the walk, and the ``patamat-board/1`` file text.

Ids: START, the road's fields F01, F02 … in the order walked, CIL; the fields of the other ways
A1, A2 …, B1 … (a letter per way, in the order the ways were found). ``main`` is the white
arrows' way, ``forced`` the way a blue sign's arrow points to, and ``back`` of a field where
ways join the field walked just before it on its own way (the road it lies on).
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass
from typing import Any

from companion.games.patamat.board import BOARD_FORMAT
from companion.games.patamat.builder.draft import START_KEY, Draft

START_ID = "START"
FINISH_ID = "CIL"
WAY_LETTERS = [letter for letter in string.ascii_uppercase if letter not in "FCS"]
"""The other ways' letters (not F of the road's fields, nor C and S of CIL and START)."""


@dataclass(frozen=True)
class Track:
    """The draft's fields as a board file has them (``fields``: id → the file's keys, in the
    walk's order), the ids of the draft's keys, and the way-0 end the drawing ends the road at."""

    fields: dict[str, dict[str, Any]]
    ids: dict[int, str]
    start: str
    finish: str

    def key_of(self, field_id: str) -> int:
        return next(key for key, ident in self.ids.items() if ident == field_id)


def field_ids(draft: Draft) -> dict[int, str]:
    """Every field's id, START included."""
    ids = {START_KEY: START_ID}
    number = 0
    for spot in draft.ways[0].spots:
        if spot.kind == "finish":
            ids[spot.key] = FINISH_ID
        else:
            number += 1
            ids[spot.key] = f"F{number:02d}"
    for index, way in enumerate(draft.ways[1:]):
        letter = _way_letter(index)
        for number, spot in enumerate(way.spots, start=1):
            ids[spot.key] = f"{letter}{number}"
    return ids


def draft_track(draft: Draft) -> Track:
    """The track as walked so far (a way not walked to its end simply ends there)."""
    ids = field_ids(draft)
    following: dict[int, list[int]] = {key: [] for key in ids}
    own_before: dict[int, int] = {}
    main_next: dict[int, int] = {}
    for index, way in enumerate(draft.ways):
        previous = START_KEY if way.fork is None else way.fork
        for spot in way.spots:
            following[previous].append(spot.key)
            own_before[spot.key] = previous
            if index == 0 or previous != way.fork:
                main_next[previous] = spot.key
            previous = spot.key
        if way.joins is not None and (way.spots or way.fork is not None):
            following[previous].append(way.joins)
            if way.spots:
                main_next[previous] = way.joins
    predecessors: dict[int, list[int]] = {key: [] for key in ids}
    for key, targets in following.items():
        for target in targets:
            predecessors[target].append(key)
    fields: dict[str, dict[str, Any]] = {}
    kinds = {spot.key: spot for way in draft.ways for spot in way.spots}
    for key, ident in ids.items():
        placed = kinds.get(key)
        kind = "start" if key == START_KEY else placed.kind if placed else "normal"
        targets = following[key]
        entry: dict[str, Any] = {"id": ident, "kind": kind, "next": [ids[t] for t in targets]}
        if len(targets) >= 2 and key in main_next:
            entry["main"] = ids[main_next[key]]
        if kind == "sign" and placed is not None:
            forced = _forced(draft, key, placed.arrow, targets, main_next)
            if forced is not None:
                entry["forced"] = ids[forced]
        if len(predecessors[key]) >= 2 and key in own_before:
            entry["back"] = ids[own_before[key]]
        if placed is not None and placed.label:
            entry["label"] = placed.label
        fields[ident] = entry
    ordered = {ident: fields[ident] for ident in _walk_order(draft, ids)}
    finish = FINISH_ID if FINISH_ID in ordered else ids[draft.end_of(0)]
    return Track(ordered, ids, START_ID, finish)


def board_text(draft: Draft, name: str, title: str = "") -> str:
    """The ``patamat-board/1`` file of the draft (whether it is playable or not)."""
    track = draft_track(draft)
    lines = [
        "# Made with the board builder on the touchscreen.",
        f'format = "{BOARD_FORMAT}"',
        f"name   = {json.dumps(name)}",
    ]
    if title:
        lines.append(f"title  = {json.dumps(title, ensure_ascii=False)}")
    lines += [f'start  = "{START_ID}"', f'finish = "{FINISH_ID}"', "", "fields = ["]
    for entry in track.fields.values():
        lines.append(f"  {_inline_table(entry)},")
    lines.append("]")
    return "\n".join(lines) + "\n"


def _forced(draft: Draft, key: int, arrow: str, targets: list[int],
            main_next: dict[int, int]) -> int | None:
    if len(targets) == 1:
        return targets[0]
    if len(targets) < 2 or arrow not in ("main", "other"):
        return None
    main = main_next.get(key)
    if arrow == "main":
        return main
    return next((target for target in targets if target != main), None)


def _walk_order(draft: Draft, ids: dict[int, str]) -> list[str]:
    order = [START_ID]
    order += [ids[spot.key] for spot in draft.ways[0].spots if spot.kind != "finish"]
    for way in draft.ways[1:]:
        order += [ids[spot.key] for spot in way.spots]
    order += [ids[spot.key] for spot in draft.ways[0].spots if spot.kind == "finish"]
    return order


def _way_letter(index: int) -> str:
    count = len(WAY_LETTERS)
    if index < count:
        return WAY_LETTERS[index]
    return WAY_LETTERS[index // count - 1] + WAY_LETTERS[index % count]


def _inline_table(entry: dict[str, Any]) -> str:
    parts = []
    for key in ("id", "kind", "next", "main", "forced", "back", "label"):
        if key not in entry or (key == "kind" and entry[key] == "normal"):
            continue
        value = entry[key]
        parts.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
    return "{ " + ", ".join(parts) + " }"
