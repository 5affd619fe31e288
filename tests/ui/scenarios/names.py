"""Names as people type them (issue #25): the on-screen keyboard on the new-game screen (the
field being typed stays above it, Shift makes a capital, the Czech letters are keys), and what
becomes of the names in the store, the statistics and the history. Played by ``driver.py``
like those of ``play.py`` (``__init__.py`` gathers them)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from driver import Driver, open_new_game, until

P = 0.2
Scenario = Callable[[Driver], Iterator[float]]


def keyboard(d: Driver) -> Any:
    from companion.app.keyboards import shown_keyboard

    return shown_keyboard()


def window_rect(widget: Any) -> tuple[float, float, float, float]:
    """(x, y, width, height) of ``widget`` in window coordinates (scale included)."""
    x0, y0 = widget.to_window(widget.x, widget.y)
    x1, y1 = widget.to_window(widget.right, widget.top)
    return x0, y0, x1 - x0, y1 - y0


def keyboard_rect(kb: Any) -> tuple[float, float, float, float]:
    x0, y0 = kb.to_window(0, 0)   # a Scatter: its own coordinates start at 0, 0
    x1, y1 = kb.to_window(kb.width, kb.height)
    return x0, y0, x1 - x0, y1 - y0


def overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def key_centre(kb: Any, shown: str) -> tuple[float, float]:
    """The window point of the key that shows ``shown`` in the keyboard's current layer."""
    layout = kb.available_layouts[kb.layout]
    for line in range(1, layout["rows"] + 1):
        for index, key in enumerate(layout[f"{kb.layout_mode}_{line}"]):
            if key[0] == shown:
                (x, y), (w, h) = kb.layout_geometry[f"LINE_{line}"][index]
                return kb.to_window(x + w / 2, y + h / 2)
    raise LookupError(f"no key {shown!r} in the {kb.layout_mode} layer of {kb.layout}")


def type_keys(d: Driver, keys: list[str]) -> Iterator[float]:
    """Tap these keys of the on-screen keyboard, one finger, one after the other."""
    for shown in keys:
        d.tap_at(*key_centre(keyboard(d), shown))
        yield P


def name_fields(d: Driver) -> list[Any]:
    rows = list(reversed(d.app.root.get_screen("newgame").ids.players.children))
    return [next(w for w in row.walk() if type(w).__name__ == "TextInput") for row in rows]


NAME_KEYS = {
    # Czech: Shift, then Š (a capital from the Czech row), then á r k a
    "cs": ("Šárka", ["⇧", "Š", "á", "r", "k", "a"]),
    "en": ("Ola", ["⇧", "O", "l", "a"]),
}


def keyboard_over_names(d: Driver) -> Iterator[float]:
    """Four players; a tap in the third name: the keyboard comes up below it, the field stays
    in sight; ⌫ on the empty field changes nothing, a name is typed with Shift and the language's
    letters; ⏎ puts the keyboard away and the page back."""
    lang = d.app.table.lang
    seen = d.results
    yield from open_new_game(d, ["Eva", "Jan"], ["red", "blue"])
    new = d.app.root.get_screen("newgame")
    d.tap_text("4", new.ids.counts)
    yield P
    field = name_fields(d)[2]
    seen["placeholder"] = [field.text, field.hint_text]
    d.tap(field)
    yield 0.2
    yield from until(d, lambda: keyboard(d) is not None and new.lift > 0)
    yield 0.3
    kb = keyboard(d)
    seen["keyboard_layout"] = kb.layout.rsplit("/", 1)[-1]
    seen["field_rect"] = window_rect(field)
    seen["keyboard_rect"] = keyboard_rect(kb)
    seen["overlap"] = overlaps(window_rect(field), keyboard_rect(kb))
    seen["field_on_screen"] = window_rect(field)[1] + field.height <= d.app.root.height
    seen["focus"] = field.focus
    seen["key_heights"] = sorted({round(size[1] * kb.scale)
                                  for line in range(1, 6)
                                  for _pos, size in kb.layout_geometry[f"LINE_{line}"]})
    d.shot(f"names_keyboard_{lang}")
    yield from type_keys(d, ["⌫"] * (len(field.text) + 1))  # one more: nothing to take
    name, keys = NAME_KEYS[lang]
    yield from type_keys(d, keys)
    seen["typed"] = field.text
    seen["shift_after"] = keyboard(d).have_shift
    d.shot(f"names_typed_{lang}")
    yield from type_keys(d, ["⏎"])
    yield 0.3
    seen["focus_after_enter"] = field.focus
    seen["lift_after_enter"] = new.lift
    seen["names"] = list(new.names)
    seen["expected"] = name


