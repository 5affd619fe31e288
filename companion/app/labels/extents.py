"""Text widths remembered per font: a label's layout measures each word once per font, not anew.

Kivy lays a label's text out by measuring it: every word of a markup text (a score row's
name and counters), line after line of a wrapped one (the table lines). Each measurement goes
to SDL_ttf, which lays the text's glyphs out anew every time: ~85 µs a word on this machine,
~25 words in a Crash score row (why it costs that much inside SDL_ttf was not looked into).
The same text in the same font always measures the same, so :func:`install` makes Kivy's text
provider remember its answers, keyed by the font options that decide them and the text. What
is drawn does not change: the provider's rendering never asks for these measurements, and the
layout gets the very numbers it got before.

Kivy's layout asks a label once per run of text for a measuring function valid while the font
stays as it is (``get_cached_extents``), then measures every word and line prefix of that run
with it (~25 in a Crash score row). :func:`install` makes that function look the text up in the
font's measurements worked out once, not the font's options again at each measurement
(~0.2 us a known text, not ~1.4): the same numbers, from the same measurements.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

FONT_OPTIONS = ("font_size", "font_name_r", "bold", "italic", "underline", "strikethrough",
                "outline_width", "font_hinting", "font_kerning", "font_family",
                "font_direction", "font_script_name", "font_features", "text_language",
                "font_context", "unicode_errors")
"""The core label's options a text's extents depend on (Kivy 2.3's text providers)."""
REMEMBERED_EXTENTS = 20_000
"""Measurements kept (~2 MB at most: a text and two numbers each, the font once); all are
forgotten when that many are kept."""

_font_of = itemgetter(*FONT_OPTIONS)
_extents: dict[tuple[Any, ...], dict[str, tuple[int, int]]] = {}
"""Per font (its options' values), each text's (width, height)."""
_count = [0]


def remembering(measure: Callable[[Any, str], tuple[int, int]]) -> Callable[[Any, str],
                                                                            tuple[int, int]]:
    """``measure`` (a text provider's ``get_extents``) answering again from what it measured."""

    def get_extents(label: Any, text: str) -> tuple[int, int]:
        try:
            font = _font_of(label.options)
            known = _extents.get(font)
        except (KeyError, TypeError):  # an option not set yet, or not hashable: measured
            return measure(label, text)
        if known is None:
            known = _extents[font] = {}
        size = known.get(text)
        if size is None:
            if _count[0] >= REMEMBERED_EXTENTS:
                forget()
                known = _extents[font] = {}
            size = known[text] = measure(label, text)
            _count[0] += 1
        return size

    get_extents.__wrapped__ = measure  # type: ignore[attr-defined]
    return get_extents


def cached_extents(label: Any) -> Callable[[str], tuple[int, int]]:
    """A core label's measuring function for its font as it is now (Kivy's
    ``get_cached_extents``): a text known for that font is looked up there, anything else (and
    everything once the label's options are another dict: Kivy switches them word by word when
    it shortens a markup text) measured as :func:`remembering` measures it."""
    measure = label.get_extents
    options = label.options
    try:
        font = _font_of(options)
        known = _extents.get(font)
    except (KeyError, TypeError):
        return measure  # type: ignore[no-any-return]
    if known is None:
        known = _extents[font] = {}
    look_up = known.get

    def extents(text: str) -> tuple[int, int]:
        if label.options is options:
            size = look_up(text)
            if size is not None:
                return size
        return measure(text)  # type: ignore[no-any-return]

    return extents


def install() -> None:
    """Make Kivy's text provider (the core label class in use) remember its measurements."""
    from kivy.core.text import Label as CoreLabel

    if not hasattr(CoreLabel.get_extents, "__wrapped__"):
        CoreLabel.get_extents = remembering(CoreLabel.get_extents)
        CoreLabel.get_cached_extents = cached_extents


def forget() -> None:
    """Forget every measurement."""
    _extents.clear()
    _count[0] = 0


__all__ = ["FONT_OPTIONS", "REMEMBERED_EXTENTS", "cached_extents", "forget", "install",
           "remembering"]
