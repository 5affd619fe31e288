"""Settings: language, die source, a button test and the die's fairness figures."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from companion.app.controller import Change
from companion.app.dice import fairness_text

DIE_CHOICES = ("software", "gpio", "serial:/dev/ttyACM0")


class SettingsScreen(Screen):
    die = StringProperty("software")
    fairness = StringProperty("")

    def prepare(self) -> None:
        app = App.get_running_app()
        self.die = str(app.store.setting("die", "software"))
        self._show_fairness()

    def on_controller_change(self, change: Change) -> None:
        if change.kind == "lang":
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
