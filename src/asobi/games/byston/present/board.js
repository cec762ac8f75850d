// ドレイクの野望: the hex map of Byston Well (terrain, lands and their borders, named places, income
// hexes with the camp that controls them, stacks of counters, buildings, characters), the turn and
// phase track, the management sheet (state, GP, TL, chits), the chit cup and open box, the factory
// boxes, the ship moving and the battle under way.
// Counters are drawn as counters: the country's colour, a symbol for the kind (AB, aura ship, aura
// battleship, castle, fort), a flipped one pale and struck through; a stack shows its top counter
// and how many are under it, and clicking it opens its counters in place with their printed
// numbers (and below the map, each opening in the inspector).
// Playing by pointing: every legal choice comes with what it names on the map (its "targets",
// worked out by the game: present/targets.py). A counter or hex a choice names is outlined; a ship
// to move, once picked, shows every hex it may reach with the MP it costs (the engine's 17.4–17.6,
// 17.12–17.14) and a click on one moves it there, step by step; a battle's hex shows its odds on
// hover, as does the hex bombed (22.1) and the one whose ABs sortie (20.1); a character that may
// go aboard the moving ship is a gold counter to click in the opened stack (17.15.9). The buttons
// stay the keyboard's way to the same choices, and the only way to those that name no place.
// The map is a drawing of its own, fitted to the window (zoom and pan show it bigger; on a phone
// it opens zoomed in so that its counters read); the table below it is another.
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
  let chosen = null;                   // the ship picked to move (its "ship" action as JSON), before it sets off
  let goal = null;                     // the hex (index) the moving ship is sent to, a step at a time
  let sentFor = -1;                    // the state a step towards the goal was sent for
  let pinned = null;                   // the hex whose battle odds stay shown (a phone has no hover)

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

  // A hex's counters (not its buildings), the top first: ships before ABs, face up before flipped.
  const RANK = { ABS: 0, AS: 1, AB: 2 };
  function piled(tags) {
    const out = [];
    for (const tag of tags || []) {
      const [country, raw] = tag.split(":");
      const unit = raw.replace("*", "");
      const kind = data.units[unit] ? data.units[unit].kind : "";
      if (kind === "castle" || kind === "fort") continue;
      out.push({ country, unit, flipped: raw.endsWith("*"), kind, tag });
    }
    return out.sort((a, b) => (RANK[a.kind] ?? 3) - (RANK[b.kind] ?? 3) || a.flipped - b.flipped);
  }

  // The kinds' symbols, drawn in a box from -5 to 5: an AB's wings, an aura ship's hull and sail,
  // an aura battleship's hull with two, a castle's battlements, a fort's earthwork.
  const SYMBOL = {
    AB: "M-5,2.5 L0,-4.5 L5,2.5 L2.2,2.5 L0,-0.8 L-2.2,2.5 Z M-0.9,2.5 L0.9,2.5 L0.9,4.5 L-0.9,4.5 Z",
    AS: "M-5,0.5 L5,0.5 L3,4 L-3,4 Z M-0.5,0.5 L-0.5,-4.5 L3.5,-1 Z",
    ABS: "M-5,0.5 L5,0.5 L3.4,4 L-3.4,4 Z M-2.8,0.5 L-2.8,-4.5 L0,-1.5 Z M1,0.5 L1,-4.5 L3.8,-1.5 Z",
    castle: "M-4.5,4.5 L-4.5,-2 L-3,-2 L-3,-4 L-1.2,-4 L-1.2,-2 L1.2,-2 L1.2,-4 L3,-4 L3,-2 L4.5,-2 L4.5,4.5 Z",
    fort: "M-5,4.5 L-3,-1 L-1,-1 L0,-4 L1,-1 L3,-1 L5,4.5 Z",
  };
  // What is printed on a counter's face: an AB's air-bomb-defence, a ship's or a building's AA
  // guns×value, guns×value and defence.
  function printed(unit, flipped) {
    const u = data.units[unit];
    const f = u && (flipped ? u.back : u.front);
    if (!f) return "";
    if (u.kind === "AB") return `${f.air}-${f.bomb}-${f.defence}`;
    return `${f.aa_guns}×${f.aa} ${f.guns}×${f.gun} ${f.defence}`;
  }
  // One counter at (x, y), `size` across: the country's colour with the kind's symbol in white;
  // flipped, the colour pale with the symbol in it and a stripe across. `full`: its short name on
  // top and its printed numbers below (an opened stack).
  function counter(parent, x, y, size, c, full, ja) {
    const ink = INK[c.country] || "#555";
    parent.append(S.make("rect", { x, y, width: size, height: size, rx: size * 0.1, fill: c.flipped ? "#fff" : ink, stroke: c.flipped ? ink : "#111", "stroke-width": Math.max(0.5, size / 25), "data-flipped": c.flipped ? "1" : "0" }));
    if (c.flipped) parent.append(S.make("path", { d: `M${x},${y + size * 0.75} L${x + size * 0.25},${y + size}`, stroke: ink, "stroke-width": size / 12, "pointer-events": "none" }));
    const kind = data.units[c.unit] ? data.units[c.unit].kind : "";
    const scale = (full ? size * 0.42 : size * 0.8) / 10;
    const cy = full ? y + size * 0.5 : y + size / 2;
    parent.append(S.make("path", { d: SYMBOL[kind] || SYMBOL.AB, transform: `translate(${x + size / 2} ${cy}) scale(${scale.toFixed(3)})`, fill: c.flipped ? ink : "#fff", "pointer-events": "none" }));
    if (!full) return;
    const fg = c.flipped ? ink : "#fff";
    const name = nameOf("units", c.unit, ja);
    S.text(parent, x + size / 2, y + size * 0.2, name.slice(0, ja ? 4 : 8), { "font-size": size * 0.17, fill: fg, "text-anchor": "middle", "pointer-events": "none" });
    S.text(parent, x + size / 2, y + size * 0.92, printed(c.unit, c.flipped), { "font-size": size * (kind === "AB" ? 0.19 : 0.15), fill: fg, "text-anchor": "middle", "font-weight": 700, "pointer-events": "none", "data-printed": "" });
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
    const names = S.make("g", { "pointer-events": "none" });
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
        // the whole name, ending left of the stack's count and running over the neighbours to the
        // left, on a pale halo so it reads across hex edges
        S.text(names, cx + 3, cy + R * 0.72, name, { "font-size": 6.5, fill: "#333", "font-style": "italic", "data-place": h.place, "text-anchor": "end",
          stroke: "#fff", "stroke-width": 2, "stroke-opacity": 0.8, "paint-order": "stroke" });
      }
      const stack = stackOf(tags);
      const countries = Object.keys(stack);
      // buildings: a small counter with its symbol at the top left (pale when flipped)
      countries.forEach((c) => stack[c].buildings.forEach((b, k) => {
        const piece = S.make("g", { "data-building": b.unit });
        counter(piece, cx - 16 + k * 9, cy - 17, 8.5, { country: c, unit: b.unit, flipped: b.flipped });
        g.append(piece);
      }));
      // the stack: its top counter in its country's colour, the other countries' edges behind it,
      // and how many counters are in it
      const pile = piled(tags);
      if (pile.length) {
        const others = countries.filter((c) => c !== pile[0].country && stack[c].count > 0);
        others.slice(0, 2).reverse().forEach((c, k) => {
          g.append(S.make("rect", { x: cx - 7 + 3 * (others.length > 1 ? 2 - k : 1), y: cy - 7 - 3 * (others.length > 1 ? 2 - k : 1), width: 15, height: 15, rx: 1.5, fill: INK[c] || "#555", stroke: "#111", "stroke-width": 0.4, "data-stack": c }));
        });
        const top = S.make("g", { "data-stack": pile[0].country, "data-top": pile[0].unit });
        counter(top, cx - 7, cy - 5, 15, pile[0]);
        g.append(top);
        if (pile.length > 1) {
          g.append(S.make("circle", { cx: cx + 9, cy: cy + 9, r: 5.2, fill: "#fff", stroke: "#111", "stroke-width": 0.6, "pointer-events": "none" }));
          S.text(g, cx + 9 - (pile.length > 9 ? 3.8 : 2), cy + 11.6, String(pile.length), { "font-size": 7, "font-weight": 700, "pointer-events": "none", "data-count": pile.length });
        }
      }
      const here = people[h.id] || [];
      if (here.length) S.text(g, cx - 17, cy + 5, `★${here.length > 1 ? here.length : ""}`, { "font-size": 8, fill: "#8a6d00", "data-people": here.length });
      svg.append(g);
      pts.forEach((p, k) => {  // a border between lands: a thicker line on that edge
        const other = across(index, k);
        if (other < 0 || other < index || data.hexes[other].nation === h.nation) return;
        const q = pts[(k + 1) % 6];
        borders.append(S.make("line", { x1: p[0].toFixed(1), y1: p[1].toFixed(1), x2: q[0].toFixed(1), y2: q[1].toFixed(1), stroke: "#4b3b2b", "stroke-width": 1.8 }));
      });
    });
    svg.append(borders);
    svg.append(names);
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
    if (goal !== null && data.hexes[goal]) ring(data.hexes[goal].id, "#0a7d2c");
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
      S.text(g, xs[1], y, window.asobiWord("byston", "state", row.state), { "font-size": 11, fill: row.state === "war" ? "#b3261e" : row.state === "collapsed" ? "#888" : "#333" });
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

  // A row of chits (and characters) with how many of each; the label says how many in all.
  function chitRow(svg, x, y, label, counts, ja) {
    const total = Object.values(counts || {}).reduce((a, n) => a + n, 0);
    S.text(svg, x, y + 12, `${label} (${total})`, { "font-size": 11, "font-weight": 600, "data-chits": total });
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
      S.text(svg, x, y + 12, nameOf("countries", cid, ja).slice(0, 14), { "font-size": 11, fill: INK[cid] });
      let cx = x + 96;
      for (const [u, n] of Object.entries(units)) {
        const text = `${nameOf("units", u, ja)}×${n}`;
        const width = text.length * (ja ? 10 : 6.9) + 8;
        if (cx + width > maxX) { cx = x + 96; y += 18; }
        const g = S.make("g", { "data-card": u, "data-box": `${cid}:${u}` });
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
    if (!selected) { S.text(group, x, y, ja ? "ヘックスをクリックするとスタックを表示します" : "Click a hex to open its stack", { fill: "#889", "font-size": 11 }); return y; }
    const tags = view.map[selected] || [];
    const people = Object.entries(view.characters || {}).filter(([, at]) => at === selected).map(([k]) => k);
    const h = data.hexes.find((e) => e.id === selected);
    const place = h && h.place ? " " + nameOf("places", h.place, ja) : "";
    S.text(group, x, y, `${selected}${place} — ${ja ? "スタック" : "stack"}`, { "font-weight": 600, "data-stack-of": selected });
    y += 6;
    if (!tags.length && !people.length) { S.text(group, x, y + 12, ja ? "ユニットなし" : "no units", { fill: "#889" }); return y + 12; }
    let cx = x;
    const add = (id, text, colour) => {
      const width = text.length * (ja ? 10 : 6.2) + 10;
      if (cx + width > X0 + W * (data.width + 0.5)) { cx = x; y += 20; }
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
    return y + 16;
  }

  // ---- playing by pointing -------------------------------------------------------------------
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const itemsAt = (legal, square) => legal.filter((c) => c.targets && c.targets.squares.includes(square));
  // The choices naming a counter in a hex (a ship to move, an AB to load, a unit to hit…).
  const taggedAt = (legal, hexId) => legal.filter((c) => c.targets && c.targets.tag && c.targets.hex === hexId);

  // Where the ship being chosen or moved may go: [square, hex, MP, first step] (the engine's).
  function reachOf(view, legal) {
    const kind = view.pending ? view.pending[0] : null;
    if (kind === "move") {
      const ship = chosen && legal.find((c) => same(c.action, chosen));
      return ship ? ship.targets.reach : null;
    }
    const verb = kind === "load" ? "go" : kind === "step" ? "stop" : null;
    const item = verb && legal.find((c) => c.action[0] === verb && c.targets && c.targets.reach);
    return item ? item.targets.reach : null;
  }

  // Each reachable hex tinted, with what it costs; the hex the ship stands on marked "stop" while it moves.
  function drawReach(svg, reach, kind, ja) {
    const layer = S.make("g", { "data-reach-layer": "" });
    for (const [square, hexId, cost] of reach) {
      if (cost === 0 && kind !== "step") continue;
      const [cx, cy] = centre(square);
      const g = S.make("g", { "data-reach": square, "data-reach-hex": hexId, "data-cost": cost, class: "reach", cursor: "pointer" });
      g.append(S.tip(S.make("polygon", { points: corners(cx, cy).map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "), fill: cost === 0 ? "#0a7d2c" : "#2b6cb0", "fill-opacity": 0.28, stroke: cost === 0 ? "#0a7d2c" : "#2b6cb0", "stroke-width": 1.6 }),
        cost === 0 ? `${hexId}: stop here` : `${hexId}: ${cost} MP`));
      g.append(S.make("rect", { x: cx - 10.5, y: cy + 5, width: 21, height: 11.5, rx: 3, fill: cost === 0 ? "#0a7d2c" : "#1d3f73", "pointer-events": "none" }));
      S.text(g, cx, cy + 14, cost === 0 ? (ja ? "停止" : "stop") : `${cost}MP`, { "font-size": 8.5, "font-weight": 700, fill: "#fff", "text-anchor": "middle", "pointer-events": "none" });
      layer.append(g);
    }
    svg.append(layer);
  }

  // The open stack drawn over the map at its hex: every counter with its printed numbers, big
  // enough to read on the screen it is shown on; one a choice names is outlined and takes it.
  function drawOpenStack(svg, view, legal, ja, width, reach, seen) {
    const index = data.hexes.findIndex((e) => e.id === selected);
    const tags = view.map[selected] || [];
    const people = Object.entries(view.characters || {}).filter(([, at]) => at === selected).map(([k]) => k);
    if (index < 0 || !(tags.length + people.length)) return;
    const all = [...tags].map((tag) => {
      const [country, raw] = tag.split(":");
      return { country, unit: raw.replace("*", ""), flipped: raw.endsWith("*"), tag };
    });
    for (const k of people) all.push({ character: k });
    const perRow = Math.min(all.length, 6);
    // about 46 screen pixels a counter (a phone's screen shows the map small), the row within the map
    const [vx, vy, vw, vh] = seen.box;
    const size = Math.min(vw / (perRow * 1.12 + 0.2), Math.max(vw / 40, 46 / seen.pixels));
    const gap = size * 0.12;
    const w = perRow * (size + gap) + gap, h = Math.ceil(all.length / perRow) * (size + gap) + gap;
    const [cx, cy] = centre(index);
    // above the hex, else below, left or right; where that hides a hex the ship may reach, the
    // nearest place on the screen that hides none (or the fewest), tied to its hex by a line
    const bottom = Y0 + R + (data.height - 1) * 1.5 * R + R;
    const low = Math.min(bottom, vy + vh);
    const clampX = (x) => Math.max(vx + 4, Math.min(vx + vw - w - 4, x));  // within what is on the screen
    const clampY = (y) => Math.max(vy + 4, Math.min(low - h, y));
    const fits = ([x, y]) => x >= vx && y >= vy && x + w <= vx + vw && y + h <= low + 4;
    const spots = [[clampX(cx - w / 2), cy - R - h - 4], [clampX(cx - w / 2), cy + R + 4],
      [cx - R - w - 4, clampY(cy - h / 2)], [cx + R + 4, clampY(cy - h / 2)]].filter(fits);
    const hidden = ([x, y]) => [[index], ...(reach || [])].filter(([sq]) => {
      const [px, py] = centre(sq);
      return px > x - R / 2 && px < x + w + R / 2 && py > y - R / 2 && py < y + h + R / 2;
    }).length;
    const far = ([x, y]) => Math.hypot(Math.max(x - cx, 0, cx - x - w), Math.max(y - cy, 0, cy - y - h));
    if (reach && !spots.some((s) => hidden(s) === 0)) {
      for (let y = vy + 4; y + h <= low; y += R / 2) for (let x = vx + 4; x + w <= vx + vw - 4; x += R / 2) spots.push([x, y]);
    }
    const score = (s) => hidden(s) * 1e6 + far(s);
    const [x0, y0] = spots.length ? spots.reduce((a, b) => (score(b) < score(a) ? b : a)) : [clampX(cx - w / 2), clampY(cy + R + 4)];
    const layer = S.make("g", { "data-open-stack": selected });
    if (far([x0, y0]) > R * 1.5) {  // away from its hex: a line from the hex to the box
      const px = Math.max(x0, Math.min(x0 + w, cx)), py = Math.max(y0, Math.min(y0 + h, cy));
      layer.append(S.make("line", { x1: cx, y1: cy, x2: px, y2: py, stroke: "#1d2330", "stroke-width": 1.5, "stroke-dasharray": "3 2", "pointer-events": "none" }));
    }
    layer.append(S.tip(S.make("rect", { x: x0, y: y0, width: w, height: h, rx: 4, fill: "#fff", "fill-opacity": 0.95, stroke: "#1d2330", "stroke-width": 1, "data-close-stack": "" }),
      ja ? "クリックで閉じる" : "click to close"));
    const named = new Set(taggedAt(legal, selected).map((c) => c.targets.tag));
    all.forEach((c, k) => {
      const x = x0 + gap + (k % perRow) * (size + gap), y = y0 + gap + Math.floor(k / perRow) * (size + gap);
      if (c.character) {  // a character: a gold counter with its star and name
        const aboard = legal.some((o) => o.targets && o.targets.character === c.character && o.targets.hex === selected);
        const g = S.make("g", aboard ? { "data-rider": c.character, "data-character": c.character, class: "can", cursor: "pointer" }
          : { "data-card": c.character, "data-character": c.character });  // one that may go aboard: a click takes it (17.15.9)
        const name = nameOf("characters", c.character, ja);
        g.append(S.tip(S.make("rect", { x, y, width: size, height: size, rx: size * 0.1, fill: "#fff6d5", stroke: "#8a6d00", "stroke-width": Math.max(0.5, size / 25) }), name));
        if (aboard) g.append(S.make("rect", { x: x - 1.5, y: y - 1.5, width: size + 3, height: size + 3, rx: size * 0.12, fill: "none", stroke: "#e6a100", "stroke-width": 2.5, "pointer-events": "none" }));
        S.text(g, x + size / 2, y + size * 0.58, "★", { "font-size": size * 0.42, fill: "#8a6d00", "text-anchor": "middle", "pointer-events": "none" });
        S.text(g, x + size / 2, y + size * 0.9, name.slice(0, ja ? 4 : 8), { "font-size": size * 0.17, fill: "#5a4700", "text-anchor": "middle", "pointer-events": "none" });
        layer.append(g);
        return;
      }
      const can = named.has(c.tag);
      const g = S.make("g", can ? { "data-tag": c.tag, "data-at": index, class: "can", cursor: "pointer" } : { "data-card": c.unit, "data-counter": c.tag });
      counter(g, x, y, size, c, true, ja);
      if (can) g.append(S.make("rect", { x: x - 1.5, y: y - 1.5, width: size + 3, height: size + 3, rx: size * 0.12, fill: "none", stroke: "#e6a100", "stroke-width": 2.5, "pointer-events": "none" }));
      S.tip(g, `${nameOf("countries", c.country, ja)} ${nameOf("units", c.unit, ja)}${c.flipped ? (ja ? "（裏）" : " (flipped)") : ""}`);
      layer.append(g);
    });
    svg.append(layer);
  }

  // What of the map is on the screen: {box: [x, y, w, h] of the map in the drawing's units,
  // pixels: screen pixels a unit, focus}. On a narrow screen (a phone) the map is first shown
  // zoomed in on the first place a choice names (or its middle), its counters 16 pixels across,
  // and a ship's reach, when it is first shown, is zoomed in on (focus: [x, y, scale], which the
  // page applies); otherwise the zoom is the one the page left on the previous map.
  const FOCUS_BELOW = 600, FOCUS_SCALE = 3, READ_PIXELS = 16, TOP = 15;
  let focused = null;                  // what was zoomed in on last (a ship picked, a ship moving)
  let lastMap = null;                  // the map drawn last: its viewBox and zoom as the page left them
  let zoomedOnce = false;              // a narrow screen's first map was zoomed in on
  function onScreen(width, reach, kind, view, legal) {
    const board = document.getElementById("board");
    const height = mapHeight();
    const shown = (lastMap && parseFloat(lastMap.style.width)) || (board ? board.clientWidth : 0);
    let box = [0, 0, width, height], scale = 1, focus = null;
    const key = reach ? (kind === "move" ? JSON.stringify(chosen) : `moving ${view.moving ? view.moving.unit : ""}`) : null;
    const narrow = shown > 0 && shown < FOCUS_BELOW;
    if (reach && narrow && key !== focused) {
      const [cx, cy] = centre(reach[0][0]);  // the ship's own hex comes first (0 MP)
      focus = [cx, cy, FOCUS_SCALE];
    } else if (narrow && !zoomedOnce) {
      const named = legal.map((c) => ((c.targets && c.targets.squares) || []).find((q) => q < COUNTER)).find((q) => q !== undefined);
      const [cx, cy] = named !== undefined ? centre(named) : [width / 2, height / 2];
      focus = [cx, cy, Math.min(5, READ_PIXELS * width / (TOP * shown))];
    } else if (lastMap && lastMap.getAttribute("viewBox")) {
      scale = Number(lastMap.dataset.zoom || 1);
      if (scale > 1) {  // what of the map the window shows (a taller frame may show beyond it)
        const [x, y, w, h] = lastMap.getAttribute("viewBox").split(/\s+/).map(Number);
        box = [Math.max(0, x), Math.max(0, y), Math.min(w, width), Math.min(y + h, height) - Math.max(0, y)];
      }
    }
    if (focus) {  // as zoom.js keeps the window within the map (its frame's shape: data-ratio on a phone)
      scale = focus[2];
      const ratio = lastMap && lastMap.dataset.ratio ? Number(lastMap.dataset.ratio) : height / width;
      const vw = width / scale, vh = Math.min(height, vw * ratio);
      box = [Math.max(0, Math.min(width - vw, focus[0] - vw / 2)), Math.max(0, Math.min(height - vh, focus[1] - vh / 2)), vw, vh];
    }
    if (narrow) zoomedOnce = true;
    focused = key;
    return { box, pixels: shown ? shown * scale / width : 1, focus };
  }

  // The battle odds of the hex under the pointer (or tapped), as a box over the page.
  function showOdds(item, lang, x, y) {
    let box = document.getElementById("map-odds");
    if (!item) { if (box) box.remove(); return; }
    if (!box) { box = document.createElement("div"); box.id = "map-odds"; box.dataset.testid = "map-odds"; document.body.append(box); }
    box.replaceChildren(forecast(item.forecast, lang));
    box.style.cssText = `position:fixed;z-index:15;max-width:24em;background:#fffdf3;border:1px solid #c9a227;border-radius:6px;padding:.3em .5em;font-size:12px;pointer-events:none;left:${Math.min(x + 12, window.innerWidth - 300)}px;top:${Math.min(y + 12, window.innerHeight - 160)}px`;
  }

  // Follow the goal a step at a time (each step one legal choice, sent once per state).
  function follow(view, ctx) {
    const kind = view.pending ? view.pending[0] : null;
    if (goal === null || !ctx.legal || !ctx.legal.length) return;
    if (kind === "load") return;  // the player loads, then sets off (a click on the goal again)
    if (kind !== "step") { goal = null; return; }
    const reach = reachOf(view, ctx.legal) || [];
    const there = reach.find((r) => r[0] === goal);
    if (!there) { goal = null; return; }
    if (sentFor === ctx.stateId) return;
    sentFor = ctx.stateId;
    const action = there[2] === 0 ? ["stop"] : ["step", there[3]];
    if (there[2] === 0) goal = null;
    setTimeout(() => ctx.act(action), 0);
  }

  function onClick(e, view, ctx) {
    const svg = e.currentTarget;
    if (svg.dataset.dragged || !e.target.closest || e.target.closest("[data-badge]")) return;
    const legal = ctx.legal || [];
    const kind = view.pending ? view.pending[0] : null;
    const take = (action) => { ctx.act(action); };
    const choose = (items) => {
      if (items.length === 1) take(items[0].action);
      else if (items.length > 1) ctx.narrow(items);
    };
    if (e.target.closest("[data-close-stack]")) { selected = null; ctx.redraw(); return; }  // the open stack's margin closes it
    const row = e.target.closest("[data-box].can, [data-country].can");
    if (row) {  // a factory box's counter kind or a country a choice names
      choose(legal.filter((c) => c.targets && (c.targets.box === row.dataset.box && row.dataset.box !== undefined
        || c.targets.country === row.dataset.country && row.dataset.country !== undefined)));
      return;
    }
    const piece = e.target.closest("[data-tag]");
    if (piece) {  // a counter of an open stack that a choice names
      const items = taggedAt(legal, data.hexes[Number(piece.dataset.at)].id).filter((c) => c.targets.tag === piece.dataset.tag);
      if (kind === "move" && items.length && items[0].action[0] === "ship") { chosen = items[0].action; ctx.redraw(); return; }
      choose(items);
      return;
    }
    const rider = e.target.closest("[data-rider]");
    if (rider) { choose(legal.filter((c) => c.targets && c.targets.character === rider.dataset.rider)); return; }  // a character aboard
    const spot = e.target.closest("[data-reach]");
    if (spot && legal.length) {  // a hex the ship may reach: there it goes
      const square = Number(spot.dataset.reach);
      if (kind === "move" && chosen) { goal = square; sentFor = -1; take(chosen); chosen = null; return; }
      if (kind === "load") { goal = square; sentFor = -1; take(["go"]); return; }
      if (kind === "step") { goal = square; sentFor = -1; follow(view, ctx); ctx.redraw(); return; }
    }
    const node = e.target.closest("[data-square]");
    if (!node || !/^\d+$/.test(node.dataset.square)) return;
    const square = Number(node.dataset.square);
    const items = itemsAt(legal, square);
    if (square >= COUNTER) { choose(items); return; }  // a unit's row in the battle
    const hexId = data.hexes[square].id;
    const opened = selected !== hexId;
    selected = hexId;
    showOdds(null);
    const ships = items.filter((c) => c.action[0] === "ship");
    if (kind === "move" && ships.length) {  // a stack with ships to move: the (first) one's reach
      chosen = ships.some((c) => same(c.action, chosen)) && !opened ? chosen : ships[0].action;
      ctx.redraw();
      return;
    }
    const plain = items.filter((c) => !c.targets.tag);
    const odds = plain.filter((c) => c.forecast);
    if (odds.length === 1 && plain.length === 1 && pinned !== hexId) {  // a battle: its odds first, a second click fights
      pinned = hexId;
      const r = node.getBoundingClientRect();
      ctx.redraw();
      showOdds(odds[0], ctx.lang, r.right, r.top);
      ctx.narrow([...plain, ...taggedAt(legal, hexId)]);  // and the counters of its opened stack (ABs to stow)
      return;
    }
    pinned = null;
    if (plain.length === 1 && items.length === 1) { take(plain[0].action); return; }
    ctx.redraw();  // the stack opened in place (the buttons drawn anew: narrowed after)
    if (items.length) ctx.narrow(items);
  }

  const mapHeight = () => Y0 + R + (data.height - 1) * 1.5 * R + R + 4;

  // Two drawings: the map (zoomed and panned, fitted to the window by the page: board.fit) and,
  // below it, the table — the stack opened last, the turn and phase track, the management sheet,
  // the income, the cup and open box, the ship moving, the battle and the factory boxes.
  function draw(view, ctx) {
    const ja = ctx.lang === "ja";
    if (!data) { const svg = S.root(400, 40); S.text(svg, 10, 24, "…"); return svg; }
    const legal = ctx.legal || [];
    const kind = view.pending ? view.pending[0] : null;
    if (kind !== "move" || !legal.some((c) => same(c.action, chosen))) chosen = null;
    if (!legal.length) pinned = null;
    follow(view, ctx);
    const width = X0 + W * (data.width + 0.5) + 10;
    const svg = S.root(width, mapHeight());
    svg.dataset.map = "";
    svg.dataset.fit = "";  // the page fits it to the window
    drawMap(svg, view, ja);
    for (const c of legal) {  // what a choice names is outlined
      for (const square of (c.targets && c.targets.squares) || []) {
        const node = svg.querySelector(`[data-square="${square}"]`);
        if (node) node.classList.add("can");
      }
    }
    const reach = legal.length ? reachOf(view, legal) : null;
    if (reach) drawReach(svg, reach, kind, ja);
    const seen = onScreen(width, reach, kind, view, legal);
    if (seen.focus) svg.dataset.focus = seen.focus.join(" ");
    if (selected) drawOpenStack(svg, view, legal, ja, width, reach, seen);
    const table = S.root(width, 10);
    table.dataset.table = "";
    let y = 18;
    const panel = S.make("g", { "data-stack-panel": "" });
    table.append(panel);
    y = Math.max(y + 32, stackPanel(panel, view, ja, 10, 18) + 28);
    track(table, view, ja, 10, y);
    y += 36;
    const sheetEnd = sheet(table, view, ctx, ja, 10, y);
    const boxEnd = boxes(table, view, ja, 470, y);
    y = Math.max(sheetEnd, boxEnd) + 12;
    y = underWay(table, view, ja, 10, y + 4) + 8;
    for (const c of legal) {  // a battle's rows the choices name
      for (const square of (c.targets && c.targets.squares) || []) {
        const node = square >= COUNTER ? table.querySelector(`[data-square="${square}"]`) : null;
        if (node) node.classList.add("can");
      }
    }
    y = factory(table, view, ja, 10, y + 8, width - 10);
    for (const c of legal) {  // a factory box's counter kind (増産, 換装), a country (war declared on it)
      const t = c.targets || {};
      const node = t.box ? table.querySelector(`[data-box="${t.box}"]`) : t.country ? table.querySelector(`g[data-country="${t.country}"]`) : null;
      if (!node) continue;
      node.classList.add("can");  // a clickable square to the page's inspector, which then leaves the click to it
      node.setAttribute("data-square", t.box ? "box" : "country");
      node.setAttribute("cursor", "pointer");
    }
    table.setAttribute("viewBox", `0 0 ${width.toFixed(0)} ${Math.ceil(y + 10)}`);
    const here = { ...ctx, legal, act: ctx.act || (() => null), narrow: ctx.narrow || (() => null),
      redraw: ctx.redraw || (() => stackPanel(panel, view, ja, 10, 18)) };
    for (const part of [svg, table]) part.addEventListener("click", (e) => onClick(e, view, here));
    svg.addEventListener("pointerover", (e) => {  // a battle's (or a bombing's) odds on hover, before choosing it
      const node = e.target.closest ? e.target.closest("[data-square]") : null;
      const items = node ? itemsAt(legal, Number(node.dataset.square)).filter((c) => c.forecast) : [];
      if (items.length === 1) showOdds(items[0], ctx.lang, e.clientX, e.clientY);
      else if (!pinned) showOdds(null);
    });
    svg.addEventListener("pointerleave", () => { if (!pinned) showOdds(null); });
    const out = document.createElement("div");
    out.className = "board-parts";
    const under = document.createElement("div");
    under.className = "board-table";
    under.append(table);
    out.append(svg, under);
    lastMap = svg;
    return out;
  }

  function deciding(view, lang) {
    const ja = lang === "ja";
    const p = view.pending;
    if (!p) return "";
    const runs = Object.entries(view.countries).filter(([, row]) => row.seat === p[1]).map(([c]) => (data ? nameOf("countries", c, ja) : c));
    const what = said(DECISIONS[p[0]], ja) || p[0];
    return `${ja ? "ターン" : "turn"} ${view.turn}/16 · ${what}${runs.length ? ` (${runs.slice(0, 3).join(ja ? "・" : ", ")})` : ""}`;
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
      if (st.hits) {  // the exact chances, as `asobi odds byston` prints them
        const pct = (p) => `${(100 * p).toFixed(1)}%`;
        const chances = document.createElement("span");
        chances.dataset.chances = "";
        const none = (st.removed || []).filter(([n]) => n === 0).map(([, p]) => p)[0];
        chances.textContent = `  ${ja ? "ヒット数" : "hits"} ${st.hits.map(([n, p]) => `${n}: ${pct(p)}`).join(" · ")}` +
          (none !== undefined ? ` — ${ja ? "1ユニット以上撃破" : "1+ removed"} ${pct(1 - none)}` : "");
        box.append(chances);
      }
    }
    return box;
  }

  window.AsobiBoards.byston = { draw, deciding, groupOf, forecast, ready, points: true, wide: true, fit: true };
})();
