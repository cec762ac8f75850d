"""What a ドレイクの野望 (byston) player may read at the table: each hex that matters (with units or
characters, a named place or an income hex) with its terrain, land and buildings; each stack of
alike counters on the map with the numbers printed on both faces; each character with its
abilities and survival rows; and, for English play, the game's Japanese terms explained.

Everything is read from the view (the whole board is public in this game) and the authored data
(``games/byston/data``, our reconstruction of the counters).
"""

from __future__ import annotations

from string import ascii_lowercase
from typing import Any

from asobi.core.hooks import Item

from ..messages import COUNTRY_STATES
from ..tables import TERRAIN_JA, Building, Machine, Tables, tables

_NAME = {"ja": 0, "en": 1}

_WHERE = {
    "cup": ("カップの中（軽傷）", "in the cup (lightly wounded)"),
    "heavy_wounds": ("重傷者ボックス", "in the 重傷者 (heavy wounds) box"),
    "removed": ("ゲームから除外", "out of the game"),
    "on_leave": ("戦線離脱", "on leave (戦線離脱)"),
}

_FATES = ("G 成長 grows, - 生還 unhurt, L 軽傷 light wound (to the cup), H 重傷 heavy wound, "
          "D 死亡 removed")


def _pick(ja: str, en: str, lang: str) -> str:
    return ja if lang == "ja" else en


def _both(thing: Any, lang: str) -> str:
    """A name as a player reads it: Japanese alone, or English with the printed Japanese."""
    return thing.ja if lang == "ja" else f"{thing.en} ({thing.ja})"


def _side(thing: Machine | Building, flipped: bool, lang: str) -> str:
    """The numbers printed on one face: 空戦力・爆撃力 for an AB, 対空・砲撃 for ships and buildings,
    防御力 for all (a die hits on its value or less, 21.5–24.4)."""
    v = thing.side(flipped)
    ja = lang == "ja"
    parts = []
    if isinstance(thing, Machine) and thing.kind == "AB":
        parts += [f"空戦力{v.air}" if ja else f"air {v.air}", f"爆撃力{v.bomb}" if ja else f"bomb {v.bomb}"]
    else:
        parts += [f"対空{v.aa_guns}門×{v.aa}" if ja else f"AA {v.aa_guns} guns × {v.aa}",
                  f"砲撃{v.guns}門×{v.gun}" if ja else f"guns {v.guns} × {v.gun}"]
    parts.append(f"防御力{v.defence}" if ja else f"defence {v.defence}")
    face = _pick("裏" if flipped else "表", "flipped (裏)" if flipped else "face up", lang)
    return f"{face}: " + ("・".join(parts) if ja else ", ".join(parts))


def _costs(t: Tables, country: str, unit_id: str, lang: str) -> list[str]:
    """What the management phases ask of this counter: production (8), 増産 (9), 換装 (10), repair
    (11), building (12)."""
    thing = t.unit(unit_id)
    lines = []
    if isinstance(thing, Machine):
        if thing.capacity is None and thing.kind == "ABS":
            lines.append(_pick("ABを無制限に搭載（17.15.8）", "carries any number of ABs (17.15.8)", lang))
        elif thing.capacity:
            lines.append(_pick(f"AB搭載数{thing.capacity}", f"carries {thing.capacity} ABs (17.15)", lang))
        if thing.gp is not None:
            lines.append(_pick(f"生産{thing.gp} GP（TL{thing.tl}以上）", f"produced for {thing.gp} GP at TL {thing.tl}"
                               " or more (8.4, 8.5)", lang))
        else:
            lines.append(_pick("生産できない", "never produced", lang))
        if thing.extra_gp is not None:
            lines.append(_pick(f"増産{thing.extra_gp} GP", f"増産 (extra production) {thing.extra_gp} GP (9)", lang))
    else:
        lines.append(_pick(f"建築{thing.gp} GP", f"built for {thing.gp} GP (12)", lang))
    lines.append(_pick(f"修理{thing.repair_gp} GP", f"repair {thing.repair_gp} GP (11.5)", lang))
    kind = t.countries[country].counters.get(unit_id) if country in t.countries else None
    if kind is not None and kind.upgrade_to is not None:
        to = t.unit(kind.upgrade_to)
        cost = "?" if kind.upgrade_gp is None else kind.upgrade_gp
        lines.append(_pick(f"{to.ja}に換装（{cost} GP）", f"換装 (conversion) into {to.en} for {cost} GP (10)", lang))
    return lines


