"""Phones at the table, on the touchscreen's side: the switch, the QR codes phones scan.

The server itself is another face (``companion.web``); the app only gets a factory and talks
to it through :class:`companion.table.phones.Phones`.
"""
