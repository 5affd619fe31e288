"""A position that cannot be read or played on, with its English sentence kept as a template."""

from __future__ import annotations

from typing import Any


class PositionError(ValueError):
    """A position (or the tiles of its board) that cannot be used.

    ``template`` is the English sentence with ``{placeholders}`` and ``params`` fill them in;
    ``str(error)`` is the filled sentence ("position: unknown clause 'walls'"), so a caller that
    catches ``ValueError`` reads what it always read. A correction (``fix …``, see fixes.py)
    passes template and params on in its :class:`IllegalInput`, so a screen can show the refusal
    in the players' words and in their language.
    """

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params) if params else template)
