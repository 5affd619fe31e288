"""Result: the ranking with the game's counters; play again with the same players, or home;
with phones at the table on, the game's "Log to BG Stats" link as a code."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from companion.app.screens.play.scoreboard import ScoreRow
from companion.table.session import Change


class ResultScreen(Screen):
    headline = StringProperty("")
    details = StringProperty("")
    """The game's own result lines (``text.result_lines``; PAC-MAN's rank), one a line."""
    bgstats_url = StringProperty("")
    """The finished game's "Log to BG Stats" link while phones are on, else ""."""

    def prepare(self) -> None:
        table = App.get_running_app().table
        if table.match is None:
            return
        self.headline = table.words.result_headline()
        self.details = "\n".join(table.words.result_lines())
        phones = App.get_running_app().phones
        self.bgstats_url = phones.bgstats_url(table.saving.stored_id) if table.match.is_over else ""
        looks = table.seat_looks()
        box = self.ids.ranking
        box.clear_widgets()
        for place, seat, name, counters in table.words.ranking_rows():
            text = "  ·  ".join(f"{table.words.counter_name(k)} {v}" for k, v in counters.items())
            box.add_widget(ScoreRow(
                name=f"{place}. {name}", colour=looks[seat].colour, letter=looks[seat].letter,
                counters=text, is_turn=place == 1, height=60))

    def on_table_change(self, change: Change) -> None:
        if change.kind == "lang" and self.manager and self.manager.current == self.name:
            self.prepare()

    def show_bgstats_code(self) -> None:
        """The code tapped: the same code over the whole screen, larger modules."""
        from companion.app.phones.codes import bgstats_page, show_codes

        if self.bgstats_url:
            show_codes([bgstats_page(self.bgstats_url, App.get_running_app().table)],
                       App.get_running_app().table)

    def play_again(self) -> None:
        app = App.get_running_app()
        app.table.play_again()
        app.go("play")
        if app.phones.is_on:  # a new game, new seats' codes
            app.root.get_screen("play").show_phone_codes(is_start=True)

    def back_to_game(self) -> None:
        """Undo the winning input and return to the board (nothing is lost)."""
        app = App.get_running_app()
        app.table.undo()
        app.go("play")

    def home(self, *_: Any) -> None:
        App.get_running_app().go("home")
