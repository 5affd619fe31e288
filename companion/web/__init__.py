"""The phones at the table: a web face of the table session (aiohttp), beside the touchscreen
and the terminal. ``server`` (routes), ``owner`` (the single writer), ``tokens``, ``state``
(what a token sees), ``stream`` (the push), ``serve`` (``companion serve``), ``hosting``
(the server beside the touchscreen), ``svg`` (the boards) and ``static`` (the page)."""
