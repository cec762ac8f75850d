"""The commands around terminal play: rules in English, replay as a pager, resume and list."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core.clauses import JAPANESE_ONLY, NOTICE
from asobi.core.registry import all_games, get_game
from asobi.store import GameStore


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


PRINTED_GAMES = [spec.id for spec in all_games() if spec.clause_book().printed]
"""Every installed game with a printed rulebook (legion, emblem, byston): each is held to the same checks."""
OWN_NOTES_IN_ENGLISH_ONLY = {"byston"}
"""Games whose own rules notes (completion.tsv) have no Japanese half yet and so show in English in both
languages; the check for English in Japanese then covers their printed clauses only."""


@pytest.mark.parametrize("game", PRINTED_GAMES)
def test_every_printed_clause_has_our_english_translation_and_nothing_else(game):
    spec = get_game(game)
    book = spec.clause_book()
    ours = book.translation
    assert ours is not None and set(ours) == set(book.printed)
    assert all(text.strip() for text in ours.values())
    english = book.texts("en")
    japanese = book.texts("ja")
    assert english.keys() == japanese.keys() == spec.clauses().keys()
    for cid, text in japanese.items():
        if cid in book.printed or game not in OWN_NOTES_IN_ENGLISH_ONLY:
            assert not re.search(r"\b(the|and|of|is|an?)\b", text), (cid, text)  # no English in Japanese
    for cid, text in english.items():
        assert "。" not in text and (cid not in ours or text == ours[cid]), (cid, text)  # no Japanese sentence
    shown = run("rules", game, "--lang", "en").output
    assert shown.splitlines()[0] == f"# {NOTICE}" and JAPANESE_ONLY.strip() not in shown
    assert len(shown.splitlines()) == 1 + len(english)


def test_rules_in_english_are_marked_as_our_translation():
    en = run("rules", "emblem", "2.3.7", "C-12", "--lang", "en").output.splitlines()
    assert en[0].startswith("# English: our translation")
    assert en[1] == "2.3.7\tA unit with no 気力 chips left is removed (retreats) and put into 戦場外."
    assert en[2].startswith("C-12\t国外 is a public zone")
    ja = run("rules", "emblem", "2.3.7", "C-12", "--lang", "ja").output.splitlines()
    assert ja == ["2.3.7\t気力チップがなくなったユニットはリムーブ（撤退）して戦場外に置かれる。",
                  "C-12\t国外：マリガンした手札と捕獲されたユニットが置かれる公開の領域。ゲームには戻らない。"]


def test_the_rule_command_at_the_prompt_speaks_the_games_language(db):
    out = run("play", "legion", "--seats", "human,bot,bot", "--seed", "1", "--lang", "ja",
              input="r 2.2\nq\n").output
    assert "2.2: 勝利条件：エネミーライフが0になる。" in out
    assert "Saved" not in out and "saved game" not in out and "保存しました" in out


@pytest.fixture
def finished(tmp_path):
    out = tmp_path / "games.jsonl"
    assert run("simulate", "emblem", "-n", "1", "--seed", "3", "--jobs", "1", "--out", str(out)).exit_code == 0
    return f"{out}:1"


def test_replay_step_is_a_pager_that_stops_on_q_end_of_input_and_shows_the_board(finished):
    paged = run("replay", finished, "--step", input="\n\nq\n")
    assert paged.exit_code == 0, paged.output
    assert paged.output.count("+------") == 3 * 15 and "(stopped)" in paged.output  # 3 boards of 15 cell tops
    assert re.search(r"\(3/\d+\)", paged.output) and not re.search(r"\(4/\d+\)", paged.output)
    ended = run("replay", finished, "--step", input="")  # Ctrl-D: end of input
    assert "(1/" in ended.output and "(2/" not in ended.output and "(stopped)" in ended.output
    whole = run("replay", finished, "--step", input="e\n")
    assert "(stopped)" not in whole.output and "wins" in whole.output.splitlines()[-1]


def test_replay_seat_takes_the_letters_the_screens_use_and_refuses_others(finished):
    by_letter = run("replay", finished, "--seat", "b").output
    by_number = run("replay", finished, "--seat", "1").output
    assert by_letter == by_number and "A draws a card" in by_letter
    for bad in ("C", "2", "-1", "x"):
        result = CliRunner().invoke(main, ["replay", finished, "--seat", bad])
        assert result.exit_code == 2 and f"no seat {bad}" in result.output and "A (or 0), B (or 1)" in result.output


def test_quitting_hints_the_games_language_and_database(tmp_path, monkeypatch):
    monkeypatch.delenv("ASOBI_DB", raising=False)
    db = str(tmp_path / "other games.sqlite3")
    out = run("play", "emblem", "--seats", "human,bot", "--lang", "ja", "--db", db, input="q\n").output
    assert f"asobi resume 1 --lang ja --db '{db}'" in out
    resumed = run("resume", "1", "--lang", "ja", "--db", db, input="q\n").output
    assert f"asobi resume 1 --lang ja --db '{db}'" in resumed


def test_resume_with_other_seats_keeps_the_saved_seating(db):
    run("play", "legion", "--seats", "human,bot,bot", "--seed", "1", input="q\n")
    handed = run("resume", "1", "--seats", "bot,bot,bot")
    assert "Game over" in handed.output
    assert GameStore(db).load(1).seats == ["human", "bot:normal", "bot:normal"]


def test_resuming_a_finished_game_changes_nothing_stored_and_list_says_who_won(db):
    run("play", "emblem", "--seats", "bot,bot", "--seed", "3", "--deck-a", "crimson")
    with GameStore(db) as store:
        before = store.list()[0]
    assert before.status == "finished"
    run("resume", "1", "--seats", "human,human")
    with GameStore(db) as store:
        after = store.list()[0]
        assert store.load(1).seats == ["bot:normal", "bot:normal"]
    assert after.updated == before.updated
    listed = run("list").output
    assert "deck_a=crimson" in listed and re.search(r"[AB] wins", listed)
