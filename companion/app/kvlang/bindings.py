"""The kv rules' bindings, applied without the trace lines nobody reads.

A kv rule such as ``text_size: self.width - 12, None`` is a binding: whenever a property it
reads changes, Kivy's ``kivy.lang.builder.call_fn`` evaluates the rule again and sets the
result. Unless Python runs with ``-O``, it first formats two trace lines for Kivy's logger
(the widget's and the rule's ``repr``, the new value's ``repr``), which the logger then drops
below its "trace" level: ~8 µs a binding on this machine, and a Crash by Crash move at a turn's
end runs ~70 of them (~0.5 ms). :func:`install` makes the bindings evaluate and set their rules
as Kivy's do, without formatting those lines, unless Kivy logs at its trace level (then Kivy's
own function stays, its lines with it).
"""

from __future__ import annotations

from typing import Any

TRACE_LEVEL = 9
"""Kivy's "trace" log level (``kivy.logger.LOG_LEVELS["trace"]``)."""


def install() -> bool:
    """Kv rules bound from now on evaluate without Kivy's trace lines; False (nothing changed)
    when Kivy logs at its trace level. Call before the kv rules are applied to widgets."""
    from kivy.lang import builder
    from kivy.logger import Logger

    if getattr(builder.call_fn, "is_quiet", False):
        return True
    if Logger.isEnabledFor(TRACE_LEVEL):
        return False
    builder.call_fn = _call_fn
    return True


def _call_fn(args: list[Any], _instance: Any, _value: Any) -> None:
    """Kivy's ``call_fn`` without its ``trace`` calls: the rule evaluated, its value set."""
    element, key, value, rule, idmap = args
    rule.count += 1
    setattr(element, key, eval(value, idmap))  # the rule's compiled code, as Kivy's


_call_fn.is_quiet = True  # type: ignore[attr-defined]


__all__ = ["install"]
