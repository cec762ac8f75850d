// ドレイクの野望: the hex map of Byston Well (terrain, lands and their borders, named places, income
// hexes with the camp that controls them, stacks of counters per country, buildings, characters),
// the turn and phase track, the management sheet (state, GP, TL, chits), the chit cup and open
// box, the factory boxes, the ship moving and the battle under way. Clicking a hex opens its
// stack below the map (and, on the game page, narrows the actions to those naming it).
// The printed map and every name come once from /api/catalog/byston/board; the view carries the
// position and, as view.board, who controls each income hex now.
"use strict";
(function () {
  const S = window.AsobiSvg;
  const R = 20;                        // hex radius (centre to corner)
  const COUNTER = 10000;               // data-square of a battle's counter: COUNTER + its number
  const W = Math.sqrt(3) * R;          // hex width (pointy top)
  const X0 = 26, Y0 = 30;              // the map's top-left corner
  const LAND = { drake: "#f6d9d4", ku: "#f4e3c4", rau: "#d7e5f6", na: "#d6eed6", ah: "#ebe0f5", mi: "#fbf3c4", "": "#e4e4e4" };
  const INK = { drake: "#b3261e", ku: "#b8651b", rau: "#2a5db0", na: "#2e7d4f", ah: "#7446a6", mi: "#9a8700", zelana: "#0b7f86" };
  const CAMP = { drake: "#b3261e", sheela: "#2a5db0", contested: "#7446a6" };
  const TERRAIN = { plain: null, highland: ["#7a5a2a", 0.16], mountain: ["#3d2f22", 0.38] };
  const PHASES = [
    ["declare", "宣戦布告", "war"], ["income", "収入", "income"], ["develop", "開発", "develop"],
    ["produce", "生産", "produce"], ["repair", "修理", "repair"], ["build", "建築", "build"],
    ["characters", "キャラクター", "characters"], ["action", "行動", "action"],
  ];
  const PHASE_OF = {
    declare: "declare", income_share: "income", develop: "develop", produce: "produce", repair: "repair",
    build: "build", place: "characters",
  };
  const DECISIONS = {
    declare: ["宣戦布告", "declaring war"], income_share: ["収入の分配", "sharing income"], develop: ["開発", "development"],
    produce: ["生産・チット", "production and chits"], repair: ["修理", "repair"], build: ["建築", "building"],
    place: ["キャラクターの配置", "placing a character"], surprise: ["奇襲作戦", "a surprise attack?"],
    joint: ["共同作戦", "a joint operation?"], move: ["移動する艦", "a ship to move"], load: ["搭載", "taking units aboard"],
    step: ["次のヘックス", "the next hex"], search: ["秘密工場の捜索", "searching for the secret factory"],
    battle_order: ["戦闘の順", "where to fight next"], sortie: ["出撃・収容", "sortie and stowing"],
    mount: ["搭乗", "boarding"], bomb: ["爆撃", "bombing?"], allocate: ["ヒットの割り振り", "placing hits"],
  };
  const STATES = { neutral: ["静観", "standing by"], armed: ["軍備", "armed"], war: ["参戦", "at war"], collapsed: ["滅亡", "collapsed"] };
  const GROUPS = {
    declare: ["宣戦布告", "War"], pass: ["宣戦布告", "War"], share: ["収入", "Income"], develop: ["開発", "Development"],
    make: ["ユニットの生産", "Produce units"], extra: ["増産", "Extra production"], convert: ["換装", "Conversion"],
    chit: ["チット", "Chits"], repair: ["修理", "Repair"], destroy: ["破壊", "Destroy"], raze: ["破壊", "Destroy"],
    build: ["建築", "Build"], secret: ["建築", "Build"], place: ["配置", "Place"], ship: ["艦", "Ships"],
    load: ["搭載", "Aboard"], board: ["搭載", "Aboard"], go: ["搭載", "Aboard"], step: ["移動", "Move"], stop: ["移動", "Move"],
    fight: ["戦闘", "Battles"], stow: ["出撃・収容", "Sortie"], sortie_all: ["出撃・収容", "Sortie"], mount: ["搭乗", "Boarding"],
    bomb: ["爆撃", "Bombing"], no_bomb: ["爆撃", "Bombing"], hit: ["ヒット", "Hits"], hits: ["ヒット", "Hits"],
  };
  let data = null;                     // the printed board, once loaded
  let selected = null;                 // the hex whose stack is open (kept while the board is redrawn)

  const ready = window.asobiBoardData("byston").then((d) => { data = d; });  // fetched once per page (i18n.js)

  const said = (pair, ja) => (pair ? pair[ja ? 0 : 1] : "");
  const nameOf = (table, id, ja) => { const x = data[table][id]; return x ? (ja ? x.ja : x.en) : id; };

  function centre(index) {
    const col = index % data.width, row = Math.floor(index / data.width);
    return [X0 + W * (col + 0.5 * (row & 1)) + W / 2, Y0 + R + row * 1.5 * R];
  }
  function corners(cx, cy) {
    const out = [];
    for (let k = 0; k < 6; k++) {
      const a = Math.PI / 180 * (60 * k - 30);
      out.push([cx + R * Math.cos(a), cy + R * Math.sin(a)]);
    }
    return out;
  }
  // The neighbour across edge k (between corners k and k + 1): E, SE, SW, W, NW, NE ("odd-r" rows).
  function across(index, k) {
    const col = index % data.width, row = Math.floor(index / data.width), odd = row & 1;
    const [dc, dr] = [[1, 0], [odd, 1], [odd - 1, 1], [-1, 0], [odd - 1, -1], [odd, -1]][k];
    const c = col + dc, r = row + dr;
    return c >= 0 && c < data.width && r >= 0 && r < data.height ? r * data.width + c : -1;
  }

  // A hex's stack, from the view's "country:unit" tags ("*": flipped), by country.
  function stackOf(tags) {
    const by = {};
    for (const tag of tags || []) {
      const [country, raw] = tag.split(":");
      const flipped = raw.endsWith("*"), unit = raw.replace("*", "");
      const entry = (by[country] = by[country] || { count: 0, units: {}, buildings: [] });
      const kind = data.units[unit] ? data.units[unit].kind : "";
      if (kind === "castle" || kind === "fort") { entry.buildings.push({ unit, flipped }); continue; }
      entry.count += 1;
      const key = unit + (flipped ? "*" : "");
      entry.units[key] = (entry.units[key] || 0) + 1;
    }
    return by;
  }

  function hexTitle(h, tags, people, control, ja) {
    const lines = [`${h.id} ${nameOf("countries", h.nation, ja) || (ja ? "無主の地" : "no nation's land")}` +
      ` · ${ja ? { plain: "平地", highland: "高地", mountain: "山岳" }[h.terrain] : h.terrain}`];
    if (h.place) lines.push(nameOf("places", h.place, ja));
    if (h.income) lines.push(`${ja ? "収入" : "income"} ${h.income} GP${control && control.camp ? ` · ${ja ? "支配" : "held by"} ${control.by.map((c) => nameOf("countries", c, ja)).join(", ") || control.camp} (6.4 ${control.item})` : ""}`);
    for (const [country, e] of Object.entries(stackOf(tags))) {
      const units = Object.entries(e.units).map(([u, n]) => `${nameOf("units", u.replace("*", ""), ja)}${u.endsWith("*") ? (ja ? "（裏）" : " (flipped)") : ""}${n > 1 ? "×" + n : ""}`);
      const buildings = e.buildings.map((b) => nameOf("units", b.unit, ja) + (b.flipped ? (ja ? "（裏）" : " (flipped)") : ""));
      lines.push(`${nameOf("countries", country, ja)}: ${[...buildings, ...units].join(", ")}`);
    }
    if (people.length) lines.push(`${ja ? "キャラクター" : "characters"}: ${people.map((k) => nameOf("characters", k, ja)).join(", ")}`);
    return lines.join("\n");
  }

  function drawMap(svg, view, ja) {
    const control = (view.board && view.board.income_hexes) || {};
    const people = {};
    for (const [k, at] of Object.entries(view.characters || {})) (people[at] = people[at] || []).push(k);
    const borders = S.make("g", { "pointer-events": "none" });
    const labelled = new Set();
    data.hexes.forEach((h, index) => {
      const [cx, cy] = centre(index);
      const pts = corners(cx, cy);
      const tags = view.map[h.id] || [];
      const g = S.make("g", { "data-square": index, "data-hex": h.id, class: "hex" });
      const poly = S.make("polygon", { points: pts.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "), fill: LAND[h.nation] || LAND[""], stroke: "#9aa0a6", "stroke-width": 0.6 });
      g.append(S.tip(poly, hexTitle(h, tags, people[h.id] || [], control[h.id], ja)));
      const shade = TERRAIN[h.terrain];
      if (shade) g.append(S.make("polygon", { points: poly.getAttribute("points"), fill: shade[0], "fill-opacity": shade[1], "pointer-events": "none" }));
      if (h.terrain === "mountain") S.text(g, cx - 4, cy - 8, "▲", { "font-size": 7, fill: "#5a4a3a", "pointer-events": "none" });
      if (h.income) {
        const held = control[h.id];
        g.append(S.make("circle", { cx: cx + 10, cy: cy - 9, r: 5.5, fill: held && held.camp ? CAMP[held.camp] : "#fff", stroke: "#333", "stroke-width": 0.5, "data-income": h.id }));
        S.text(g, cx + 10 - (h.income > 9 ? 4 : 2), cy - 6.5, String(h.income), { "font-size": 7, fill: held && held.camp ? "#fff" : "#000" });
      }
      if (h.place && !labelled.has(h.place)) {
        labelled.add(h.place);
        const name = nameOf("places", h.place, ja);
        S.text(g, cx - R * 0.85, cy + R * 0.72, name.slice(0, ja ? 5 : 9), { "font-size": 6.5, fill: "#333", "font-style": "italic" });
      }
      const stack = stackOf(tags);
      const countries = Object.keys(stack);
      // buildings: a small square in the owner's colour at the top left
      countries.forEach((c) => stack[c].buildings.forEach((b, k) => {
        const x = cx - 12 + k * 8, y = cy - 14;
        g.append(S.make("rect", { x, y, width: 7, height: 7, fill: b.flipped ? "#fff" : INK[c], stroke: INK[c], "stroke-width": 1.2, "data-building": b.unit }));
        S.text(g, x + 0.8, y + 6, b.unit === "castle" ? "C" : "F", { "font-size": 6, fill: b.flipped ? INK[c] : "#fff", "pointer-events": "none" });
      }));
      // counters: one chip per country with how many it has here
      const chips = countries.filter((c) => stack[c].count > 0);
      chips.slice(0, 3).forEach((c, k) => {
        const x = cx - 16 + k * 11 + (3 - Math.min(chips.length, 3)) * 5.5, y = cy - 4;
        g.append(S.make("rect", { x, y, width: 10, height: 10, rx: 1.5, fill: INK[c] || "#555", stroke: "#111", "stroke-width": 0.5, "data-stack": c }));
        S.text(g, x + (stack[c].count > 9 ? 0.5 : 2.5), y + 8, String(stack[c].count), { "font-size": 7.5, fill: "#fff", "font-weight": 700, "pointer-events": "none" });
      });
      if (chips.length > 3) S.text(g, cx + 12, cy + 4, "+", { "font-size": 9 });
      const here = people[h.id] || [];
      if (here.length) S.text(g, cx - 6, cy + 15, `★${here.length > 1 ? here.length : ""}`, { "font-size": 8, fill: "#8a6d00", "data-people": here.length });
      svg.append(g);
      pts.forEach((p, k) => {  // a border between lands: a thicker line on that edge
        const other = across(index, k);
        if (other < 0 || other < index || data.hexes[other].nation === h.nation) return;
        const q = pts[(k + 1) % 6];
        borders.append(S.make("line", { x1: p[0].toFixed(1), y1: p[1].toFixed(1), x2: q[0].toFixed(1), y2: q[1].toFixed(1), stroke: "#4b3b2b", "stroke-width": 1.8 }));
      });
    });
    svg.append(borders);
    const marks = S.make("g", { "pointer-events": "none" });
    const ring = (hexId, colour, dash) => {
      const index = data.hexes.findIndex((h) => h.id === hexId);
      if (index < 0) return;
      const [cx, cy] = centre(index);
      marks.append(S.make("circle", { cx, cy, r: R - 2, fill: "none", stroke: colour, "stroke-width": 2.5, "stroke-dasharray": dash || "" }));
    };
    if (view.moving) ring(view.moving.hex, "#e08a00", "4 2");
    if (view.battle) ring(view.battle.hex, "#d01010");
    if (selected) ring(selected, "#111", "2 2");
    svg.append(marks);
    for (let c = 0; c < data.width; c += 2) S.text(svg, X0 + W * c + W / 2 - 5, Y0 - 6, String(c + 1).padStart(2, "0"), { "font-size": 8, fill: "#888" });
    for (let r = 0; r < data.height; r += 2) S.text(svg, 4, Y0 + R + r * 1.5 * R + 3, String(r + 1).padStart(2, "0"), { "font-size": 8, fill: "#888" });
  }

  function track(svg, view, ja, x, y) {
    S.text(svg, x, y + 12, ja ? "ターン" : "Turn", { "font-weight": 600 });
    for (let t = 1; t <= 16; t++) {
      const g = S.make("g", { "data-turn": t, class: t === view.turn ? "now" : "" });
      g.append(S.make("rect", { x: x + 46 + (t - 1) * 24, y, width: 22, height: 16, rx: 3, fill: t === view.turn ? "#1d2330" : t < view.turn ? "#d5d9e0" : "#fff", stroke: "#889" }));
      S.text(g, x + 50 + (t - 1) * 24 + (t < 10 ? 3 : 0), y + 12, String(t), { fill: t === view.turn ? "#fff" : "#333", "font-size": 11 });
      svg.append(g);
    }
    const kind = view.pending ? view.pending[0] : null;
    const phase = kind ? (PHASE_OF[kind] || "action") : view.chance ? (view.chance[0] === "develop" ? "develop" : "action") : null;
    let px = x + 46 + 16 * 24 + 14;
    PHASES.forEach(([id, jaName, enName]) => {
      const label = ja ? jaName : enName;
      const width = label.length * (ja ? 11 : 6.5) + 10;
      const g = S.make("g", { "data-phase": id });
      g.append(S.make("rect", { x: px, y, width, height: 16, rx: 3, fill: id === phase ? "#2b6cb0" : "#fff", stroke: "#889" }));
      S.text(g, px + 5, y + 12, label, { fill: id === phase ? "#fff" : "#333", "font-size": 10.5 });
      svg.append(g);
      px += width + 3;
    });
  }

  function sheet(svg, view, ctx, ja, x, y) {
    const cols = ja ? ["国", "状態", "GP", "TL", "チット", "プレイヤー"] : ["country", "state", "GP", "TL", "chits", "player"];
    const xs = [x, x + 120, x + 200, x + 240, x + 280, x + 330];
    S.text(svg, x, y, ja ? "管理シート" : "Management sheet", { "font-weight": 600 });
    y += 16;
    cols.forEach((c, k) => S.text(svg, xs[k], y, c, { "font-size": 10.5, fill: "#667" }));
    for (const [cid, row] of Object.entries(view.countries)) {
      y += 16;
      const g = S.make("g", { "data-country": cid });
      g.append(S.make("rect", { x, y: y - 10, width: 10, height: 10, fill: INK[cid] || "#555" }));
      S.text(g, x + 14, y, nameOf("countries", cid, ja).slice(0, 12), { "font-size": 11 });
      S.text(g, xs[1], y, said(STATES[row.state], ja), { "font-size": 11, fill: row.state === "war" ? "#b3261e" : row.state === "collapsed" ? "#888" : "#333" });
      S.text(g, xs[2], y, String(row.gp), { "font-size": 11, "data-gp": cid });
      S.text(g, xs[3], y, String(row.tl), { "font-size": 11, "data-tl": cid });
      const limit = data.countries[cid] ? data.countries[cid].chit_limit : "";
      S.text(g, xs[4], y, `${row.chits_made}${limit ? "/" + limit : ""}`, { "font-size": 11 });
      const seat = ctx.seats && ctx.seats[row.seat];
      S.text(g, xs[5], y, seat ? `${nameOf("seats", seat.name, ja)}${ctx.seat === row.seat ? (ja ? "（あなた）" : " (you)") : ""}` : String(row.seat), { "font-size": 11, "data-player": row.seat });
      svg.append(g);
    }
    return y + 10;
  }

  function chitRow(svg, x, y, label, counts, ja) {
    S.text(svg, x, y + 12, label, { "font-size": 11, "font-weight": 600 });
    let cx = x + 96;
    const entries = Object.entries(counts || {});
    if (!entries.length) S.text(svg, cx, y + 12, "—", { "font-size": 11, fill: "#889" });
    for (const [id, n] of entries) {
      const chit = data.chits[id];
      const text = `${nameOf(chit ? "chits" : "characters", id, ja)}${n > 1 ? " ×" + n : ""}`;
      const width = text.length * (ja ? 10 : 6.4) + 10;
      if (cx + width > x + 460) { cx = x + 96; y += 20; }
      const colour = chit ? INK[chit.country] || "#555" : "#8a6d00";
      const g = S.make("g", { "data-card": id, "data-chit": id });
      g.append(S.tip(S.make("rect", { x: cx, y, width, height: 16, rx: 8, fill: "#fff", stroke: colour, "stroke-width": 1.5 }), text));
      S.text(g, cx + 5, y + 12, text, { "font-size": 10, fill: colour });
      svg.append(g);
      cx += width + 4;
    }
    return y + 22;
  }

  function boxes(svg, view, ja, x, y) {
    const income = view.board && view.board.camp_income;
    if (income) {
      S.text(svg, x, y, `${ja ? "現在の収入" : "Income now"} (27.2): ${ja ? "ドレイク陣営" : "Drake's camp"} ${income.drake} · ${ja ? "シーラ陣営" : "Sheela's camp"} ${income.sheela} (${income.drake - income.sheela >= 0 ? "+" : ""}${income.drake - income.sheela})`, { "font-size": 11, "data-camp-income": "" });
      y += 8;
    }
    y = chitRow(svg, x, y, ja ? "カップ" : "Cup", view.cup, ja);
    y = chitRow(svg, x, y, ja ? "オープン" : "Open box", view.open_box, ja);
    const notes = [];
    if (view.surprise_held) notes.push(ja ? "奇襲作戦チット：ドレイク軍が保持" : "surprise chit held by Drake");
    if (view.waiting && view.waiting.length) notes.push(`${ja ? "共同作戦で待機" : "waiting (joint operation)"}: ${view.waiting.map((c) => nameOf("countries", c, ja)).join(", ")}`);
    if (view.secret_factory) notes.push(ja ? `秘密工場：${view.secret_factory.found ? "発見済み" : "未発見"}` : `secret factory: ${view.secret_factory.found ? "found" : "not found"}`);
    const away = Object.entries(view.characters || {}).filter(([, at]) => !/^\d/.test(at));
    if (away.length) {
      const where = { cup: ["カップ", "cup"], heavy_wounds: ["重傷", "heavy wounds"], removed: ["死亡・離脱", "removed"], on_leave: ["離脱中", "on leave"] };
      notes.push(`${ja ? "キャラクター" : "characters"}: ${away.map(([k, at]) => `${nameOf("characters", k, ja)} (${said(where[at], ja) || at})`).join(", ")}`);
    }
    for (const line of notes) { S.text(svg, x, y + 10, line.slice(0, 90), { "font-size": 11 }); y += 16; }
    return y;
  }

  function factory(svg, view, ja, x, y, maxX) {
    S.text(svg, x, y, ja ? "工場ボックス" : "Factory boxes", { "font-weight": 600 });
    y += 6;
    for (const [cid, units] of Object.entries(view.factory || {})) {
      S.text(svg, x, y + 12, nameOf("countries", cid, ja).slice(0, 10), { "font-size": 11, fill: INK[cid] });
      let cx = x + 90;
      for (const [u, n] of Object.entries(units)) {
        const text = `${nameOf("units", u, ja)}×${n}`;
        const width = text.length * (ja ? 10 : 6.4) + 8;
        if (cx + width > maxX) { cx = x + 90; y += 18; }
        const g = S.make("g", { "data-card": u });
        g.append(S.tip(S.make("rect", { x: cx, y, width, height: 15, rx: 2, fill: "#fff", stroke: INK[cid] || "#555" }), text));
        S.text(g, cx + 4, y + 11, text, { "font-size": 9.5 });
        svg.append(g);
        cx += width + 3;
      }
      y += 19;
    }
    return y + 4;
  }

  function underWay(svg, view, ja, x, y) {
    const lines = [];
    if (view.moving) {
      const m = view.moving;
      const load = [...m.cargo.map((t) => nameOf("units", t.split(":")[1], ja)), ...m.crew.map((k) => nameOf("characters", k, ja))];
      lines.push(ja ? `移動中：${nameOf("units", m.unit, ja)}（${m.hex}）残り${m.mp}MP 搭載 ${load.join("、") || "なし"}`
        : `Moving: ${nameOf("units", m.unit, ja)} at ${m.hex}, ${m.mp} MP left, carrying ${load.join(", ") || "nothing"}`);
    }
    const b = view.battle;
    if (b) {
      lines.push(ja ? `戦闘：${b.hex}（${nameOf("countries", b.acting, ja)}の行動）配置待ちのヒット ${b.hits_to_place.join(" / ")}`
        : `Battle at ${b.hex} (${nameOf("countries", b.acting, ja)} acting), hits to place ${b.hits_to_place.join(" / ")}`);
    }
    lines.forEach((line, k) => S.text(svg, x, y + k * 15, line.slice(0, 120), { "font-size": 11, "data-under-way": "" }));
    y += lines.length * 15 + 4;
    if (!b) return y;
    const parts = { sortied: ["出撃", "sortied"], bombing: ["爆撃", "bombing"], stowed: ["収容", "stowed"], "": ["", ""] };
    for (const u of b.units) {  // each unit of the battle: a click narrows the actions to those naming it
      const riders = Object.entries(b.aboard || {}).filter(([, i]) => i === u.counter).map(([k]) => nameOf("characters", k, ja));
      const g = S.make("g", { "data-square": COUNTER + u.counter, "data-battle-unit": u.counter });
      g.append(S.make("rect", { x: x + 14, y: y - 11, width: 560, height: 14, rx: 2, fill: "#fff", stroke: INK[u.country] || "#555", "stroke-width": 0.6 }));
      const text = `${nameOf("countries", u.country, ja)} ${nameOf("units", u.unit, ja)}${u.flipped ? (ja ? "（裏）" : " (flipped)") : ""}` +
        ` ${said(parts[u.part] || ["", ""], ja)}${u.hit_blocks ? ` · ${ja ? "ヒット" : "hits"} ${u.hit_blocks}` : ""}${riders.length ? " · ★" + riders.join(", ") : ""}`;
      S.text(g, x + 18, y, text.slice(0, 100), { "font-size": 10.5, fill: INK[u.country] || "#333" });
      svg.append(g);
      y += 16;
    }
    return y;
  }

  // The stack of the hex clicked last, counter by counter (each opens in the inspector).
  function stackPanel(group, view, ja, x, y) {
    group.replaceChildren();
    if (!selected) { S.text(group, x, y, ja ? "ヘックスをクリックするとスタックを表示します" : "Click a hex to open its stack", { fill: "#889", "font-size": 11 }); return; }
    const tags = view.map[selected] || [];
    const people = Object.entries(view.characters || {}).filter(([, at]) => at === selected).map(([k]) => k);
    const h = data.hexes.find((e) => e.id === selected);
    const place = h && h.place ? " " + nameOf("places", h.place, ja) : "";
    S.text(group, x, y, `${selected}${place} — ${ja ? "スタック" : "stack"}`, { "font-weight": 600, "data-stack-of": selected });
    y += 6;
    if (!tags.length && !people.length) { S.text(group, x, y + 12, ja ? "ユニットなし" : "no units", { fill: "#889" }); return; }
    let cx = x;
    const add = (id, text, colour) => {
      const width = text.length * (ja ? 10 : 6.2) + 10;
      if (cx + width > x + 950) { cx = x; y += 20; }
      const g = S.make("g", { "data-card": id, "data-counter": id });
      g.append(S.tip(S.make("rect", { x: cx, y, width, height: 16, rx: 2, fill: "#fff", stroke: colour, "stroke-width": 1.5 }), text));
      S.text(g, cx + 5, y + 12, text, { "font-size": 10, fill: colour });
      group.append(g);
      cx += width + 4;
    };
    for (const tag of tags) {
      const [country, raw] = tag.split(":");
      const unit = raw.replace("*", "");
      add(unit, `${nameOf("countries", country, ja)} ${nameOf("units", unit, ja)}${raw.endsWith("*") ? (ja ? "（裏）" : " (flipped)") : ""}`, INK[country] || "#555");
    }
    for (const k of people) add(k, `★ ${nameOf("characters", k, ja)}`, "#8a6d00");
  }

  function draw(view, ctx) {
    const ja = ctx.lang === "ja";
    if (!data) { const svg = S.root(400, 40); S.text(svg, 10, 24, "…"); return svg; }
    const width = X0 + W * (data.width + 0.5) + 10;
    const svg = S.root(width, 10);
    drawMap(svg, view, ja);
    let y = Y0 + R + (data.height - 1) * 1.5 * R + R + 16;
    const stackY = y;
    const panel = S.make("g", { "data-stack-panel": "" });
    svg.append(panel);
    y += 48;
    track(svg, view, ja, 10, y);
    y += 36;
    const sheetEnd = sheet(svg, view, ctx, ja, 10, y);
    const boxEnd = boxes(svg, view, ja, 470, y);
    y = Math.max(sheetEnd, boxEnd) + 12;
    y = underWay(svg, view, ja, 10, y + 4) + 8;
    y = factory(svg, view, ja, 10, y + 8, width - 10);
    stackPanel(panel, view, ja, 10, stackY);
    svg.addEventListener("click", (e) => {  // open a hex's stack (the page may also act on the click)
      const hex = e.target.closest ? e.target.closest("[data-hex]") : null;
      if (!hex || svg.dataset.dragged) return;
      selected = hex.dataset.hex;
      stackPanel(panel, view, ja, 10, stackY);
    });
    svg.setAttribute("viewBox", `0 0 ${width.toFixed(0)} ${Math.ceil(y + 10)}`);
    return svg;
  }

  function deciding(view, lang) {
    const ja = lang === "ja";
    const p = view.pending;
    if (!p) return "";
    const runs = Object.entries(view.countries).filter(([, row]) => row.seat === p[1]).map(([c]) => (data ? nameOf("countries", c, ja) : c));
    const what = said(DECISIONS[p[0]], ja) || p[0];
    return `${ja ? "ターン" : "turn"} ${view.turn}/16 · ${what}${runs.length ? ` (${runs.slice(0, 3).join(ja ? "・" : ", ")})` : ""}`;
  }

  // The hex an action names: where a unit is made, repaired, destroyed or built, a character
  // placed, a ship picked or moved to, a battle fought.
  // A battle's choices name a counter (hit, stow, board): its row under the map, numbered
  // COUNTER + the counter's number so that it never meets a hex index.
  const HEX_AT = { make: 2, repair: 3, destroy: 2, raze: 1, build: 2, place: 1, ship: 2, step: 1, fight: 1 };
  const COUNTER_AT = { hit: 1, stow: 1, mount: 1 };
  function squareOf(action) {
    if (COUNTER_AT[action[0]] !== undefined) return COUNTER + action[COUNTER_AT[action[0]]];
    const k = HEX_AT[action[0]];
    return k === undefined ? null : action[k];
  }

  function groupOf(action, lang) {
    return said(GROUPS[action[0]], lang === "ja") || (lang === "ja" ? "その他" : "Other");
  }

  // Battle odds under a button: per step, each camp's dice, expected hits and units removed.
  function forecast(f, lang) {
    const ja = lang === "ja";
    const box = document.createElement("small");
    box.className = "forecast";
    box.dataset.testid = "forecast";
    const head = document.createElement("span");
    head.textContent = ja ? `${f.hex} の戦闘の見込み（${nameOf("countries", f.acting, ja)}の行動）` : `odds at ${f.hex} (${nameOf("countries", f.acting, ja)} acting)`;
    box.append(head);
    for (const st of f.steps) {
      if (!st.fires) continue;
      const line = document.createElement("span");
      const camp = st.camp === "drake" ? (ja ? "ドレイク陣営" : "Drake's camp") : (ja ? "シーラ陣営" : "Sheela's camp");
      const dice = st.dice.map(([v, n]) => `${n}×${v}`).join(" ") + (st.bonus ? ` +${st.bonus}` : "");
      line.textContent = ja ? `${st.clause} ${st.name_ja} ${camp}: ${dice} → 期待ヒット ${st.expected_hits}、撃破 ${st.expected_removed}`
        : `${st.clause} ${st.name_en}, ${camp}: ${dice} → ${st.expected_hits} hits, ${st.expected_removed} removed expected`;
      box.append(line);
    }
    return box;
  }

  window.AsobiBoards.byston = { draw, deciding, squareOf, groupOf, forecast, ready };
})();
