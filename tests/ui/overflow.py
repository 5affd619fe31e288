"""What a screenshot would show cut or hidden: text that does not fit its box, buttons that are
not wholly in the window.

:func:`overflows` walks the window's widget tree (modal views too) at every screenshot of the
tour (``Driver.shot``); the tour's tests assert that it found nothing. Cheap enough for that:
only visible widgets are looked at, and a text is measured once per text and style (a layout
pass without a texture).

Not cut: a label that shortens itself ("…"), text inside a scrolling view or a page lifted
over the on-screen keyboard (they scroll), an invisible widget (opacity 0) and all it holds,
whatever is under a view that covers the whole window.
"""

from __future__ import annotations

import re
from typing import Any

from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView

SLACK = 2
"""Pixels a text or a button may pass its box by (rounding, anti-aliasing)."""
MARKUP_TAG = re.compile(r"\[/?[a-z_]+(=[^\]]*)?\]")

_measured: dict[tuple[Any, ...], tuple[float, float, bool]] = {}


def overflows(window: Any) -> list[str]:
    """Every visible label whose text is cut or spills out of its box, and every visible
    button not wholly inside ``window``; one sentence each, naming the widget and its text."""
    found: list[str] = []
    for top in list(window.children):  # the topmost first
        _visit(top, window.size, False, found)
        if isinstance(top, ModalView) and top.width >= window.width and (
                top.height >= window.height):
            break  # a view over the whole window: what is under it is not looked at
    return found


def _visit(widget: Any, window_size: tuple[int, int], is_scrolling: bool,
           found: list[str]) -> None:
    if widget.opacity <= 0:
        return
    if isinstance(widget, Label) and not is_scrolling:
        problem = label_problem(widget)
        if problem:  # perhaps only not drawn yet: its texture as the next frame makes it
            widget.texture_update()
            problem = label_problem(widget)
        if problem:
            found.append(f"{_name(widget)}: {problem}")
    if isinstance(widget, ButtonBehavior) and not is_scrolling:
        problem = outside_problem(widget, window_size)
        if problem:
            found.append(f"{_name(widget)}: {problem}")
    # a page lifted over the on-screen keyboard scrolls, as a scrolling view does
    is_scrolling = is_scrolling or isinstance(widget, ScrollView) or bool(
        getattr(widget, "lift", 0))
    for child in list(widget.children):
        _visit(child, window_size, is_scrolling, found)


def label_problem(label: Label) -> str:
    """Why ``label``'s text is not all shown in its box ("" when it is)."""
    text = label.text
    if not text.strip() or label.shorten:
        return ""
    width, height = label.size
    needed_width, needed_height, is_word_broken = _measure(label)
    text_height = label.text_size[1]
    problems = []
    if needed_width > width + SLACK:
        problems.append(f"text {needed_width:.0f} px wide in {width:.0f}")
    if needed_height > height + SLACK or (
            text_height is not None and needed_height > text_height + SLACK):
        room = min(height, text_height or height)
        problems.append(f"text {needed_height:.0f} px high in {room:.0f}")
    if is_word_broken:
        problems.append(f"a word broken across lines at {width:.0f} px")
    return "; ".join(problems)


def outside_problem(button: Any, window_size: tuple[int, int]) -> str:
    """Why ``button`` is not wholly in the window ("" when it is, or when it has no size)."""
    if button.width <= 1 or button.height <= 1:
        return ""
    left, bottom = button.to_window(button.x, button.y)
    right, top = button.to_window(button.right, button.top)
    window_width, window_height = window_size
    if left < -SLACK or bottom < -SLACK or right > window_width + SLACK or (
            top > window_height + SLACK):
        return (f"button at x {left:.0f}–{right:.0f}, y {bottom:.0f}–{top:.0f}, outside the "
                f"{window_width}×{window_height} window")
    return ""


def _measure(label: Label) -> tuple[float, float, bool]:
    """The size ``label``'s whole text needs at its wrapping width (no line limit), and
    whether a word had to be broken across lines."""
    core = label._label
    options = dict(core.options)
    options.update(text_size=(label.text_size[0], None), shorten=False, max_lines=0)
    options.pop("text", None)
    key = (type(core), label.text, repr(sorted(options.items())))
    if key not in _measured:
        probe = type(core)(**options)
        probe.text = label.text
        probe.render()
        needed_width, needed_height = probe._internal_size
        _measured[key] = (needed_width, needed_height, _is_word_broken(label, probe))
    return _measured[key]


def _is_word_broken(label: Label, probe: Any) -> bool:
    """A word longer than the line is split by Kivy without a hyphen ("Nápo" / "věda"); a
    path (a word with "/") may break anywhere."""
    lines = probe._cached_lines
    if len(lines) < 2:
        return False
    shown = set()
    for line in lines:
        shown.update("".join(word.text for word in line.words).split())
    text = label.text
    if label.markup:
        text = MARKUP_TAG.sub("", text).replace("&bl;", "[").replace("&br;", "]")
        text = text.replace("&amp;", "&")
    return any(word not in shown and "/" not in word for word in text.split())


def _name(widget: Any) -> str:
    text = " ".join(str(getattr(widget, "text", "")).split())
    return f"{type(widget).__name__} {text[:70]!r}"
