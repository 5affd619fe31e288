"""One module per screen; each has a kv file of the same name in ``kv/``."""
