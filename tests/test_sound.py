"""Sound without a window: the cues as files (length, loudness, no clicks), the prompts spoken by
the real espeak-ng in both languages and cached, the newest-prompt-only worker, which cue and
prompt for which moment of a real game, and ``companion sounds``.

espeak-ng runs for real; "not installed" is a PATH without it. A slow espeak-ng is a wrapper
that waits, then runs the real one.
"""

from __future__ import annotations

import random
import shutil
import threading
import time
import wave
from pathlib import Path

import pytest

from companion.cli import main
from companion.engine import GAMES, open_game
from companion.sound.cues import CUE_NAMES, cue_files, cue_pcm, write_cue
from companion.sound.moments import Moment, cues_for, speech_for, spoken_events
from companion.sound.prompts import (
    MAX_TABLE_LINES,
    TURN_TEXTS,
    compose,
    samples,
    speakable,
    table_prompt,
    turn_prompt,
)
from companion.sound.voice import PromptQueue, Voice, VoiceUnavailable
from companion.sound.wav import FULL_SCALE, RATE, file_levels, levels, read_wav

HAS_ESPEAK = shutil.which("espeak-ng") is not None
needs_espeak = pytest.mark.skipif(not HAS_ESPEAK, reason="espeak-ng is not installed")
CUE_SECONDS = {
    "roll": (0.3, 0.6), "move": (0.1, 0.25), "refused": (0.3, 0.6), "turn": (0.3, 0.6),
    "bell": (1.0, 1.5), "flag": (0.5, 0.9), "caught": (0.6, 1.1), "ghost": (0.2, 0.5),
    "win": (1.0, 1.5),
}
"""How long each cue may be: short ones for what happens often, longer for rare events."""
NOT_SILENT_DBFS = -30.0


def slow_espeak(folder: Path, seconds: float) -> str:
    """A PATH whose espeak-ng waits ``seconds``, then runs the real one."""
    folder.mkdir()
    wrapper = folder / "espeak-ng"
    wrapper.write_text(f'#!/bin/sh\nsleep {seconds}\nexec {shutil.which("espeak-ng")} "$@"\n')
    wrapper.chmod(0o755)
    return str(folder)


