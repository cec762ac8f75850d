"""The characters the browser pages may show, for the font subset the client serves.

A browser without a Japanese font would draw every kana and kanji as a box: the client serves a
subset of Noto Sans CJK JP (SIL Open Font License 1.1) holding exactly the characters the pages
draw from — the client's own files and the package of each game asobi ships (its messages,
labels, words, content, clause books and board module). A game in a distribution of its own
brings no characters to the subset: where the reader's system has no font for one of them, the
browser draws it with its own fallback. ``scripts/subset_font.py`` makes it from the
Debian package ``fonts-noto-cjk``; ``tests/server/test_font.py`` checks that it still covers them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

STATIC = Path(__file__).parent / "static"
FONT = STATIC / "fonts" / "asobi-ja.woff"
"""The subset the pages load (``style.css``: the family ``asobi-ja``)."""

TEXT_SUFFIXES = frozenset({".py", ".js", ".html", ".css", ".toml", ".tsv", ".json", ".md"})

FIRST_WIDE = 0x2E80
"""From here on (CJK radicals, kana, kanji, full-width forms) a character is the subset's to hold;
below it the pages' own fonts have it (Latin, punctuation, arrows, box drawing)."""


def page_files() -> Iterator[Path]:
    """Every text file the pages draw their words from: the client's, and those of the games asobi
    ships (the folders of ``asobi/games``)."""
    games = Path(__file__).parent.parent / "games"
    roots = [STATIC, *sorted(p for p in games.iterdir() if p.is_dir() and (p / "__init__.py").is_file())]
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.suffix in TEXT_SUFFIXES and path.is_file():
                yield path


def page_characters() -> set[str]:
    """The wide characters (CJK) of every file of :func:`page_files`."""
    chars: set[str] = set()
    for path in page_files():
        chars.update(c for c in path.read_text(encoding="utf-8") if ord(c) >= FIRST_WIDE)
    return chars
