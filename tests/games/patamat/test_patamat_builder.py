"""The board builder's model: walking the stand-in track field by field gives the stand-in's
graph; a board becomes a draft and back unchanged; each mistake is said in the players' words,
and corrected."""

from __future__ import annotations

import tomllib

import pytest

from companion.games.patamat.board import PACKAGE_BOARDS, board_errors, parse_board
from companion.games.patamat.builder import (
    Draft,
    DraftError,
    board_text,
    draft_of,
    draft_problems,
    draft_track,
    field_name,
    is_playable,
)
from companion.games.patamat.builder.shape import track_shape

STANDIN = (PACKAGE_BOARDS / "standin-v1.toml").read_text(encoding="utf-8")


def walk(draft: Draft, *kinds: str) -> Draft:
    for kind in kinds:
        draft = draft.add(kind)
    return draft


def key_of(draft: Draft, field_id: str) -> int:
    return draft_track(draft).key_of(field_id)


def standin_by_steps() -> tuple[Draft, int]:
    """The stand-in walked as the players would: (the draft, the steps it took)."""
    steps = 0

    def do(draft: Draft, *kinds: str) -> Draft:
        nonlocal steps
        steps += len(kinds)
        return walk(draft, *kinds)

    d = do(Draft(), *["normal"] * 6, "semafor", "normal", "normal", "sign")    # START … F10
    d = d.split("other")                                   # F10: the blue arrow, the shortcut
    d = do(d, *["normal"] * 7)                                                  # F11 … F17
    d = d.walk(1)                                                               # the shortcut
    d = do(d, "normal", "normal", "normal")                                     # A1 … A3
    d = d.join(key_of(d, "F17"))
    d = do(d, "normal", "normal", "normal", "semafor", *["normal"] * 8, "sign")  # F18 … F30
    d = d.split("other")                                                        # the detour
    d = do(d, "normal", "normal")                                               # F31, F32
    d = d.walk(2)
    d = do(d, *["normal"] * 5)                                                  # B1 … B5
    d = d.join(key_of(d, "F32"))
    d = do(d, "normal", "normal", "normal", "normal", "semafor", *["normal"] * 7, "finish")
    return d, steps + 6


def test_walking_the_standin_gives_its_graph() -> None:
    draft, _steps = standin_by_steps()
    assert draft_problems(draft) == []
    text = board_text(draft, "ours", "Naše deska")
    assert board_errors(text) == []
    assert track_shape(text) == track_shape(STANDIN)
    assert tomllib.loads(text)["title"] == "Naše deska"
    assert len(parse_board(text).fields) == 54


def test_the_standin_round_trips_through_a_draft() -> None:
    draft = draft_of(STANDIN)
    assert draft.is_walked
    text = board_text(draft, "copy")
    assert track_shape(text) == track_shape(STANDIN)
    assert track_shape(board_text(draft_of(text), "again")) == track_shape(STANDIN)


def test_printed_numbers_are_labels_and_survive_the_round_trip() -> None:
    draft = walk(Draft(), "normal", "normal", "finish")
    draft = draft.set_label(key_of(draft, "F02"), "13")
    text = board_text(draft, "numbers")
    assert parse_board(text).by_id["F02"].label == "13"
    assert draft_of(text).spot(key_of(draft, "F02")).label == "13"


def test_a_fresh_walk_never_reaches_cil() -> None:
    draft = walk(Draft(), "normal", "normal")
    assert draft_problems(draft) == ["The road from F02 never reaches CÍL: walk on to CÍL."]
    assert draft_problems(draft, "cs") == [
        "Cesta od F02 nikdy nedojde do CÍLe: pokračuj až do CÍLe."]
    assert not is_playable(draft)


def test_a_way_that_never_joins_is_said_and_joining_it_fixes_it() -> None:
    draft = walk(Draft(), "normal", "normal").split()
    draft = walk(draft, "normal", "normal", "finish").walk(1)
    draft = walk(draft, "normal")
    assert draft_problems(draft) == [
        "The other way from F02 never joins the road again: tap where it joins."]
    draft = draft.join(key_of(draft, "F04"))
    assert draft_problems(draft) == []
    fields = draft_track(draft).fields
    assert fields["F02"]["next"] == ["F03", "A1"] and fields["F02"]["main"] == "F03"
    assert fields["F04"]["back"] == "F03"


