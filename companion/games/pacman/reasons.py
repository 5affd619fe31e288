"""Rejections of the PAC-MAN variant: the rule, a plain sentence, and the R56 reason code.

The code travels as the ``code`` parameter of :class:`IllegalInput` (it is not part of the
sentence), so a screen or a test can tell e.g. ``AMBIGUOUS`` from ``WRONG_LENGTH``.
"""

from __future__ import annotations

from typing import Any

from companion.engine.errors import IllegalInput

# R56, in the order they are checked.
CODES = (
    "BAD_SYNTAX",
    "GAME_OVER",
    "WRONG_PHASE",
    "WRONG_START_SQUARE",
    "NOT_ADJACENT",
    "WALL",
    "PAC_ENTERS_GHOST",
    "WRONG_LENGTH",
    "AMBIGUOUS",
    "PASS_NOT_ALLOWED",
    "GHOST_EATEN",
    "ALREADY_MOVED",
    "GHOST_ENDS_ON_DOT",
    "GHOST_ENDS_ON_GHOST",
    "GHOST_NO_PATH",
)


def reject(code: str, rule: str, template: str, **params: Any) -> IllegalInput:
    """The rejection to raise: ``raise reject("WALL", "R36", "a wall stands …", …)``."""
    assert code in CODES, code
    return IllegalInput(rule, template, code=code, **params)
