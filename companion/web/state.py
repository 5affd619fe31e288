"""What a phone sees: a cheap immutable view of the table, taken on the thread that owns the
table session after each change, and the state JSON of one token made from it anywhere else.

Taking the view copies references only (the match's immutable steps, the board's steps, the
snapshot the touchscreen made anyway), so the touchscreen's tap does not get slower; the
words, the legal inputs, the SVG board and the JSON are made from the view off that thread,
once per (change, seat, language) however many phones watch.
"""

from __future__ import annotations

import importlib
import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import companion.table.words.game as words
import companion.table.words.results as result_words
from companion.engine import Match
from companion.engine.game import canonical_line
from companion.engine.strategy import awaits_the_table
from companion.i18n import LANGUAGES, translator
from companion.table.companions import CompanionSeats, undo_to_person
from companion.table.seats import default_colours
from companion.table.session import TableSession
from companion.table.steps import BoardSteps

log = logging.getLogger(__name__)

LOG_ROWS = 8
"""The move-log rows a phone gets (the newest last)."""
TABLE_ONLY = ("fix", "roll")
"""Inputs a phone never sends as an input: a fix is made on the table's screen, a roll comes
from the die (``/api/roll``)."""


@dataclass(frozen=True)
class TableView:
    """The table after one change, as every phone may see it (nothing here changes later)."""

    seq: int
    lang: str
    """The table's language (a phone's default)."""
    match: Match | None
    """A copy of the open match (None when no game is open)."""
    stored_id: int | None = None
    colours: tuple[str, ...] = ()
    companions: Mapping[int, str] = field(default_factory=dict)
    steps: BoardSteps | None = None
    snapshot: Mapping[str, Any] | None = None
    die: str = "software"
    """software | gpio | serial | table."""
    is_coach_on: bool = False
    is_unsaved: bool = False
    boards: dict[tuple[tuple[str, ...], str], str] = field(
        default_factory=dict, compare=False, repr=False)
    """The SVG boards drawn of this view, by (legal inputs, language): a board is drawn once
    per change however many tokens see it (a seat not to move sees the spectators' board)."""
    encoded: dict[int, tuple[object, str]] = field(
        default_factory=dict, compare=False, repr=False)
    """Parts every token's state shares (a board, the snapshot) as JSON, by the part's
    ``id``: encoded once per change, not once per state."""


def take_view(session: TableSession) -> TableView:
    """The view of ``session`` now; on the session's owner thread (cheap: references only)."""
    match = session.match
    die = session.die.source.split(":")[0]
    if match is None:
        return TableView(session.seq, session.lang, None, die=die)
    colours = tuple(session.setup.colours) if session.setup else tuple(
        default_colours(match.players))
    is_coach_on = bool(session.store.setting(f"coach.{match.game_id}", False))
    return TableView(
        seq=session.seq, lang=session.lang, match=match.copy(), stored_id=session.saving.stored_id,
        colours=colours, companions=dict(session.companions.levels),
        steps=session.steps.copy(), snapshot=session.snapshot(), die=die,
        is_coach_on=is_coach_on, is_unsaved=session.saving.is_unsaved,
    )


def is_table_only(line: str) -> bool:
    """A fix or a roll: not a phone's input (see :data:`TABLE_ONLY`)."""
    first = canonical_line(line).lower().partition(" ")[0]
    return first in TABLE_ONLY


def may_play(view: TableView, seat: int | None) -> bool:
    """``seat`` is a person's seat and it is to move now (a roll included)."""
    match = view.match
    return (seat is not None and match is not None and not match.is_over
            and match.to_move == seat and seat not in view.companions)


def legal_inputs(view: TableView, seat: int | None) -> list[str]:
    """The inputs ``seat`` may send now ([] for a spectator or a seat not to move)."""
    if view.match is None or not may_play(view, seat) or view.match.awaiting == "roll":
        return []
    # legal() lines are canonical already: the first word is enough
    return [line for line in view.match.legal() if line.partition(" ")[0] not in TABLE_ONLY]


