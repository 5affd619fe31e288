"""The input the players' taps are building on the Crash by Crash board, and what each tap does.

Kivy-free: a tap is a step from one :class:`TapState` (an immutable value) to the next, on the
:class:`Position` the board shows. A car: a green field, then a push arrow (Double Hit: two),
then the batteries, and the result is previewed; the magnetic car: a field; the operator: his
steps one by one (a preview after 2, two more make it 4); a card: its fields one by one. Each
step says, besides the next state, what the board does (:class:`Step`): show a preview (a
second tap on it, or OK, plays it), play an input (a refused one: the banner says why), or
confirm the preview.

The board (:class:`~companion.app.boards.crash.board.CrashBoard`) holds the current state as
``board.tap_state``; its strip and its painter read it there. The per-field queries of
``companion.games.crash.queries`` answer each step on the position shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from companion.games.crash import queries
from companion.games.crash.board import DIRECTIONS, FIELD_INDEX, FIELD_NAMES, GEOMETRY, NEIGHBOURS
from companion.games.crash.position import read_position
from companion.games.crash.snapshot import snapshot as crash_snapshot
from companion.games.crash.state import CrashState

Mode = Literal["idle", "direction", "battery", "magnet", "operator", "operator-direction", "card"]
"""What the next tap means: a field to start an input (idle), a push arrow (direction), the
batteries (battery), the magnetic car's field (magnet), the operator's next step (operator;
operator-direction: which of a hole's steps, in the strip), a card's next field (card)."""

CARD_ARGUMENTS = {"fluct": 2, "lambada": 2, "ticket": 2, "saboteur": 1, "flying": 1}
"""How many fields each card kind names (the others name none)."""


@dataclass(frozen=True, slots=True)
class Shown:
    """What the board shows of the game: the position's fields and operator with the last
    action's events, or a preview's."""

    fields: Sequence[Mapping[str, Any]] = ()
    operator: str | None = None
    events: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Position:
    """The position the taps are on (made again when it changes): the rules' state, the
    snapshot's fields and operator, what the match awaits, and the fields a tap starts an
    input on (none while fixing)."""

    game: CrashState | None
    fields: Sequence[Mapping[str, Any]] = ()
    operator: str | None = None
    awaiting: str = ""
    setup_stage: str | None = None
    events: tuple[str, ...] = ()
    """What the last action did (shown until a preview shows its own)."""
    idle_targets: frozenset[str] = frozenset()

    @property
    def state(self) -> CrashState:
        if self.game is None:
            raise ValueError("no Crash by Crash position to tap on yet")
        return self.game

    def shown(self, events: tuple[str, ...] = ()) -> Shown:
        """The position as it stands, with ``events`` drawn on it."""
        return Shown(self.fields, self.operator, events)

    def preview_shown(self, line: str) -> Shown | None:
        """The position after ``line`` with what it did; None when the rules refuse it."""
        if self.game is None:
            return None
        result = queries.preview(self.game, line)
        if not result.get("ok"):
            return None
        shown = crash_snapshot(read_position(result["position"], self.game.players))
        return Shown(shown["fields"], shown["operator"], tuple(result["events"]))


@dataclass(frozen=True, slots=True)
class TapState:
    """The input the taps have built so far."""

    mode: Mode = "idle"
    selected: str = ""
    """The field tapped: the car's, the magnetic car's (a hint), the fix mode's pick."""
    targets: frozenset[str] = frozenset()
    """The fields a tap means something on now (drawn green)."""
    directions: Mapping[str, Sequence[int]] = field(default_factory=dict)
    """The selected field's push directions ("NE"; Double Hit "NE,SE"; "" no push) with the
    batteries each allows."""
    direction: str = ""
    first_push: str = ""
    """Double Hit: the first of the two pushes tapped."""
    magnet_here: bool = False
    """The magnetic car may go on the selected field."""
    batteries: int = 0
    steps: tuple[str, ...] = ()
    """The operator's steps tapped."""
    step_tokens: tuple[str, ...] = ()
    """The operator's possible next steps (a field, ``Ht23``: a hole)."""
    step_choices: tuple[str, ...] = ()
    """The next steps of the field tapped, when it allows more than one (out of a hole)."""
    card: str = ""
    card_args: tuple[str, ...] = ()
    """The card's fields tapped."""
    card_lines: tuple[str, ...] = ()
    """The card's legal lines."""
    shown: Shown = Shown()

    @classmethod
    def start(cls, at: Position) -> TapState:
        """The start of an input: nothing chosen, the position's targets, the last action."""
        return cls(targets=at.idle_targets, shown=at.shown(at.events))

    # -- what it shows ---------------------------------------------------------------------------

    def arrow_keys(self) -> list[str]:
        """The push directions to draw as arrows now (Double Hit: first one, then the other)."""
        keys = [key for key in self.directions if key]
        if not any("," in key for key in keys):
            return keys
        firsts = list(dict.fromkeys(key.split(",")[0] for key in keys))
        if not self.first_push:
            return firsts
        seconds = [key.split(",")[1] for key in keys if key.split(",")[0] == self.first_push]
        return [self.first_push, *seconds]

    def chosen_arrows(self) -> set[str]:
        return {*self.direction.split(","), self.first_push} - {""}

    def tappable_fields(self, at: Position) -> frozenset[str]:
        """The fields a tap hits: the targets, and the operator's to start moving him."""
        operator = at.operator
        if (at.awaiting == "move" and operator and operator in FIELD_NAMES
                and self.mode in ("idle", "direction")):
            return self.targets | {operator}
        return self.targets

    # -- taps ------------------------------------------------------------------------------------

    def tap_field(self, at: Position, name: str, preview: str) -> Step:
        """A tap on the field ``name`` (one of :meth:`tappable_fields`) while ``preview`` is
        shown ("" none)."""
        if at.awaiting == "setup":
            if at.setup_stage == "operator":
                return Step(self, send=f"operator-start {name}")
            if at.setup_stage == "init":
                return Step(self, send=f"init {name}")
            return Step(self, is_strip_changed=False, is_board_changed=False)
        if at.awaiting != "move" or at.game is None:
            return Step(self, is_strip_changed=False, is_board_changed=False)
        if preview and name in preview_fields(preview):
            return Step(self, is_confirm=True)  # "tap it again or OK"
        if self.mode == "operator":
            return self._operator_tap(at, name)
        if self.mode == "card":
            return self._card_tap(at, name)
        if self.mode == "magnet":
            if name in self.targets:
                return self.previewing(at, f"magnet {name}")
            return Step(self, send=f"magnet {name}")  # the banner says why not
        if name == at.operator:
            return self.start_operator(at)
        return self._select_field(at, name)

    def tap_arrow(self, at: Position, key: str, preview: str) -> Step:
        """A push arrow: choose it; the chosen one again confirms; Double Hit takes two."""
        is_double = any("," in option for option in self.directions)
        last = self.direction.split(",")[-1] if self.direction else ""
        if self.mode == "battery" and preview and key == last:
            return Step(self, is_confirm=True)
        if not is_double:
            return self.choose_direction(at, key)
        if not self.first_push or key == self.first_push:
            return Step(replace(self, first_push="" if key == self.first_push else key,
                                direction="", mode="direction",
                                shown=Shown(at.fields, self.shown.operator, ())), preview="")
        return self.choose_direction(at, f"{self.first_push},{key}")

    def choose_direction(self, at: Position, key: str) -> Step:
        """A push direction (Double Hit: both), previewed with the first battery count it
        allows."""
        allowed = self.directions.get(key, [0])
        return self._placing(at, key, allowed[0])

    def choose_batteries(self, at: Position, count: int) -> Step:
        return self._placing(at, self.direction, count)

    def place_magnet_here(self, at: Position) -> Step:
        return self.previewing(at, f"magnet {self.selected}", mode="magnet")

    def start_magnet(self, at: Position) -> Step:
        targets = frozenset(queries.legal_placement_fields(at.state, "magnet"))
        return Step(replace(self, mode="magnet", selected="", targets=targets), preview="")

    def start_operator(self, at: Position) -> Step:
        return Step(self._stepping(at, (), mode="operator", selected=""), preview="")

    def add_step(self, at: Position, token: str) -> Step:
        """One more step of the operator: after 2 and 4 the move is previewed (when legal)."""
        steps = (*self.steps, token)
        preview, shown = "", Shown(self.shown.fields, self.shown.operator, ())
        if len(steps) in (2, 4):
            line = " ".join(["operator", *steps])
            previewed = at.preview_shown(line)
            if previewed is not None:
                preview, shown = line, previewed
        return Step(self._stepping(at, steps, mode="operator", shown=shown), preview=preview)

    def undo_step(self, at: Position) -> Step:
        """The operator's last step taken back (after it, 2 steps are previewed again)."""
        steps = self.steps[:-1]
        preview, shown = "", at.shown()
        if len(steps) == 2:
            preview = " ".join(["operator", *steps])
            shown = at.preview_shown(preview) or shown
        return Step(self._stepping(at, steps, shown=shown), preview=preview)

    def start_card(self, at: Position, kind: str) -> Step:
        """A card kind picked: its targets, or (a card without any) its preview."""
        lines = tuple(queries.card_targets(at.state, kind))
        state = replace(self, card=kind, card_args=(), card_lines=lines)
        if CARD_ARGUMENTS.get(kind, 0) == 0:
            return state.previewing(at, f"card {kind}")
        return Step(replace(state, mode="card",
                            targets=frozenset(line.split()[2] for line in lines)))

    def previewing(self, at: Position, line: str, **changes: Any) -> Step:
        """``line`` shown as the preview: the position after it (a refused one: as it is);
        ``changes``: the rest of the state that changes with it."""
        shown = at.preview_shown(line) or at.shown()
        return Step(replace(self, shown=shown, **changes), preview=line)

    def hinted(self, at: Position, line: str) -> Step:
        """The coach's hint ``line`` shown where the players' own taps would have brought the
        input (from the start of an input), as its preview."""
        words = line.split()
        head = words[0]
        state = self
        if head == "first":  # only the strip's button: the build guide covers the hexes
            return Step(self, preview=line, is_board_changed=False)
        if head in ("init", "operator-start"):
            state = replace(self, selected=words[1])
        elif head == "magnet":  # as after "Magnet" and a tap on the field
            state = replace(self, mode="magnet", selected=words[1], targets=frozenset(
                queries.legal_placement_fields(at.state, "magnet")))
        elif head == "place":
            name = words[1]
            push = next((word[5:] for word in words if word.startswith("push=")), "")
            state = replace(
                self, selected=name, directions=queries.push_directions(at.state, name),
                first_push=push.split(",")[0] if "," in push else "", direction=push,
                batteries=int(next((word[4:] for word in words if word.startswith("bat=")),
                                   "0")),
                mode="battery")
        elif head == "operator":
            state = replace(self, mode="operator", steps=tuple(words[1:]))
        elif head == "card":
            state = replace(self, card=words[1], card_args=tuple(words[2:]),
                            card_lines=tuple(queries.card_targets(at.state, words[1])),
                            mode="card" if words[2:] else self.mode, targets=frozenset())
        step = state.previewing(at, line)
        if head == "operator":  # two more steps may follow, as after the players' own taps
            return Step(step.state._stepping(at, step.state.steps), preview=line)
        return step

    # -- the steps of a tap ----------------------------------------------------------------------

    def _select_field(self, at: Position, name: str) -> Step:
        directions = queries.push_directions(at.state, name)
        magnet = queries.magnet_preview(at.state, name).get("legal", False)
        if not directions and not magnet:
            return Step(self, preview="", send=refused_placement(name), is_reset=True)
        state = replace(self, mode="direction", selected=name, directions=directions,
                        direction="", first_push="", magnet_here=bool(magnet),
                        shown=at.shown(), targets=at.idle_targets)
        if list(directions) == [""]:  # Permitted Expansion: no push is the only choice
            return state.choose_direction(at, "")
        return Step(state, preview="")

    def _placing(self, at: Position, direction: str, batteries: int) -> Step:
        """The car on the selected field pushing ``direction`` with ``batteries``, previewed."""
        line = f"place {self.selected}"
        if direction:
            line += f" push={direction}"
        if batteries:
            line += f" bat={batteries}"
        return self.previewing(at, line, mode="battery", direction=direction,
                               batteries=batteries)

    def _stepping(self, at: Position, steps: tuple[str, ...], **changes: Any) -> TapState:
        """The operator's ``steps`` tapped, the steps that may follow them the targets;
        ``changes``: the rest of the state that changes with them."""
        tokens = tuple(queries.operator_steps(at.state, list(steps)))
        targets: set[str] = set()
        for token in tokens:
            targets.update(token_fields(token))
        return replace(self, steps=steps, step_tokens=tokens, targets=frozenset(targets),
                       **changes)

    def _operator_tap(self, at: Position, name: str) -> Step:
        tokens = tuple(token for token in self.step_tokens if name in token_fields(token))
        if not tokens:  # the banner says why not
            return Step(self, send=" ".join(["operator", *self.steps, name, name]))
        if len(tokens) > 1:  # out of a hole: which way, in the strip
            return Step(replace(self, mode="operator-direction", step_choices=tokens),
                        is_board_changed=False)
        return self.add_step(at, tokens[0])

    def _card_tap(self, at: Position, name: str) -> Step:
        depth = len(self.card_args)
        lines = [line for line in self.card_lines
                 if tuple(line.split()[2:2 + depth]) == self.card_args]
        matching = [line for line in lines if line.split()[2 + depth] == name]
        if not matching:  # the banner says why not
            return Step(self, send=" ".join([
                "card", self.card, *self.card_args, name,
                *([name] * (CARD_ARGUMENTS[self.card] - depth - 1))]))
        args = (*self.card_args, name)
        if len(args) == CARD_ARGUMENTS[self.card]:
            return self.previewing(at, " ".join(["card", self.card, *args]), card_args=args,
                                   targets=frozenset())
        return Step(replace(self, card_args=args,
                            targets=frozenset(line.split()[3] for line in matching)))


@dataclass(frozen=True, slots=True)
class Step:
    """What a tap did: the input's next state, and what the board does with it (in this
    order: the preview, the input played, the strip, the board drawn)."""

    state: TapState
    preview: str | None = None
    """The preview now: an input line, "" none; None: as it was."""
    send: str = ""
    """An input to play now (a refused one: the banner says why, nothing changes)."""
    is_confirm: bool = False
    """The tap plays the preview ("tap it again or OK")."""
    is_reset: bool = False
    """After ``send`` (refused), the input starts again."""
    is_strip_changed: bool = True
    is_board_changed: bool = True


def token_fields(token: str) -> list[str]:
    """The fields an operator's step goes to: a field (``e5``, ``e5/NE``) or a hole's."""
    if token.upper().startswith("HT"):
        tile = GEOMETRY.tile_names.index(token[1:].lower())
        return [FIELD_NAMES[i] for i in GEOMETRY.tile_fields[tile]]
    return [token.split("/")[0]]


def preview_fields(preview: str) -> set[str]:
    """The fields whose second tap confirms ``preview``: the car's, the operator's last step,
    the card's last target (a hole step: any field of the hole)."""
    tokens = preview.split()
    if tokens[0] in ("place", "magnet"):
        return {tokens[1]}
    if tokens[0] in ("operator", "card") and len(tokens) > 2:
        return set(token_fields(tokens[-1]))
    return set()


def refused_placement(name: str) -> str:
    """A placement on the illegal field ``name``, for the engine to say why (R41 …) in the
    banner."""
    index = FIELD_INDEX[name]
    direction = next((d for d, n in enumerate(NEIGHBOURS[index]) if n >= 0), 1)
    return f"place {name} push={DIRECTIONS[direction]}"


__all__ = ["CARD_ARGUMENTS", "Mode", "Position", "Shown", "Step", "TapState", "preview_fields",
           "refused_placement", "token_fields"]
