"""A remembered label in a real window: its looks come back without a render, and stay right.

    python tests/ui/scenarios/labels.py SCENARIO STORE_PATH OUT_JSON SHOT_DIR [LANG]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterator
from operator import attrgetter
from pathlib import Path
from typing import Any, ClassVar

if __name__ == "__main__":  # a script: tests/ui on the path, not this package's folder
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from driver import Driver, run_from_command_line  # noqa: E402  (configures Kivy before it is imported)
from kivy.properties import NumericProperty  # noqa: E402

from companion.app.labels.remembered import REMEMBERED_LOOKS, RememberedLabel  # noqa: E402

Scenario = Callable[[Driver], Iterator[float]]
FRAME = 0.15


def pixels_of(texture: Any) -> bytes:
    return bytes(texture.pixels)


class RendersCounted(list[str]):
    """What ``label`` renders while counted (``with RendersCounted(label) as renders:``):
    Kivy's ``Label.texture_update`` wrapped for that label, put back at the block's end."""

    def __init__(self, label: Any, said: Callable[[Any], str] = attrgetter("text")) -> None:
        super().__init__()
        self._label, self._said = label, said
        self._update: Any = None

    def __enter__(self) -> RendersCounted:
        from kivy.uix.label import Label

        update = self._update = Label.texture_update

        def counted(label: Any, *largs: Any) -> None:
            if label is self._label:
                self.append(self._said(label))
            update(label, *largs)

        counted.__name__ = "texture_update"
        Label.texture_update = counted  # type: ignore[method-assign]
        return self

    def __exit__(self, *_: object) -> None:
        from kivy.uix.label import Label

        Label.texture_update = self._update  # type: ignore[method-assign]


def looks_come_back(d: Driver) -> Iterator[float]:
    """A name shown plain, bold, plain again: the plain look comes back without a render, with
    the pixels first rendered; the bold one too, after a look in between; a fifth look pushes
    the oldest out."""
    from kivy.core.text import Label as CoreLabel

    widget = RememberedLabel(text="Eva", font_size=22, size_hint=(None, None),
                             size=(200, 40), pos=(20, 20))
    counting = RendersCounted(widget, lambda label: f"{label.text}{'/b' if label.bold else ''}")
    renders = counting.__enter__()  # (a render of the widget's first look is counted too)
    d.app.root.current_screen.add_widget(widget)
    yield FRAME
    plain = widget.texture
    plain_pixels = pixels_of(plain)
    widget.bold = True
    yield FRAME
    bold = widget.texture
    bold_pixels = pixels_of(bold)
    widget.bold = False
    yield FRAME
    d.results["plain_again_not_rendered"] = renders == ["Eva", "Eva/b"]
    d.results["plain_pixels_kept"] = pixels_of(widget.texture) == plain_pixels
    widget.text = "Pat"  # a new look: rendered, into a texture of its own
    yield FRAME
    pat = widget.texture
    fresh = CoreLabel(text="Pat", font_size=22)
    fresh.refresh()
    d.results["new_look_is_new_texture"] = pat is not plain and pat is not bold
    d.results["new_look_size"] = [list(pat.size), list(fresh.texture.size)]
    widget.text, widget.bold = "Eva", True
    yield FRAME
    d.results["bold_again_not_rendered"] = renders[-1] == "Pat"
    d.results["bold_pixels_kept"] = pixels_of(widget.texture) == bold_pixels
    for text in ("Ida", "Ota", "Ema"):  # three more looks: "Eva" plain is the oldest now
        widget.text, widget.bold = text, False
        yield FRAME
    widget.text = "Eva"
    yield FRAME
    d.results["remembered"] = REMEMBERED_LOOKS
    d.results["renders"] = list(renders)
    counting.__exit__()
    d.shot("label_memory")


LINES = ("Eva: move the car two fields forward", "Pat: play a card or pass",
         "Ota: draw a card", "Ida: swap two cards")
"""Table lines of one width and height: their looks' textures are all 300 x 48."""
LINE_OPTIONS = {"font_size": 20, "text_size": (300, 48), "valign": "middle",
                "size_hint": (None, None), "size": (300, 48)}


def line_textures() -> int:
    """Live Kivy textures of a table line's size (after a collection; also those made before
    the app froze its heap, which the collector lists no more)."""
    import gc

    from kivy.graphics.texture import Texture

    gc.unfreeze()
    gc.collect()
    return len([thing for thing in gc.get_objects()  # (type(): never a dead proxy's)
                if issubclass(type(thing), Texture) and tuple(thing.size) == (300, 48)])