def can_roll(view: TableView, seat: int | None) -> bool:
    """The seat is to roll and the phone can: the software die rolls, the table's own die's
    face is entered."""
    return (may_play(view, seat) and view.match is not None
            and view.match.awaiting == "roll" and view.die in ("software", "table"))


def can_hint(view: TableView, seat: int | None) -> bool:
    """The coach is on and this seat's person is to decide (as :meth:`TableSession.can_hint`)."""
    match = view.match
    return (view.is_coach_on and may_play(view, seat) and match is not None
            and match.awaiting != "roll" and not awaits_the_table(match))


def undoes_own_input(view: TableView, seat: int | None) -> bool:
    """Undo (back to the last input of a person, as on the screen) would take back an input of
    ``seat``: a phone may undo only its own last input (never a fix made on the screen)."""
    match = view.match
    if seat is None or match is None or seat in view.companions:
        return False
    twin = match.copy()
    history = match.history
    if not undo_to_person(twin, CompanionSeats(view.companions)):
        return False
    undone = history[twin.cursor]
    return twin.to_move == seat and not undone.lower().startswith("fix ")


Pause = Callable[[], None]
"""Called between the steps of making a state: the render thread lets the touchscreen's thread
have the interpreter there (:data:`companion.web.stream.BREATH_SECONDS`)."""
LABELS_PER_STEP = 300
"""Labels made between two pauses (a Crash turn offers ~1,500 inputs)."""


def _no_pause() -> None:
    return None


def state_json(view: TableView, seat: int | None, lang: str,
               pause: Pause = _no_pause) -> dict[str, Any]:
    """The state JSON of a token of ``seat`` (None: a spectator) in ``lang``
    (``docs/web-api.md``); ``pause()`` between its steps (the words, the labels, the board)."""
    lang = lang if lang in LANGUAGES else view.lang
    tr = translator("app", lang)
    match = view.match
    state: dict[str, Any] = {"seq": view.seq, "lang": lang, "seat": seat}
    if match is None:
        nothing = translator("phones", lang)("No game is open at the table.")
        return {**state, "game": None, "game_name": "", "to_move": None, "awaiting": None,
                "over": False, "status": nothing,
                "result": None, "players": [], "table": [], "log": [], "legal": [],
                "can_undo": False, "can_roll": False, "can_hint": False, "die": view.die,
                "last": None, "board": "", "snapshot": None, "unsaved": view.is_unsaved}
    history = match.history
    legal = legal_inputs(view, seat)
    pause()
    # the view's own snapshot (one object for every token: encoded once, :func:`state_bytes`)
    snapshot = view.snapshot if isinstance(view.snapshot, dict) else (
        dict(view.snapshot) if view.snapshot is not None else match.snapshot())
    counters = snapshot.get("counters", {})
    names = list(match.names)
    state.update({
        "game": match.game_id,
        "game_name": words.game_name(match.game_id, lang),
        "to_move": match.to_move,
        "awaiting": match.awaiting,
        "over": match.is_over,
        "status": words.status_line(match, lang),
        "result": result_words.headline(match, tr) or None,
        "players": [
            {"seat": number, "name": name,
             "colour": view.colours[number] if number < len(view.colours) else "red",
             "companion": view.companions.get(number),
             "counters": [[tr(key), value] for key, value in
                          (counters.get(str(number)) or {}).items()],
             "to_move": match.to_move == number and not match.is_over}
            for number, name in enumerate(names)
        ],
        "table": [line.text for line in view.steps.lines(
            match.game_id, names, lang, list(view.colours))] if view.steps else [],
        "log": _log_rows(match, lang),
        "legal": _labelled(legal, match, lang, pause),
        "can_undo": undoes_own_input(view, seat),
        "can_roll": can_roll(view, seat),
        "can_hint": can_hint(view, seat),
        "die": view.die,
        "last": history[-1] if history else None,
        "board": _after(pause, board(view, legal, lang)),
        "snapshot": snapshot,
        "unsaved": view.is_unsaved,
    })
    return state


