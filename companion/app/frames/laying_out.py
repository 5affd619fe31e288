"""Laying a widget tree out at once, from the outside in, rather than over the next frames."""

from __future__ import annotations

import sys
from typing import Any


def lay_out_now(widget: Any) -> None:
    """Lay ``widget`` and everything in it out now, from the outside in, and apply what the
    new sizes change in the kv rules (a label's wrapping width): the labels then render once,
    at their final width, in the first frame. Kivy would render each label first at the size it
    was made with (a tile 4 px wide breaks its name letter by letter), then lay out, then render
    it again. A recycle view's layout is left to its view (Kivy's refuses to be laid out)."""
    from kivy.lang import Builder
    from kivy.uix.layout import Layout

    recycling = sys.modules.get("kivy.uix.recyclelayout")  # (none made while not loaded)
    if recycling is not None and isinstance(widget, recycling.RecycleLayout):
        return
    if isinstance(widget, Layout):
        widget.do_layout()
    Builder.sync()
    for child in widget.children:
        lay_out_now(child)