def looks_kept_as_pixels(d: Driver) -> Iterator[float]:
    """A label's looks not shown keep their pixels, not a texture: of a table line shown in
    four texts in turn (each drawn), one texture of that size is alive, not four; the looks
    taken back show the pixels Kivy's own label renders for their texts (the line's own
    texture filled again: no new one), without a render."""
    from kivy.uix.label import Label

    screen = d.app.root.current_screen
    before = line_textures()
    line = RememberedLabel(text=LINES[0], pos=(20, 200), **LINE_OPTIONS)
    screen.add_widget(line)
    yield FRAME
    for text in LINES[1:]:
        line.text = text
        yield FRAME
    d.results["line_textures_alive"] = line_textures() - before
    d.results["looks_kept"] = len(line._looks)
    shown = getattr(line, "_shown", None)  # (a look of a label that kept textures: a tuple)
    d.results["looks_not_shown_with_a_texture"] = len(
        [look for look in line._looks.values() if look is not shown
         and getattr(look, "texture", look) is not None])
    d.results["pixels_kept_bytes"] = [len(getattr(look, "pixels", None) or b"")
                                      for look in line._looks.values()]

    counting = RendersCounted(line)
    renders = counting.__enter__()
    from companion.app.labels import remembered

    fill = remembered._fill
    fills: list[Any] = []

    def filled(pixels: bytes, texture: Any) -> None:
        fills.append(texture)
        fill(pixels, texture)

    remembered._fill = filled  # type: ignore[assignment]
    shown_texture = line.texture
    same_pixels, same_texture, filled_by_the_frame = [], [], []
    for text in LINES[:3]:  # each taken back in turn, and drawn
        line.text = text
        yield FRAME
        filled_by_the_frame.append(fills == [line.texture])  # the frame drew it: filled then
        fills.clear()
        kivys = Label(text=text, **LINE_OPTIONS)
        kivys.texture_update()  # Kivy's own label of that text
        same_pixels.append(pixels_of(line.texture) == pixels_of(kivys.texture)
                           and any(pixels_of(kivys.texture)))
        same_texture.append(line.texture is shown_texture)
    counting.__exit__()
    remembered._fill = fill  # type: ignore[assignment]
    d.results["filled_by_the_frame"] = filled_by_the_frame
    d.results["renders_taking_back"] = list(renders)
    d.results["same_pixels_as_kivys"] = same_pixels
    d.results["same_texture_filled_again"] = same_texture
    d.shot("label_looks_as_pixels")


STATUS_LINES = (
    "[color=#ea8686ff]Eva[/color]: roll the die, the go-kart moves first",
    "[color=#84abf7ff]Pat[/color]: action 2 of 2",
    "Who was last on the bumper cars? Choose the first placer",
    "[color=#ea8686ff]Eva & Ota[/color]: place the car for Permitted Expansion or pass, "
    "then move the operator",
    "[color=#84abf7ff]Příliš žluťoučký kůň[/color]: úpěl ďábelské ódy",
)


def status_lines_measured(d: Driver) -> Iterator[float]:
    """The status line's lines as ``text_lines`` counts them (laid out, not rendered) and as a
    bold markup label rendered at that width shows them."""
    from kivy.uix.label import Label

    from companion.app.labels.lines import _line_height, text_lines

    measured = []
    for markup in STATUS_LINES:
        for size in (30, 26, 22, 20):
            for width in (200.0, 254.5, 300.0, 420.0):
                label = Label(text=markup, markup=True, bold=True, font_size=size,
                              text_size=(width, None))
                label.texture_update()
                shown = max(1, round(label.texture_size[1] / _line_height(size)))
                measured.append([markup, size, width, text_lines(markup, size, width), shown])
    d.results["measured"] = measured
    yield FRAME


def pixels_let_go(d: Driver) -> Iterator[float]:
    """The app's core labels keep no surface once rendered, and their pixels are Kivy's own:
    the same text rendered the way Kivy renders it (keeping its surface) and the app's way."""
    from kivy.core.text import Label as CoreLabel
    from kivy.uix.label import Label

    def rendered(text: str) -> tuple[Any, bytes]:
        core = CoreLabel(text=text, font_size=22, bold=True, color=(1, 0.8, 0.2, 1))
        core.refresh()
        core._render_real()  # what the texture's first draw does: render for real, fill it
        return core, pixels_of(core.texture)

    apps = CoreLabel._render_end
    CoreLabel._render_end = CoreLabel.kivy_render_end
    kivys, kivy_pixels = rendered("Pat a Mat závodí")
    CoreLabel._render_end = apps
    ours, our_pixels = rendered("Pat a Mat závodí")
    widget = Label(text="Eva", font_size=22, size_hint=(None, None), size=(200, 40),
                   pos=(20, 20))
    d.app.root.current_screen.add_widget(widget)
    yield FRAME
    d.results["kivy_keeps_its_surface"] = kivys._surface is not None
    d.results["app_keeps_none"] = ours._surface is None and widget._label._surface is None
    d.results["same_pixels"] = our_pixels == kivy_pixels and any(our_pixels)
    d.results["widget_drawn"] = any(pixels_of(widget.texture))