SHARED_PARTS = ("board", "snapshot")
"""The keys of a state whose values many tokens' states share (the big ones: a Crash board is
~100 kB of SVG): encoded once per change (:func:`state_bytes`)."""


def state_bytes(view: TableView, seat: int | None, lang: str,
                pause: Pause = _no_pause) -> bytes:
    """:func:`state_json` as one line of UTF-8 JSON (what the API and the stream send). The
    shared parts (:data:`SHARED_PARTS`) are encoded once per change and joined in after the
    rest: the same JSON object, its keys in another order."""
    state = state_json(view, seat, lang, pause)
    pause()
    shared = [(key, state.pop(key)) for key in SHARED_PARTS if key in state]
    head = _dumps(state)
    tail = "".join(f',"{key}":{_encoded(view, value)}' for key, value in shared)
    return (head[:-1] + tail + "}").encode("utf-8")


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _encoded(view: TableView, value: object) -> str:
    """``value`` as JSON, kept on ``view`` while the value lives there (the same object: the
    view's board or snapshot); anything else is encoded anew."""
    kept = view.encoded.get(id(value))
    if kept is not None and kept[0] is value:
        return kept[1]
    text = _dumps(value)
    if len(view.encoded) < 64:
        view.encoded[id(value)] = (value, text)
    return text


def board(view: TableView, legal: list[str], lang: str) -> str:
    """The board as SVG (``companion.web.svg.board_svg``); "" when it cannot be drawn (the
    page shows the texts; the table never stops for a drawing)."""
    match, snapshot = view.match, view.snapshot
    if match is None or snapshot is None:
        return ""
    key = (tuple(legal), lang)
    drawn = view.boards.get(key)
    if drawn is None:
        drawn = view.boards[key] = _draw_board(view, match, snapshot, legal, lang)
    return drawn


def _draw_board(view: TableView, match: Match, snapshot: Mapping[str, Any], legal: list[str],
                lang: str) -> str:
    try:
        draw: Callable[..., str] = importlib.import_module("companion.web.svg").board_svg
    except ImportError:  # the drawings are not installed: the page shows the texts
        return ""
    try:
        history = match.history
        return draw(match.game_id, dict(snapshot), colours=list(view.colours),
                    legal=legal, last=history[-1] if history else None, lang=lang,
                    names=list(match.names))
    except Exception:  # noqa: BLE001 - a drawing bug must not break the phones' state
        log.exception("the board of %s could not be drawn", match.game_id)
        return ""


def _labelled(lines: list[str], match: Match, lang: str,
              pause: Pause = _no_pause) -> list[dict[str, str]]:
    """Each input with its label in players' words: the words of the touchscreen's choice
    buttons (:func:`companion.table.words.game.choice_label`); ``pause()`` every
    :data:`LABELS_PER_STEP` labels."""
    labelled = []
    for number, line in enumerate(lines, 1):
        labelled.append({"input": line, "label": words.choice_label(line, match, lang)})
        if number % LABELS_PER_STEP == 0:
            pause()
    return labelled


def _after(pause: Pause, value: str) -> str:
    """``value``, once ``pause()`` returned (a pause after a step that may have been long)."""
    pause()
    return value


def _log_rows(match: Match, lang: str) -> list[str]:
    """The last :data:`LOG_ROWS` rows of the move log ("12. Eva: e8"), the newest last."""
    history = match.history
    rows: list[str] = []
    before = match.copy()
    for number in range(len(history), max(0, len(history) - LOG_ROWS), -1):
        before.undo()
        rows.append(f"{number}. {words.log_label(history[number - 1], before, lang)}")
    return rows[::-1]


__all__ = ["TableView", "can_hint", "can_roll", "is_table_only", "legal_inputs", "may_play",
           "state_bytes", "state_json", "take_view", "undoes_own_input"]
