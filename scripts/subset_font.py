#!/usr/bin/env python3
"""Make the Japanese font subset the browser pages load (src/asobi/server/static/fonts/asobi-ja.woff).

    .venv/bin/python scripts/subset_font.py [SOURCE]

SOURCE is Noto Sans CJK (SIL Open Font License 1.1), by default Debian's
/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc (`apt-get install fonts-noto-cjk`), its
Japanese face. The subset holds exactly the wide characters of the files the pages draw from
(asobi.server.glyphs.page_characters) and is written as WOFF with fontTools (a dependency of
matplotlib). Run it again when a text adds a character: tests/server/test_font.py says which.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

from asobi.server.glyphs import FONT, page_characters

DEFAULT = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FACE = "Noto Sans CJK JP"


def japanese_face(path: Path) -> TTFont:
    if path.suffix.lower() != ".ttc":
        return TTFont(path)
    for font in TTCollection(path).fonts:
        if font["name"].getDebugName(4) == FACE:
            return font
    raise SystemExit(f"{path}: no face named {FACE}")


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    if not source.is_file():
        raise SystemExit(f"{source}: no such font (apt-get install fonts-noto-cjk, or name a Noto Sans CJK file)")
    font = japanese_face(source)
    wanted = page_characters()
    cmap = font.getBestCmap()
    missing = sorted(c for c in wanted if ord(c) not in cmap)
    options = subset.Options()
    options.flavor = "woff"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]  # the font's names and its licence stay with it
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in sorted(wanted) if ord(c) in cmap])
    subsetter.subset(font)
    FONT.parent.mkdir(parents=True, exist_ok=True)
    font.flavor = "woff"
    font.recalcTimestamp = False  # the source font's dates: the same characters give the same file
    font.save(FONT)
    print(f"wrote {FONT}: {len(wanted) - len(missing)} characters, {FONT.stat().st_size} bytes"
          + (f"; not in the source font: {''.join(missing)}" if missing else ""))


if __name__ == "__main__":
    main()
