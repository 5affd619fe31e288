"""Whatever a phone (or anyone on the family's network) throws at the API: malformed JSON,
huge bodies, wrong and old tokens, stale seqs, random inputs. Not one answer is a crash
(500), and the game changes only by a legal input of the seat to move, sent by that seat."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from web.table import ServedTable, served_table

from companion.engine.game import canonical_line
from companion.web.server import MAX_BODY, Gate

PATHS = ("/api/input", "/api/undo", "/api/roll", "/api/hint", "/api/state", "/api/nothing")
TOKEN_KINDS = ("view", "seat0", "seat1", "old", "garbage", "none", "empty")


class Patient(Gate):
    """The fuzzer is one peer sending thousands of bad requests: it is not slowed down here
    (the gate has tests of its own)."""

    FREE = 10**9


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)


@st.composite
def requests(draw: st.DrawFn, legal: list[str], seq: int) -> dict[str, Any]:
    """One request: a path, a token of some kind, and a body that may be anything."""
    body_kind = draw(st.sampled_from(("good", "good", "good", "stale", "odd", "raw", "huge")))
    pick = draw(st.integers(0, 10**6))
    odd_line = draw(st.one_of(st.text(max_size=30), st.sampled_from(
        ["e8", "e2", "fix e9", "roll 6", "a1h", "", " ", "undo", "e8 e7", "z99", "\u0000",
         "e" * 300])))
    line = legal[pick % len(legal)] if draw(st.booleans()) and legal else odd_line
    body: Any
    raw: bytes | None = None
    if body_kind == "good":
        body = {"input": line, "seq": seq}
        if draw(st.booleans()):
            body["face"] = draw(st.integers(-2, 8) | st.text(max_size=2))
    elif body_kind == "stale":
        body = {"input": line, "seq": seq + draw(st.integers(-5, 5).filter(lambda d: d != 0))}
    elif body_kind == "odd":
        body = draw(json_values | st.fixed_dictionaries(
            {"input": json_values, "seq": json_values}))
    elif body_kind == "raw":
        body, raw = None, draw(st.binary(max_size=64) | st.sampled_from(
            [b'{"input": "e8", "seq": ', b"[" * 5000, b'{"seq": 1e999}', b"\xff\xfe"]))
    else:
        body, raw = None, b'{"input": "' + b"e" * (MAX_BODY + draw(st.integers(0, 100))) + b'"}'
    if draw(st.booleans()):  # as a phone would send it: a seat's well-formed request, now
        late = draw(st.sampled_from((0, 0, 0, -1, 1)))  # or from a phone a step behind
        return {"path": draw(st.sampled_from(PATHS[:4])),
                "token": draw(st.sampled_from(("seat0", "seat1"))),
                "body": {"input": line, "seq": seq + late}, "raw": None, "method": "POST"}
    return {"path": draw(st.sampled_from(PATHS)), "token": draw(st.sampled_from(TOKEN_KINDS)),
            "body": body, "raw": raw, "method": draw(st.sampled_from(("POST", "POST", "GET")))}


def test_nothing_a_phone_sends_crashes_the_table_or_plays_out_of_turn(tmp_path: Path) -> None:
    loop = asyncio.new_event_loop()
    table_context = served_table(tmp_path, gate=Patient())
    table: ServedTable = loop.run_until_complete(table_context.__aenter__())
    old_token = table.seat_token(1)
    table.owner.forget_phones()                        # an old token from a forgotten phone
    answers: dict[int, int] = {}
    played: list[str] = []

    def token_of(kind: str) -> str | None:
        return {"view": table.view_token, "seat0": table.seat_token(0),
                "seat1": table.seat_token(1), "old": old_token, "garbage": "x" * 32,
                "none": None, "empty": ""}[kind]

    async def send(request: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        token = token_of(request["token"])
        headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
        data = request["raw"] if request["raw"] is not None else json.dumps(
            request["body"]).encode()
        method = table.client.post if request["method"] == "POST" else table.client.get
        async with method(request["path"], data=data, headers=headers) as response:
            text = await response.text()
            try:
                body = json.loads(text)
            except ValueError:
                body = {}
            return response.status, body if isinstance(body, dict) else {}

    @settings(max_examples=400, deadline=None, derandomize=True, database=None,
              phases=[Phase.explicit, Phase.generate],
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def throw(data: st.DataObject) -> None:
        match = table.session.match
        assert match is not None
        mover = match.to_move
        request = data.draw(requests(match.legal() if not match.is_over else [],
                                     table.session.seq))
        history = list(match.history)
        seq_before = table.session.seq
        status, body = loop.run_until_complete(send(request))
        answers[status] = answers.get(status, 0) + 1
        assert status != 500 and status < 500 or status == 503, (request, status, body)
        after = table.session.match.history if table.session.match else []
        if after == history:
            return
        # The game changed: only by a legal input, a roll or an undo of its own input, sent
        # by a seat with the current seq, answered 200.
        assert status == 200, (request, status)
        assert request["path"] in ("/api/input", "/api/undo", "/api/roll"), request
        assert request["body"]["seq"] == seq_before, request
        if request["path"] == "/api/undo":
            assert len(after) < len(history)
            assert request["token"] == f"seat{table.session.match.to_move}", request
            return
        assert request["token"] == f"seat{mover}", request
        assert after[:-1] == history and len(after) == len(history) + 1
        if request["path"] == "/api/input":
            assert after[-1] == canonical_line(request["body"]["input"])
        played.append(after[-1])

    try:
        throw()
    finally:
        loop.run_until_complete(table_context.__aexit__(None, None, None))
        loop.close()
    assert 500 not in answers
    assert answers.get(401, 0) > 0 and answers.get(400, 0) > 0 and answers.get(413, 0) > 0
    assert answers.get(403, 0) > 0 and answers.get(409, 0) > 0
    assert answers.get(200, 0) > 0 and played                 # the right seat did play
