"""A game's clause book: the print, our own rules and our translation, read by one loader from the
game's rules package, and shown in the reader's language (the terminal and the server read it)."""

from __future__ import annotations

import uuid

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core import clauses as cl
from asobi.core.errors import BadDataError
from asobi.core.registry import all_games, get_game

PRINTED_GAMES = [spec.id for spec in all_games() if spec.clause_book().printed]
"""Every installed game with a printed rulebook: each must carry our full English translation."""


def test_the_games_with_printed_rules_are_found():
    assert {"legion", "emblem", "byston"} <= set(PRINTED_GAMES)


@pytest.mark.parametrize("game", PRINTED_GAMES)
def test_printed_clauses_show_our_translation_in_english_and_the_print_in_japanese(game):
    book = get_game(game).clause_book()
    assert book.translation is not None and book.translation.keys() == book.printed.keys()
    for cid in book.printed:
        assert book.text(cid, "en") == book.translation[cid]
        assert book.text(cid, "ja") == book.printed[cid]
    assert book.notice("en") == cl.NOTICE and book.notice("ja") is None


@pytest.mark.parametrize(("game", "own"), [("legion", "L-3"), ("emblem", "C-17"), ("byston", "B-5")])
def test_our_own_rules_notes_shown_alone_are_not_called_a_translation(game, own):
    book = get_game(game).clause_book()
    assert own in book.all and own not in book.printed
    assert book.notice("en", [own]) == cl.OWN_NOTES_NOTICE and "not printed" in cl.OWN_NOTES_NOTICE
    assert book.notice("en", [next(iter(book.printed)), own]) != cl.OWN_NOTES_NOTICE
    assert book.notice("ja", [own]) is None
    shown = CliRunner().invoke(main, ["rules", game, own]).output
    assert shown.splitlines()[0] == f"# {cl.OWN_NOTES_NOTICE}"


def test_our_own_bilingual_rules_show_one_half_per_language():
    book = get_game("legion").clause_book()
    halves = [(cid, cl.split_bilingual(text)) for cid, text in book.own.items()]
    cid, pair = next((c, p) for c, p in halves if p is not None)
    assert book.text(cid, "ja") == pair[0] and book.text(cid, "en") == pair[1]


def test_a_clause_the_print_withdrew_is_left_out():
    assert "20.2" not in get_game("byston").clauses()  # kind "deleted" in byston's clauses.tsv


def test_an_unknown_clause_is_a_key_error():
    with pytest.raises(KeyError):
        get_game("legion").clause_book().text("no-such-clause", "en")


def _package(tmp_path, monkeypatch, files: dict[str, str]) -> str:
    name = f"rulebook_{uuid.uuid4().hex}"  # a package of its own per test (an imported one is kept)
    pkg = tmp_path / name
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    for file, text in files.items():
        (pkg / file).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


PRINTED = "id\tkind\ttext\n1.1\trule\t一\n1.2\tdeleted\t二\n"


def test_a_rulebook_of_our_own_needs_no_printed_file(tmp_path, monkeypatch):
    package = _package(tmp_path, monkeypatch, {"completion.tsv": "id\tkind\ttext\n1\trule\t一。/ One.\n"})
    book = cl.read_clauses(package)
    assert book.printed == {} and book.text("1", "en") == "One." and book.notice("en") is None


def test_a_print_without_a_translation_falls_back_to_the_print_marked_japanese_only(tmp_path, monkeypatch):
    book = cl.read_clauses(_package(tmp_path, monkeypatch, {"clauses.tsv": PRINTED}))
    assert book.translation is None
    assert book.text("1.1", "en") == cl.JAPANESE_ONLY + "一" and book.text("1.1", "ja") == "一"
    assert book.notice("en") == cl.UNTRANSLATED_NOTICE and "Japanese only" in cl.UNTRANSLATED_NOTICE


def test_the_three_files_make_one_book(tmp_path, monkeypatch):
    package = _package(tmp_path, monkeypatch, {
        "clauses.tsv": PRINTED,
        "completion.tsv": "id\tkind\ttext\nX-1\tcompletion\t自前。/ Ours.\n",
        "clauses.en.tsv": "# ours\nid\ttext\n1.1\tOne.\n",
    })
    book = cl.read_clauses(package)
    assert book.all == {"1.1": "一", "X-1": "自前。/ Ours."}
    assert [book.text("1.1", "en"), book.text("X-1", "ja"), book.text("X-1", "en")] == ["One.", "自前。", "Ours."]


@pytest.mark.parametrize(("files", "named"), [
    ({}, "clauses.tsv: entry '(the file)', field '-': is missing, and so is completion.tsv"),
    ({"clauses.tsv": "1.1\trule\t一\n"}, "entry '(the header)'"),
    ({"clauses.tsv": "id\tkind\ttext\n1.1\trule\n"}, "clauses.tsv:2: entry '1.1'"),
    ({"clauses.tsv": "id\tkind\ttext\n1.1\trule\t一\n1.1\trule\t二\n"}, "clauses.tsv:3: entry '1.1', field 'id'"),
    ({"clauses.tsv": PRINTED, "completion.tsv": "id\tkind\ttext\n1.1\tcompletion\tまた\n"}, "is also a printed"),
    ({"clauses.tsv": PRINTED, "clauses.en.tsv": "id\ttext\n9.9\tNine.\n"}, "entry '9.9'"),
    # a kind the check does not know (no "not yet cited" kind: such a clause is a rule)
    ({"clauses.tsv": "id\tkind\ttext\n1.1\tunseen\t一\n"}, "clauses.tsv:2: entry '1.1', field 'kind': is 'unseen'"),
])
def test_a_broken_clause_file_is_named_with_its_line(tmp_path, monkeypatch, files, named):
    package = _package(tmp_path, monkeypatch, files)
    with pytest.raises(BadDataError) as e:
        cl.read_clauses(package)
    assert named in str(e.value)


def test_a_rule_of_one_language_with_slashes_in_it_is_shown_whole():
    english = "Three ways: none / normal / concentrated (see 9.1)."
    assert cl.split_bilingual(english) is None
    assert cl.split_bilingual("三つの方法。/ Three ways: none / normal.") == ("三つの方法。", "Three ways: none / normal.")
    book = get_game("byston").clause_book()
    for note in ("B-1", "B-8", "B-43"):  # English notes with " / " inside
        assert book.text(note, "en") == book.text(note, "ja") == book.own[note]
