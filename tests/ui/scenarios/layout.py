"""Nothing hidden or cut off on the play screen: the bottom bar keeps Menu whatever the Hint
button did before, long choices wrap, refusals and hints leave the instructions in view and stay
until the next tap, a refused wall preview says why and offers no OK. Played by ``driver.py``
like those of ``play.py`` (``__init__.py`` gathers them)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from driver import Driver, open_match, until
from kivy.core.window import Window

from companion.table.session import Setup

P = 0.2
Scenario = Callable[[Driver], Iterator[float]]


def bar_seen(play: Any) -> dict[str, Any]:
    """The bottom bar: each shown button's text and window rect, and whether Menu is whole."""
    buttons = [play.ids[name] for name in ("undo_button", "redo_button", "hint_button",
                                           "menu_button")]
    shown = [b for b in buttons if b.opacity > 0 and b.width > 1]
    rects = {}
    for button in shown:
        left, bottom = button.to_window(button.x, button.y)
        right, top = button.to_window(button.right, button.top)
        rects[button.text] = [round(left), round(bottom), round(right), round(top)]
    menu = rects.get(play.ids.menu_button.text, [0, 0, 0, 0])
    return {"texts": [b.text for b in shown], "rects": rects,
            "menu_whole": menu[2] <= Window.width and menu[0] >= 0 and menu[2] - menu[0] >= 48}


def bottom_bar_keeps_menu(d: Driver) -> Iterator[float]:
    """The coach on in one game (Hint shown), then a game without it, then the companion's
    turn in a coached game (Hint hidden while it thinks): Menu is whole every time."""
    lang = d.app.table.lang
    seen = d.results
    play = d.app.root.get_screen("play")
    d.app.store.set_setting("coach.quoridor", True)
    open_match(d, "quoridor", ["Eva", "Jan"], ["red", "blue"])
    yield 0.5
    seen["coached"] = bar_seen(play)
    d.shot(f"bar_coached_{lang}")
    d.app.store.set_setting("coach.quoridor", False)
    open_match(d, "quoridor", ["Eva", "Jan"], ["red", "blue"])
    yield 0.5
    seen["after_coach"] = bar_seen(play)
    d.shot(f"bar_after_coach_{lang}")
    d.app.store.set_setting("coach.quoridor", True)
    d.app.store.set_setting("companion_pause", 3.0)
    d.app.table.new_game(Setup("quoridor", ["Eva", "Jan"], ["red", "blue"],
                               companions={1: "normal"}))
    d.app.go("play")
    yield 0.5
    seen["person_turn"] = bar_seen(play)
    d.tap_square("e8")                                   # Eva steps; the companion thinks
    yield 0.5
    seen["companion_turn"] = bar_seen(play)
    seen["history_during_companion"] = d.history
    d.shot(f"bar_companion_turn_{lang}")
    yield from until(d, lambda: len(d.history) == 2, seconds=6.0)
    yield P
    seen["back_to_person"] = bar_seen(play)


CAPTURE = {
    2: "board4 seats{S0,S2} | S0 home{Y,G,B} goal{} | S2 home{Y,G} goal{} | "
       "track{12:B, 15:R, 20:R} | turn S2",
    3: "board4 seats{S0,S1,S2} | S0 home{Y,G,B} goal{} | S1 home{Y,G,B} goal{} | "
       "S2 home{Y,G} goal{} | track{12:B, 15:R, 20:R, 25:R} | turn S2",
    4: "board4 seats{S0,S1,S2,S3} | S0 home{Y,G,B} goal{} | S1 home{Y,G,B} goal{} | "
       "S2 home{Y,G,B} goal{} | S3 home{Y,G} goal{} | track{12:B, 15:R, 20:R, 25:R, 30:R} | "
       "turn S3",
    5: "board6/72 seats{S0,S1,S2,S3,S4} | S0 home{Y,G,B} goal{} | S1 home{Y,G,B} goal{} | "
       "S2 home{Y,G,B} goal{} | S3 home{Y,G,B} goal{} | S4 home{Y,G} goal{} | "
       "track{12:B, 15:R, 20:R, 25:R, 30:R, 35:R} | turn S4",
    6: "board6/72 seats{S0,S1,S2,S3,S4,S5} | S0 home{Y,G,B} goal{} | S1 home{Y,G,B} goal{} | "
       "S2 home{Y,G,B} goal{} | S3 home{Y,G,B} goal{} | S4 home{Y,G,B} goal{} | "
       "S5 home{Y,G} goal{} | track{12:B, 15:R, 20:R, 25:R, 30:R, 35:R, 40:R} | turn S5",
}
"""Člověče: the last seat to roll; its blue piece on 12 lands on the red one on 15 with a 3,
and every player may get the red piece."""
LONG_NAMES = ["Alžběta", "Maximilián", "Bohumila", "Kristýna", "Bartoloměj", "Svatopluk"]
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]


