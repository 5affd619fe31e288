"""Files the installed product reads (kv layouts, translations, game data), found by package.

Everything is looked up through :mod:`importlib.resources`, never relative to the source tree,
so the same code reads the checkout, an editable install and a wheel installed into a venv.
The kv files live in ``kv/`` at the top of the repository and are installed as the package
``companion.kv`` (``pyproject.toml`` maps the folder).
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def package_path(package: str, *parts: str) -> Path:
    """The file or folder ``parts`` inside ``package`` as a path on disk.

    pip installs packages unpacked, so a resource is a real file; a zipped install would be
    refused here with a plain message rather than fail later with a confusing one.
    """
    resource = files(package).joinpath(*parts)
    if not isinstance(resource, Path):
        raise RuntimeError(f"{package} is not installed as files on disk ({resource!r})")
    return resource


__all__ = ["package_path"]
