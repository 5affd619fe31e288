"""What the table loads for a game it does not need: OpenSSL's digests (``hashlib``, with
``secrets`` and ``hmac``) and ``uuid`` (with ``platform``) took ~1.2 MB of the app's memory for
a few SHA-256 digests, one random UUID a game and the software die's draws. The digests, the
identities and the draws are the same as theirs; the modules are not loaded."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import uuid
from collections import Counter

import pytest

from companion.digests import sha256_digest, sha256_hex
from companion.records.schema import new_uid
from hardware.software_die import fair_below

TEXTS = ["", "e8", "crash\n2\n\n2026-11-29T13:30:00+00:00\ninit b1\nplace c8 push=NW",
         "Žluťoučký kůň úpěl ďábelské ódy", "x" * 10_000]

NOT_LOADED = ("hashlib", "_hashlib", "secrets", "hmac", "uuid", "_uuid", "platform")


@pytest.mark.parametrize("text", TEXTS)
def test_a_digest_is_hashlibs_sha256_of_the_text_in_utf8(text: str) -> None:
    assert sha256_hex(text) == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert sha256_digest(text) == hashlib.sha256(text.encode("utf-8")).digest()


def test_without_cpythons_own_sha256_the_digests_are_hashlibs(monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    import importlib

    from companion import digests

    real = importlib.import_module

    def without_builtin(name: str, *args: object) -> object:
        if name in ("_sha2", "_sha256"):
            raise ImportError(name)
        return real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib, "import_module", without_builtin)
    assert digests._sha256_constructor() is hashlib.sha256
    monkeypatch.undo()
    assert digests._sha256_constructor() is not hashlib.sha256  # (CPython's own, here)


def test_a_new_game_identity_is_a_random_version_4_uuid_as_uuid4_writes_it() -> None:
    uids = [new_uid() for _ in range(2000)]
    for uid in uids:
        parsed = uuid.UUID(uid)
        assert parsed.version == 4 and parsed.variant == uuid.RFC_4122
        assert str(parsed) == uid  # lower case, 8-4-4-4-12
    assert len(set(uids)) == len(uids)
    # every one of the 122 random bits takes both values
    bits = [int(uuid.UUID(uid)) for uid in uids]
    fixed = (0xF000 << 64) | (0xC000 << 48)
    for bit in range(128):
        if not (fixed >> bit) & 1:
            assert {(value >> bit) & 1 for value in bits} == {0, 1}, bit


def test_the_fair_draw_gives_every_number_below_n_about_as_often() -> None:
    counts = Counter(fair_below(4) for _ in range(8000))
    assert set(counts) == {0, 1, 2, 3}
    assert all(1700 < count < 2300 for count in counts.values())  # each ~7 sigma from its bounds


PLAY_A_CRASH_AND_A_PATAMAT_GAME = """
import json, sys
from pathlib import Path
from companion.engine import strategy
from companion.records.store import Store
from companion.table.crash_setup import layout_options
from companion.table.dice import make_die_source
from companion.table.session import Setup, TableSession

store = Store(str(Path(sys.argv[1])))
table = TableSession(store, lang="en")
table.die = make_die_source("software", table.die_rolled, lambda action: action())
for game, options in (("crash", layout_options("shuffled")), ("patamat", {})):
    table.new_game(Setup(game, ["Eva", "Pat"], ["red", "blue"], options))
    for _ in range(40):
        if table.match.awaiting == "roll":
            table.roll()
        else:
            table.send(table.legal()[0])
        if table.match.is_over:
            break
    strategy.seed_for(["e8"], "normal", 1, game)
print(json.dumps(sorted(sys.modules)))
"""


def test_the_table_plays_crash_and_pat_a_mat_without_openssl_digests_nor_uuid(tmp_path) -> None:
    """A Crash game with a shuffled layout and the software die's rolls, then a Pat a Mat game,
    each stored, and a strategy's seed: none of the modules above is loaded."""
    done = subprocess.run([sys.executable, "-c", PLAY_A_CRASH_AND_A_PATAMAT_GAME,
                           str(tmp_path / "games.sqlite3")],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert {"companion.games.crash.rules", "companion.games.patamat.rules",
            "hardware.software_die", "companion.digests"} <= loaded
    assert loaded.isdisjoint(NOT_LOADED), sorted(loaded & set(NOT_LOADED))