def test_a_blue_sign_needs_where_its_arrow_points() -> None:
    draft = walk(Draft(), "normal", "sign")
    assert "A blue sign needs the field its arrow points to: walk on from F02." in \
        draft_problems(draft)
    draft = draft.split()
    draft = walk(draft, "normal", "normal", "finish").walk(1)
    draft = walk(draft, "semafor").join(key_of(draft, "F04"))
    assert draft_problems(draft) == [
        "Which way does the blue arrow at F02 point? Tap the sign to say."]
    draft = draft.set_arrow(key_of(draft, "F02"), "other")
    assert draft_problems(draft) == []
    assert draft_track(draft).fields["F02"]["forced"] == "A1"


def test_undo_goes_back_one_step_at_a_time() -> None:
    draft = walk(Draft(), "normal", "semafor")
    split = draft.split()
    assert split.undo() == draft
    assert draft.undo().undo() == Draft()
    assert Draft().undo() == Draft()


def test_correcting_placed_fields() -> None:
    draft = walk(Draft(), "normal", "normal", "normal", "finish")
    f02 = key_of(draft, "F02")
    draft = draft.change_kind(f02, "semafor")
    assert draft_track(draft).fields["F02"]["kind"] == "semafor"
    draft = draft.insert_before(f02, "normal")
    assert draft_track(draft).fields["F02"]["kind"] == "normal"
    assert draft_track(draft).fields["F03"]["kind"] == "semafor"
    draft = draft.remove(key_of(draft, "F02"))
    assert [entry["kind"] for entry in draft_track(draft).fields.values()] == [
        "start", "normal", "semafor", "normal", "finish"]
    assert draft_problems(draft) == []


def test_removing_a_fork_takes_its_other_way_and_reopens_a_join() -> None:
    draft = walk(Draft(), "normal", "normal").split()
    draft = walk(draft, "normal", "normal", "finish").walk(1)
    draft = walk(draft, "normal").join(key_of(draft, "F04"))
    without_join = draft.remove(key_of(draft, "F04"))
    assert without_join.ways[1].joins is None and without_join.walking == 1
    without_fork = draft.remove(key_of(draft, "F02"))
    assert len(without_fork.ways) == 1 and draft_problems(without_fork) == []


@pytest.mark.parametrize("mistake", [
    lambda d: d.add("finish").add("finish"),
    lambda d: d.add("normal").split().split(),
    lambda d: d.join(1),
    lambda d: d.add("normal").split().walk(1).join(0),
])
def test_what_the_walk_does_not_allow_is_refused(mistake: object) -> None:
    with pytest.raises(DraftError):
        mistake(Draft())  # type: ignore[operator]


def test_a_way_cannot_join_itself() -> None:
    draft = walk(Draft(), "normal").split().walk(1)
    draft = walk(draft, "normal", "normal")
    with pytest.raises(DraftError):
        draft.join(key_of(draft, "A1"))


def test_a_road_that_ends_where_it_splits_is_said() -> None:
    draft = walk(Draft(), "normal", "normal").split()
    assert draft_problems(draft) == [
        "The road splits at F02: walk on along the white arrows from there.",
        "The other way from F02 is not walked yet.",
        "The road from F02 never reaches CÍL: walk on to CÍL."]


def test_cil_is_called_cil_and_a_printed_number_names_its_field() -> None:
    draft = walk(Draft(), "normal", "sign")
    draft = draft.set_label(key_of(draft, "F02"), "7")
    assert draft_problems(draft)[0] == \
        "A blue sign needs the field its arrow points to: walk on from 7."
    draft = draft.add("finish")
    assert field_name(draft, key_of(draft, "CIL")) == "CÍL"


def test_a_board_splitting_three_ways_is_not_walked() -> None:
    text = STANDIN.replace('{ id = "F10", kind = "sign", next = ["F11", "A1"], main = "F11", '
                           'forced = "A1" }',
                           '{ id = "F10", kind = "sign", next = ["F11", "A1", "A2"], '
                           'main = "F11", forced = "A1" }')
    text = text.replace('{ id = "A2", next = ["A3"] }',
                        '{ id = "A2", next = ["A3"], back = "A1" }')
    assert board_errors(text) == []
    with pytest.raises(DraftError, match="three ways"):
        draft_of(text)