EXTENT_SAMPLES = (
    ("[color=f5f5f5][b]Player 1[/b][/color]  pts\u00a010  bat\u00a04  cars\u00a06  mag\u00a01",
     20, False, 240.0),
    ("[color=f5f5f5]Eva & Ota[/color]  pts\u00a07  bat\u00a02  cars\u00a011  ev\u00a03", 20, False,
     240.0),
    ("Player 2 pays 2 points for moving the operator 4 steps", 20, False, 280.0),
    ("Příliš žluťoučký kůň úpěl ďábelské ódy", 22, True, 200.0),
    ("Tap the revealed cards in order (0 of 2)", 26, True, 300.0),
)
"""Texts of the play screen (markup and plain, wrapped) at the fonts they are shown in."""


def extents_remembered(d: Driver) -> Iterator[float]:
    """Labels laid out with remembered text widths (``labels.extents``, installed by the app) are
    the labels the text provider's own measurements give: same size, same pixels; laid out a
    second time, they ask the provider nothing."""
    from kivy.core.text import Label as CoreLabel
    from kivy.uix.label import Label

    from companion.app.labels import extents

    remembering = CoreLabel.get_extents
    measure = remembering.__wrapped__
    asked: list[str] = []

    def counted(label: Any, text: str) -> Any:
        asked.append(text)
        return measure(label, text)

    def rendered() -> list[tuple[list[int], bytes]]:
        shown = []
        for text, size, bold, width in EXTENT_SAMPLES:
            label = Label(text=text, markup=text.startswith("["), font_size=size, bold=bold,
                          text_size=(width, None), halign="left", max_lines=2, line_height=0.9)
            label.texture_update()
            shown.append((list(label.texture_size), pixels_of(label.texture)))
        return shown

    extents.forget()
    CoreLabel.get_extents = extents.remembering(counted)
    try:
        first = rendered()
        asked_first = len(asked)
        again = rendered()
        asked_again = len(asked) - asked_first
    finally:
        CoreLabel.get_extents = measure
    own = rendered()
    CoreLabel.get_extents = remembering
    font_of = extents._font_of
    fonts: list[Any] = []

    def counted_font(options: Any) -> Any:
        fonts.append(font_of(options))
        return fonts[-1]

    asked.clear()
    CoreLabel.get_extents = extents.remembering(counted)
    extents._font_of = counted_font  # type: ignore[assignment]
    try:  # the score row laid out again: its ~25 measurements are known
        text, size, bold, width = EXTENT_SAMPLES[0]
        row = Label(text=text, markup=True, font_size=size, bold=bold, text_size=(width, None),
                    halign="left", max_lines=2, line_height=0.9)
        row.texture_update()
    finally:
        extents._font_of = font_of  # type: ignore[assignment]
        CoreLabel.get_extents = remembering
    d.results.update({"installed": hasattr(remembering, "__wrapped__"),
                      "row_fonts_worked_out": len(fonts), "row_asked": len(asked),
                      "row_same": [list(row.texture_size), pixels_of(row.texture)] == [
                          list(own[0][0]), own[0][1]],
                      "sizes": [size for size, _ in first], "own_sizes": [s for s, _ in own],
                      "same_as_own": [a == b for a, b in zip(first, own)],
                      "again_same": [a == b for a, b in zip(again, own)],
                      "asked_first": asked_first, "asked_again": asked_again})
    yield FRAME


SCORE_ROW = ("[color=f5f5f5][b]Player 1[/b][/color]  pts\u00a010  bat\u00a04  cars\u00a06  "
             "mag\u00a01")
NAMED_PLACE = "[ref=rules]Rules[/ref] of [b]Crash by Crash[/b]"


