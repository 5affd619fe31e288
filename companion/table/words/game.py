"""The table's words for its faces: the status line, what to change on the board after
events, labels of inputs (an input as a choice button says it) and the move log, and why a
set-up or a start is refused.

Kivy-free; every function takes the match (or set-up) and the language, so that the
touchscreen, the terminal and the phones say the same thing.
"""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

import companion.table.words.results as result_words
from companion.engine import GAMES, IllegalInput
from companion.i18n import translator
from companion.table.words.texts import text_module

if TYPE_CHECKING:  # the match, the set-ups and the refusals' words load with the first game:
    # the home screen's game names need none of them
    from companion.engine import Match
    from companion.table.setups import Setup

log = logging.getLogger(__name__)

_ONE_WORD = re.compile(r"\w+")

PROBLEM_CHARS = 140
"""A refused start's reason is cut to this length on the screen (the log keeps all of it)."""

AWAITING_TEXTS = {
    "roll": "roll the die",
    "move": "your move",
    "choice": "choose",
    "setup": "set up the board",
}


def status_line(match: Match, lang: str) -> str:
    """Whose turn it is and the one thing to do ("Eva: roll the die"), or the result."""
    tr = translator("app", lang)
    text = text_module(match.game_id)
    if text is not None:
        try:
            return str(text.status_line(match, lang))
        except Exception:  # noqa: BLE001 - words must never break the table
            log.exception("status_line failed")
    if match.outcome is not None:
        return result_words.headline(match, tr)
    seat = match.to_move
    name = match.names[seat] if seat is not None else ""
    return f"{name}: {tr(AWAITING_TEXTS.get(match.awaiting, 'your move'))}"


def describe(events: Sequence[str], match: Match | None, lang: str) -> list[str]:
    """What to change on the physical board after ``events`` (the game's sentences)."""
    if not events or match is None:
        return []
    text = text_module(match.game_id)
    if text is not None:
        try:
            return [str(line) for line in text.describe(list(events), match, lang)]
        except Exception:  # noqa: BLE001
            log.exception("describe failed")
    return list(events)


def table_describe(events: Sequence[str], match: Match | None, lang: str) -> list[str]:
    """:func:`describe` of the events a person acts on at the table: without those the
    status line says already (the game's ``STATUS_EVENTS``, e.g. Člověče's "Jan's turn")."""
    text = text_module(match.game_id) if match is not None else None
    said = frozenset(getattr(text, "STATUS_EVENTS", ()))
    return describe([event for event in events if event.partition(" ")[0] not in said],
                    match, lang)


def roll_events(match: Match) -> frozenset[str]:
    """The game's ``ROLL_EVENTS``: events that say only who rolled what (Pat a Mat's roll-off
    roll), which the table's lines after a roll say already."""
    text = text_module(match.game_id)
    return frozenset(getattr(text, "ROLL_EVENTS", ()))


def game_label(line: str, match: Match, lang: str) -> str | None:
    """The game's ``text.input_label(line, match, lang)``; None without one (or on error)."""
    text = text_module(match.game_id)
    label = getattr(text, "input_label", None) if text else None
    if not callable(label):
        return None
    try:
        return str(label(line, match, lang))
    except Exception:  # noqa: BLE001 - a label must never break the screen
        log.exception("input_label failed for %r", line)
        return None


def choice_label(line: str, match: Match, lang: str) -> str:
    """``line`` as a choice button says it, the same words on the touchscreen and on a phone
    ("Move to e8", "Enter the red piece"): the game's ``choices.choice_label(line, match,
    lang)``, else its ``text.input_label``, else the line itself. Never raises: a label that
    fails is logged and the next one is tried."""
    label = _game_choice_label(match.game_id)
    if label is not None:
        try:
            said = label(line, match, lang)
        except Exception:  # noqa: BLE001 - a label must never break a face
            log.exception("choice_label of %s failed for %r", match.game_id, line)
        else:
            if said is not None:
                return str(said)
    return game_label(line, match, lang) or line


