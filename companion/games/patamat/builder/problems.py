"""What would stop the track being played, said as the players would say it (cs/en).

The draft is looked at first, in the players' words ("the road from F12 never reaches CÍL");
whatever the board checker (:func:`companion.games.patamat.board.board_errors`) would still
refuse in the file made from the draft follows, so Save is never offered for a track the game
would refuse.

:func:`finding_words` is the one place a checker's finding ("V6: field 'F17' has 2 predecessors
(F16, A3) and needs back") becomes the players' sentence ("Roads from F16 and A3 meet at F17:
which way leads back from it? (V6)"): for the builder, a board file loaded from a USB stick and
``companion board import``.
"""

from __future__ import annotations

import re

from companion.games.patamat.board import BOARD_FORMAT, board_errors
from companion.games.patamat.builder.draft import START_KEY, Draft
from companion.games.patamat.builder.to_board import board_text, draft_track
from companion.i18n import Translate, translator

DOMAIN = "patamat"
CHECK_NAME = "draft"

ROAD_OPEN = "The road from {field} never reaches CÍL: walk on to CÍL."
SPLIT_AT_END = "The road splits at {field}: walk on along the white arrows from there."
WAY_NOT_WALKED = "The other way from {field} is not walked yet."
WAY_NOT_JOINED = "The other way from {field} never joins the road again: tap where it joins."
ARROW_UNKNOWN = "Which way does the blue arrow at {field} point? Tap the sign to say."
SIGN_AT_END = "A blue sign needs the field its arrow points to: walk on from {field}."
NO_ORDINARY = "The cars need ordinary fields to stand on: add one."
CHECKER = "The track cannot be played yet: {problem}"
SENTENCES = (ROAD_OPEN, SPLIT_AT_END, WAY_NOT_WALKED, WAY_NOT_JOINED, ARROW_UNKNOWN, SIGN_AT_END,
             NO_ORDINARY, CHECKER)

_ID = r"'(?P<field>\w+)'"
_OTHER = r"'(?P<other>\w+)'"
FINDINGS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), sentence) for pattern, sentence in (
        (rf"V1: field {_ID} is defined twice", "Field {field} is in the file twice."),
        (rf"V1: top-level start refers to unknown field {_ID}",
         "The track should start at {field}, but there is no such field."),
        (rf"V1: top-level finish refers to unknown field {_ID}",
         "The track should end at {field}, but there is no such field."),
        (rf"V1: field {_ID}: \w+ refers to unknown field {_OTHER}",
         "Field {field} leads to {other}, but there is no such field."),
        (r"V2: no field has kind = 'start'", "The track has no START."),
        (r"V2: no field has kind = 'finish'", "The track has no CÍL."),
        (r"V2: fields (?P<fields>.+) all have kind = 'start'",
         "The track has more than one START: {fields}."),
        (r"V2: fields (?P<fields>.+) all have kind = 'finish'",
         "The track has more than one CÍL: {fields}."),
        (rf"V2: top-level start is {_OTHER} but field {_ID} has kind 'start'",
         "The file says START is {other}, but {field} is marked as START."),
        (rf"V2: top-level finish is {_OTHER} but field {_ID} has kind 'finish'",
         "The file says CÍL is {other}, but {field} is marked as CÍL."),
        (rf"V3: field {_ID} is the finish and must have next",
         "The road must end at CÍL ({field}): nothing may lead on from it."),
        (rf"V3: field {_ID} has no successor", "The road stops at {field}: it leads nowhere."),
        (rf"V3: field {_ID} lists itself", "Field {field} leads to itself."),
        (rf"V3: field {_ID} has an edge into the start", "Field {field} leads back into START."),
        (rf"V3: field {_ID} lists the same successor twice",
         "Field {field} leads to the same field twice."),
        (rf"V4: field {_ID} has \d+ successors and needs main",
         "The road splits at {field}: which way is the main road?"),
        (rf"V4: field {_ID}: main {_OTHER} is not in its next",
         "The main road from {field} should go to {other}, but no road leads there from it."),
        (rf"V4: field {_ID} has fewer than 2 successors",
         "The road does not split at {field}, yet a main road is marked there."),
        (rf"V5: field {_ID} is a sign and needs forced",
         "Which way does the blue arrow at {field} point?"),
        (rf"V5: field {_ID}: forced {_OTHER} is not in its next",
         "The blue arrow at {field} points to {other}, but no road leads there from it."),
        (rf"V5: field {_ID} is not a sign",
         "Field {field} is not a blue sign, yet an arrow is marked there."),
        (rf"V6: field {_ID} has no predecessor", "No road leads to {field}."),
        (rf"V6: field {_ID} has \d+ predecessors \((?P<fields>[^)]*)\) and needs back",
         "Roads from {fields} meet at {field}: which way leads back from it?"),
        (rf"V6: field {_ID}: back {_OTHER} is not one of its predecessors",
         "The way back from {field} should go to {other}, but no road comes from there."),
        (rf"V6: field {_ID} has fewer than 2 predecessors",
         "Only one road leads to {field}, yet a way back is marked there."),
        (rf"V7: from field {_ID} ", "From {field} the main road never reaches CÍL."),
        (rf"V8: from field {_ID} ", "Going back from {field} never reaches START."),
        (r"(file: )?the board file is not UTF-8 text", "The file is not text."),
        (r"(file: )?cannot read .* \((?P<detail>[^()]*)\)$",
         "The file cannot be read ({detail})."),
    ))