def markup_drawn_later(d: Driver) -> Iterator[float]:
    """A remembered markup label (a score row) is laid out in the tap and its glyphs rendered
    when the frame first draws it, as a plain label's are: none rendered before the frame,
    one after it, and the pixels and size those of Kivy's own label of the same text. A text
    that names a place (``[ref=…]``) is still rendered at once: its places are known."""
    from kivy.core.text.markup import MarkupLabel
    from kivy.uix.label import Label

    rendered: list[str] = []
    render_real = MarkupLabel._render_real

    def counted(core: Any) -> Any:
        rendered.append(core.text)
        return render_real(core)

    MarkupLabel._render_real = counted  # type: ignore[method-assign]
    options = {"markup": True, "font_size": 20, "color": (0.85, 0.88, 0.92, 1),
               "text_size": (240, None), "halign": "left", "max_lines": 2, "line_height": 0.9,
               "size_hint": (None, None), "size": (240, 48)}
    row = RememberedLabel(text=SCORE_ROW, pos=(20, 20), **options)
    place = RememberedLabel(text=NAMED_PLACE, pos=(20, 120), **options)
    screen = d.app.root.current_screen
    screen.add_widget(row)
    screen.add_widget(place)
    row.texture_update()  # as the frame's layouts and labels do, before drawing
    place.texture_update()
    d.results["rendered_before_the_frame"] = list(rendered)
    d.results["place_refs"] = sorted(place.refs)
    yield FRAME
    d.results["rendered_when_drawn"] = list(rendered)
    kivys = Label(text=SCORE_ROW, **options)
    kivys.texture_update()  # Kivy's own: rendered at once
    d.results["same_size"] = list(row.texture_size) == list(kivys.texture_size)
    d.results["same_pixels"] = (pixels_of(row.texture) == pixels_of(kivys.texture)
                                and any(pixels_of(row.texture)))
    MarkupLabel._render_real = render_real  # type: ignore[method-assign]
    d.shot("label_markup_drawn_later")


SCORE_ROWS = tuple(
    f"[color=f5f5f5]Player 1[/color]  pts\u00a0{points}  bat\u00a0{batteries}  cars\u00a06  "
    f"mag\u00a01  hand\u00a03  ev\u00a0{evaluations}"
    for points, batteries, evaluations in ((10, 4, 0), (9, 4, 0), (9, 3, 1), (12, 3, 1), (12, 2, 2),
                                           (11, 2, 2), (11, 1, 3)))
"""A score row's counters, one or two changed at a time (the row's size stays)."""


def changes_keep_the_core_label(d: Driver) -> Iterator[float]:
    """A remembered label changed frame after frame (a score row's counters) renders each new
    look with the core label it has and into the texture it shows (the last look's pixels
    kept by then): no core label and no texture made per change, and each look drawn with the
    pixels Kivy's own label renders for its text. Two changes before a frame: the first look,
    not drawn yet, keeps that core label and the second gets a new one; a look taken back, and
    new looks after it, are drawn right too."""
    from kivy.uix.label import Label

    options = {"markup": True, "font_size": 20, "color": (0.85, 0.88, 0.92, 1),
               "text_size": (240, None), "halign": "left", "max_lines": 2, "line_height": 0.9,
               "size_hint": (None, None), "size": (240, 48)}

    def kivys_pixels(text: str) -> bytes:
        kivys = Label(text=text, **options)
        kivys.texture_update()
        return pixels_of(kivys.texture)

    row = RememberedLabel(text=SCORE_ROWS[0], pos=(20, 20), **options)
    d.app.root.current_screen.add_widget(row)
    yield FRAME
    core, texture = row._label, row.texture
    kept_core, kept_texture, same_pixels = [], [], []
    for text in SCORE_ROWS[1:4]:
        row.text = text
        yield FRAME
        kept_core.append(row._label is core)
        kept_texture.append(row.texture is texture)
        same_pixels.append(pixels_of(row.texture) == kivys_pixels(text))
    d.results["changes_kept_core"] = kept_core
    d.results["changes_kept_texture"] = kept_texture
    row.text = SCORE_ROWS[4]
    row.texture_update()  # (as the frame's labels do) and changed again before it is drawn
    row.text = SCORE_ROWS[5]
    yield FRAME
    d.results["second_change_new_core"] = row._label is not core
    same_pixels.append(pixels_of(row.texture) == kivys_pixels(SCORE_ROWS[5]))
    core = row._label
    for text in (SCORE_ROWS[4], SCORE_ROWS[3], SCORE_ROWS[6]):  # taken back twice, then new
        row.text = text
        yield FRAME
        same_pixels.append(pixels_of(row.texture) == kivys_pixels(text))
    d.results["then_kept_core"] = row._label is core
    d.results["same_pixels"] = same_pixels
    d.shot("label_changes_keep_the_core_label")


