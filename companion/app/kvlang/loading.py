"""Loading the app's kv files, each once per process and only when a widget first needs it (a
screen, a dialog): what the first frame does not show is not parsed before it."""

from __future__ import annotations

from kivy.lang import Builder

from companion.app import KV_DIR

_LOADED: set[str] = set()


def load_kv(name: str) -> None:
    """Load ``kv/<name>.kv`` once per process."""
    if name not in _LOADED:
        _LOADED.add(name)
        Builder.load_file(str(KV_DIR / f"{name}.kv"))


__all__ = ["load_kv"]