def clipped_by(widget: Any) -> str:
    """What hides part of ``widget`` from view: the window's edge or a scrolling view it
    sits in ("" when it is wholly in view)."""
    from kivy.uix.scrollview import ScrollView

    left, bottom, right, top = window_rect(widget)
    if left < 0 or bottom < 0 or right > Window.width or top > Window.height:
        return "the window"
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            v_left, v_bottom, v_right, v_top = window_rect(parent)
            if left < v_left - 1 or bottom < v_bottom - 1 or right > v_right + 1 or (
                    top > v_top + 1):
                return f"a scrolling view at {[v_left, v_bottom, v_right, v_top]}"
        parent = parent.parent
    return ""


def choices_seen(play: Any) -> dict[str, Any]:
    """The choice panel: every button's text, font, height and whether its text fits; which
    buttons are wholly in view (inside the window, not cut by the list's scrolling)."""
    panel = play.ids.action_area.children[0]
    if play.action_kind != "choice":
        return {"kind": play.action_kind, "status": play.status, "banner": play.banner}
    buttons = [w for w in panel.walk(restrict=True)
               if type(w).__name__ in ("BigButton", "ChoiceLabel")
               and w.opacity > 0 and w.get_root_window() is not None]
    rows = []
    for button in sorted(buttons, key=lambda b: (-round(b.to_window(0, b.top)[1]),
                                                 b.to_window(b.x, 0)[0])):
        button.texture_update()
        rows.append({"text": button.text, "font": button.font_size,
                     "height": round(button.height), "rect": window_rect(button),
                     "fits": button.texture_size[1] <= button.height + 2,
                     "in_view": not clipped_by(button), "clipped_by": clipped_by(button)})
    return {"kind": play.action_kind, "legal": len(panel.choices), "buttons": rows,
            "paired": panel.is_paired, "scoreboard": play.scoreboard_style,
            "status": play.status, "instructions": play.instruction_lines()}


def long_names_choose(d: Driver) -> Iterator[float]:
    """Člověče with long names, 2 to 6 players: who gets the captured red piece? Every
    choice button shows its whole text, and all of them are in view."""
    lang = d.app.table.lang
    table = d.app.table
    play = d.app.root.get_screen("play")
    for players in (2, 3, 4, 5, 6):
        open_match(d, "clovece", LONG_NAMES[:players], COLOURS[:players])
        yield 0.3
        table.fix(CAPTURE[players])
        yield P
        table.on_roll(3)
        yield P
        table.send("move 12 B")
        yield 0.6
        d.results[f"choose{players}"] = choices_seen(play)
        d.shot(f"choose_long_names{players}_{lang}")


def window_rect(widget: Any) -> list[int]:
    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    return [round(left), round(bottom), round(right), round(top)]


def overlaps(one: list[int], other: list[int]) -> bool:
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