def older_store_twins(store: Any) -> int:
    """Šárka beats Jan, then Jan beats "šárka": two players, as an older build (SQLite's
    NOCASE folds only A–Z) kept them. Returns the twin's id."""
    from scenarios.stats import EVA_WINS, SEAT_1_WINS, play_game

    play_game(store, "quoridor", ["Šárka", "Jan"], EVA_WINS.split())
    game = play_game(store, "quoridor", ["Jan", "šárka"], SEAT_1_WINS.split())
    twin = int(store.connection.execute(
        "INSERT INTO players (name, colour, initial, created) VALUES"
        " ('šárka', '#43a047', 'Š', '2024-01-02')").lastrowid or 0)
    for table in ("game_seats", "seat_results"):
        store.connection.execute(
            f"UPDATE {table} SET player_id = ? WHERE game_id = ? AND seat = 1", (twin, game))
    return twin


def merge_case_twins(d: Driver) -> Iterator[float]:
    """Statistics: "šárka" and "Šárka" are two rows until the players merge them on the
    card (a tap offers it, a second tap merges); then one row with both games."""
    from scenarios.stats import modal, player_table, stats_screen

    lang = d.app.table.lang
    seen = d.results
    older_store_twins(d.app.store)
    d.app.go("home")
    yield 0.3
    d.tap(d.widget("home", "stats_button"))
    yield 0.5
    screen = stats_screen(d)
    seen["players_before"] = player_table(d)
    twin = next(row for row in screen.panels["players"].ids.rows.children[0].children
                if row.name == "šárka")
    d.tap(twin)
    yield P
    card = modal(d)
    seen["alike_text"] = card.ids.merge_label.text
    seen["offer_button"] = card.ids.merge_button.text
    d.shot(f"names_twins_card_{lang}")
    d.tap(card.ids.merge_button)
    yield P
    card = modal(d)
    seen["merge_text"] = card.merge_text
    seen["players_while_asking"] = len(player_table(d))
    d.shot(f"names_twins_merge_{lang}")
    d.tap(card.ids.merge_button)                          # the second tap merges
    yield P
    card = modal(d)
    seen["card_after"] = [card.name, card.alike_text]
    d.tap(card.ids.close_button)
    yield P
    seen["players_after"] = player_table(d)
    d.shot(f"names_twins_after_{lang}")


def placeholders_are_hints(d: Driver) -> Iterator[float]:
    """New seats show "Player 3" as a grey hint, not as a name: Start asks for a name, and
    only the names typed become players. A placeholder an older build saved as a player is
    not offered as a known player."""
    lang = d.app.table.lang
    seen = d.results
    for name in ("Player 1", "Eva", "Jan"):               # "Player 1": an older build's
        d.app.store.player_named(name)
    yield from open_new_game(d, ["Eva", "Jan"], ["red", "blue"])
    new = d.app.root.get_screen("newgame")
    d.tap_text("4", new.ids.counts)
    yield P
    fields = name_fields(d)
    seen["names"] = list(new.names)
    seen["hints"] = [field.hint_text for field in fields]
    seen["chips"] = sorted(chip.name for chip in new.ids.known_players.children)
    d.tap(d.widget("newgame", "start_button"))
    yield 0.3
    seen["problem"] = new.problem
    seen["screen"] = d.screen.name
    d.shot(f"names_placeholders_{lang}")
    fields[2].text = "Ola"
    fields[3].text = "Petr"
    yield P
    d.tap(d.widget("newgame", "start_button"))
    yield 0.4
    seen["started"] = d.screen.name
    seen["players"] = sorted(p.name for p in d.app.store.players(include_companions=False))
    seen["match_names"] = list(d.app.table.match.names)


