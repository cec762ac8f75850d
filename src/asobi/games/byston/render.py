"""The Byston Well map as plain text, to check the authored map by eye.

Each hex is three characters: its nation's letter (a border is where the letter changes), its
terrain, and a mark — the letter of a named place (listed under the map) or the GP of an income
hex. Shifted rows are indented by half a cell, as on the printed hex grid.
"""

from __future__ import annotations

import string

from .tables import MapTable, Tables, Terrain

NATION_LETTER = {"drake": "D", "ah": "A", "ku": "K", "rau": "R", "na": "N", "mi": "I", "": "-"}
TERRAIN_MARK = {Terrain.PLAIN: ".", Terrain.HIGHLAND: "^", Terrain.MOUNTAIN: "M"}
CELL = 4


def place_marks(game_map: MapTable) -> dict[str, str]:
    """A one-letter mark for each named place, in the order the data lists them."""
    return {pid: string.ascii_lowercase[k % 26] for k, pid in enumerate(game_map.places)}


def render_map(tables: Tables, lang: str = "ja") -> str:
    """The map with a header of column numbers, one line per row, then the legend."""
    game_map = tables.map
    grid = game_map.grid
    marks = place_marks(game_map)
    lines = ["     " + "".join(f"{c + 1:02d}".ljust(CELL) for c in range(grid.width)).rstrip()]
    for row in range(grid.height):
        cells = []
        for col in range(grid.width):
            h = game_map.hexes[grid.index(col, row)]
            mark = marks[h.places[0]] if h.places else (str(h.income) if 0 < h.income < 10 else " ")
            cells.append(f"{NATION_LETTER[h.nation]}{TERRAIN_MARK[h.terrain]}{mark}".ljust(CELL))
        indent = " " * (CELL // 2) if row % 2 else ""
        lines.append(f"{row + 1:02d}   {indent}{''.join(cells).rstrip()}")
    lines.append("")
    lines.append(
        "D ドレイク領 Drake  A アの国 Ah  K クの国 Ku  R ラウの国 Rau  N ナの国 Na  I ミの国 Mi  - no nation"
    )
    lines.append(". 平地 plain  ^ 高地 highland  M 山岳 mountain  digit: income GP")
    for pid, place in game_map.places.items():
        name = place.ja if lang == "ja" else place.en
        where = " ".join(grid.hex_id(i) for i in place.hexes)
        gp = sum(game_map.hexes[i].income for i in place.hexes)
        income = f", {gp} GP" if gp else ""
        lines.append(f"{marks[pid]} {name} ({where}{income})")
    return "\n".join(lines) + "\n"
