"""Every word the phones' server says has its Czech, with the same placeholders; the tokens are
long random secrets kept in the store."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from companion.i18n import load_catalogue
from companion.records.store import Store
from companion.web.tokens import Tokens

WEB = Path(__file__).resolve().parents[2] / "companion" / "web"


def server_messages() -> list[str]:
    """The English messages of the phones' domain: ``words("…")``, ``_error(request, N, "…")``
    and ``translator("phones", lang)("…")`` in companion/web/."""
    found = []
    for path in sorted(WEB.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            argument: ast.expr | None = None
            if isinstance(func, ast.Name) and func.id == "words" and node.args:
                argument = node.args[0]
            elif isinstance(func, ast.Name) and func.id == "_error" and len(node.args) >= 3:
                argument = node.args[2]
            elif (isinstance(func, ast.Call) and isinstance(func.func, ast.Name)
                  and func.func.id == "translator" and node.args):
                argument = node.args[0]
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                found.append(argument.value)
    return found


def test_every_message_of_the_phones_server_has_its_czech() -> None:
    czech = load_catalogue("phones", "cs")
    messages = server_messages()
    assert len(messages) > 25
    assert [message for message in messages if message not in czech] == []
    for message in messages:
        assert sorted(re.findall(r"\{[^}]*\}", czech[message])) == sorted(
            re.findall(r"\{[^}]*\}", message)), message


def test_tokens_are_long_random_and_kept_in_the_store(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "games.db"))
    tokens = Tokens(store)
    tokens.open_game("1", 2)
    passes = tokens.passes
    every = [passes.view, *passes.seats]
    assert len(set(every)) == 3
    assert all(len(token) >= 32 and re.fullmatch(r"[A-Za-z0-9_-]+", token) for token in every)
    assert Tokens(store).passes == passes                      # a restarted server
    Tokens(store).open_game("1", 2)
    assert Tokens(store).passes == passes                      # the same game: the same links
    again = Tokens(store)
    again.open_game("2", 2)                                    # another game: new seats
    assert again.passes.view == passes.view and not set(again.passes.seats) & set(passes.seats)
    assert again.check(passes.seats[0]) is None and again.check(passes.view) is not None
    store.close()


def test_a_game_stored_only_later_keeps_its_links_another_game_does_not(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "games.db"))
    tokens = Tokens(store)
    tokens.open_game("unsaved:1", 2)
    seats = tokens.passes.seats
    tokens.open_game("7", 2, was="unsaved:1")                  # the card took it: game 7
    assert tokens.passes.seats == seats and tokens.passes.game == "7"
    tokens.open_game("unsaved:2", 2)                           # a new game, not stored yet
    assert not set(tokens.passes.seats) & set(seats)
    store.close()
