"""The Byston Well map as plain text, to check the authored map by eye.

Each hex is three characters: its nation's letter (a border is where the letter changes), its
terrain, and a mark — the letter of a named place (listed under the map) or the GP of an income
hex. Shifted rows are indented by half a cell, as on the printed hex grid.
"""

from __future__ import annotations

import string
from typing import Any

from asobi.core.text import Styled, StyledBuilder, pad, width

from ..messages import COUNTRY_STATES
from ..tables import MapTable, Tables, Terrain

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


# --- a position, for the terminal -------------------------------------------------------------

_COUNTRY_LETTER = {"drake": "D", "ku": "K", "rau": "R", "na": "N", "ah": "A", "mi": "I", "zelana": "Z"}
_T = {
    "turn": ("ターン {turn}/16", "Turn {turn}/16"),
    "decide": ("{seat}の選択：{kind}", "{seat} to decide: {kind}"),
    "chance": ("偶然：{kind}", "chance: {kind}"),
    "sheet": ("管理シート", "Management sheet"),
    "sheet_head": ("国|状態|GP|TL|チット|席", "country|state|GP|TL|chits|seat"),
    "box": ("工場ボックス", "Factory box"),
    "cup": ("カップ", "Cup"),
    "open": ("オープンボックス", "Open box"),
    "surprise": ("奇襲作戦チット：ドレイク軍が保持", "surprise chit: held by Drake"),
    "stacks": ("スタック（* 裏）", "Stacks (* flipped)"),
    "chars": ("キャラクター", "Characters"),
    "moving": (
        "移動中：{unit} {hex} 残り{mp}MP 搭載 {load}",
        "moving: {unit} at {hex}, {mp} MP left, carrying {load}",
    ),
    "battle": (
        "戦闘：{hex}（{acting}の行動）　配置待ちのヒット {hits}",
        "battle at {hex} ({acting} acting), hits to place {hits}",
    ),
    "waiting": ("共同作戦で待機：{who}", "waiting for a joint operation: {who}"),
    "secret": ("秘密工場：{state}", "secret factory: {state}"),
    "legend": (
        "地図：国の文字・地形・印（地名の文字か収入GP）。駒（ユニット・建物）のあるヘックスの下にその数：d3=ドレイク陣営3、s2=シーラ陣営2、"
        "3/2=両陣営（ドレイク/シーラ）",
        "map: nation letter, terrain, mark (place letter or income GP); under a hex with counters (units, buildings), "
        "how many: d3 = 3 of Drake's camp, s2 = 2 of Sheela's, 3/2 = both camps (Drake's/Sheela's)",
    ),
}
_DECISIONS = {
    "declare": ("宣戦布告（5）", "declaration of war (5)"),
    "income_share": ("収入の分配（6.7）", "sharing an income hex (6.7)"),
    "develop": ("開発（7）", "development (7)"),
    "produce": ("生産・増産・換装・チット（8–10）", "production, extra production, conversion, chits (8–10)"),
    "repair": ("修理（11）", "repair (11)"),
    "build": ("建築（12）", "building (12)"),
    "place": ("キャラクターの配置（13.2, 14.10）", "placing a character (13.2, 14.10)"),
    "surprise": ("奇襲作戦を宣言するか（16.3）", "whether to declare a surprise attack (16.3)"),
    "joint": ("行動か共同作戦の待機か（15.3）", "act, or wait for a joint operation (15.3)"),
    "move": ("移動する艦（17）", "a ship to move (17)"),
    "load": ("搭載（17.15）", "taking units aboard (17.15)"),
    "step": ("次のヘックス（17.5）", "the next hex (17.5)"),
    "search": ("秘密工場の発見チェック（30.6.5）", "looking for the secret factory (30.6.5)"),
    "battle_order": ("次に戦うヘックス（B-25）", "where to fight next (B-25)"),
    "sortie": ("出撃と収容（20.1）", "sortie and stowing (20.1)"),
    "mount": ("キャラクターの搭乗（20.4）", "a character boards (20.4)"),
    "bomb": ("爆撃するか（22.1）", "whether to bomb (22.1)"),
    "allocate": ("ヒットの割り振り（25）", "placing hits (25)"),
}


def _text(key: str, lang: str, **args: Any) -> str:
    return _T[key][0 if lang == "ja" else 1].format(**args)


NATION_STYLE = {"drake": "red", "ku": "yellow", "rau": "blue", "na": "green", "ah": "magenta", "mi": "bright_yellow",
                "zelana": "cyan", "": "dim"}
"""Each nation's colour on the terminal's map (the browser board's inks, in the terminal's own
colours so that they read on a dark or a light background)."""
TERRAIN_STYLE = {Terrain.PLAIN: "dim", Terrain.HIGHLAND: "yellow", Terrain.MOUNTAIN: "bold"}
CAMP_STYLE = {"d": "bold red", "s": "bold bright_blue", "x": "bold magenta"}
"""A hex's units by camp: Drake's, Sheela's, both (a battle)."""
MOVING_STYLE = "reverse"
BATTLE_STYLE = "bold reverse"


