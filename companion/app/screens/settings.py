"""Settings: language, die source, a button test and the die's fairness figures."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.app.controller import Change
from companion.app.dice import fairness_text

DIE_CHOICES = ("software", "gpio", "serial:/dev/ttyACM0")


class SettingsScreen(Screen):
    die = StringProperty("software")
    fairness = StringProperty("")
    coach_game = StringProperty("quoridor")
    """The game whose coach (the Hint button) this screen turns on or off: the one open, else
    the one played last. Off by default, so nobody is surprised."""
    coach_game_name = StringProperty("")
    is_coach_on = BooleanProperty(False)

    def prepare(self) -> None:
        app = App.get_running_app()
        self.die = str(app.store.setting("die", "software"))
        match = app.controller.match
        self.coach_game = match.game_id if match else str(
            app.store.setting("last_game", "quoridor"))
        self._show_coach()
        self._show_fairness()

    def toggle_coach(self) -> None:
        app = App.get_running_app()
        app.store.set_setting(f"coach.{self.coach_game}", not self.is_coach_on)
        self._show_coach()

    def _show_coach(self) -> None:
        app = App.get_running_app()
        self.coach_game_name = app.controller.game_name(self.coach_game)
        self.is_coach_on = app.coach_is_on(self.coach_game)

    def on_controller_change(self, change: Change) -> None:
        if change.kind == "lang":
            self._show_coach()
            self._show_fairness()

    def set_die(self, spec: str) -> None:
        App.get_running_app().set_die(spec)
        self.die = spec
        self._show_fairness()

    def back(self) -> None:
        app = App.get_running_app()
        app.go("play" if app.controller.match is not None and not app.controller.match.is_over
               else "home")

    def _show_fairness(self) -> None:
        controller = App.get_running_app().controller
        counts = controller.face_counts()
        total, p_value, is_biased = fairness_text(counts)
        faces = "   ".join(f"{face}: {count}" for face, count in enumerate(counts, start=1))
        if total == 0:
            verdict = controller.tr("No rolls counted yet.")
        elif p_value is None:
            verdict = controller.tr("{total} rolls").format(total=total)
        elif is_biased:
            verdict = controller.tr("{total} rolls, p = {p:.3f}: this die looks biased").format(
                total=total, p=p_value)
        else:
            verdict = controller.tr("{total} rolls, p = {p:.3f}: no sign of bias").format(
                total=total, p=p_value)
        self.fairness = f"{faces}\n{verdict}"
