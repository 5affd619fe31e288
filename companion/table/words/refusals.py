"""A refused input in the players' words: what is wrong and what to do instead, and the rule.

The engine's ``reason`` ("R24: wall b3h would overlap wall a3h") stays as it is, for the
terminal player, the logs and the tests. A screen shows instead, big, the game's plain sentence
for the same refusal ("The wall would overlap the wall at a3. Place it elsewhere or move your
pawn.") and, small below it, the rule it comes from ("rule R24").

Each game keeps its plain sentences beside its rules, in ``companion/games/<id>/plain.py``:

* ``PLAIN``: the engine's template → plain English (what is wrong, then what is allowed
  instead), written with the template's parameters; its Czech is in the game's ``.po``.
* ``words(params, match, translate)`` (optional): parameters in the players' words made from
  the engine's (a seat label → the player's name, the wall ``a3h`` → ``a3``, a colour letter →
  "red"); they are added to, or replace, the engine's parameters. ``DERIVED`` names them.

Pure Python, no Kivy.
"""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Callable, Mapping
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from companion.engine import IllegalInput
from companion.i18n import Translate, translate_reason, translator

if TYPE_CHECKING:
    from companion.engine import Match

log = logging.getLogger(__name__)

COMMON: dict[str, str] = {
    "an empty line is not an input": "Nothing was entered.",
}
"""Refusals of the engine itself (every game): template → plain English (Czech in app.po)."""

RULE_LABEL = re.compile(r"§?[A-Z]{0,2}\d+[a-z]?(\.\d+)*")
"""What a rule looks like (R24, R6.1, S3, N4, §5.2); an error's other tags get no rule line."""

Words = Callable[[Mapping[str, Any], "Match | None", Translate], dict[str, Any]]


def refusal(
    game: str, lang: str, error: IllegalInput, match: Match | None = None
) -> tuple[str, str]:
    """(the plain text, the rule line) of a refused input: ("The wall would …", "rule R24").

    ``match`` (the match that refused it) lets the words name players instead of seat labels.
    The rule line is "" when the error names no rule.
    """
    return plain_text(game, lang, error, match), rule_line(lang, error.rule)


def plain_text(game: str, lang: str, error: IllegalInput, match: Match | None = None) -> str:
    """The refusal in plain words, in ``lang``; the engine's own sentence when a game has none
    for this template (a test sees to it that every game has all of them)."""
    module = plain_module(game)
    table: Mapping[str, str] = getattr(module, "PLAIN", {}) if module else {}
    sentence = table.get(error.template)
    domain = game
    if sentence is None and error.template in COMMON:
        sentence, domain = COMMON[error.template], "app"
    if sentence is None:
        log.warning("no plain words in %s for %r", game, error.template)
        return _first_upper(translate_reason(game, lang, error.template, error.params))
    game_words = translator(game, lang)
    params: dict[str, Any] = {
        key: game_words(value) if isinstance(value, str) else value
        for key, value in error.params.items()
    }
    words: Words | None = getattr(module, "words", None) if module else None
    if words is not None:
        try:
            params.update(words(error.params, match, game_words))
        except Exception:  # noqa: BLE001 - a refusal must always be shown
            log.exception("the plain words of %s failed for %r", game, error.template)
    try:
        return translator(domain, lang)(sentence).format(**params)
    except (KeyError, IndexError, ValueError):
        log.exception("the plain sentence of %s for %r does not fit", game, error.template)
        return _first_upper(translate_reason(game, lang, error.template, error.params))


def rule_line(lang: str, rule: str) -> str:
    """ "rule R24" / "pravidlo R24" (Crash's "R41/E_NOT_EMPTY" → "rule R41"); "" when ``rule``
    is not a rule of the game's rules (an "input" or "fix" tag)."""
    label = rule.split("/")[0].strip()
    if not RULE_LABEL.fullmatch(label):
        return ""
    return translator("app", lang)("rule {rule}").format(rule=label)


def plain_table(game: str) -> dict[str, str]:
    """The game's templates → plain English (with the engine's own, ``COMMON``)."""
    module = plain_module(game)
    return {**COMMON, **(getattr(module, "PLAIN", {}) if module else {})}


@cache
def plain_module(game: str) -> ModuleType | None:
    """``companion.games.<game>.plain``, or None for a game without one."""
    try:
        return importlib.import_module(f"companion.games.{game}.plain")
    except ModuleNotFoundError:
        return None


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]
