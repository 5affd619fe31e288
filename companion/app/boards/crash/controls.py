"""The Crash by Crash board's words and buttons: texts, the action strip and the card picker.

A mixin of :class:`~companion.app.boards.crash.CrashBoard` (split off to keep modules short):
which buttons the strip under the hexes shows at each step, what the picker offers (card kinds,
the display, a refill, a swap), and the words of a preview.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.app.boards.crash.panels import CrashPicker
from companion.games.crash import queries
from companion.games.crash.cards import KINDS, colour
from companion.games.crash.text import card_name, side_name_of
from companion.i18n import translator

CARD_ARGUMENTS = {"fluct": 2, "lambada": 2, "ticket": 2, "saboteur": 1, "flying": 1}
"""How many fields each card kind names (the others name none)."""


class CrashControls:
    """Texts, strip and picker of the Crash board (mixed into CrashBoard)."""

    host: Any
    preview: str
    hint: str
    picker: CrashPicker | None
    game: Any

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any: ...  # the rest is CrashBoard's
    # -- texts -----------------------------------------------------------------------------------

    def tr(self, text: str) -> str:
        return translator("crash", self.host.lang if self.host is not None else "en")(text)

    def card_label(self, kind: str) -> str:
        return card_name(kind, self.host.lang if self.host is not None else "en")

    def preview_text(self) -> str:
        """What the previewed input does, for the action area above OK / Cancel."""
        _ = self.tr
        line = self.preview
        parts = line.split()
        if parts[0] == "place":
            field = parts[1]
            push = next((p[5:] for p in parts if p.startswith("push=")), "")
            bat = next((p[4:] for p in parts if p.startswith("bat=")), "0")
            text = _("Car on {field}").format(field=field)
            if push:
                text += ", " + _("push {direction}").format(
                    direction=",".join(_(name) for name in push.split(",")))
            if bat != "0":
                text += ", " + _("batteries: {count}").format(count=bat)
        elif parts[0] == "magnet":
            text = _("Magnetic car on {field}").format(field=parts[1])
        elif parts[0] == "operator":
            text = _("Operator: {steps}").format(steps=", ".join(parts[1:]))
        elif parts[0] == "card":
            text = " ".join([self.card_label(parts[1]), *parts[2:]])
        elif parts[0] == "swap":
            text = _("Swap {first} and {second}").format(
                first=self.card_label(parts[1]), second=self.card_label(parts[2]))
        elif parts[0] == "pass":
            text = _("Pass: end the turn")
        elif parts[0] == "init":  # set-up: the coach's hint
            text = _("Car on {field}").format(field=parts[1])
        elif parts[0] == "operator-start":
            text = _("Operator: {steps}").format(steps=parts[1])
        elif parts[0] == "first":
            text = _("{name} places the first car").format(
                name=side_name_of(self._snap.get("names", []), parts[1]))
        else:
            text = line
        # what matters most first (the board shows the moves with arrows anyway)
        order = ("eval", "pts", "off", "ring", "pull", "swap", "bell", "move", "back")
        effects = sorted((e for e in self.shown_events if e.split()[0] in order),
                         key=lambda e: order.index(e.split()[0]))
        if effects and self.host is not None:
            lines = self.host_describe(effects)
            if lines:
                text += "\n" + "; ".join(lines[:2]) + (" …" if len(lines) > 2 else "")
        return text

    def host_describe(self, events: Sequence[str]) -> list[str]:
        describe = getattr(self.host, "describe", None)
        if describe is None:
            return []
        try:
            return [str(line) for line in describe(events)]
        except Exception:  # noqa: BLE001 - a preview text must never break the screen
            return []
    # -- the picker (cards, display, refill, swap) ----------------------------------------------

    def open_picker(self, purpose: str) -> None:
        self.picker_purpose = purpose
        if self.picker is None:  # made once, then kept for the next time it is needed
            self.picker = getattr(self, "_spare_picker", None) or CrashPicker(board=self)
            self.add_widget(self.picker)
        self._layout()
        self._fill_picker()

    def prepare_picker(self, *_: Any) -> None:
        """Build the picker and its 13 card buttons before they are first needed (called when
        the table is idle: making kv widgets is the slow part of opening it)."""
        if (self.is_interactive and self.picker is None
                and getattr(self, "_spare_picker", None) is None):
            self._spare_picker = CrashPicker(board=self)
            self._spare_picker.prepare(len(KINDS))

    def close_picker(self, redraw: bool = True) -> None:
        if self.picker is not None:
            self.remove_widget(self.picker)
            self._spare_picker = self.picker
            self.picker = None
        self.picker_purpose = ""
        self.picks: list[str] = []
        if redraw:
            self._update_strip()

    def _fill_picker(self) -> None:
        assert self.picker is not None
        _ = self.tr
        purpose = self.picker_purpose
        kinds = list(KINDS)
        can_cancel = True
        if purpose == "card":
            playable = {kind for kind in KINDS if queries.card_targets(self.game, kind)}
            title = _("Which card? (only playable ones can be tapped)")
            choices = [(k, self.card_label(k), colour(k), k in playable) for k in kinds]
        elif purpose in ("display", "refill", "draw4"):
            count = 3 if purpose == "display" else len(self._open_entries())
            chosen = ", ".join(self.card_label(k) for k in self.picks)
            template = (_("Tap the card discarded from each pair ({done} of {count})")
                        if purpose == "draw4" else
                        _("Tap the revealed cards in order ({done} of {count})"))
            title = template.format(done=len(self.picks), count=count) + (
                f": {chosen}" if chosen else "")
            choices = [(k, self.card_label(k), colour(k), True) for k in kinds]
            can_cancel = purpose != "display" or bool(self.picks)
        elif purpose == "swap":
            chosen = ", ".join(self.card_label(k) for k in self.picks)
            title = _("Swap: tap the 2 cards you put on the discard pile") + (
                f": {chosen}" if chosen else "")
            choices = [(k, self.card_label(k), colour(k), True) for k in kinds]
        else:  # swap-take
            title = _("Take 2 cards: from the display or blind ({done} of 2)").format(
                done=len(self.picks) - 2)
            display = list(dict.fromkeys(self._st["cards"]["display"]))
            choices = [(f"d:{k}", self.card_label(k), colour(k), True) for k in display]
            choices.append(("blind", _("blind"), "grey", True))
        self.picker.can_cancel = can_cancel
        self.picker.set_choices(title, choices, self.pick,
                                _("Back") if self.picks else _("Cancel"))

    def _entries(self) -> list[str]:
        """The first legal refill / draw4 line's entries ("-": a draw4 pair of one card)."""
        lines = self.host.legal()
        return lines[0].split()[1].partition("=")[2 if "=" in lines[0] else 0].split(",") \
            if lines else []

    def _open_entries(self) -> list[int]:
        """The entries the players choose (a draw4 "-" is the same in every line)."""
        return [index for index, entry in enumerate(self._entries()) if entry != "-"]

    def pick(self, key: str) -> None:
        purpose = self.picker_purpose
        if purpose == "card":
            self.close_picker(redraw=False)
            self._start_card(key)
            return
        self.picks.append(key)
        if purpose == "display" and len(self.picks) == 3:
            kinds = " ".join(self.picks)
            self.picks = []
            self.host.send(f"display {kinds}")
            return
        if purpose in ("refill", "draw4") and len(self.picks) == len(self._open_entries()):
            entries = self._entries()
            for index, kind in zip(self._open_entries(), self.picks, strict=True):
                entries[index] = kind
            self.picks = []
            if purpose == "refill":
                self.host.send(f"refill {','.join(entries)}")
            else:
                self.host.send(f"draw4 discard={','.join(entries)}")
            return
        if purpose == "swap" and len(self.picks) == 2:
            self.picker_purpose = "swap-take"
        elif purpose == "swap-take" and len(self.picks) == 4:
            first, second, *takes = self.picks
            self.close_picker(redraw=False)
            self._set_preview(f"swap {first} {second} take={','.join(takes)}")
            return
        self._fill_picker()

    def picker_cancel(self) -> None:
        """The picker's Cancel / Back: one pick back, or close it."""
        if self.picks:
            self.picks.pop()
            if self.picker_purpose == "swap-take" and len(self.picks) < 2:
                self.picker_purpose = "swap"
            self._fill_picker()
            return
        self.close_picker()

    def _start_card(self, kind: str) -> None:
        self.card = kind
        self.card_args: list[str] = []
        self._card_lines = queries.card_targets(self.game, kind)
        if CARD_ARGUMENTS.get(kind, 0) == 0:
            self._set_preview(f"card {kind}")
            return
        self.mode = "card"
        self.targets = {line.split()[2] for line in self._card_lines}
        self._update_strip()
        self.redraw()

    # -- strip -----------------------------------------------------------------------------------

    def _update_strip(self) -> None:
        _ = self.tr
        strip = self.strip
        evals = self._st.get("evaluations", 0)
        strip.evaluations = f"{evals}/{self._st.get('evaluations_to_end', 7)}" if self._st else ""
        if self.host is None or not self._st or not self.is_interactive:
            strip.set_buttons("", [])
            return
        if self.is_fixing:
            strip.set_buttons(_("Fixing the position: see the right"), [])
        elif self._awaiting == "over":
            strip.set_buttons(_("Game over"), [])
        elif self._awaiting == "setup":
            self._setup_strip()
        elif self._awaiting == "choice":
            if self.picker is None:
                text = _("End of the turn: choose on the right")
            elif self.picker_purpose == "draw4":
                text = _("Tap the card put on the discard pile")
            else:
                text = _("Tap the new display cards")
            strip.set_buttons(text, [])
        elif self.mode == "direction":
            buttons = [("magnet_here", _("Magnet here"), self.place_magnet_here, True)] \
                if self.magnet_here else []
            if "" in self.directions:  # Permitted Expansion: the car may push nothing
                buttons.insert(0, ("nopush", _("No push"), lambda: self._choose_direction(""),
                                   True))
            buttons.append(("cancel", _("Cancel"), self.cancel_preview, True))
            strip.set_buttons(_("Tap an arrow") if self.directions
                              else _("Only the magnetic car fits here"), buttons)
        elif self.mode == "battery":
            allowed = self.directions.get(self.direction, [0])
            buttons = [(str(n), _("{count} bat.").format(count=n),
                        lambda n=n: self.choose_batteries(n), True) for n in allowed]
            strip.set_buttons(_("Batteries:"), buttons, chosen=str(self.batteries))
        elif self.mode == "magnet":
            strip.set_buttons(_("Tap a field for the magnetic car"),
                              [("cancel", _("Cancel"), self.cancel_preview, True)])
        elif self.mode in ("operator", "operator-direction"):
            self._operator_strip()
        elif self.mode == "card":
            strip.set_buttons(_("{card}: tap a green field").format(
                card=self.card_label(self.card)),
                [("cancel", _("Cancel"), self.cancel_preview, True)])
        elif self.preview:
            strip.set_buttons(_("Check the preview, then OK"), [])
        else:
            self._action_strip()
            return
        self.hint = strip.text
        if self._awaiting == "setup" and self._st.get("setup_stage") == "first":
            self.hint = _("Tap the first placer's name below the board")

    def _setup_strip(self) -> None:
        _ = self.tr
        stage = self._st.get("setup_stage")
        guide = ("guide", _("Build guide"), self.toggle_guide, True)
        chosen = "guide" if self.guide_shown else ""
        if stage == "first":
            names = self._snap.get("names", [])
            labels = ("A1", "B1", "A2", "B2") if len(names) == 4 else ("A", "B")
            buttons = [(label, names[seat], lambda label=label: self.host.send(
                f"first {label}"), True) for seat, label in enumerate(labels)]
            if self.preview.startswith("first "):  # the coach's hint: its name marked
                chosen = self.preview.split()[1]
            self.strip.set_buttons(_("First placer:"), [*buttons, guide], chosen=chosen)
        elif stage == "operator":
            self.strip.set_buttons(_("Tap a green field: the operator's start"), [guide],
                                   chosen=chosen)
        elif stage == "display":
            self.strip.set_buttons(_("Enter the three display cards"), [
                ("display", _("Display cards"), lambda: self.open_picker("display"), True)])
        else:
            self.strip.set_buttons(_("Tap a green field: one car per tile"), [guide],
                                   chosen=chosen)

    def _operator_strip(self) -> None:
        _ = self.tr
        buttons: list[tuple[str, str, Any, bool]] = []
        if self.mode == "operator-direction":
            buttons = [(token, token, lambda t=token: self.add_step(t), True)
                       for token in self._step_choices]
            text = _("Push direction out of the hole:")
        else:
            text = _("Operator: tap step {number}").format(number=len(self.steps) + 1)
            if self.steps:
                buttons.append(("back", _("Back"), self.undo_step, True))
        buttons.append(("cancel", _("Cancel"), self.cancel_preview, True))
        self.strip.set_buttons(text, buttons)

    def _action_strip(self) -> None:
        _ = self.tr
        reasons = self.cached("actions", queries.legal_actions) if self._state is not None else {}
        buttons = [
            ("magnet", _("Magnet"), self.start_magnet, reasons.get("magnet", "") is None),
            ("operator", _("Operator"), self.start_operator, reasons.get("operator", "") is None),
            ("card", _("Card"), lambda: self.open_picker("card"),
             reasons.get("card", "") is None),
            ("swap", _("Swap"), lambda: self.open_picker("swap"), reasons.get("swap", "") is None),
            ("pass", _("Pass"), lambda: self._set_preview("pass"),
             reasons.get("pass", "") is None),
        ]
        self.strip.set_buttons("", buttons)
        self.hint = _("Tap a green field for a car, the operator to move him, or a button "
                      "below the board")


__all__ = ["CrashControls"]
