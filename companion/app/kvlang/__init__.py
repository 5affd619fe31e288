"""Kivy's kv language in the app: the kv files (``kv/`` at the project's root) loaded each once,
when a widget first needs them (:mod:`.loading`), and the kv rules' bindings evaluated as Kivy's
are, without the trace lines nobody reads (:mod:`.bindings`)."""
