"""The track: a board file (TOML, ``patamat-board/1``), its validation V1–V8 and the stepping.

A board file describes the physical track field by field (spec §2). :func:`board_errors` lists
every problem, each naming the field it is about; :func:`parse_board` returns a :class:`Board`
or raises :class:`BoardError` with those messages. The stepping functions ``fwd``/``back`` of
§2.3 are precomputed per board, so a move is a few dictionary look-ups.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.digests import sha256_hex
from companion.games.patamat.description import DEFAULT_BOARD
from companion.resources import package_path

BOARD_FORMAT = "patamat-board/1"
KINDS = ("start", "finish", "semafor", "sign", "normal")
BOARDS_DIR_ENV = "COMPANION_PATAMAT_BOARDS"
PACKAGE_BOARDS = package_path("companion.games.patamat.boards")

_ID = re.compile(r"[A-Za-z0-9_]+")
_NAME = re.compile(r"[A-Za-z0-9_.-]+")
_TOP_KEYS = ("format", "name", "title", "start", "finish", "fields")
TITLE_LENGTH = 40
"""The most characters a board's ``title`` (the name players gave it) may have."""
_FIELD_KEYS = ("id", "kind", "next", "main", "forced", "back", "label", "x", "y")


class BoardError(ValueError):
    """A board file that cannot be used; ``errors`` holds one sentence per problem."""

    def __init__(self, source: str, errors: list[str]) -> None:
        self.source = source
        self.errors = errors
        super().__init__(f"board {source} is not valid: " + "; ".join(errors))


@dataclass(frozen=True)
class Field:
    """One space of the track as the board file describes it."""

    id: str
    kind: str = "normal"
    next: tuple[str, ...] = ()
    main: str | None = None
    forced: str | None = None
    back: str | None = None
    label: str | None = None
    x: float | None = None
    y: float | None = None


