"""The phones at the table: a web face of the table session (pages, API, push stream)."""