def banner_seen(play: Any) -> dict[str, Any]:
    """The banner's text and whether it covers the status line or the instruction lines."""
    banner = window_rect(play.ids.banner)
    area = play.ids.action_area
    panel = area.children[0] if area.children else None
    box = panel.ids.get("instructions") if panel is not None else None
    lines = [w for w in area.walk(restrict=True) if type(w).__name__ == "InstructionLine"
             and w.get_root_window() is not None and w.height > 0]
    return {"text": play.banner, "rule": play.banner_rule, "rect": banner,
            "instructions": play.instruction_lines(),
            "covers_status": overlaps(banner, window_rect(play.ids.status)),
            "covers_instructions": any(overlaps(banner, window_rect(line)) for line in lines)
            or (box is not None and box.height > 0 and overlaps(banner, window_rect(box)))}


def banners_stay_until_a_tap(d: Driver) -> Iterator[float]:
    """A refusal and a hint: beside the instructions, not over them; still there after the
    old five seconds; gone at the next tap, which does what it does."""
    lang = d.app.table.lang
    seen = d.results
    play = d.app.root.get_screen("play")
    d.app.store.set_setting("coach.quoridor", True)
    open_match(d, "quoridor", ["Eva", "Jan"], ["red", "blue"])
    yield 0.5
    d.tap_square("e8")                                   # Eva's own move: nothing else to do
    yield P
    d.tap(play.ids.undo_button)                          # taken back and put back: the
    yield P                                              # table is told to move her pawn
    d.tap(play.ids.redo_button)
    yield P
    d.tap_square("a5")                                   # Jan: not a destination
    yield P
    seen["refusal"] = banner_seen(play)
    d.shot(f"banner_refusal_{lang}")
    yield 6.0
    seen["refusal_later"] = play.banner
    d.tap_square("e2")                                   # the next tap: played, banner gone
    yield P
    seen["after_tap"] = [play.banner, d.history]
    d.tap(play.ids.hint_button)                          # Eva asks for a hint
    yield P
    seen["hint"] = banner_seen(play)
    d.shot(f"banner_hint_{lang}")
    yield 6.0
    seen["hint_later"] = play.banner
    d.tap(play.ids.banner)                               # a tap on the banner: only gone
    yield P
    seen["after_banner_tap"] = [play.banner, d.history]


def overflow_check_finds(d: Driver) -> Iterator[float]:
    """The check every screenshot runs finds what it is for: a long text in a small label,
    a word broken inside a narrow button, a button half outside the window; and lets pass a
    shortened label, the same text in a scrolling view, and an invisible widget."""
    from kivy.uix.button import Button
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView
    from overflow import overflows

    open_match(d, "quoridor", ["Eva", "Jan"], ["red", "blue"])
    yield 0.4
    seen = d.results
    seen["before"] = overflows(Window)
    long = "A sentence far too long for the little box it was given to sit in"
    made = [
        Label(text=long, font_size=20, size_hint=(None, None), size=(120, 30),
              pos=(10, 10)),
        Button(text="Nápověda", font_size=22, size_hint=(None, None), size=(60, 60),
               text_size=(48, None), pos=(200, 10)),
        Button(text="Menu", size_hint=(None, None), size=(100, 60), pos=(760, 100)),
        Label(text=long, font_size=20, size_hint=(None, None), size=(120, 30), pos=(10, 60),
              shorten=True, text_size=(120, 30)),
        Label(text=long, font_size=20, size_hint=(None, None), size=(120, 30), pos=(10, 100),
              opacity=0),
    ]
    scroll = ScrollView(size_hint=(None, None), size=(120, 60), pos=(10, 140))
    scroll.add_widget(Label(text=long, font_size=20, size_hint=(None, None), size=(120, 30)))
    made.append(scroll)
    for widget in made:
        Window.add_widget(widget)
    yield 0.3
    seen["found"] = overflows(Window)
    for widget in made:
        Window.remove_widget(widget)
    yield P
    seen["after"] = overflows(Window)


SCENARIOS: dict[str, Scenario] = {
    "overflow_check_finds": overflow_check_finds,
    "banners_stay_until_a_tap": banners_stay_until_a_tap,
    "long_names_choose": long_names_choose,
    "bottom_bar_keeps_menu": bottom_bar_keeps_menu,
}