def _counter_lines(t: Tables, country: str, unit_id: str, flipped: bool, count: int, hex_id: str,
                   lang: str) -> list[str]:
    thing = t.unit(unit_id)
    kind = thing.kind if isinstance(thing, Machine) else _pick(thing.ja, thing.id, lang)
    owner = _both(t.countries[country], lang)
    face = _pick("（裏）", " (flipped)", lang) if flipped else ""
    head = (f"{owner}の{_both(thing, lang)}{face}×{count}（{kind}）、{hex_id}にある" if lang == "ja"
            else f"{owner}: {_both(thing, lang)}{face} ×{count}, {kind}, at {hex_id}")
    now = _side(thing, flipped, lang)
    other = _side(thing, not flipped, lang)
    return [head, "  " + now, "  " + _pick(f"（{other}）", f"(other face — {other})", lang),
            *("  " + line for line in _costs(t, country, unit_id, lang))]


def _character_lines(t: Tables, char_id: str, at: str, lang: str) -> list[str]:
    c = t.characters[char_id]
    ja = lang == "ja"
    where = _WHERE.get(at, (f"{at}", f"at {at}"))[_NAME[lang]]
    lines = [f"{_both(c, lang)}（{t.countries[c.country].ja}）、{where}" if ja
             else f"{_both(c, lang)}, {t.countries[c.country].en}, {where}"]
    if ja:
        lines.append(f"  AB：攻撃力{c.ab_attack} 防御力{c.ab_defence} 指揮{c.ab_command}")
        lines.append(f"  AS：攻撃力{c.as_attack} 防御力{c.as_defence} 指揮{c.as_command}")
        lines.append(f"  生存表（26.2、ダイス1〜6）：裏になった時 {c.survival_flipped}、除去された時 {c.survival_removed}")
    else:
        lines.append(f"  in an AB: attack {c.ab_attack}, defence {c.ab_defence}, command {c.ab_command} "
                     "(21.6, 25.6, 25.9.1)")
        lines.append(f"  in a ship: attack {c.as_attack}, defence {c.as_defence}, command {c.as_command} "
                     "(22.5, 24.6, 25.7, 25.9.2)")
        lines.append(f"  survival (26.2, die 1–6): its unit flipped {c.survival_flipped}, removed "
                     f"{c.survival_removed} — {_FATES}")
    if c.grows_to is not None:
        grown = t.characters[c.grows_to]
        lines.append("  " + _pick(f"Gで{grown.ja}に成長", f"a G makes it {grown.en} ({grown.ja}), 26.2.1", lang))
    if c.leaves_on_d:
        lines.append("  " + _pick("Dは戦線離脱（26.2.5）", "a D is a leave, not a death (26.2.5)", lang))
    return lines


def _hex_lines(t: Tables, hex_id: str, stack: list[tuple[str, str, bool]], people: list[str],
               lang: str) -> tuple[str, list[str]]:
    """A hex's title and text: terrain, land, named places, income, building, units, characters."""
    h = t.map.hex(hex_id)
    ja = lang == "ja"
    terrain = TERRAIN_JA[h.terrain] if ja else f"{h.terrain.value} ({TERRAIN_JA[h.terrain]})"
    if h.nation:
        nation = t.countries[h.nation]
        land = f"{nation.ja}の領地" if ja else f"land of {_both(nation, lang)}"
    else:
        land = _pick("どの国の領地でもない", "no nation's land", lang)
    places = [_both(t.map.places[p], lang) for p in h.places]
    title = " ".join([hex_id, *places, terrain])
    lines = [f"{hex_id} {'、'.join(places)}".rstrip() if ja else f"{hex_id} {', '.join(places)}".rstrip(),
             f"  {terrain}、{land}" if ja else f"  {terrain}, {land}"]
    if h.income:
        lines.append("  " + _pick(f"収入ヘックス：{h.income} GP", f"income hex: {h.income} GP (6.2)", lang))
    counts: dict[tuple[str, str, bool], int] = {}
    for key in stack:
        counts[key] = counts.get(key, 0) + 1
    for (country, unit_id, flipped), n in counts.items():
        thing = t.unit(unit_id)
        face = _pick("（裏）", " (flipped)", lang) if flipped else ""
        what = (_pick("建物", "building", lang) if isinstance(thing, Building) else thing.kind)
        owner = t.countries[country].ja if ja else t.countries[country].en
        lines.append(f"  {what}{'：' if ja else ': '}{owner} {thing.ja if ja else thing.en}{face}"
                     + (f" ×{n}" if n > 1 else ""))
    if people:
        names = [t.characters[k].ja if ja else t.characters[k].en for k in people]
        lines.append("  " + _pick("キャラクター：", "characters: ", lang) + ("、" if ja else ", ").join(names))
    return title, lines


