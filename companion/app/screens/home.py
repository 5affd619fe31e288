"""Home: continue the unfinished game (prominent), new game, history, settings."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen


class HomeScreen(Screen):
    continue_text = StringProperty("")
    """What the Continue button says (game and players), "" when there is nothing to continue."""
    warnings = StringProperty("")

    def prepare(self) -> None:
        app = App.get_running_app()
        controller = app.controller
        stored = controller.unfinished()
        if stored is None:
            self.continue_text = ""
        else:
            self.continue_text = controller.tr("Continue: {game}, {players}").format(
                game=controller.game_name(stored.game), players=", ".join(stored.names)
            )
        self.warnings = "\n".join(app.store.warnings)

    def on_controller_change(self, change: Any) -> None:
        if change.kind == "lang":
            self.prepare()
