"""Labels that remember how they looked: a look shown again is not laid out and rendered anew.

Many labels of the play screen flip between a few looks, tap after tap: a score row's name bold
on its turn and plain after it, the die's face, whose roll it is, the status line's few
sentences. Kivy lays a label's text out again (measuring every word) and renders a new texture
on every change, also back to a look it had a moment ago. A :class:`RememberedLabel` keeps its
last :data:`REMEMBERED_LOOKS` looks and takes one back when it is due again.

Under a software GL a look not shown keeps its pixels, not a texture. Mesa's llvmpipe keeps
every texture's pixels in the app's memory (4 bytes a pixel, once filled): the looks' textures
were the larger part of the app's textures after a game's 200 taps (0.55 of 1.03 Mpx in Crash
by Crash). Kivy fills a label's texture when it is first drawn; that fill's pixels (RGBA,
mostly transparent around the letters) are kept LZ4-compressed (:class:`Look`, 10-17x
smaller), and a look taken back is filled into the label's own texture when that is of the
look's size (else into a new one) when the frame draws it, as Kivy fills a rendered one:
~10-18 us of the frame for a table line, against ~110-230 us to render it. With a GPU driver
(the Pi's) the textures live in the GPU's memory: a look keeps its texture, as before, and is
taken back by showing that texture again (:func:`~companion.app.frames.software_gl.gl_is_software`).
A label set aside (no parent) lets its texture go likewise and gets its pixels back when shown.

A look's core label (the one that rendered it) is set aside with it at the label's next change
until its texture's first fill, and the widget renders later looks with a core label of its
own. Once that fill has kept the look's pixels (a software GL: the usual case, a change comes
frames after the last), the widget keeps its core label and renders the next look with it, into
the same texture when that is of the new look's size and no other label's: no new core label
(~40-50 us: Kivy makes one with its ~40 options) and no new texture per change. A look not yet
drawn keeps its texture (no pixels to keep yet): a label that takes it back shows that texture
itself, which no label fills again.

:func:`let_rendered_pixels_go`: every core label (SDL2's) lets go of the surface it rendered
its text on once the pixels are read for the texture; Kivy kept it until the next render.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Hashable
from functools import partial
from operator import attrgetter
from typing import Any, ClassVar

from kivy.clock import Clock
from kivy.graphics.texture import Texture
from kivy.properties import NumericProperty

from companion.app.frames.software_gl import gl_is_software
from companion.app.labels.lean import CHANGING_OPTIONS, LeanLabel

REMEMBERED_LOOKS = 4
"""Looks kept per label: a name, a number, one line; a few kB of pixels each, compressed."""


_LISTS = ("color", "disabled_color", "padding", "text_size")
"""The rendering options held in lists (Kivy's ObservableList): compared as tuples."""
_PLAIN = attrgetter(*(name for name in CHANGING_OPTIONS if name not in _LISTS))
_LISTED = attrgetter(*_LISTS)


class Look:
    """One look of a label: its size and what Kivy's render said of it, and its pixels.

    Until its texture is first drawn (Kivy fills it then) the look holds that texture; from
    then on its pixels, compressed, and no texture."""

    __slots__ = ("key", "texture", "pixels", "size", "is_shortened", "refs", "anchors", "_core")

    def __init__(self, key: Hashable, texture: Any, size: tuple[int, int], is_shortened: bool,
                 refs: dict[str, Any], anchors: dict[str, Any]) -> None:
        self.key = key
        """The label's :meth:`~RememberedLabel.look` it was rendered for."""
        self.texture = texture
        """The texture rendered for it, until its pixels are kept (then None)."""
        self.pixels: bytes | None = None
        """Its RGBA pixels, LZ4-compressed (None until its texture is filled)."""
        self.size = size
        self.is_shortened = is_shortened
        self.refs = refs
        self.anchors = anchors
        self._core: Any = None

    def keep_pixels_of(self, core: Any) -> None:
        """The pixels of ``core``'s next render (its texture's fill) are kept by this look."""
        self._core = core
        core._render_end = self._render_end

    def keep_no_pixels(self) -> None:
        """No render is due (an empty text, or one pixel wide): the core label is let go."""
        core, self._core = self._core, None
        if core is not None:
            del core._render_end

    def _render_end(self) -> Any:
        """The core label's own end of a render, its pixels kept here as they go to the
        texture; the texture is then the label's alone."""
        core, self._core = self._core, None
        del core._render_end  # (the class's again: a later render keeps nothing here)
        data = type(core)._render_end(core)
        if (data is not None and data.width > 1 and data.fmt == "rgba"
                and gl_is_software()):
            import lz4.block  # (loaded just after the first frame: load_compressor)

            self.pixels = lz4.block.compress(data.data)
            self.texture = None
        return data


_LENT: weakref.WeakSet[Any] = weakref.WeakSet()
"""Textures that more than one label may show (a look taken back before its first draw):
never filled with another look."""


def _fill(pixels: bytes, texture: Any) -> None:
    """A texture's fill when drawn: a look's kept pixels (Kivy's core label fills the same)."""
    import lz4.block  # (loaded just after the first frame: load_compressor)

    texture.blit_buffer(lz4.block.decompress(pixels), colorfmt="rgba", bufferfmt="ubyte")


class RememberedLabel(LeanLabel):
    """A :class:`~kivy.uix.label.Label` that keeps the pixels of its last few looks."""

    looks_kept = NumericProperty(REMEMBERED_LOOKS)
    """How many looks are kept: more for a label that cycles through more sentences (the
    status line says whose action of how many it is, for every seat)."""
    shared_looks: ClassVar[dict[Hashable, Look] | None] = None
    """A class whose labels show the same sentences in turn (the table lines, moving down a
    slot as new ones come) sets a dict of its own here: its labels then keep their looks
    together, and a sentence rendered by one is taken back by any of them."""

    def __init__(self, **kwargs: Any) -> None:
        shared = type(self).shared_looks
        self._looks: dict[Hashable, Look] = {} if shared is None else shared
        self._shown: Look | None = None
        """The look whose pixels the label's texture holds (or will, once drawn)."""
        self._rendered: Look | None = None
        """The look the widget's core label rendered last."""
        self._keeps_its_label = False
        super().__init__(**kwargs)

    def look(self) -> Hashable:
        """Everything the texture depends on: the text and every option of its rendering that
        may change (the others are the same in every label: :data:`~companion.app.labels.lean.
        FIXED_OPTIONS`)."""
        return (self.disabled, _PLAIN(self), tuple(map(tuple, _LISTED(self))))

    def _trigger_texture_update(self, name: str | None = None, source: Any = None,
                                value: Any = None) -> None:
        if self._keeps_its_label:  # the core label rendered the latest look
            self._keeps_its_label = False
            if not self._label_is_free():  # it now belongs to that look
                self._label = None
                self._create_label()  # a core label of the widget's properties as they are now
        super()._trigger_texture_update(name, source, value)

    def _label_is_free(self) -> bool:
        """Whether the widget's core label may render the next look: the look it rendered last
        keeps its pixels by now (its texture filled, under a software GL), so nothing of it is
        the core label's. The texture it rendered into is then the widget's own unless another
        label shows it too (a look taken back before its first draw): that one is left to them
        (Kivy's core label makes a new one; else it renders into it again when of the new
        look's size, as Kivy's own label does)."""
        look, core = self._rendered, self._label
        if look is None or look.pixels is None or look._core is not None or core is None:
            return False
        if core.texture is not None and core.texture in _LENT:
            core.texture = None
        return True

    def texture_update(self, *largs: Any) -> None:
        key = self.look()
        kept = self._looks.pop(key, None)
        if kept is None and self._shown is not None and self._shown.key == key:
            kept = self._shown  # (let go by the looks kept while its label was set aside)
        if kept is not None:
            self._looks[key] = kept  # the most recently shown last
            self._keep_the_latest_looks()
            if kept is not self._shown or self.texture is None:  # (its texture let go)
                self._show(kept)
            self.texture_size = list(kept.size)
            self.is_shortened = kept.is_shortened
            if self.markup:
                self.refs, self.anchors = kept.refs, kept.anchors
            return
        look = Look(key, None, (0, 0), False, {}, {})
        look.keep_pixels_of(self._label)  # (a markup text that names places renders now)
        if self.markup and not _NAMES_PLACES.search(self.text):
            _render_when_drawn(self, largs)
        else:
            super().texture_update(*largs)
        if look.pixels is None:  # not filled yet: when first drawn (if ever: an empty text)
            look.texture = self.texture
            if self.texture is None or min(self.texture.size) <= 1:
                look.keep_no_pixels()
        look.size, look.is_shortened = tuple(self.texture_size), self.is_shortened
        look.refs, look.anchors = self.refs, self.anchors
        self._looks[key] = self._shown = self._rendered = look
        self._keep_the_latest_looks()
        self._keeps_its_label = True

    def _keep_the_latest_looks(self) -> None:
        while len(self._looks) > self.looks_kept:
            del self._looks[next(iter(self._looks))]

    def on_parent(self, _widget: Any, parent: Any) -> None:
        """A label set aside (no parent) lets its texture go if it stays aside past this
        frame (a row laid out anew takes its labels out and back in one tap); one shown again
        gets its look's pixels back before its first frame."""
        if parent is None:
            _set_aside.append(self)
            _let_aside_textures_go()
        elif self.texture is None and self._shown is not None:
            self._trigger_texture()

    def let_texture_go(self) -> None:
        """The texture of the look shown is let go when its pixels are kept (else kept): for a
        label not on the window, which gets them back when it is shown
        (:meth:`texture_update`)."""
        texture, shown = self.texture, self._shown
        if texture is None or shown is None or shown.pixels is None:
            return
        if self._label is not None and self._label.texture is texture:
            self._label.texture = None  # (the core label that rendered it)
        self.texture = None

    def _show(self, look: Look) -> None:
        """``look``'s pixels into the label's own texture (or a new one of its size), filled
        when the frame draws it; a look not drawn yet shows the texture it was rendered into."""
        if look.pixels is None:
            if look.texture is not None:
                _LENT.add(look.texture)
            self.texture, self._shown = look.texture, look
            return
        texture, shown = self.texture, self._shown
        if (texture is None or shown is None or shown.texture is not None or texture in _LENT
                or texture.size != look.size):  # not the label's alone, or not of that size
            texture = Texture.create(size=look.size, colorfmt="rgba", mipmap=self.mipmap)
            texture.flip_vertical()
        texture.ask_update(partial(_fill, look.pixels))
        if texture is self.texture:
            self.canvas.ask_update()  # the same texture: drawn again with the pixels now due
        else:
            self.texture = texture
        self._shown = look


_set_aside: list[RememberedLabel] = []
"""Labels that lost their parent in this frame: let go of their textures in the next."""


def _let_go_of_aside_textures(_dt: float = 0) -> None:
    for label in _set_aside:
        if label.parent is None:
            label.let_texture_go()
    _set_aside.clear()


_let_aside_textures_go = Clock.create_trigger(_let_go_of_aside_textures, 0)


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


def load_compressor() -> None:
    """Under a software GL, LZ4 is loaded now: the app calls this just after its first frame
    (which keeps no look), so that no tap loads it. With a GPU no look is compressed: never
    loaded."""
    if gl_is_software():
        import lz4.block  # noqa: F401


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


__all__ = ["REMEMBERED_LOOKS", "Look", "RememberedLabel", "let_rendered_pixels_go"]
