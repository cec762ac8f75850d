"""A game's rule clauses, read from its rules package, and shown in the reader's language.

Every game keeps the same three files in its rules package (the one its spec names), each
optional, but a game has at least one clause:

- ``clauses.tsv`` — the printed clauses, Japanese as printed (rows whose ``kind`` is
  ``deleted`` are clauses the print withdrew: nothing to enforce, so they are left out); a game
  played by a rulebook of our own has none;
- ``completion.tsv`` — our own rules: completions and decided ambiguities, written in both
  languages in one text, ``日本語 / English``, of which each language shows only its own half (a
  text without the ``/`` shows as it is in both);
- ``clauses.en.tsv`` (optional) — our English translation of each printed clause, marked as ours.

A file's ``kind`` column (optional) says what each clause is, one of :data:`KINDS`. Besides
``deleted``, two kinds mark a clause that no event need cite (see :data:`UNCITED_KINDS`):
``definition`` (it names or describes things and changes nothing by itself) and ``heading`` (a
title over sub-clauses). Every other kind (``rule``, ``note``, ``completion``, ``decision``) is a
rule that acts, which an event — or, for a limit, the refusal of an action it forbids — cites.

A printed clause with no translation shows in English as the print, marked :data:`JAPANESE_ONLY`,
so a reader never mistakes the fallback for a translation. Each file has a header row whose first
column is ``id`` and whose last is the text; ``#`` lines are comments.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from .errors import BadDataError

PRINTED = "clauses.tsv"
OWN = "completion.tsv"
TRANSLATION = "clauses.en.tsv"
NOTICE = ("English: our translation of the printed Japanese rules, not printed text (`--lang ja` shows the print); "
          "ids with a letter (such as L-3) are our own rules notes.")
UNTRANSLATED_NOTICE = ("English: this game's printed rules are not translated yet; each printed clause shows "
                       "in Japanese, marked [Japanese only].")
OWN_NOTES_NOTICE = "English: our own rules notes (how we read the print where it is silent or unclear), not printed text."
DEFINITION = "definition"
HEADING = "heading"
UNCITED_KINDS = (DEFINITION, HEADING)
"""The kinds of a clause that no event need cite (see the module's description)."""
KINDS = frozenset({"rule", "note", "completion", "decision", "deleted", *UNCITED_KINDS})
"""The kinds a clause file's ``kind`` column may give."""
JAPANESE_ONLY = "[Japanese only] "
"""The mark before a printed clause shown in English where no translation of it is written."""

_BILINGUAL = re.compile(r"(?:(?<=[。）」])|\s)/ ")
"""Where the English half of a ``日本語 / English`` clause may begin."""
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
_LATIN = re.compile(r"[A-Za-z]")


def split_bilingual(text: str) -> tuple[str, str] | None:
    """``(日本語, English)`` of a clause written ``日本語 / English``, or ``None`` for a text in one
    language — English that uses `` / `` itself ("none / normal / concentrated") included: the
    half before the first `` / `` is Japanese only when it holds more Japanese than Latin letters."""
    m = _BILINGUAL.search(text)
    if m is None:
        return None
    before = text[: m.start()]
    if len(_JAPANESE.findall(before)) <= len(_LATIN.findall(before)):
        return None
    return before.rstrip(), text[m.end() :].strip()


@dataclass(frozen=True)
class ClauseBook:
    """One game's clauses: the print, our own rules and our translation, id → text.

    :ivar printed: the printed clauses in the print's order.
    :ivar own: our own rules (completions, decided ambiguities).
    :ivar translation: our English translation of printed clauses (``None``: none written).
    :ivar kinds: id → the ``kind`` column of the clause's row, for files that have one.
    """

    printed: dict[str, str]
    own: dict[str, str]
    translation: dict[str, str] | None
    kinds: Mapping[str, str] = field(default_factory=dict)

    def kind(self, clause_id: str) -> str:
        """The clause's kind (``rule`` where its file gives none)."""
        return self.kinds.get(clause_id, "rule")

    @property
    def all(self) -> dict[str, str]:
        """Every clause, printed first, as the game lists them."""
        return {**self.printed, **self.own}

    def text(self, clause_id: str, lang: str) -> str:
        """One clause in ``lang``: the print or our translation, or one half of our own rules.

        :raises KeyError: if the game has no such clause.
        """
        printed = self.printed.get(clause_id)
        if printed is not None:
            if lang != "en":
                return printed
            if self.translation is not None and clause_id in self.translation:
                return self.translation[clause_id]
            return JAPANESE_ONLY + printed
        text = self.own[clause_id]
        halves = split_bilingual(text)
        if halves is not None:
            return halves[0] if lang == "ja" else halves[1]
        return text

    def texts(self, lang: str) -> dict[str, str]:
        """Every clause in ``lang``, in the order the game lists them."""
        return {cid: self.text(cid, lang) for cid in self.all}

    def notice(self, lang: str, shown: Sequence[str] | None = None) -> str | None:
        """The line that says what English clauses are: our translation, or the print left
        untranslated (``None`` in Japanese, or where no clause is printed). ``shown``: the clause
        ids about to be shown (default: all); when none of them is printed they are our own rules
        notes, and the line says so."""
        if lang != "en" or not self.printed:
            return None
        if shown is not None and not any(cid in self.printed for cid in shown):
            return OWN_NOTES_NOTICE
        return NOTICE if self.translation is not None else UNTRANSLATED_NOTICE


def _read(
    package: str, name: str, *, required: bool, kinds: dict[str, str] | None = None
) -> dict[str, str] | None:
    """``id → text`` from one rules TSV of ``package`` (``None`` if absent and not required);
    each row's ``kind``, where the file has that column, goes into ``kinds``.

    :raises BadDataError: naming the file and line of a malformed row.
    """
    where = f"{package}/{name}"
    try:
        path = resources.files(package).joinpath(name)
        text = path.read_text(encoding="utf-8") if path.is_file() else None
    except (ModuleNotFoundError, OSError, UnicodeDecodeError) as e:
        raise BadDataError(where, "(the file)", "-", f"cannot be read ({e})") from None
    if text is None:
        if required:
            raise BadDataError(where, "(the file)", "-", "is missing")
        return None
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip() and not line.startswith("#")]
    if not lines or lines[0][1].split("\t")[0] != "id":
        raise BadDataError(where, "(the header)", "id", "the first line must name the columns, starting with 'id'")
    header = lines[0][1].split("\t")
    kind_column = header.index("kind") if "kind" in header else None
    out: dict[str, str] = {}
    for n, line in lines[1:]:
        row = line.split("\t")
        if len(row) != len(header) or not row[-1].strip():
            raise BadDataError(f"{where}:{n}", row[0], header[-1], f"needs {len(header)} tab-separated columns, the last a text")
        if row[0] in out:
            raise BadDataError(f"{where}:{n}", row[0], "id", "is listed twice")
        if kind_column is not None and row[kind_column] not in KINDS:
            raise BadDataError(f"{where}:{n}", row[0], "kind", f"is {row[kind_column]!r}, not one of {', '.join(sorted(KINDS))}")
        if kind_column is not None and row[kind_column] == "deleted":
            continue
        if kind_column is not None and kinds is not None:
            kinds[row[0]] = row[kind_column]
        out[row[0]] = row[-1]
    return out


@cache
def read_clauses(package: str) -> ClauseBook:
    """The clause book in rules package ``package`` (read once).

    :raises BadDataError: naming the file and line that is wrong.
    """
    kinds: dict[str, str] = {}
    printed = _read(package, PRINTED, required=False, kinds=kinds) or {}
    own = _read(package, OWN, required=False, kinds=kinds) or {}
    if not printed and not own:
        raise BadDataError(f"{package}/{PRINTED}", "(the file)", "-", f"is missing, and so is {OWN}: a game has clauses")
    translation = _read(package, TRANSLATION, required=False)
    both = printed.keys() & own.keys()
    if both:
        raise BadDataError(f"{package}/{OWN}", sorted(both)[0], "id", "is also a printed clause")
    if translation is not None:
        stray = translation.keys() - printed.keys()
        if stray:
            raise BadDataError(f"{package}/{TRANSLATION}", sorted(stray)[0], "id", "translates a clause that is not printed")
    return ClauseBook(printed, own, translation, kinds)
