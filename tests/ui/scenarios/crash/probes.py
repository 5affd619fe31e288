"""What the Crash by Crash scenarios count of the app's work: label renders, box layouts' passes,
the board's redraws and events painted, the pieces on their way worked out, the table lines'
renders and the static layers painted. Each wraps the method it counts from the moment it is
called and returns what it counts, read as the scenario goes on."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.app.screens.play.table_lines import InstructionLine


def count_renders(cls: type) -> list[int]:
    """How many times ``cls`` labels render a text from now on (one number, counted up)."""
    rendered = [0]
    original = cls.texture_update

    def counting(label: Any, *args: Any) -> None:
        rendered[0] += 1
        original(label, *args)

    counting.__name__ = "texture_update"  # Kivy's triggers look a bound method up by its name
    cls.texture_update = counting  # type: ignore[method-assign]
    return rendered


def count_layouts() -> dict[int, int]:
    """The box layouts' real passes from now on, by the layout's id (a steady layout's pass that
    would change nothing is skipped: not one)."""
    passes: dict[int, int] = {}
    original = BoxLayout.do_layout

    def counting(layout: Any, *args: Any) -> None:
        passes[id(layout)] = passes.get(id(layout), 0) + 1
        original(layout, *args)

    counting.__name__ = "do_layout"
    BoxLayout.do_layout = counting  # type: ignore[method-assign]
    return passes


def count_redraws(crash_board: Any) -> list[int]:
    """How many times ``crash_board`` repaints its pieces and layers from now on (its redraw
    updates the pieces every time)."""
    redraws = [0]
    painter = crash_board.painter
    update = painter.update_pieces

    def counting(layer: Any) -> None:
        redraws[0] += 1
        update(layer)

    painter.update_pieces = counting
    return redraws


def count_events_painted(painter: Any) -> list[int]:
    """From now on, how many times ``painter`` paints the board's events layer (a list of one
    count, read as it goes)."""
    painted = [0]
    paint_events = type(painter).paint_events

    def counting() -> None:
        painted[0] += 1
        paint_events(painter)

    painter.paint_events = counting
    return painted


def count_moving_worked_out(crash_board: Any) -> int:
    """How many times one redraw of ``crash_board`` works out where its pieces on their way
    are, at a moment of the animation not drawn yet."""
    worked_out = [0]
    moving_now = crash_board._moving_now

    def counting() -> Any:
        worked_out[0] += 1
        return moving_now()

    crash_board._moving_now = counting
    try:
        crash_board._moving_of = None  # a moment not drawn yet
        crash_board.redraw()
    finally:
        del crash_board._moving_now
    return worked_out[0]


def record_line_renders() -> list[tuple[int, str, float]]:
    """Each table line's label asked for its texture from now on: (its id, text, width)."""
    asked: list[tuple[int, str, float]] = []
    original = InstructionLine.texture_update

    def recording(label: Any, *args: Any) -> None:
        asked.append((id(label), label.text, label.text_size[0]))
        original(label, *args)

    recording.__name__ = "texture_update"  # Kivy's triggers look a bound method up by its name
    InstructionLine.texture_update = recording  # type: ignore[method-assign]
    return asked


def record_static_layers(painter: Any) -> list[list[Any]]:
    """Each static layer the board paints from now on: when ("ahead", after a frame, or "now",
    in a redraw) and the bells whose fields are holes in it."""
    painted: list[list[Any]] = []
    paint, make_ahead = painter._static_canvas, painter.make_static_ahead
    when = ["now"]

    def painting(key: tuple[Any, ...]) -> Any:
        bells = {field["name"] for field in painter.board.tap_state.shown.fields
                 if field["bell"]}
        painted.append([when[0], sorted(name for name, hole, _value in key[3]
                                        if hole and name in bells)])
        return paint(key)

    def making_ahead() -> bool:
        when[0] = "ahead"
        more = make_ahead()
        when[0] = "now"
        return bool(more)

    painter._static_canvas, painter.make_static_ahead = painting, making_ahead
    return painted


__all__ = ["count_events_painted", "count_layouts", "count_moving_worked_out", "count_redraws",
           "count_renders", "record_line_renders", "record_static_layers"]
