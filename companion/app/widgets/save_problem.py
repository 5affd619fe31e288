"""When games cannot be saved (a full or read-only memory card): say so, and let the players
choose between trying again and playing on unsaved. Shown by the app over any screen."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.modalview import ModalView

from companion.app.kvlang.loading import load_kv

RETRY_SECONDS = 10
"""While games cannot be saved, the app tries the card again this often."""


class SaveProblemDialog(ModalView):
    """The plain message (what is wrong, what to do) and two big choices."""

    message = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        load_kv("save_problem")  # its rules when first shown: most tables never see it
        super().__init__(**kwargs)

    def try_again(self) -> None:
        """The app closes this dialog once the card takes writes; until then it stays."""
        table = App.get_running_app().table
        if not table.retry_saving():
            self.message = table.saving.problem() or self.message

    def play_unsaved(self) -> None:
        self.dismiss(animation=False)
        App.get_running_app().table.play_unsaved()
