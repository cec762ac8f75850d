"""Rule clauses in the reader's language, for every front end (terminal, web server, cli).

The printed clauses are Japanese (``games/<id>/rules/clauses.tsv``). Beside them,
``clauses.en.tsv`` holds our English translation of each, marked in the file as ours, not printed.
Completion and decided rules (``completion.tsv``) are our own and written in both languages in one
text, ``日本語 / English``: each language shows only its own half, so no English shows in Japanese.
A game with no translation yet shows its printed Japanese in English too, each clause marked
:data:`JAPANESE_ONLY`, so a reader never mistakes the fallback for a translation.

The files are found by the game's id (``asobi.games.<id>.rules``), as the registry finds games, so
the engine imports no game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from importlib import resources

from .errors import AsobiError
from .registry import GameSpec

TRANSLATION = "clauses.en.tsv"
PRINTED = "clauses.tsv"
NOTICE = ("English: our translation of the printed Japanese rules, not printed text (`--lang ja` shows the print); "
          "ids with a letter (such as L-3) are our own rules notes.")
UNTRANSLATED_NOTICE = ("English: this game's printed rules are not translated yet; each printed clause shows "
                       "in Japanese, marked [Japanese only].")
OWN_NOTES_NOTICE = "English: our own rules notes (how we read the print where it is silent or unclear), not printed text."
JAPANESE_ONLY = "[Japanese only] "
"""The mark before a printed clause shown in English where no translation of it is written."""

_BILINGUAL = re.compile(r"(?:(?<=[。）」])|\s)/ ")
"""Where the English half of a ``日本語 / English`` clause begins."""


def _read(game: str, name: str) -> dict[str, str] | None:
    """``id → text`` from a game's rules TSV (``#`` lines are comments), or ``None`` if absent."""
    try:
        path = resources.files(f"asobi.games.{game}.rules").joinpath(name)
        if not path.is_file():
            return None
        text = path.read_text(encoding="utf-8")
    except ModuleNotFoundError:
        return None
    rows = [line.split("\t") for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if not rows or rows[0][0] != "id":
        raise AsobiError(f"{game}: {name} has no header line starting with 'id'")
    out: dict[str, str] = {}
    for row in rows[1:]:
        if len(row) < 2 or not row[-1].strip():
            raise AsobiError(f"{game}: {name}: a line without text: {row[0]!r}")
        out[row[0]] = row[-1]
    return out


@cache
def translation(game: str) -> dict[str, str] | None:
    """Our English translation of the game's printed clauses (``None``: none written)."""
    return _read(game, TRANSLATION)


@cache
def printed_ids(game: str) -> tuple[str, ...]:
    """The ids of the game's printed clauses."""
    return tuple(_read(game, PRINTED) or ())


def split_bilingual(text: str) -> tuple[str, str] | None:
    """``(日本語, English)`` of a clause written ``日本語 / English``, or ``None``."""
    m = _BILINGUAL.search(text)
    if m is None:
        return None
    return text[: m.start()].rstrip(), text[m.end() :].strip()


def clause_text(spec: GameSpec, clause_id: str, lang: str) -> str:
    """One clause in ``lang``: the print or our translation, or one half of our own rules.

    :raises KeyError: if the game has no such clause.
    """
    text = spec.clauses()[clause_id]
    if clause_id in printed_ids(spec.id):
        if lang != "en":
            return text
        ours = translation(spec.id)
        if ours is not None and clause_id in ours:
            return ours[clause_id]
        return JAPANESE_ONLY + text
    halves = split_bilingual(text)
    if halves is not None:
        return halves[0] if lang == "ja" else halves[1]
    return text


def clause_texts(spec: GameSpec, lang: str) -> dict[str, str]:
    """Every clause of the game in ``lang``, in the order the game lists them."""
    return {cid: clause_text(spec, cid, lang) for cid in spec.clauses()}


def notice(spec: GameSpec, lang: str, shown: Sequence[str] | None = None) -> str | None:
    """The line that says what English clauses are: our translation, or the print left untranslated
    (``None`` in Japanese, or where no clause is printed). ``shown``: the clause ids about to be
    shown (default: all); when none of them is printed they are our own rules notes, and the line
    says so."""
    printed = printed_ids(spec.id)
    if lang != "en" or not printed:
        return None
    if shown is not None and not any(cid in printed for cid in shown):
        return OWN_NOTES_NOTICE
    return NOTICE if translation(spec.id) is not None else UNTRANSLATED_NOTICE