def log_label(line: str, match: Match, lang: str) -> str:
    """A move-log row for ``line`` played in ``match`` (the match BEFORE it): the mover's
    name, then the game's ``text.input_label`` or, without one, the line itself
    ("Eva: move 0 Y"); a roll and a fix get the app's own words."""
    tr = translator("app", lang)
    seat = match.to_move
    name = match.names[seat] if seat is not None and seat < len(match.names) else ""
    label = game_label(line, match, lang)
    if label is None:
        words = line.split()
        if len(words) == 2 and words[0] == "roll" and words[1].isdigit():
            label = tr("rolled {value}").format(value=words[1])
        elif words and words[0] == "fix":
            label = tr("fixed the position")
        else:
            label = line
    return f"{name}: {label}" if name else label


def move_log(match: Match, lang: str) -> list[str]:
    """The move log: "n. Name: input" for every accepted input up to the undo cursor."""
    from companion.engine import open_game

    replay = open_game(match.game_id, players=match.players, names=match.names,
                       position=match.start_position, **match.options)
    rows = []
    for number, line in enumerate(match.history, start=1):
        rows.append(f"{number}. {log_label(line, replay, lang)}")
        replay.play(line)
    return rows


@cache
def _game_choice_label(game_id: str) -> Callable[[str, Match, str], str | None] | None:
    """``companion.games.<game_id>.choices.choice_label``, or None for a game without one."""
    name = f"companion.games.{game_id}.choices"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:  # the module is there but imports something missing
            log.exception("the choice labels of %s cannot be loaded", game_id)
        return None
    label = getattr(module, "choice_label", None)
    return label if callable(label) else None


def game_name(game: str, lang: str) -> str:
    description = GAMES[game]
    return description.name_cs if lang == "cs" else description.name


def name_problem(setup: Setup, lang: str) -> str | None:
    """Why these names cannot start ``setup.game`` (a translated sentence), or None.

    Every player needs a name, no two alike (ignoring case); in Pat a Mat (P5) a name is
    one word of letters and digits, without spaces.
    """
    from companion.table.setups import ONE_WORD_NAMES

    tr = translator("app", lang)
    seen: set[str] = set()
    game = game_name(setup.game, lang)
    for seat, raw in enumerate(setup.names):
        name = raw.strip()
        if not name:
            return tr("Player {number} has no name: type one in.").format(number=seat + 1)
        if name.casefold() in seen:
            twice = tr("Two players are called {name}: give each a different name.")
            return twice.format(name=name)
        seen.add(name.casefold())
        if setup.game in ONE_WORD_NAMES and not _ONE_WORD.fullmatch(name):
            if " " in name:
                spaced = tr("{game}: “{name}” has a space; names here are one word, no spaces.")
                return spaced.format(game=game, name=name)
            odd = tr("{game}: “{name}” may only have letters and digits.")
            return odd.format(game=game, name=name)
    return None


def start_problem(error: Exception, game: str, lang: str) -> str:
    """A failed start of ``game``, in words for the banner (Czech where a catalogue has the
    reason)."""
    log.warning("a start of %s was refused: %s", game or "a game", error)
    reason = str(error)
    if isinstance(error, IllegalInput) and game:  # in the players' words, without the rule
        from companion.table.words.refusals import plain_text

        words = plain_text(game, lang, error)
        reason = words[:1].lower() + words[1:] if words[1:2].islower() else words
    for domain in (game, "app"):
        if domain:
            translated = translator(domain, lang)(reason)
            if translated != reason:
                reason = translated
                break
    if len(reason) > PROBLEM_CHARS:
        reason = reason[: PROBLEM_CHARS - 1].rstrip() + "…"
    return translator("app", lang)("The game cannot start: {reason}").format(reason=reason)
