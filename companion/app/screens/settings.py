"""Settings: language, phones at the table, die source, a button test and the die's fairness
figures."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.table.dice import fairness_text
from companion.table.pacing import DEFAULT_PAUSE, PACES
from companion.table.session import Change

DIE_CHOICES = ("software", "gpio", "serial:/dev/ttyACM0")


class SettingsScreen(Screen):
    die = StringProperty("software")
    fairness = StringProperty("")
    coach_game = StringProperty("quoridor")
    """The game whose coach (the Hint button) this screen turns on or off: the one open, else
    the one played last. Off by default, so nobody is surprised."""
    coach_game_name = StringProperty("")
    is_coach_on = BooleanProperty(False)
    pace = StringProperty("normal")
    """How fast the companion plays its round: slow, normal or fast (:data:`PACES`)."""
    phones_text = StringProperty("")
    """Under the phones' switch: where phones connect, why they cannot, or what it does."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        phones = App.get_running_app().phones
        phones.bind(is_on=self._show_phones, address=self._show_phones,
                    problem=self._show_phones)

    def prepare(self) -> None:
        app = App.get_running_app()
        pause = float(app.store.setting("companion_pause", DEFAULT_PAUSE))
        self.pace = min(PACES, key=lambda name: abs(PACES[name] - pause))
        self.die = str(app.store.setting("die", "software"))
        match = app.table.match
        self.coach_game = match.game_id if match else str(
            app.store.setting("last_game", "quoridor"))
        self._show_coach()
        self._show_fairness()
        self._show_phones()

    def toggle_phones(self) -> None:
        phones = App.get_running_app().phones
        phones.turn(not phones.is_on)

    def ask_forget_phones(self) -> None:
        """Forget phones, after a confirm: every phone has to scan its code again."""
        from companion.app.phones.codes import ForgetPhonesDialog

        ForgetPhonesDialog(action=App.get_running_app().phones.forget_phones).open()

    def _show_phones(self, *_: Any) -> None:
        app = App.get_running_app()
        phones, tr = app.phones, app.table.tr
        if phones.problem:
            self.phones_text = phones.problem
        elif phones.is_on:
            self.phones_text = tr("Phones connect to {address}. Their codes are in the game's "
                                  "Menu and on Home.").format(address=phones.address)
        else:
            self.phones_text = tr("Once on, every phone at the table can follow the game or "
                                  "play a seat.")

    def set_pace(self, pace: str) -> None:
        App.get_running_app().store.set_setting("companion_pause", PACES[pace])
        self.pace = pace

    def toggle_coach(self) -> None:
        app = App.get_running_app()
        app.store.set_setting(f"coach.{self.coach_game}", not self.is_coach_on)
        self._show_coach()

    def _show_coach(self) -> None:
        app = App.get_running_app()
        self.coach_game_name = app.table.words.game_name(self.coach_game)
        self.is_coach_on = app.coach_is_on(self.coach_game)

    def on_table_change(self, change: Change) -> None:
        if change.kind == "lang":
            self._show_coach()
            self._show_fairness()
            self._show_phones()

    def set_die(self, spec: str) -> None:
        App.get_running_app().set_die(spec)
        self.die = spec
        self._show_fairness()

    def back(self) -> None:
        app = App.get_running_app()
        app.go("play" if app.table.match is not None and not app.table.match.is_over
               else "home")

    def _show_fairness(self) -> None:
        """The faces counted per die that rolled (the table's die can be biased too), the
        chosen one first."""
        table = App.get_running_app().table
        sources = [self.die, *(source for source in FAIRNESS_SOURCES if source != self.die)]
        blocks = []
        for source in sources:
            counts = table.store.face_counts(source)
            if source != self.die and sum(counts) == 0:
                continue
            name = table.tr(source_name(source))
            blocks.append(f"{name}: {fairness_line(table, counts)}")
        self.fairness = "\n".join(blocks)


FAIRNESS_SOURCES = ("software", "gpio", "table", "serial:/dev/ttyACM0", "serial:/dev/companion-die")


def source_name(source: str) -> str:
    """The die's name in the fairness figures (English; the caller translates it)."""
    if source.startswith("serial:"):
        return "Electronic die"
    return {"software": "Software die", "gpio": "GPIO button", "table": "Table's die"}.get(
        source, source)


def fairness_line(table: Any, counts: list[int]) -> str:
    total, p_value, is_biased = fairness_text(counts)
    faces = "  ".join(f"{face}: {count}" for face, count in enumerate(counts, start=1))
    if total == 0:
        return str(table.tr("No rolls counted yet."))
    if p_value is None:
        verdict = table.tr("{total} rolls").format(total=total)
    elif is_biased:
        verdict = table.tr("{total} rolls, p = {p:.3f}: this die looks biased").format(
            total=total, p=p_value)
    else:
        verdict = table.tr("{total} rolls, p = {p:.3f}: no sign of bias").format(
            total=total, p=p_value)
    return f"{faces}\n{verdict}"