def items(view: dict[str, Any], lang: str) -> list[Item]:
    """The hexes that matter, the stacks on the map (key: the hex and a letter), the characters
    (key: their id)."""
    t = tables()
    stacks: dict[str, list[tuple[str, str, bool]]] = {}
    for hex_id, tags in view["map"].items():
        for tag in tags:
            country, name = tag.split(":")
            stacks.setdefault(hex_id, []).append((country, name.rstrip("*"), name.endswith("*")))
    people: dict[str, list[str]] = {}
    for k, at in view["characters"].items():
        if at[:1].isdigit():
            people.setdefault(at, []).append(k)
    marked = {h.id for h in t.map.hexes if h.income or h.places}
    hexes: list[Item] = []
    counters: list[Item] = []
    for hex_id in sorted(marked | set(stacks) | set(people)):
        title, lines = _hex_lines(t, hex_id, stacks.get(hex_id, []), people.get(hex_id, []), lang)
        hexes.append(Item(hex_id, title, lines))
        groups: dict[tuple[str, str, bool], int] = {}
        for key in stacks.get(hex_id, []):
            groups[key] = groups.get(key, 0) + 1
        for letter, ((country, unit_id, flipped), n) in zip(ascii_lowercase, groups.items(), strict=False):
            thing = t.unit(unit_id)
            face = _pick("（裏）", " (flipped)", lang) if flipped else ""
            owner = t.countries[country].ja if lang == "ja" else t.countries[country].en
            title = f"{hex_id} {owner} {_both(thing, lang)}{face}" + (f" ×{n}" if n > 1 else "")
            counters.append(Item(f"{hex_id}{letter}", title,
                                 _counter_lines(t, country, unit_id, flipped, n, hex_id, lang)))
    characters = [
        Item(k, _character_lines(t, k, at, lang)[0], _character_lines(t, k, at, lang))
        for k, at in view["characters"].items()
    ]
    return [*hexes, *counters, *characters]


_STATES = ("neutral", "armed", "war")
"""A country's states before collapse (3.4), in the game's words (``messages.COUNTRY_STATES``)."""

GLOSSARY: tuple[tuple[str, str], ...] = (
    ("AB / AS / ABS", "aura battler (オーラバトラー, a fighting machine, 2.1) / aura ship (オーラシップ) / aura battle "
     "ship (オーラバトルシップ). Only ships move (3 MP, 17.4); ABs and characters ride in them (17.15)."),
    ("GP", "the money each country collects from its income hexes (6) and spends on production, repair, "
     "building, development and chits."),
    ("TL", "技術レベル, technology level: a machine needs its TL to be produced (8.5); raised by development (7)."),
    (" / ".join(COUNTRY_STATES[k][0] for k in _STATES), " / ".join(COUNTRY_STATES[k][1] for k in _STATES)
     + f": a country {COUNTRY_STATES['neutral'][1]} collects no income (6.3); a country not "
     f"{COUNTRY_STATES['war'][1]} moves only in its own land (17.12) and nobody enters its land (17.13)."),
    ("滅亡", "collapsed: a country whose condition is met leaves the war (35); Rau's and Na's map units become the "
     "other's 残党軍 (remnants, removed for good when hit off the map)."),
    ("陣営", "camp: Drake's (ドレイク軍 and Ku) or Sheela's (Rau, Na, Ah, Mi and the Zelana, 3.2, 3.3)."),
    ("工場ボックス", "factory box: counters a country may produce (8.3); units removed in combat go back there."),
    ("生産 / 増産 / 換装", "production (a counter from the factory box onto the map, 8) / extra production (a new "
     "counter into the factory box, 9) / conversion (a counter in the box swapped for a better machine, 10)."),
    ("行動チット", "action chit: drawn from the cup, each gives one country an action phase — move, then fight (14)."),
    ("表 / 裏", "face up / flipped: a hit equal to a unit's 防御力 flips it; a flipped unit so hit is removed (25.4)."),
    ("空戦力 / 爆撃力 / 対空 / 砲撃 / 防御力", "air combat / bombing / anti-aircraft / shelling values and defence: "
     "a die hits when it rolls the value or less; 対空 and 砲撃 are guns × value (21–24)."),
    ("攻撃力 / 防御力 / 指揮", "a character's attack (hits added), defence (added to its unit's) and command (hits "
     "its side places itself, 25.9), one row for ABs and one for ships."),
    ("城塞 / 砦", "castle / fort: buildings; produce ABs at both, ships at castles only (8.7–8.9); repair there (11)."),
    ("平地 / 高地 / 山岳", "plain / highland / mountain: castles on plains, forts on plains or highlands (12.3–12.5)."),
    ("重傷者ボックス", "heavy wounds box: heavily wounded characters wait there for the next turn's cup (14.3)."),
    ("最寄り", "nearest: the fewest hex steps, over any terrain (B-23)."),
)