def ended_early(d: Driver) -> Iterator[float]:
    """A finished game (Eva in purple beats the strong companion), then a game with the
    companion ended from the menu: the play screen, the result-less history row "ended
    early", its replay, and the statistics name the companion one way and draw Eva in the
    colour she played."""
    from companion.table.setups import Setup
    from scenarios.stats import modal, stats_screen

    lang = d.app.table.lang
    seen = d.results
    table = d.app.table
    d.app.store.player_named("Eva")                        # her record's first colour: red
    table.new_game(Setup("quoridor", ["Eva", "Companion"], ["purple", "blue"],
                              companions={1: "strong"}))
    table.fix("quoridor 2 | turn e9 | e9 e2 10 | e1 e5 10 | walls -")
    table.send("e1")                                  # Eva wins
    yield from open_new_game(d, ["Eva", "Jan"], ["purple", "blue"])
    new = d.app.root.get_screen("newgame")
    for _ in range(2):                                     # Jan's seat: companion, strong
        rows = list(reversed(new.ids.players.children))
        d.tap(rows[1].ids.kind_button)
        yield P
    seen["newgame_names"] = list(new.names)
    d.shot(f"names_newgame_companion_{lang}")
    d.tap(d.widget("newgame", "start_button"))
    yield 0.5
    d.tap_square("e8")
    yield from until(d, lambda: len(d.history) >= 2)
    yield 0.8
    play = d.app.root.get_screen("play")
    seen["play_names"] = [look.name for look in table.seat_looks()]
    seen["table_colour"] = list(table.seat_looks()[0].colour)
    d.shot(f"names_play_{lang}")
    d.tap(play.ids.menu_button)
    yield P
    d.tap(modal(d).ids.end_button)
    yield P
    seen["end_question"] = modal(d).children[0].children[-1].text
    d.shot(f"names_end_dialog_{lang}")
    d.tap(modal(d).ids.confirm_end)
    yield 0.4
    d.tap(d.widget("home", "history_button"))
    yield 0.5
    history = d.app.root.get_screen("history")
    seen["history"] = [row["text"].split(" · ", 1)[1] for row in history.rows]
    d.shot(f"names_history_{lang}")
    row = next(w for w in history.ids.list.children[0].children
               if w.game_id == history.rows[0]["game_id"])
    d.tap(row)
    yield 0.6
    replay = d.app.root.get_screen("replay")
    seen["replay_screen"] = d.screen.name
    seen["replay_start"] = replay.step_text
    for _ in range(2):
        d.tap(replay.ids.forward_button)
        yield P
    seen["replay_end"] = replay.step_text
    d.shot(f"names_replay_{lang}")
    d.app.go("home")
    yield 0.3
    d.tap(d.widget("home", "stats_button"))
    yield 0.6
    looks = stats_screen(d).looks
    seen["stats_names"] = sorted(look.name for look in looks.values())
    seen["stats_letters"] = sorted(look.letter for look in looks.values())
    seen["stats_colour"] = list(next(lk for lk in looks.values() if lk.name == "Eva").colour)
    d.shot(f"names_stats_{lang}")


SCENARIOS: dict[str, Scenario] = {
    "ended_early": ended_early,
    "placeholders_are_hints": placeholders_are_hints,
    "keyboard_over_names": keyboard_over_names,
    "merge_case_twins": merge_case_twins,
}
