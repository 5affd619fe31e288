"""Labels that remember how they looked: a look shown again is not laid out and rendered anew.

Many labels of the play screen flip between a few looks, tap after tap: a score row's name bold
on its turn and plain after it, the die's face, whose roll it is, the status line's few
sentences. Kivy lays a label's text out again (measuring every word) and renders a new texture
on every change, also back to a look it had a moment ago. A :class:`RememberedLabel` keeps the
textures of its last :data:`REMEMBERED_LOOKS` looks and takes one back when it is due again.

A remembered texture is never drawn into again: the core label that rendered it is set aside
with it at the label's next change (its texture is filled when first drawn, from that core
label's text and options), and the widget renders later looks with a core label of its own.

:func:`let_rendered_pixels_go`: every core label (SDL2's) lets go of the surface it rendered
its text on once the pixels are read for the texture; Kivy kept it until the next render.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from operator import attrgetter
from typing import Any, ClassVar

from kivy.properties import NumericProperty
from kivy.uix.label import Label

REMEMBERED_LOOKS = 4
"""Looks kept per label: small textures (a name, a number, one line), a few kB each."""


_LISTS = ("color", "disabled_color", "padding", "outline_color", "disabled_outline_color",
          "text_size")
"""The rendering options held in lists (Kivy's ObservableList): compared as tuples."""
_PLAIN = attrgetter(*(name for name in Label._font_properties
                      if name not in _LISTS and name != "ellipsis_options"))
_LISTED = attrgetter(*_LISTS)


class RememberedLabel(Label):
    """A :class:`~kivy.uix.label.Label` that keeps the textures of its last few looks."""

    looks_kept = NumericProperty(REMEMBERED_LOOKS)
    """How many looks are kept: more for a label that cycles through more sentences (the
    status line says whose action of how many it is, for every seat)."""
    shared_looks: ClassVar[dict[Hashable, tuple[Any, ...]] | None] = None
    """A class whose labels show the same sentences in turn (the table lines, moving down a
    slot as new ones come) sets a dict of its own here: its labels then keep their looks
    together, and a sentence rendered by one is taken back by any of them."""

    def __init__(self, **kwargs: Any) -> None:
        shared = type(self).shared_looks
        self._looks: dict[Hashable, tuple[Any, ...]] = {} if shared is None else shared
        self._keeps_its_label = False
        super().__init__(**kwargs)

    def look(self) -> Hashable:
        """Everything the texture depends on: the text and every option of its rendering."""
        ellipsis = self.ellipsis_options
        return (self.disabled, _PLAIN(self), tuple(map(tuple, _LISTED(self))),
                tuple(sorted(ellipsis.items())) if ellipsis else ())

    def _trigger_texture_update(self, name: str | None = None, source: Any = None,
                                value: Any = None) -> None:
        if self._keeps_its_label:  # the core label now belongs to a remembered look
            self._keeps_its_label = False
            self._label = None
            self._create_label()  # a core label of the widget's properties as they are now
        super()._trigger_texture_update(name, source, value)

    def texture_update(self, *largs: Any) -> None:
        key = self.look()
        kept = self._looks.pop(key, None)
        if kept is not None:
            self._looks[key] = kept  # the most recently shown last
            self.texture, size, self.is_shortened, refs, anchors = kept
            self.texture_size = list(size)
            if self.markup:
                self.refs, self.anchors = refs, anchors
            return
        if self.markup and not _NAMES_PLACES.search(self.text):
            _render_when_drawn(self, largs)
        else:
            super().texture_update(*largs)
        self._looks[key] = (self.texture, tuple(self.texture_size), self.is_shortened,
                            self.refs, self.anchors)
        while len(self._looks) > self.looks_kept:
            del self._looks[next(iter(self._looks))]
        self._keeps_its_label = True


_NAMES_PLACES = re.compile(r"\[(ref|anchor)=")
"""Markup that names places in its text (Kivy's ``refs`` and ``anchors``): those are known only
once the text is rendered."""


def _render_when_drawn(label: RememberedLabel, largs: tuple[Any, ...]) -> None:
    """Kivy's markup label update, its glyphs rendered when the texture is first drawn.

    Kivy lays a markup text out, then binds the new texture at once (its ``texture_update``: "force
    the rendering to get the references"), which renders every word's glyphs inside the tap,
    before the frame; a plain label's texture is filled when the frame first draws it. A text
    that names no places needs no early rendering: the forced fill is skipped here and the
    texture asks for the same fill again, from the same core label, when first drawn (a markup
    score row ~0.25 ms, two of them and the status line in a turn's last tap)."""
    core = label._label
    skipped: list[Any] = []
    core._texture_fill = skipped.append  # the fill the bind asks for, not done now
    try:
        super(RememberedLabel, label).texture_update(*largs)
    finally:
        del core._texture_fill
    for texture in skipped:
        texture.ask_update(core._texture_fill)  # filled when drawn, as a plain label's


def let_rendered_pixels_go() -> bool:
    """Core labels keep no surface after rendering; False where the text provider is not SDL2.

    Kivy's SDL2 core label renders a text on a surface of its own (width x height x 4 bytes),
    copies its pixels out for the texture and keeps the surface until its next render: every
    label widget, remembered look and board text held one, as large as its texture. A render
    always begins with a new surface, so the old one need not be kept.
    """
    from kivy.core.text import Label as CoreLabel

    if CoreLabel.__name__ != "LabelSDL2":
        return False
    if getattr(CoreLabel, "lets_pixels_go", False):
        return True

    def _render_end(label: Any) -> Any:
        pixels = label._surface.get_data()
        label._surface = None
        return pixels

    CoreLabel.kivy_render_end = CoreLabel._render_end
    CoreLabel._render_end = _render_end
    CoreLabel.lets_pixels_go = True
    return True


__all__ = ["REMEMBERED_LOOKS", "RememberedLabel", "let_rendered_pixels_go"]
