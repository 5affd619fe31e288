"""The app's kv layout files, installed as the package ``companion.kv`` (see pyproject.toml)."""