def _camps() -> dict[str, str]:
    """Each country's camp letter, ``d`` or ``s`` (3.2, 3.3)."""
    from ..tables import tables

    return {cid: "d" if c.camp == "drake" else "s" for cid, c in tables().countries.items()}


def hex_strengths(view: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """Each hex with counters on it: how many are of Drake's camp and how many of Sheela's."""
    camp = _camps()
    out: dict[str, tuple[int, int]] = {}
    for hex_id, stack in view["map"].items():
        drake = sum(1 for tag in stack if camp[tag.split(":")[0]] == "d")
        out[hex_id] = (drake, len(stack) - drake)
    return out


def strength_mark(drake: int, sheela: int) -> tuple[str, str]:
    """A hex's counters as the map writes them under the hex, and their camp letter: ``d3``
    (three of Drake's camp), ``s12``, ``3/2`` (both camps: Drake's / Sheela's)."""
    if drake and sheela:
        return f"{drake}/{sheela}", "x"
    return (f"d{drake}", "d") if drake else (f"s{sheela}", "s")


def render_position_map(tables: Tables, view: dict[str, Any]) -> Styled:
    """The map of :func:`render_map` in colour (nations, terrain, camps) with, under each row, the
    counters each hex holds by camp (:func:`strength_mark`); the moving ship's hex and the battle's
    are drawn reversed."""
    game_map = tables.map
    grid = game_map.grid
    marks = place_marks(game_map)
    strengths = hex_strengths(view)
    moving = view["moving"]["hex"] if view.get("moving") else None
    battle = view["battle"]["hex"] if view.get("battle") else None
    out = StyledBuilder()
    out.line("     " + "".join(f"{c + 1:02d}".ljust(CELL) for c in range(grid.width)).rstrip())
    for row in range(grid.height):
        indent = " " * (CELL // 2) if row % 2 else ""
        out.add(f"{row + 1:02d}   {indent}")
        under: list[tuple[str, str | None]] = []
        for col in range(grid.width):
            index = grid.index(col, row)
            h = game_map.hexes[index]
            hex_id = grid.hex_id(index)
            last = col == grid.width - 1
            out.add(NATION_LETTER[h.nation], NATION_STYLE[h.nation])
            out.add(TERRAIN_MARK[h.terrain], TERRAIN_STYLE[h.terrain])
            if h.places:
                out.add(marks[h.places[0]], "bold underline")
            elif 0 < h.income < 10:
                out.add(str(h.income), "bold yellow")
            elif not last:
                out.add(" ")
            if hex_id in strengths:
                text, camp = strength_mark(*strengths[hex_id])
                style = CAMP_STYLE[camp]
                if hex_id == battle:
                    style += " " + BATTLE_STYLE
                elif hex_id == moving:
                    style += " " + MOVING_STYLE
                under.append((text, style))
            else:
                under.append(("", None))
            if not last:
                out.add(" " * (CELL - 3))
        out.line()
        if any(text for text, _ in under):
            out.add("     " + indent)
            at = 0  # the column written up to, from the row's first cell
            for k, (mark, mark_style) in enumerate(under):
                if mark:
                    out.add(" " * max(k * CELL - at, 1 if at else 0))  # a long mark pushes the next one on
                    at = max(k * CELL, at + (1 if at else 0)) + len(mark)
                    out.add(mark, mark_style)
            out.line()
    return out.build()


def _names(counts: dict[str, int], name: Any) -> str:
    return " ".join(f"{name(k)}×{n}" if n > 1 else name(k) for k, n in counts.items()) or "—"


def render_view(view: dict[str, Any], seat: int | None, lang: str = "en") -> Styled:
    """A position for the terminal: the map with the camps' stacks, the management sheet, factory
    boxes, cup and open box, characters, the move or battle under way and who decides."""
    from ..tables import tables

    t = tables()
    ja = lang == "ja"

    def unit(u: str) -> str:
        thing = t.unit(u)
        return thing.ja if ja else thing.en

    def country(c: str) -> str:
        return t.countries[c].ja if ja else t.countries[c].en

    def chit_or_char(k: str) -> str:
        thing = t.chits.get(k) or t.characters[k]
        return thing.ja if ja else thing.en

    out = StyledBuilder()
    out.line(_text("turn", lang, turn=view["turn"]), "bold")
    out.line(render_position_map(t, view))
    out.line(_text("legend", lang), "dim")
    out.line()
    out.line(_text("stacks", lang), "bold")
    camp = _camps()
    for hex_id, stack in sorted(view["map"].items()):
        by_country: dict[str, dict[str, int]] = {}
        for tag in stack:
            owner, name = tag.split(":")
            flipped = name.endswith("*")
            label = unit(name.rstrip("*")) + ("*" if flipped else "")
            counts = by_country.setdefault(owner, {})
            counts[label] = counts.get(label, 0) + 1
        out.add(f"  {hex_id}: ")
        for k, (c, n) in enumerate(by_country.items()):
            if k:
                out.add("; ")
            out.add(_COUNTRY_LETTER[c], CAMP_STYLE[camp[c]]).add(f" {_names(n, str)}")
        people = [chit_or_char(k) for k, at in view["characters"].items() if at == hex_id]
        if people:
            out.add(f"  [{', '.join(people)}]")
        out.line()
    out.line()
    out.line(_text("sheet", lang), "bold")
    for line, style in sheet_lines(view, lang):
        out.line(line, style)
    lines: list[str] = []
    lines.append(_text("box", lang))
    for cid, box in view["factory"].items():
        lines.append(f"  {country(cid)}: {_names(box, unit)}")
    lines.append(f"{_text('cup', lang)}: {_names(view['cup'], chit_or_char)}")
    lines.append(f"{_text('open', lang)}: {_names(view['open_box'], chit_or_char)}")
    if view["surprise_held"]:
        lines.append(_text("surprise", lang))
    if view["waiting"]:
        lines.append(_text("waiting", lang, who=", ".join(country(c) for c in view["waiting"])))
    if view["secret_factory"] is not None:
        found = view["secret_factory"]["found"]
        lines.append(
            _text(
                "secret",
                lang,
                state=("発見済み" if found else "未発見") if ja else ("found" if found else "not found"),
            )
        )
    wounded = [chit_or_char(k) for k, at in view["characters"].items() if not at[:1].isdigit()]
    if wounded:
        lines.append(
            f"{_text('chars', lang)}: "
            + ", ".join(
                f"{chit_or_char(k)} ({at})" for k, at in view["characters"].items() if not at[:1].isdigit()
            )
        )
    moving = view["moving"]
    if moving:
        load = [unit(x.split(":")[1]) for x in moving["cargo"]] + [chit_or_char(k) for k in moving["crew"]]
        lines.append(
            _text(
                "moving",
                lang,
                unit=unit(moving["unit"]),
                hex=moving["hex"],
                mp=moving["mp"],
                load=", ".join(load) or "—",
            )
        )
    battle = view["battle"]
    if battle:
        lines.append(
            _text(
                "battle",
                lang,
                hex=battle["hex"],
                acting=country(battle["acting"]),
                hits=battle["hits_to_place"],
            )
        )
        for u in battle["units"]:
            part = u["part"] or "-"
            face = "*" if u["flipped"] else ""
            lines.append(
                f"    #{u['counter']} {country(u['country'])} {unit(u['unit'])}{face} {part} hits {u['hit_blocks']}"
            )
    pending = view["pending"]
    if pending is not None:
        kind = _DECISIONS.get(pending[0], (pending[0], pending[0]))[0 if ja else 1]
        runs = [country(c) for c, sheet in view["countries"].items() if sheet["seat"] == pending[1]]
        lines.append(_text("decide", lang, seat=" / ".join(runs[:2]), kind=kind))
    elif view["chance"] is not None:
        lines.append(_text("chance", lang, kind=view["chance"][0]))
    for line in lines:
        out.line(line)
    return out.build()


SHEET_ALIGN = ("<", "<", ">", ">", ">", ">")
"""The management sheet's columns: country and state on the left, the figures on the right."""


def sheet_lines(view: dict[str, Any], lang: str) -> list[tuple[str, str | None]]:
    """The management sheet as lines under its heading (each with its style), every column as wide
    as its widest cell in terminal columns (:func:`asobi.core.text.width`: a Japanese name takes
    two columns a character), so that the columns line up in either language."""
    from ..tables import tables

    ja = lang == "ja"
    countries = tables().countries
    head = _text("sheet_head", lang).split("|")
    rows: list[tuple[list[str], str | None]] = []
    for cid, sheet in view["countries"].items():
        name = countries[cid].ja if ja else countries[cid].en
        state = COUNTRY_STATES[sheet["state"]][0 if ja else 1]
        cells = [name, state, str(sheet["gp"]), str(sheet["tl"]), str(sheet["chits_made"]), str(sheet["seat"])]
        style = "bold" if sheet["state"] == "war" else "dim" if sheet["state"] == "collapsed" else None
        rows.append((cells, style))
    widths = [max(width(cells[k]) for cells in [head, *(r for r, _ in rows)]) for k in range(len(head))]

    def line(cells: list[str]) -> str:
        return "  " + " ".join(pad(c, w, a) for c, w, a in zip(cells, widths, SHEET_ALIGN, strict=True)).rstrip()

    return [(line(head), "dim"), *((line(cells), style) for cells, style in rows)]