@dataclass(frozen=True, eq=False)
class Board:
    """A validated track. Two boards are equal when their files have the same content."""

    name: str
    start: str
    finish: str
    fields: tuple[Field, ...]
    sha: str
    title: str | None = field(default=None, kw_only=True)
    """The name the players gave the board (the file's ``title``), None when it has none."""
    text: str = field(default="", repr=False, kw_only=True)
    """The board file's text, as it was read (a game keeps it in the store)."""
    by_id: Mapping[str, Field] = field(repr=False)
    by_folded: Mapping[str, str] = field(repr=False)
    step_first: Mapping[str, str] = field(repr=False)
    step_on: Mapping[str, str] = field(repr=False)
    step_back: Mapping[str, str] = field(repr=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other.sha == self.sha

    def __hash__(self) -> int:
        return hash(self.sha)

    def __str__(self) -> str:
        """The board's name: what a game's options show when they hold the board itself."""
        return self.name

    def lookup(self, text: str) -> str | None:
        """The field id written ``text`` (ids are compared ignoring case), or None."""
        return self.by_folded.get(text.casefold())

    def kind(self, field_id: str) -> str:
        return self.by_id[field_id].kind

    def fwd(self, field_id: str, first: bool) -> str:
        """§2.3 ``fwd``: the forced edge on the first step from a sign, else main/only edge."""
        return self.step_first[field_id] if first else self.step_on[field_id]

    def back(self, field_id: str) -> str | None:
        """§2.3 ``back``: None on START, else the only or the ``back`` predecessor."""
        return self.step_back.get(field_id)

    def forced_of(self, field_id: str) -> str | None:
        """Where a forward move starting here goes first, if this is a sign; else None."""
        spot = self.by_id[field_id]
        return spot.forced if spot.kind == "sign" else None

    @property
    def normal_fields(self) -> tuple[str, ...]:
        return tuple(spot.id for spot in self.fields if spot.kind == "normal")


# -- loading -------------------------------------------------------------------------------


def parse_board(text: str, source: str = "<text>") -> Board:
    """Read and validate a board file's text; raise :class:`BoardError` naming every problem."""
    return _parse_cached(text, source)


def load_board_file(path: str | os.PathLike[str]) -> Board:
    file = Path(path)
    try:
        data = file.read_bytes()
    except OSError as error:
        raise BoardError(
            str(file), [f"file: cannot read {str(file)!r} ({error.strerror})"]
        ) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BoardError(str(file), ["file: the board file is not UTF-8 text"]) from None
    return parse_board(text, str(file))


def validate_board_file(path: str | os.PathLike[str]) -> list[str]:
    """Every problem of the board file at ``path``, each naming the field; [] when it is fine."""
    try:
        load_board_file(path)
    except BoardError as error:
        return list(error.errors)
    return []


def user_boards_dir() -> Path:
    """Where boards are found by name: ``$COMPANION_PATAMAT_BOARDS`` or the user data dir."""
    configured = os.environ.get(BOARDS_DIR_ENV)
    if configured:
        return Path(configured)
    import platformdirs

    return Path(platformdirs.user_data_dir("companion")) / "patamat-boards"


def resolve_board(choice: object) -> Board:
    """The board named by the ``board`` option: a Board, a file path, a board name, or the
    text of a board file (a line break tells it apart: what the store keeps for a game).

    A name is looked up as ``<name>.toml`` (or a file whose ``name`` key matches) in the user
    boards directory, then among the boards shipped in the package. Raises ValueError naming
    the option when nothing fits or the file is invalid.
    """
    if isinstance(choice, Board):
        return choice
    if not isinstance(choice, (str, os.PathLike)):
        # ValueError, not TypeError: the facade reports every bad option value as ValueError.
        raise ValueError(  # noqa: TRY004
            f"option 'board' must be a board name or a file path, not {choice!r}"
        )
    text = os.fspath(choice)
    if "\n" in text:  # the board file's text itself (a stored game keeps its board so)
        try:
            return parse_board(text, "<kept board>")
        except BoardError as error:
            raise ValueError(f"option 'board': {error}") from None
    path = Path(text)
    if text.endswith(".toml") or os.sep in text or "/" in text or path.is_file():
        if not path.is_file():
            raise ValueError(f"option 'board': there is no board file {text!r}")
        return _option_board(path)
    for directory in (user_boards_dir(), PACKAGE_BOARDS):
        found = _find_named(directory, text)
        if found is not None:
            return _option_board(found)
    known = ", ".join(sorted(board_names())) or "none"
    raise ValueError(
        f"option 'board': there is no board {text!r} (boards: {known}; "
        f"or give a path to a .toml file)"
    )


def _option_board(path: Path) -> Board:
    try:
        return load_board_file(path)
    except BoardError as error:
        raise ValueError(f"option 'board': {error}") from None


def board_names() -> list[str]:
    """Names of the boards found in the user boards directory and in the package."""
    names: set[str] = set()
    for directory in (user_boards_dir(), PACKAGE_BOARDS):
        if directory.is_dir():
            names.update(file.stem for file in directory.glob("*.toml"))
    return sorted(names)


def default_board() -> Board:
    return load_board_file(PACKAGE_BOARDS / f"{DEFAULT_BOARD}.toml")


# -- validation ------------------------------------------------------------------------------


def board_errors(text: str) -> list[str]:
    """Every problem of a board file's text (schema first, then V1–V8), each naming the field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return [f"TOML: the file is not valid TOML ({error})"]
    errors = _schema_errors(data)
    if errors:
        return errors
    fields = [_read_field(raw) for raw in data["fields"]]
    errors = _graph_errors(data, fields)
    if errors:
        return errors
    return _walk_errors(data["start"], data["finish"], _steppers(fields))


def _schema_errors(data: dict[str, Any]) -> list[str]:
    errors: list[str] = []
    for key in sorted(set(data) - set(_TOP_KEYS)):
        errors.append(f"format: unknown top-level key {key!r}")
    if data.get("format") != BOARD_FORMAT:
        errors.append(f"format: format must be {BOARD_FORMAT!r}, not {data.get('format')!r}")
    name = data.get("name")
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        errors.append("format: top-level name must be letters, digits, _, - or .")
    title = data.get("title", "")
    if not isinstance(title, str) or len(title) > TITLE_LENGTH:
        errors.append(
            f"format: top-level title must be a text of at most {TITLE_LENGTH} characters")
    for key in ("start", "finish"):
        value = data.get(key)
        if not isinstance(value, str) or not _ID.fullmatch(value):
            errors.append(f"format: top-level {key} must be a field id (letters, digits and _)")
    raw_fields = data.get("fields")
    if not isinstance(raw_fields, list) or not raw_fields:
        errors.append("format: fields must be a non-empty array of tables")
        return errors
    for number, raw in enumerate(raw_fields, start=1):
        errors.extend(_field_schema_errors(number, raw))
    return errors


def _field_schema_errors(number: int, raw: object) -> list[str]:
    if not isinstance(raw, dict):
        return [f"format: fields entry {number} is not a table"]
    ident = raw.get("id")
    if not isinstance(ident, str) or not _ID.fullmatch(ident):
        return [f"format: fields entry {number}: id must be letters, digits and _, not {ident!r}"]
    where = f"field {ident!r}"
    errors = [
        f"format: {where}: unknown key {key!r}" for key in sorted(set(raw) - set(_FIELD_KEYS))
    ]
    if raw.get("kind", "normal") not in KINDS:
        errors.append(f"format: {where}: kind {raw.get('kind')!r} is not one of {', '.join(KINDS)}")
    successors = raw.get("next")
    if not isinstance(successors, list) or not all(isinstance(item, str) for item in successors):
        errors.append(f"format: {where}: next must be an array of field ids")
    for key in ("main", "forced", "back", "label"):
        if key in raw and not isinstance(raw[key], str):
            errors.append(f"format: {where}: {key} must be a string")
    for key in ("x", "y"):
        value = raw.get(key, 0.0)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            errors.append(f"format: {where}: {key} must be a number from 0 to 1")
    return errors


def _read_field(raw: dict[str, Any]) -> Field:
    def number(key: str) -> float | None:
        return float(raw[key]) if key in raw else None

    return Field(
        id=raw["id"],
        kind=raw.get("kind", "normal"),
        next=tuple(raw["next"]),
        main=raw.get("main"),
        forced=raw.get("forced"),
        back=raw.get("back"),
        label=raw.get("label"),
        x=number("x"),
        y=number("y"),
    )


def _graph_errors(data: dict[str, Any], fields: list[Field]) -> list[str]:
    errors: list[str] = []
    ids = {spot.id for spot in fields}
    seen: dict[str, str] = {}
    for spot in fields:
        folded = spot.id.casefold()
        if folded in seen:
            errors.append(f"V1: field {spot.id!r} is defined twice (ids must differ ignoring case)")
        seen.setdefault(folded, spot.id)
    for key in ("start", "finish"):
        if data[key] not in ids:
            errors.append(f"V1: top-level {key} refers to unknown field {data[key]!r}")
    for spot in fields:
        for key, targets in (
            ("next", spot.next),
            ("main", (spot.main,)),
            ("forced", (spot.forced,)),
            ("back", (spot.back,)),
        ):
            for target in targets:
                if target is not None and target not in ids:
                    errors.append(
                        f"V1: field {spot.id!r}: {key} refers to unknown field {target!r}"
                    )
    errors.extend(_kind_errors(data, fields))
    predecessors: dict[str, list[str]] = {spot.id: [] for spot in fields}
    for spot in fields:
        for target in dict.fromkeys(spot.next):
            if target in predecessors:
                predecessors[target].append(spot.id)
    for spot in fields:
        errors.extend(_edge_errors(spot, data["start"], predecessors.get(spot.id, [])))
    return errors


def _kind_errors(data: dict[str, Any], fields: list[Field]) -> list[str]:
    errors: list[str] = []
    for kind in ("start", "finish"):
        having = [spot.id for spot in fields if spot.kind == kind]
        if not having:
            errors.append(f"V2: no field has kind = {kind!r}; exactly one must")
        elif len(having) > 1:
            listed = ", ".join(repr(ident) for ident in having)
            errors.append(f"V2: fields {listed} all have kind = {kind!r}; exactly one may")
        elif having[0] != data[kind]:
            errors.append(
                f"V2: top-level {kind} is {data[kind]!r} but field {having[0]!r} has kind {kind!r}"
            )
    return errors


def _edge_errors(spot: Field, start: str, predecessors: list[str]) -> list[str]:
    where = f"field {spot.id!r}"
    errors: list[str] = []
    if spot.kind == "finish" and spot.next:
        errors.append(f"V3: {where} is the finish and must have next = []")
    if spot.kind != "finish" and not spot.next:
        errors.append(f"V3: {where} has no successor in next")
    if spot.id in spot.next:
        errors.append(f"V3: {where} lists itself in next")
    if start in spot.next and spot.id != start:
        errors.append(f"V3: {where} has an edge into the start field {start!r}")
    if len(set(spot.next)) != len(spot.next):
        errors.append(f"V3: {where} lists the same successor twice in next")
    if len(spot.next) >= 2 and spot.main is None:
        errors.append(f"V4: {where} has {len(spot.next)} successors and needs main")
    elif len(spot.next) >= 2 and spot.main not in spot.next:
        errors.append(f"V4: {where}: main {spot.main!r} is not in its next")
    elif len(spot.next) < 2 and spot.main is not None:
        errors.append(f"V4: {where} has fewer than 2 successors and must not have main")
    if spot.kind == "sign" and spot.forced is None:
        errors.append(f"V5: {where} is a sign and needs forced")
    elif spot.kind == "sign" and spot.forced not in spot.next:
        errors.append(f"V5: {where}: forced {spot.forced!r} is not in its next")
    elif spot.kind != "sign" and spot.forced is not None:
        errors.append(f"V5: {where} is not a sign and must not have forced")
    listed = ", ".join(predecessors)
    if spot.kind != "start" and not predecessors:
        errors.append(f"V6: {where} has no predecessor (no field lists it in next)")
    if len(predecessors) >= 2 and spot.back is None:
        errors.append(f"V6: {where} has {len(predecessors)} predecessors ({listed}) and needs back")
    elif len(predecessors) >= 2 and spot.back not in predecessors:
        errors.append(f"V6: {where}: back {spot.back!r} is not one of its predecessors ({listed})")
    elif len(predecessors) < 2 and spot.back is not None:
        errors.append(f"V6: {where} has fewer than 2 predecessors and must not have back")
    return errors


def _walk_errors(start: str, finish: str, steppers: tuple[dict[str, str], ...]) -> list[str]:
    _first, step_on, step_back = steppers
    errors: list[str] = []
    for ident in step_on.keys() | {finish}:
        if not _reaches(ident, finish, step_on):
            errors.append(f"V7: from field {ident!r} the main route never reaches the finish")
    for ident in step_on.keys() | {finish}:
        if not _reaches(ident, start, step_back):
            errors.append(f"V8: from field {ident!r} going backward never reaches the start")
    return sorted(errors)


def _reaches(origin: str, goal: str, step: Mapping[str, str]) -> bool:
    seen: set[str] = set()
    current: str | None = origin
    while current is not None and current != goal:
        if current in seen:
            return False
        seen.add(current)
        current = step.get(current)
    return current == goal


def _steppers(fields: list[Field]) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    step_first: dict[str, str] = {}
    step_on: dict[str, str] = {}
    step_back: dict[str, str] = {}
    predecessors: dict[str, list[str]] = {spot.id: [] for spot in fields}
    for spot in fields:
        for target in spot.next:
            predecessors[target].append(spot.id)
    for spot in fields:
        if spot.next:
            step_on[spot.id] = spot.next[0] if len(spot.next) == 1 else str(spot.main)
            step_first[spot.id] = (
                spot.forced if spot.kind == "sign" and spot.forced else step_on[spot.id]
            )
        before = predecessors[spot.id]
        if spot.kind != "start" and before:
            step_back[spot.id] = before[0] if len(before) == 1 else str(spot.back)
    return step_first, step_on, step_back


@lru_cache(maxsize=32)
def _parse_cached(text: str, source: str) -> Board:
    errors = board_errors(text)
    if errors:
        raise BoardError(source, errors)
    data = tomllib.loads(text)
    fields = tuple(_read_field(raw) for raw in data["fields"])
    step_first, step_on, step_back = _steppers(list(fields))
    return Board(
        name=data["name"],
        start=data["start"],
        finish=data["finish"],
        fields=fields,
        sha=board_sha(text),
        title=data.get("title") or None,
        text=text,
        by_id={spot.id: spot for spot in fields},
        by_folded={spot.id.casefold(): spot.id for spot in fields},
        step_first=step_first,
        step_on=step_on,
        step_back=step_back,
    )


def board_sha(text: str) -> str:
    """The hash a board file's text is known by (in saved positions and in the store)."""
    return sha256_hex(text)[:16]


def _find_named(directory: Path, name: str) -> Path | None:
    if not directory.is_dir():
        return None
    direct = directory / f"{name}.toml"
    if direct.is_file():
        return direct
    for candidate in sorted(directory.glob("*.toml")):
        try:
            if tomllib.loads(candidate.read_text(encoding="utf-8")).get("name") == name:
                return candidate
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue
    return None
