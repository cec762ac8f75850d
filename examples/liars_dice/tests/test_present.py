"""What the front ends draw: the terminal text, the readable items and the browser board, each a
plain function of a seat's view (so it shows nothing the view does not)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import asobi
import pytest

from asobi_liars_dice.present import PRESENTATION
from asobi_liars_dice.present.render import render
from asobi_liars_dice.present.table import glossary, items

from .helpers import position

HERE = Path(__file__).parent
SVG_JS = Path(asobi.__file__).parent / "server" / "static" / "boards" / "svg.js"


def table():
    """A round under way, then one just settled (so the last reveal shows)."""
    s = position([[1, 4, 4], [2, 6], [3, 3, 5]], turn=2, bids=((2, 4, 0), (3, 6, 1)))
    return s


def test_the_terminal_shows_the_seats_own_faces_only():
    s = table()
    mine = render(s.view(0), 0, "en").splitlines()
    assert mine[1].split("[")[1].startswith("1 4 4]") and "(you)" in mine[1]
    assert "[? ?]" in mine[2] and "[? ? ?]" in mine[3]
    assert "Bid: B — 3 × 6" in mine and "C to call" in mine
    everyone = render(s.view(None), None, "en")
    assert "[2 6]" in everyone and "[3 3 5]" in everyone
    ja = render(s.view(0), 0, "ja")
    assert "ビッド：B　6の目が3個" in ja and "Bid" not in ja


def test_the_terminal_shows_the_last_reveal_to_everyone():
    s = table()
    s.apply(("challenge",), seat=2)
    text = render(s.view(1), 1, "en")
    assert "Last reveal: C called challenge on B's 3 × 6; 2 counted — A 1 4 4 · B 2 6 · C 3 3 5" in text


def test_items_name_every_cup_the_bids_the_reveal_and_the_rules():
    s = table()
    found = {it.key: it for it in items(s.view(1), "en")}
    assert set(found) == {"a", "b", "c", "bids", "rules"}
    assert found["b"].lines[1] == "faces: 2 6"
    assert found["a"].lines[1] == "only its owner sees the faces (2.1)"
    assert found["bids"].lines[1:] == ["A 2×4", "B 3×6"]
    s.apply(("challenge",), seat=2)
    found = {it.key: it for it in items(s.view(1), "ja")}
    assert found["last"].lines[1] == "CがBの3×6にダウト：2個"


def test_the_glossary_has_both_languages():
    assert len(glossary("en")) == len(glossary("ja")) == 6
    assert glossary("en")[2].startswith("challenge:")


def test_the_board_module_ships_with_the_package():
    assert PRESENTATION.board_script is not None
    assert "window.AsobiBoards.liars_dice" in PRESENTATION.board_script.read_text(encoding="utf-8")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_board_draws_hidden_dice_as_question_marks(lang):
    s = table()
    ctx = {"lang": lang, "seat": 0, "names": {}, "seats": [{"name": n, "kind": "human"} for n in "ABC"]}
    board = PRESENTATION.board_script
    out = subprocess.run(
        ["node", str(HERE / "board_probe.js"), str(SVG_JS), str(board), json.dumps(s.view(0)), json.dumps(ctx)],
        capture_output=True, text=True, check=True, timeout=30,
    )
    drawn = json.loads(out.stdout)
    cups = [[face for cup, face in drawn["dice"] if cup == p] for p in range(3)]
    assert cups == [["1", "4", "4"], ["?", "?"], ["?", "?", "?"]]
    assert [face for cup, face in drawn["dice"] if cup is None] == ["6"]  # the bid standing
    assert drawn["deciding"] == ("bid or challenge (2.3)" if lang == "en" else "ビッドかダウト（2.3）")
    assert drawn["groups"][0] == ("bids on 4s" if lang == "en" else "4の目へのビッド")
    assert not any("2 6" in t for t in drawn["texts"])