NOT_A_BOARD = "The file is not a Pat a Mat board ({detail})."
NOT_TOML = "not TOML text, line {line}"
NO_FORMAT = "it has no line format = \"{format}\""
AND = "{names} and {last}"
_RULE = re.compile(r"V\d")
_TOML_LINE = re.compile(r"\(at line (?P<line>\d+)")


def field_name(draft: Draft, key: int) -> str:
    """How the players know a field: its printed number when typed, else its id."""
    if key == START_KEY:
        return "START"
    spot = draft.spot(key)
    if spot.label:
        return spot.label
    return "CÍL" if spot.kind == "finish" else draft_track(draft).ids[key]


def draft_problems(draft: Draft, lang: str = "en") -> list[str]:
    """Every reason the track is not playable yet; [] when it can be saved and played."""
    tr = translator(DOMAIN, lang)
    problems: list[str] = []

    def say(template: str, key: int) -> None:
        problems.append(tr(template).format(field=field_name(draft, key)))

    for index, way in enumerate(draft.ways):
        end = draft.end_of(index)
        fork_here = draft.branch_at(end) if way.spots or index == 0 else None
        if fork_here is not None and not (index and way.joins is not None):
            say(SPLIT_AT_END, end)
        if index and way.joins is None and way.fork is not None:
            say(WAY_NOT_JOINED if way.spots else WAY_NOT_WALKED, way.fork)
        for spot in way.spots:
            if spot.kind != "sign":
                continue
            if draft.branch_at(spot.key) is not None and not spot.arrow:
                say(ARROW_UNKNOWN, spot.key)
            elif spot.key == end and not draft.is_closed(index) and fork_here is None:
                say(SIGN_AT_END, spot.key)
    if not draft.is_closed(0):  # said last: while walking it is always so
        say(ROAD_OPEN, draft.end_of(0))
    if problems:
        return problems
    if not any(spot.kind == "normal" for way in draft.ways for spot in way.spots):
        return [tr(NO_ORDINARY)]
    return [tr(CHECKER).format(problem=finding_words(error, lang))
            for error in board_errors(board_text(draft, CHECK_NAME))]


def findings_words(findings: list[str] | tuple[str, ...], lang: str = "en") -> list[str]:
    """The checker's findings about one file in the players' words; a file that is not a board
    file at all (not TOML, no ``format`` line) is said so once, not key by key."""
    for finding in findings:
        if finding.startswith(("TOML:", "format: format must be")):
            return [finding_words(finding, lang)]
    return [finding_words(finding, lang) for finding in findings]


def finding_words(finding: str, lang: str = "en") -> str:
    """A board checker's finding in the players' words, its rule (V1–V8) small at the end; a
    file that is not TOML or not a board file at all: "The file is not a Pat a Mat board (…)"."""
    tr = translator(DOMAIN, lang)
    for pattern, sentence in FINDINGS:
        found = pattern.match(finding)
        if found is None:
            continue
        words = {key: _names(value, tr) for key, value in found.groupdict().items()
                 if value is not None}
        said = tr(sentence).format(**words)
        return f"{said} ({finding[:2]})" if _RULE.match(finding) else said
    if finding.startswith("TOML:"):
        line = _TOML_LINE.search(finding)
        detail = tr(NOT_TOML).format(line=line["line"]) if line else "TOML"
    elif finding.startswith("format: format must be"):
        detail = tr(NO_FORMAT).format(format=BOARD_FORMAT)
    else:
        detail = finding.removeprefix("format: ")
    return tr(NOT_A_BOARD).format(detail=detail)


def _names(listed: str, tr: Translate) -> str:
    """Field ids as the checker lists them ("'A', 'B'" or "F16, A3") as the players read them:
    "A and B"."""
    names = [name.strip().strip("'") for name in listed.split(",")]
    if len(names) == 1:
        return names[0]
    return tr(AND).format(names=", ".join(names[:-1]), last=names[-1])


def is_playable(draft: Draft) -> bool:
    return not draft_problems(draft)