class SharingLine(RememberedLabel):
    """Lines that keep their looks together, two at most."""

    shared_looks: ClassVar[dict[Hashable, Any] | None] = {}
    looks_kept = NumericProperty(2)


def set_aside_lets_its_texture_go(d: Driver) -> Iterator[float]:
    """A table line taken out of its box lets its texture go once it stays out past the
    frame (not when it is back in the same tap), keeps its size, and shown again draws Kivy's
    pixels of its text without a render; also when the looks it shares with other lines let
    its own go while it was out."""
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.label import Label

    box = BoxLayout(pos=(20, 300), size_hint=(None, None), size=(300, 48))
    line = SharingLine(text=LINES[0], **LINE_OPTIONS)
    box.add_widget(line)
    d.app.root.current_screen.add_widget(box)
    yield FRAME
    texture = line.texture
    box.remove_widget(line)  # out and back in within one tap: the texture stays
    box.add_widget(line)
    yield FRAME
    d.results["kept_when_back_at_once"] = line.texture is texture
    box.remove_widget(line)
    yield FRAME
    d.app.root.canvas.ask_update()  # a frame drawn without it (the GL binds other textures)
    yield FRAME
    d.results["aside_has_no_texture"] = line.texture is None
    d.results["aside_keeps_its_size"] = list(line.texture_size) == [300, 48]
    import gc
    import weakref

    shown = weakref.ref(texture)
    del texture
    gc.collect()
    d.results["shown_texture_freed"] = shown() is None
    d.results["its_holders"] = [
        holder.f_code.co_name if type(holder).__name__ == "frame" else repr(holder)[:200]
        for holder in gc.get_referrers(shown())] if shown() else []
    with RendersCounted(line) as renders:
        box.add_widget(line)
        yield FRAME
    kivys = Label(text=LINES[0], **LINE_OPTIONS)
    kivys.texture_update()
    d.results["back_renders"] = list(renders)
    d.results["back_with_kivys_pixels"] = (line.texture is not None
                                           and pixels_of(line.texture) == pixels_of(kivys.texture))
    # set aside again while the looks it shares are all let go for others' newer ones
    box.remove_widget(line)
    yield FRAME
    other = SharingLine(text=LINES[1], pos=(20, 360), **LINE_OPTIONS)
    d.app.root.current_screen.add_widget(other)
    for text in LINES[2:]:
        yield FRAME
        other.text = text
    yield FRAME
    d.results["its_look_let_go"] = len(SharingLine.shared_looks) == 2 and all(
        key[1][0] != LINES[0] for key in SharingLine.shared_looks)
    with RendersCounted(line) as renders:
        box.add_widget(line)
        yield FRAME
    d.results["back_again_renders"] = list(renders)
    d.results["back_again_with_kivys_pixels"] = (
        line.texture is not None and pixels_of(line.texture) == pixels_of(kivys.texture))
    d.shot("label_set_aside_and_back")


def looks_on_a_gpu(d: Driver) -> Iterator[float]:
    """With a GPU's GL (its textures in the GPU's memory) a look keeps its texture: a look
    shown again is the texture first rendered, and a label set aside keeps its texture."""
    from kivy.uix.boxlayout import BoxLayout

    from companion.app.frames import software_gl

    software_gl._is_software[:] = [False]  # as the Pi's V3D says
    box = BoxLayout(pos=(20, 300), size_hint=(None, None), size=(300, 48))
    line = RememberedLabel(text=LINES[0], **LINE_OPTIONS)
    box.add_widget(line)
    d.app.root.current_screen.add_widget(box)
    yield FRAME
    first = line.texture
    line.text = LINES[1]
    yield FRAME
    second = line.texture
    line.text = LINES[0]
    yield FRAME
    d.results["first_texture_again"] = line.texture is first and second is not first
    d.results["looks_with_a_texture"] = len(
        [look for look in line._looks.values() if look.texture is not None])
    box.remove_widget(line)
    yield FRAME
    d.results["aside_keeps_its_texture"] = line.texture is first


SCENARIOS: dict[str, Scenario] = {"markup_drawn_later": markup_drawn_later,
                                  "changes_keep_the_core_label": changes_keep_the_core_label,
                                  "looks_come_back": looks_come_back,
                                  "looks_kept_as_pixels": looks_kept_as_pixels,
                                  "looks_on_a_gpu": looks_on_a_gpu,
                                  "set_aside_lets_its_texture_go": set_aside_lets_its_texture_go,
                                  "pixels_let_go": pixels_let_go,
                                  "status_lines_measured": status_lines_measured,
                                  "extents_remembered": extents_remembered}


if __name__ == "__main__":
    run_from_command_line(SCENARIOS)
