"""The Byston Well map as plain text, to check the authored map by eye.

Each hex is three characters: its nation's letter (a border is where the letter changes), its
terrain, and a mark — the letter of a named place (listed under the map) or the GP of an income
hex. Shifted rows are indented by half a cell, as on the printed hex grid.
"""

from __future__ import annotations

import string
from typing import Any

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
    "sheet_head": ("国           状態   GP  TL チット 席", "country      state  GP  TL chits seat"),
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
        "地図：国の文字・地形・印（地名の文字か収入GP）、ユニットのあるヘックスは陣営の文字 d=ドレイク陣営 s=シーラ陣営 x=両方",
        "map: nation letter, terrain, mark (place letter or income GP); a hex with units shows its camp: d Drake's, s Sheela's, x both",
    ),
}
_STATE = {
    "neutral": ("静観", "neutral"),
    "armed": ("軍備", "armed"),
    "war": ("参戦", "war"),
    "collapsed": ("滅亡", "collapsed"),
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


def _camp_marks(view: dict[str, Any]) -> dict[str, str]:
    """Each hex with units: ``d`` Drake's camp only, ``s`` Sheela's only, ``x`` both."""
    drake_camp = {"drake", "ku"}
    out: dict[str, str] = {}
    for hex_id, stack in view["map"].items():
        camps = {"d" if tag.split(":")[0] in drake_camp else "s" for tag in stack}
        out[hex_id] = camps.pop() if len(camps) == 1 else "x"
    return out


def render_position_map(tables: Tables, view: dict[str, Any]) -> str:
    """The map of :func:`render_map` with each hex holding units marked by its camp."""
    game_map = tables.map
    grid = game_map.grid
    marks = place_marks(game_map)
    camps = _camp_marks(view)
    lines = ["     " + "".join(f"{c + 1:02d}".ljust(CELL) for c in range(grid.width)).rstrip()]
    for row in range(grid.height):
        cells = []
        for col in range(grid.width):
            index = grid.index(col, row)
            h = game_map.hexes[index]
            mark = marks[h.places[0]] if h.places else (str(h.income) if 0 < h.income < 10 else " ")
            camp = camps.get(grid.hex_id(index), "")
            cells.append(f"{NATION_LETTER[h.nation]}{TERRAIN_MARK[h.terrain]}{mark}{camp}".ljust(CELL))
        indent = " " * (CELL // 2) if row % 2 else ""
        lines.append(f"{row + 1:02d}   {indent}{''.join(cells).rstrip()}")
    return "\n".join(lines)


def _names(counts: dict[str, int], name: Any) -> str:
    return " ".join(f"{name(k)}×{n}" if n > 1 else name(k) for k, n in counts.items()) or "—"


def render_view(view: dict[str, Any], seat: int | None, lang: str = "en") -> str:
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

    lines = [_text("turn", lang, turn=view["turn"]), render_position_map(t, view), _text("legend", lang), ""]
    lines.append(_text("stacks", lang))
    for hex_id, stack in sorted(view["map"].items()):
        by_country: dict[str, dict[str, int]] = {}
        for tag in stack:
            owner, name = tag.split(":")
            flipped = name.endswith("*")
            label = unit(name.rstrip("*")) + ("*" if flipped else "")
            counts = by_country.setdefault(owner, {})
            counts[label] = counts.get(label, 0) + 1
        parts = [f"{_COUNTRY_LETTER[c]} {_names(n, str)}" for c, n in by_country.items()]
        people = [chit_or_char(k) for k, at in view["characters"].items() if at == hex_id]
        extra = f"  [{', '.join(people)}]" if people else ""
        lines.append(f"  {hex_id}: {'; '.join(parts)}{extra}")
    lines.append("")
    lines.append(_text("sheet", lang))
    lines.append("  " + _text("sheet_head", lang))
    for cid, sheet in view["countries"].items():
        state = _STATE[sheet["state"]][0 if ja else 1]
        lines.append(
            f"  {country(cid)[:12]:<12} {state:<6} {sheet['gp']:>3} {sheet['tl']:>3} {sheet['chits_made']:>5}"
            f" {sheet['seat']:>4}"
        )
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
    return "\n".join(lines)
