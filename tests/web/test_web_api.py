"""The phones' API as a phone meets it, through aiohttp's test client: who may see and play
what, the refusals in plain words, and the table unchanged by anything but a seat's legal
input."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from web.table import ServedTable, served_table

from companion.table.setups import Setup
from companion.web.server import MAX_BODY, MAX_STREAMS, SECURITY_HEADERS, Gate

Scenario = Callable[[ServedTable], Awaitable[None]]


def at_the_table(folder: Path, scenario: Scenario, **table: object) -> None:
    async def run() -> None:
        async with served_table(folder, **table) as served:  # type: ignore[arg-type]
            await scenario(served)

    asyncio.run(run())


def test_a_spectator_sees_the_game_and_may_play_nothing(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        seen = await table.state(table.view_token)
        assert seen.status == 200
        state = seen.body
        assert state["seat"] is None and state["legal"] == []
        assert state["game"] == "quoridor" and state["to_move"] == 0
        assert state["status"].startswith("Eva")
        assert [player["name"] for player in state["players"]] == ["Eva", "Pat"]
        assert state["snapshot"]["state"] and state["seq"] == table.session.seq
        refused = await table.play(table.view_token, "e8")
        assert refused.status == 403 and refused.body["error"] == "A spectator cannot play."
        assert table.history == []

    at_the_table(tmp_path, scenario)


def test_every_answer_carries_the_security_headers_and_no_cookie(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        for reply in (await table.state(table.view_token), await table.state("wrong"),
                      await table.get("/", None), await table.get("/nothing-here", None)):
            for name, value in SECURITY_HEADERS.items():
                assert reply.headers[name] == value
            assert "Set-Cookie" not in reply.headers
        api = await table.state(table.view_token)
        assert api.headers["Cache-Control"] == "no-store"
        assert "script-src 'self'" in api.headers["Content-Security-Policy"]

    at_the_table(tmp_path, scenario)


def test_without_a_valid_token_only_the_scan_page_answers(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        assert (await table.state(None)).status == 401   # no token
        bad = await table.state("x" * 32)
        assert bad.status == 401
        assert bad.body["error"] == ("This link is not valid (any more). Scan the code on the "
                                     "table again.")
        assert (await table.state("žluťoučký kůň " * 3)).status == 401
        assert (await table.get("/api/stream/not-a-token", None)).status == 401
        page = await table.get("/", None)
        assert page.status == 200 and "Scan the code on the table" in page.body["text"]
        czech = await table.get("/", None, lang="cs")
        assert "Naskenuj kód na stole" in czech.body["text"]
        assert (await table.get("/seat/not-a-token", None)).status == 401
        assert (await table.get(f"/seat/{table.seat_token(0)}", None)).status == 200

    at_the_table(tmp_path, scenario)


def test_the_seat_to_move_plays_and_the_new_state_comes_back(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        eva = table.seat_token(0)
        before = (await table.state(eva)).body
        assert before["seat"] == 0
        assert "e8" in [legal["input"] for legal in before["legal"]]
        assert all(legal["label"] for legal in before["legal"])
        played = await table.play(eva, "e8", seq=before["seq"])
        assert played.status == 200
        assert table.history == ["e8"]
        assert played.body["seq"] > before["seq"] and played.body["last"] == "e8"
        assert played.body["to_move"] == 1 and played.body["legal"] == []
        assert played.body["log"][0].startswith("1. Eva: ")

    at_the_table(tmp_path, scenario)


def test_a_seat_cannot_play_another_seat(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        pat = table.seat_token(1)
        refused = await table.play(pat, "e8")                  # Eva's move, sent by Pat
        assert refused.status == 403 and refused.body["error"] == "It is Eva's turn."
        assert refused.state["seat"] == 1
        assert (await table.play(pat, "e2")).status == 403     # Pat's own move, not his turn
        assert table.history == []
        czech = await table.play(pat, "e2", **{"Accept-Language": "cs-CZ,cs;q=0.9"})
        assert czech.body["error"] == "Na tahu je Eva."

    at_the_table(tmp_path, scenario)


def test_a_stale_seq_is_refused_with_the_game_as_it_is(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        eva = table.seat_token(0)
        seen = (await table.state(eva)).body["seq"]
        assert table.session.send("e8")              # the touchscreen played first
        assert table.session.send("e2")
        stale = await table.play(eva, "e7", seq=seen)
        assert stale.status == 409 and stale.body["error"] == "The game moved on."
        assert stale.state["seq"] == table.session.seq and stale.state["last"] == "e2"
        assert table.history == ["e8", "e2"]

    at_the_table(tmp_path, scenario)


def test_a_phone_and_a_touch_at_the_same_moment_exactly_one_plays(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        eva = table.seat_token(0)
        seq = table.session.seq
        replies = await asyncio.gather(table.play(eva, "e8", seq=seq),
                                       table.play(eva, "d9", seq=seq))
        assert sorted(reply.status for reply in replies) == [200, 409]
        assert len(table.history) == 1

    at_the_table(tmp_path, scenario)


def test_an_illegal_input_is_refused_with_the_rule_in_plain_words(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        eva = table.seat_token(0)
        refused = await table.play(eva, "e5")
        assert refused.status == 422
        assert refused.body["rule"] == "rule R15" and refused.body["reason"].startswith("R15")
        assert "e5" in refused.body["error"]
        assert refused.state["seat"] == 0 and table.history == []
        cs = await table.play(eva, "e5", **{"Accept-Language": "cs"})
        assert cs.body["rule"] == "pravidlo R15"

    at_the_table(tmp_path, scenario)


def test_a_fix_or_a_typed_roll_is_not_a_phones_input(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        eva = table.seat_token(0)
        fix = await table.play(eva, "fix e9 e1 | 10 10")
        assert fix.status == 403 and "screen" in fix.body["error"]
        assert (await table.play(eva, "roll 6")).status == 403
        assert table.history == []

    at_the_table(tmp_path, scenario)


def test_bad_bodies_are_400_and_413_in_plain_words(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        eva = table.seat_token(0)
        broken = await table.post("/api/input", eva, raw=b'{"input": "e8", "seq": ')
        assert broken.status == 400 and broken.body["error"] == "The request is not JSON."
        no_seq = await table.post("/api/input", eva, {"input": "e8"})
        assert no_seq.status == 400 and "seq" in no_seq.body["error"]
        true_seq = await table.post("/api/input", eva, {"input": "e8", "seq": True})
        assert true_seq.status == 400
        not_text = await table.post("/api/input", eva, {"input": ["e8"], "seq": 1})
        assert not_text.status == 400
        a_list = await table.post("/api/undo", eva, [1, 2])
        assert a_list.status == 400
        huge = await table.post("/api/input", eva, raw=b'{"input": "' + b"e" * MAX_BODY + b'"}')
        assert huge.status == 413 and huge.body["error"] == "The request is too large."
        assert table.history == []

    at_the_table(tmp_path, scenario)


def test_a_seat_undoes_only_its_own_last_input(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        eva, pat = table.seat_token(0), table.seat_token(1)
        assert (await table.play(eva, "e8")).status == 200
        assert (await table.state(eva)).body["can_undo"] is True
        assert (await table.state(pat)).body["can_undo"] is False
        refused = await table.post("/api/undo", pat, {"seq": table.session.seq})
        assert refused.status == 403
        assert refused.body["error"] == "Only your own last input can be taken back."
        spectator = await table.post("/api/undo", table.view_token, {"seq": table.session.seq})
        assert spectator.status == 403
        undone = await table.post("/api/undo", eva, {"seq": table.session.seq})
        assert undone.status == 200 and undone.body["last"] is None and table.history == []
        nothing = await table.post("/api/undo", eva, {"seq": table.session.seq})
        assert nothing.status == 403

    at_the_table(tmp_path, scenario)


def test_seat_tokens_die_at_a_new_game_the_view_token_lives_on(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        eva, view = table.seat_token(0), table.view_token
        table.session.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
        assert (await table.state(eva)).status == 401
        assert (await table.state(view)).status == 200
        new_eva = table.seat_token(0)
        assert new_eva != eva and (await table.state(new_eva)).body["seat"] == 0

    at_the_table(tmp_path, scenario)


def test_forget_phones_makes_every_old_link_dead(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        eva, view = table.seat_token(0), table.view_token
        table.owner.forget_phones()
        assert (await table.state(eva)).status == 401
        assert (await table.state(view)).status == 401
        assert (await table.state(table.view_token)).status == 200
        assert (await table.state(table.seat_token(0))).body["seat"] == 0

    at_the_table(tmp_path, scenario)


def test_a_name_like_a_script_comes_back_as_data(tmp_path: Path) -> None:
    evil = "<script>alert(1)</script>"

    async def scenario(table: ServedTable) -> None:
        state = (await table.state(table.view_token)).body
        assert state["players"][1]["name"] == evil
        async with table.client.get(f"/view/{table.view_token}") as page:
            assert evil not in await page.text()
        async with table.client.get("/") as page:
            assert "<script" not in await page.text()

    at_the_table(tmp_path, scenario, names=("Eva", evil))


def test_the_stream_delivers_a_change_within_300_ms(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        async with table.client.get(f"/api/stream/{table.view_token}") as stream:
            assert stream.status == 200
            assert stream.headers["Content-Type"].startswith("text/event-stream")
            first = await _next_state(stream)
            assert first["seq"] == table.session.seq
            started = time.perf_counter()
            assert table.session.send("e8")          # a tap on the touchscreen
            pushed = await asyncio.wait_for(_next_state(stream), 2)
            elapsed = time.perf_counter() - started
            assert pushed["last"] == "e8" and pushed["seq"] == table.session.seq
            assert elapsed < 0.3, f"pushed after {elapsed * 1000:.0f} ms"

    at_the_table(tmp_path, scenario)


def test_a_seats_stream_keeps_the_result_until_another_game(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        eva = table.seat_token(0)
        for line in ("e8", "e2", "e7", "e3", "e6", "e4", "d6"):
            assert table.session.send(line)
        async with table.client.get(f"/api/stream/{eva}") as stream:
            await _next_state(stream)
            for line in ("e5", "d5", "e6", "d4", "e7", "d3", "e8", "d2", "e9"):
                assert table.session.send(line), line
            states = []
            while True:
                state = await asyncio.wait_for(_next_state(stream), 2)
                states.append(state)
                if state["over"] or not state:
                    break
            assert states[-1]["over"] and states[-1]["result"] == "Pat wins!"
            assert (await table.state(eva)).status == 401    # the seat's token died
            table.session.new_game(Setup("quoridor", ["Eva", "Pat"], ["red", "blue"]))
            assert await asyncio.wait_for(_next_state(stream), 2) == {}   # then it closes

    at_the_table(tmp_path, scenario)


def test_the_software_die_rolls_for_the_seat_to_roll(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        eva, pat = table.seat_token(0), table.seat_token(1)
        state = (await table.state(eva)).body
        assert state["can_roll"] is True and state["die"] == "software"
        assert (await table.state(pat)).body["can_roll"] is False
        refused = await table.post("/api/roll", pat, {"seq": table.session.seq})
        assert refused.status == 403
        rolled = await table.post("/api/roll", eva, {"seq": table.session.seq})
        assert rolled.status == 200
        assert table.history[0].startswith("roll ") and rolled.body["last"] == table.history[0]
        again = await table.post("/api/roll", eva, {"seq": table.session.seq, "face": 7})
        assert again.status == 400

    at_the_table(tmp_path, scenario, game="clovece")


def test_the_coach_hints_only_when_it_is_on(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        eva = table.seat_token(0)
        off = await table.post("/api/hint", eva, {"seq": table.session.seq})
        assert off.status == 403
        table.store.set_setting("coach.quoridor", True)
        on = await table.post("/api/hint", eva, {"seq": table.session.seq})
        assert on.status == 200 and on.body["hint"] and on.body["input"]
        assert table.history == []                            # shown, never played
        pat = await table.post("/api/hint", table.seat_token(1), {"seq": table.session.seq})
        assert pat.status == 403

    at_the_table(tmp_path, scenario)


def test_the_companions_seat_is_played_by_the_companion_not_a_phone(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        assert table.session.send("e8")
        companion = table.seat_token(1)
        state = (await table.state(companion)).body
        assert state["players"][1]["companion"] == "normal" and state["legal"] == []
        refused = await table.play(companion, "e2")
        assert refused.status == 403
        assert refused.body["error"] == "The companion plays this seat."

    at_the_table(tmp_path, scenario, companions={1: "normal"})


def test_texts_come_in_the_phones_language(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        cs = (await table.state(table.view_token, lang="cs")).body
        en = (await table.state(table.view_token, lang="en")).body
        assert cs["lang"] == "cs" and en["lang"] == "en"
        assert cs["status"] != en["status"] and en["status"].startswith("Eva")
        assert cs["players"][0]["counters"][0][0] != en["players"][0]["counters"][0][0]
        header = await table.get("/api/state", table.view_token)
        assert header.body["lang"] == "en"                    # the table's language

    at_the_table(tmp_path, scenario)


def test_a_burst_of_bad_tokens_is_slowed_down_and_no_one_else_is() -> None:
    now = [0.0]
    gate = Gate(clock=lambda: now[0])
    delays = [gate.delay("10.0.0.9") for _ in range(20)]
    assert delays[:Gate.FREE] == [0.0] * Gate.FREE
    assert 0 < delays[Gate.FREE] < delays[-1] <= Gate.MAX_DELAY
    assert gate.delay("10.0.0.7") == 0.0                     # another phone is not slowed
    now[0] += Gate.WINDOW + 1
    assert gate.delay("10.0.0.9") == 0.0                     # forgiven after a while


def test_a_slowed_peer_does_not_hold_up_the_table(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        for _ in range(Gate.FREE + 4):
            await table.state("wrong-token")
        slow = asyncio.ensure_future(table.state("wrong-token"))
        started = time.perf_counter()
        good = await table.state(table.view_token)
        assert good.status == 200 and time.perf_counter() - started < 0.3
        assert not slow.done()
        assert (await slow).status == 401

    at_the_table(tmp_path, scenario)


async def _next_state(stream: object) -> dict[str, object]:
    """The next ``event: state`` of an SSE stream (pings and retry lines skipped)."""
    content = stream.content  # type: ignore[attr-defined]
    event = ""
    while True:
        line = (await content.readline()).decode("utf-8")
        if not line:
            return {}
        line = line.rstrip("\n")
        if line.startswith("event: "):
            event = line[len("event: "):]
        elif line.startswith("data: ") and event == "state":
            return dict(json.loads(line[len("data: "):]))


def test_streams_are_counted_and_a_flood_of_them_is_refused(tmp_path: Path) -> None:
    async def scenario(table: ServedTable) -> None:
        url = f"/api/stream/{table.view_token}"
        streams = [await table.client.get(url) for _ in range(MAX_STREAMS)]
        try:
            for stream in streams[:3]:
                assert (await _next_state(stream))["seq"] == table.session.seq
            async with table.client.get(url) as one_more:
                assert one_more.status == 503
        finally:
            for stream in streams:
                stream.close()
        await asyncio.sleep(0.2)                               # the server sees them go
        async with table.client.get(url) as again:
            assert again.status == 200

    at_the_table(tmp_path, scenario)