GLOSSARY_JA: tuple[tuple[str, str], ...] = (
    ("AB / AS / ABS", "オーラバトラー（2.1）/ オーラシップ / オーラバトルシップ。移動するのは艦だけ（3MP、17.4）。ABとキャラクターは艦に搭載される（17.15）。"),
    ("GP", "各国が収入ヘックスから得る資金（6）。生産・修理・建築・開発・チットに使う。"),
    ("TL", "技術レベル。マシンの生産にはそのTLが要る（8.5）。開発で上がる（7）。"),
    ("静観 / 軍備 / 参戦", "国の状態。静観中の国は収入がない（6.3）。参戦していない国は自国領内しか移動できず、誰もその国の領内に入れない（17.12, 17.13）。"),
    ("滅亡", "条件を満たした国は戦争から脱落する（35）。ラウとナのマップ上のユニットは相手の残党軍になる（マップから除去されると戻らない）。"),
    ("陣営", "ドレイク陣営（ドレイク軍とクの国）とシーラ陣営（ラウ・ナ・ア・ミの国とゼラーナ隊、3.2, 3.3）。"),
    ("工場ボックス", "その国が生産できるカウンター（8.3）。戦闘で除去されたユニットもここへ戻る。"),
    ("生産 / 増産 / 換装", "工場ボックスのカウンターをマップへ（8）/ 新しいカウンターを工場ボックスへ（9）/ ボックスのカウンターを上位のマシンに替える（10）。"),
    ("行動チット", "カップから引き、1つの国に行動フェイズ（移動、そして戦闘）を与える（14）。"),
    ("表 / 裏", "防御力に等しいヒットで裏になり、裏のユニットが同様にヒットされると除去される（25.4）。"),
    ("空戦力 / 爆撃力 / 対空 / 砲撃 / 防御力", "ダイスがその値以下でヒット。対空と砲撃は門数×値（21〜24）。"),
    ("攻撃力 / 防御力 / 指揮", "キャラクターの値：加えるヒット / ユニットの防御力に加える値 / 自軍で振り分けるヒット（25.9）。ABと艦で1行ずつ。"),
    ("城塞 / 砦", "建物。ABはどちらでも、艦は城塞でのみ生産できる（8.7〜8.9）。修理もここで（11）。"),
    ("平地 / 高地 / 山岳", "城塞は平地に、砦は平地か高地に建てる（12.3〜12.5）。"),
    ("重傷者ボックス", "重傷のキャラクターが次のターンのカップを待つ場所（14.3）。"),
    ("最寄り", "地形にかかわらず、ヘックスの歩数が最も少ないもの（B-23）。"),
)
"""The same terms explained in Japanese (``t`` in the terminal)."""


def glossary(lang: str) -> list[str]:
    return [f"{term}: {meaning}" for term, meaning in (GLOSSARY_JA if lang == "ja" else GLOSSARY)]
