"""The Japanese font subset the pages load (``asobi.server.glyphs``): it holds exactly the wide
characters of the files the pages draw from, and is served."""

from __future__ import annotations

from fontTools.ttLib import TTFont

from asobi.server.glyphs import FIRST_WIDE, FONT, page_characters

REMAKE = "run `.venv/bin/python scripts/subset_font.py` (apt-get install fonts-noto-cjk first)"


def test_the_subset_holds_exactly_the_characters_the_pages_use():
    font = TTFont(FONT)
    assert font.flavor == "woff" and font["name"].getDebugName(4) == "Noto Sans CJK JP"
    held = {chr(code) for code in font.getBestCmap() if code >= FIRST_WIDE}
    used = page_characters()
    assert len(used) > 500 and {"ド", "気", "力", "滅", "亡", "練", "磨"} <= used
    missing = "".join(sorted(used - held))
    assert not missing, f"the pages use characters the font subset lacks: {missing}; {REMAKE}"
    unused = "".join(sorted(held - used))
    assert not unused, f"the font subset holds characters no page uses: {unused}; {REMAKE}"


def test_the_font_and_its_licence_are_served(client):
    r = client.get("/static/fonts/asobi-ja.woff")
    assert r.status_code == 200 and r.content[:4] == b"wOFF"
    assert "SIL OPEN FONT LICENSE Version 1.1" in client.get("/static/fonts/OFL.txt").text
    assert 'url("/static/fonts/asobi-ja.woff")' in client.get("/static/style.css").text
