"""The engine's exceptions: one root, and the rejection every game raises."""

from __future__ import annotations

from typing import Any


class CompanionError(Exception):
    """Root of every error the companion raises on purpose."""


class IllegalInput(CompanionError, ValueError):
    """An input that cannot be parsed or is not allowed now.

    ``rule`` is the rule that stopped it (``"R25"``); ``template`` is the English sentence with
    ``{placeholders}`` filled from ``params`` (so a screen can translate the template and fill it
    in again); ``reason`` is the whole plain sentence, starting with the rule:
    ``"R25: wall e3h would cut the player at e9 off from row 1"``.
    """

    def __init__(self, rule: str, template: str, **params: Any) -> None:
        self.rule = rule
        self.template = template
        self.params = params
        self.message = template.format(**params) if params else template
        self.reason = f"{rule}: {self.message}"
        super().__init__(self.reason)
