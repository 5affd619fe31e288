"""SHA-256 digests of texts, without loading OpenSSL's digests.

``hashlib`` starts OpenSSL's digest library when it is imported (``_hashlib``) and asks it for
every algorithm it offers: ~0.55–0.7 MB of the app's memory for the few texts the companion
hashes (a strategy's seed, a finished game's key, a Pat a Mat board's key). CPython's own
SHA-256 (the module ``hashlib`` itself falls back to) gives the very same digests for ~30 kB.
Where it is missing (another Python), ``hashlib``'s is used.
"""

from __future__ import annotations

import importlib
from typing import Any


def _sha256_constructor() -> Any:
    for name in ("_sha2", "_sha256"):  # CPython 3.12+, 3.11
        try:
            return importlib.import_module(name).sha256
        except (ImportError, AttributeError):
            continue
    from hashlib import sha256

    return sha256


_SHA256 = _sha256_constructor()


def sha256_digest(text: str) -> bytes:
    """The SHA-256 digest of ``text`` in UTF-8 (32 bytes)."""
    digest: bytes = _SHA256(text.encode("utf-8")).digest()
    return digest


def sha256_hex(text: str) -> str:
    """The SHA-256 digest of ``text`` in UTF-8, as 64 lower-case hex digits."""
    digest: str = _SHA256(text.encode("utf-8")).hexdigest()
    return digest
