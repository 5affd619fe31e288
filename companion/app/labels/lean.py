"""Labels that do not pay, one by one, for the rendering options the app never changes.

Kivy's :class:`~kivy.uix.label.Label` has ~40 rendering options (``Label._font_properties``:
font, colours, outline, shortening, language…), each a Kivy property, and its ``__init__``
binds every one of them to a re-render. A property's binding and storage are made per label:
the binding (a callback record and its arguments), the storage (the value and its observers'
list) and, for the colours and the ellipsis options, an observable list or dict of its own:
~0.5 kB an option, ~20 kB of a label's ~35 (a probe under tracemalloc). Most of those options
keep Kivy's default in every label of the app: no kv rule and no code sets them.

A :class:`LeanLabel` holds those options (:data:`FIXED_OPTIONS`) as constants of its class,
Kivy's defaults, and binds only the options that may change to its re-render; everything else
is Kivy's own label: the same core label made with the same options, the same rendering. Setting
a fixed option (in kv, in code, as a keyword) is an error that says which and why, never a
silent no-op: make it a Kivy property of that class again before changing it.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from kivy.clock import Clock
from kivy.uix.label import Label

FIXED_OPTIONS: dict[str, Any] = {
    "font_script_name": "Latn",
    "font_direction": "ltr",
    "font_family": None,
    "italic": False,
    "underline": False,
    "strikethrough": False,
    "outline_width": None,
    "outline_color": (0, 0, 0, 1),
    "disabled_outline_color": (0, 0, 0, 1),
    "mipmap": False,
    "strip": False,
    "split_str": "",
    "ellipsis_options": MappingProxyType({}),
    "unicode_errors": "replace",
    "font_hinting": "normal",
    "font_kerning": True,
    "font_blended": True,
    "font_context": None,
    "font_features": "",
    "base_direction": None,
    "text_language": None,
    "limit_render_to_text_bbox": False,
    "padding_x": 0,
    "padding_y": 0,
}
"""The options no label of the app changes, at Kivy's default (immutable: one value shared by
every label; a test checks each equals what a new Kivy label holds)."""

CHANGING_OPTIONS: tuple[str, ...] = tuple(
    name for name in Label._font_properties if name not in FIXED_OPTIONS)
"""The rendering options a label of the app may change (text, font, colours, alignment…)."""
BOUND_OPTIONS: tuple[str, ...] = ("disabled", *CHANGING_OPTIONS)
"""What a :class:`LeanLabel` re-renders on: ``disabled`` and the options that may change."""


class FixedOption:
    """A rendering option held by the class: Kivy's default, the same for every label."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: Any) -> None:
        self.name = name
        self.value = value

    def __get__(self, label: Any, owner: type | None = None) -> Any:
        return self if label is None else self.value

    def __set__(self, label: Any, value: Any) -> None:
        raise AttributeError(
            f"{type(label).__name__}.{self.name} is fixed at {self.value!r} for every label of "
            f"the app (companion.app.labels.lean.FIXED_OPTIONS); got {value!r}: take it out of "
            "FIXED_OPTIONS to change it")


class LeanLabel(Label):
    """Kivy's label with :data:`FIXED_OPTIONS` held by the class, not stored and bound per label.

    A button built on it keeps Kivy's ``Button`` first and this before ``Label`` in its bases'
    order: ``class BigButton(Button, LeanLabel)``.
    """

    def __init__(self, **kwargs: Any) -> None:
        """Kivy's ``Label.__init__`` (2.3.1) binding :data:`BOUND_OPTIONS` only."""
        fixed = FIXED_OPTIONS.keys() & kwargs.keys()
        if fixed:
            raise TypeError(f"{type(self).__name__}: {', '.join(sorted(fixed))} fixed for "
                            "every label of the app (companion.app.labels.lean.FIXED_OPTIONS)")
        self._trigger_texture = Clock.create_trigger(self.texture_update, -1)
        super(Label, self).__init__(**kwargs)  # Widget's: Label's own is this one
        fbind = self.fbind
        update = self._trigger_texture_update
        for name in BOUND_OPTIONS:
            fbind(name, update, name)
        self._label = None
        self._create_label()
        self._trigger_texture()


for _name, _value in FIXED_OPTIONS.items():
    setattr(LeanLabel, _name, FixedOption(_name, _value))


__all__ = ["BOUND_OPTIONS", "CHANGING_OPTIONS", "FIXED_OPTIONS", "FixedOption", "LeanLabel"]