# -- cues ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", CUE_NAMES)
def test_a_cue_is_a_short_wav_as_loud_as_the_others_with_no_click(name: str,
                                                                  tmp_path: Path) -> None:
    path = write_cue(tmp_path / f"{name}.wav", name)
    with wave.open(str(path)) as source:
        assert (source.getnchannels(), source.getsampwidth(), source.getframerate()) == (
            1, 2, RATE)
    pcm, rate, _channels = read_wav(path)
    found = file_levels(path)
    low, high = CUE_SECONDS[name]
    assert low <= found.seconds <= high and 0.1 <= found.seconds <= 1.5
    assert found.rms_dbfs > NOT_SILENT_DBFS
    assert abs(found.rms_dbfs - (-18.0)) < 0.5  # one loudness for every cue
    assert found.peak_dbfs <= -0.9  # at most the -1 dBFS ceiling, rounding aside
    # faded in over 3 ms and out over 30 ms: no step from silence to sound (a click)
    assert max(abs(value) for value in pcm[: rate // 4000]) < 0.02 * FULL_SCALE
    assert max(abs(value) for value in pcm[-(rate // 1000):]) < 0.02 * FULL_SCALE
    assert abs(pcm[0]) <= 1 and abs(pcm[-1]) <= 1


def test_the_cues_differ_from_one_another() -> None:
    def signature(name: str) -> tuple[int, int]:
        pcm = cue_pcm(name)
        crossings = sum(1 for a, b in zip(pcm, pcm[1:]) if (a < 0) != (b < 0))
        return len(pcm) // (RATE // 20), round(crossings / len(pcm) * RATE / 100)

    found = {name: signature(name) for name in CUE_NAMES}
    assert len(set(found.values())) == len(CUE_NAMES), found


def test_the_cue_files_are_made_once_into_the_cache(tmp_path: Path) -> None:
    files = cue_files(tmp_path)
    assert sorted(files) == sorted(CUE_NAMES)
    made = {name: path.stat().st_mtime_ns for name, path in files.items()}
    again = cue_files(tmp_path)
    assert {name: path.stat().st_mtime_ns for name, path in again.items()} == made
    assert not list(tmp_path.rglob(".*"))  # no temporary file left behind


# -- the voice -----------------------------------------------------------------------------------


@needs_espeak
@pytest.mark.parametrize("lang", ["cs", "en"])
def test_prompts_are_spoken_in_both_languages_and_rendered_once(lang: str,
                                                                tmp_path: Path) -> None:
    voice = Voice(tmp_path)
    text = turn_prompt("Eva", "roll", lang)
    path = voice.render(text, lang)
    found = file_levels(path)
    assert 0.5 < found.seconds < 4.0
    assert found.rms_dbfs > NOT_SILENT_DBFS and found.peak_dbfs <= -0.9
    assert voice.runs == 1
    stamp = path.stat().st_mtime_ns
    assert voice.render(text, lang) == path and voice.runs == 1  # from the cache
    assert path.stat().st_mtime_ns == stamp
    # the cache alone answers: no espeak-ng on this PATH, the same prompt still comes
    offline = Voice(tmp_path, path=str(tmp_path / "nowhere"))
    assert offline.render(text, lang) == path and offline.runs == 0
    with pytest.raises(VoiceUnavailable):
        offline.render(text + " Znovu.", lang)
    assert not list(path.parent.glob(".*"))


@needs_espeak
def test_the_cache_keys_on_text_language_and_voice(tmp_path: Path) -> None:
    voice = Voice(tmp_path)
    czech = voice.render("Eva", "cs")
    english = voice.render("Eva", "en")
    other = voice.render("Pat", "en")
    assert len({czech, english, other}) == 3 and voice.runs == 3
    assert read_wav(czech)[0] != read_wav(english)[0]


def test_without_espeak_ng_the_voice_says_so(tmp_path: Path) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    voice = Voice(tmp_path / "cache", path=str(empty))
    assert not voice.is_available
    with pytest.raises(VoiceUnavailable, match="not installed"):
        voice.render("Eva, roll the die.", "en")
    failures: list[Exception] = []
    done = threading.Event()

    def failed(_number: int, error: Exception) -> None:
        failures.append(error)
        done.set()

    queue = PromptQueue(voice, lambda _n, _p: None, failed)
    queue.say("Eva, roll the die.", "en")
    assert done.wait(5)
    queue.close()
    assert isinstance(failures[0], VoiceUnavailable)


def test_a_language_without_a_voice_or_an_empty_text_is_refused(tmp_path: Path) -> None:
    voice = Voice(tmp_path)
    with pytest.raises(ValueError, match="no voice"):
        voice.render("Hallo", "de")
    with pytest.raises(ValueError):
        voice.render("  ", "en")


@needs_espeak
def test_a_prompt_overtaken_by_a_newer_one_is_dropped(tmp_path: Path) -> None:
    voice = Voice(tmp_path / "cache", path=slow_espeak(tmp_path / "bin", 0.5))
    delivered: list[tuple[int, Path]] = []
    queue = PromptQueue(voice, lambda number, path: delivered.append((number, path)))
    first = queue.say("Eva, roll the die.", "en")   # starts rendering (0.5 s)
    time.sleep(0.1)
    second = queue.say("Pat, roll the die.", "en")  # waits
    third = queue.say("Eva, your move.", "en")      # replaces the waiting one
    assert queue.wait_idle(10)
    queue.close()
    assert [number for number, _ in delivered] == [third]
    assert sorted(queue.dropped) == [first, second]
    assert delivered[0][1] == voice.cache_path("Eva, your move.", "en")
    assert voice.runs == 2  # the waiting one was never rendered


@needs_espeak
def test_a_cancelled_prompt_is_not_delivered(tmp_path: Path) -> None:
    voice = Voice(tmp_path / "cache", path=slow_espeak(tmp_path / "bin", 0.3))
    delivered: list[int] = []
    queue = PromptQueue(voice, lambda number, _path: delivered.append(number))
    queue.say("Eva, roll the die.", "en")
    time.sleep(0.05)
    queue.cancel()  # an undo, a closed game, voice turned off
    assert queue.wait_idle(10)
    queue.close()
    assert delivered == []


# -- what is said --------------------------------------------------------------------------------


def test_turn_prompts_name_the_player_without_a_vocative_in_czech() -> None:
    assert turn_prompt("Eva", "roll", "en") == "Eva, roll the die."
    assert turn_prompt("Eva", "roll", "cs") == "Hraje Eva: hoď kostkou."
    assert turn_prompt("Ondřej", "move", "cs") == "Na tahu je Ondřej."
    for awaiting in TURN_TEXTS:
        assert turn_prompt("Jan", awaiting, "cs") != turn_prompt("Jan", awaiting, "en")
        assert "Jan" in turn_prompt("Jan", awaiting, "cs")
    assert turn_prompt("", "roll", "en") == ""


def test_table_lines_are_read_as_words() -> None:
    assert speakable("blue car g7 → g8; Red +2", "en") == "blue car g7 to g8, Red plus 2"
    assert speakable("modré auto g7 → g8", "cs") == "modré auto g7 na g8"
    assert speakable("PAC-MAN: move from f3 to f1 (f3-f2-f1)", "en") == (
        "PAC-MAN: move from f3 to f1 (f3 f2 f1)")
    lines = [f"line {number}" for number in range(MAX_TABLE_LINES + 2)]
    assert table_prompt(lines, "en") == " ".join(
        f"line {number}." for number in range(MAX_TABLE_LINES))
    assert compose(["Eva wins!", "", "Pat: roll"]) == "Eva wins! Pat: roll."


def test_every_prompt_kind_has_a_sample_in_both_languages() -> None:
    english, czech = samples("en"), samples("cs")
    assert set(english) == set(czech) == {
        *(f"turn_{awaiting}" for awaiting in TURN_TEXTS), "table", "table_and_turn", "winner"}
    assert all(english[kind] and english[kind] != czech[kind] for kind in english)
    assert czech["winner"] == "Eva vyhrává!"


# -- which cue, which prompt: events from real games ---------------------------------------------


def first_moment(game: str, word: str, seeds: int = 30, steps: int = 400) -> Moment:
    """Play random legal inputs until an input's events hold ``word``: that moment."""
    for seed in range(seeds):
        chooser = random.Random(seed)
        match = open_game(game, players=GAMES[game].player_counts[0])
        for _ in range(steps):
            if match.is_over:
                break
            if match.awaiting == "roll":
                line = f"roll {chooser.randint(1, 6)}"
            else:
                line = chooser.choice(match.legal())
            seat, awaiting = match.to_move, str(match.awaiting)
            events = tuple(match.play(line))
            if any(event.split(" ", 1)[0] == word for event in events):
                return Moment("played", game, events, line, seat, match.to_move, awaiting,
                              str(match.awaiting), match.is_over)
    raise AssertionError(f"no {word!r} event in {seeds} random {game} games")


@pytest.mark.parametrize(("game", "word", "cue"), [
    ("crash", "ring", "bell"),
    ("patamat", "flag", "flag"),
    ("pacman", "caught", "caught"),
    ("pacman", "eat", "ghost"),
])
def test_a_games_own_events_bring_their_cue(game: str, word: str, cue: str) -> None:
    moment = first_moment(game, word)
    found = cues_for(moment)
    assert found[0] == ("win" if moment.is_over else cue)


def test_pat_a_mat_after_a_roll_reads_the_table_lines_then_the_turn() -> None:
    moment = first_moment("patamat", "move")
    assert moment.line.startswith("roll") and cues_for(moment)[0] == "roll"
    speech = speech_for(moment)
    assert speech.table
    assert speech.turn == moment.turn_passed
    assert "turn" not in {event.split()[0] for event in spoken_events(moment.events)}


def test_a_captured_piece_in_clovece_is_read_out() -> None:
    assert speech_for(first_moment("clovece", "capture")).table


def test_quoridor_moves_bring_the_turn_chime_and_the_turn_prompt_only() -> None:
    match = open_game("quoridor", players=2, names=["Eva", "Pat"])
    seat = match.to_move
    events = tuple(match.play(match.legal()[0]))
    moment = Moment("played", "quoridor", events, "", seat, match.to_move, "move", "move")
    assert cues_for(moment) == ("turn",)
    assert speech_for(moment) == speech_for(moment).__class__(turn=True)
    companion = Moment("played", "quoridor", events, "", seat, match.to_move, "move", "move",
                       is_companion_move=True)
    assert speech_for(companion).table  # a person carries out the companion's move


def test_refusals_undo_the_win_and_the_start() -> None:
    assert cues_for(Moment("rejected")) == ("refused",)
    assert cues_for(Moment("unsaveable")) == ("refused",)
    assert not speech_for(Moment("rejected"))
    assert cues_for(Moment("undone")) == ("move",)
    won = Moment("played", "quoridor", ("move e2 e1", "win e9"), "e1", 0, None, "move", "move",
                 is_over=True)
    assert cues_for(won) == ("win",) and speech_for(won).winner
    assert speech_for(Moment("opened", "quoridor", seat_after=0, awaiting="move")).turn
    assert not speech_for(Moment("opened", seat_after=1, is_companion_next=True)).turn
    rolled = Moment("played", "clovece", ("forfeit 4", "turn S1"), "roll 4", 0, 1, "roll",
                    "roll")
    assert cues_for(rolled) == ("roll", "turn")


# -- companion sounds ----------------------------------------------------------------------------


@needs_espeak
def test_companion_sounds_writes_every_cue_and_prompt_kind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    out = tmp_path / "sounds"
    assert main(["sounds", "--out", str(out), "--lang", "cs"]) == 0
    names = sorted(path.name for path in out.glob("*.wav"))
    assert names == sorted([*(f"cue_{name}.wav" for name in CUE_NAMES),
                            *(f"prompt_cs_{kind}.wav" for kind in samples("cs"))])
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == len(names) and all("dBFS" in line for line in printed)
    for path in out.glob("*.wav"):
        assert file_levels(path).rms_dbfs > NOT_SILENT_DBFS
    assert main(["sounds", "--out", str(tmp_path / "both")]) == 0
    assert len(list((tmp_path / "both").glob("prompt_en_*.wav"))) == len(samples("en"))


@pytest.mark.parametrize("words", [
    ["sounds", "--out", "{tmp}/x", "--lang", "de"],
    ["sounds"],
    ["sounds", "--out", "{tmp}/a-file"],
])
def test_companion_sounds_refuses_a_bad_value_in_one_line(
    words: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "a-file").write_text("")
    assert main([word.format(tmp=tmp_path) for word in words]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1
    assert captured.err.startswith("error: ") and "Traceback" not in captured.err


def test_companion_sounds_without_espeak_ng_writes_the_cues_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    out = tmp_path / "sounds"
    assert main(["sounds", "--out", str(out), "--lang", "en"]) == 1
    assert sorted(path.name for path in out.glob("*.wav")) == sorted(
        f"cue_{name}.wav" for name in CUE_NAMES)
    captured = capsys.readouterr()
    assert "espeak-ng" in captured.err and len(captured.err.strip().splitlines()) == 1


def test_levels_measure_what_sox_would() -> None:
    assert levels([FULL_SCALE, -FULL_SCALE] * 100).peak_dbfs == 0.0
    half = levels([FULL_SCALE // 2, -(FULL_SCALE // 2)] * 100)
    assert abs(half.rms_dbfs - (-6.02)) < 0.01 and half.seconds == 200 / RATE
