// The Fire Emblem TCG flow: the 3×4 field (row 1 is A's deployment row, row 4 B's) with units,
// their 気力 chips and equipment; each side's chips, deck, hand, 戦場外 and 国外.
"use strict";
(function () {
  const S = window.AsobiSvg;
  const W = 150, H = 78;
  const SIDE = ["#2b6cb0", "#b83232"];

  function unit(g, u, x, y, ctx) {
    const name = S.name(ctx, u.card);
    g.append(S.tip(S.make("rect", { x: x + 3, y: y + 3, width: W - 6, height: H - 6, rx: 5, fill: u.owner === 0 ? "#e6effa" : "#fae8e8", stroke: SIDE[u.owner], "stroke-width": u.ready ? 2 : 1, "stroke-dasharray": u.ready ? "" : "4 3" }),
      `${name} — ${u.move}/${u.attack_type}${u.weapon ? " · " + S.name(ctx, u.weapon) : ""}${u.magic ? " · " + S.name(ctx, u.magic) : ""}${u.item ? " · " + S.name(ctx, u.item) : ""}`));
    S.text(g, x + 8, y + 20, name.slice(0, 16), { "font-weight": 600 });
    S.text(g, x + 8, y + 37, `攻${u.attack} 反${u.counter}${u.poison ? " ☠" : ""}${u.hone ? " 研" + u.hone : ""}`, { "font-size": 11 });
    for (let i = 0; i < u.max; i++) {  // 気力 chips: filled while on the unit
      g.append(S.make("circle", { cx: x + 14 + i * 14, cy: y + 52, r: 5, fill: i < u.chips ? "#e6a100" : "#fff", stroke: "#a07000" }));
    }
    const gear = [u.weapon, u.magic, u.item].filter(Boolean).map((c) => S.name(ctx, c)).join(", ");
    if (gear) S.text(g, x + 8, y + 70, gear.slice(0, 22), { "font-size": 10, fill: "#555" });
  }

  function field(svg, view, ctx, x0, y0) {
    const cols = 3, rows = view.field.length / cols;
    view.field.forEach((u, i) => {
      const c = i % cols, r = Math.floor(i / cols);
      const x = x0 + 24 + c * W, y = y0 + (rows - 1 - r) * H;  // row 1 at the bottom (A's side)
      const g = S.make("g", { "data-square": i });
      g.append(S.make("rect", { x, y, width: W, height: H, fill: r === 0 ? "#f4f8fd" : r === rows - 1 ? "#fdf4f4" : "#fafafa", stroke: "#99a" }));
      if (u) unit(g, u, x, y, ctx);
      svg.append(g);
      if (c === 0) S.text(svg, x0 + 6, y + H / 2 + 4, String(r + 1));
      if (r === 0) S.text(svg, x + W / 2 - 3, y0 + rows * H + 14, "abc"[c]);
    });
  }

  function side(svg, p, index, ctx, x, y) {
    const names = (ctx.seats || []).map((s) => s.name);
    S.text(svg, x, y, `${names[index] || "AB"[index]} — ${p.deck_name}`, { "font-weight": 600, fill: SIDE[index] });
    const ja = ctx.lang === "ja";
    S.text(svg, x, y + 16, ja ? `気力チップ 未使用 ${p.unused} / 使用済 ${p.used} · デッキ ${p.deck} · 手札 ${p.hand_count}`
      : `chips ${p.unused} unused / ${p.used} used · deck ${p.deck} · hand ${p.hand_count}`, { "font-size": 11 });
    const hand = p.hand ? p.hand.map((c) => S.name(ctx, c)).join(", ") : (ja ? "（非公開 hidden）" : "(hidden)");
    S.text(svg, x, y + 32, `${ja ? "手札" : "hand"}: ${hand}`.slice(0, 80), { "font-size": 11, "data-hand": index });
    S.text(svg, x, y + 48, `戦場外: ${(p.offfield || []).map((c) => S.name(ctx, c)).join(", ")}`.slice(0, 80), { "font-size": 11 });
    S.text(svg, x, y + 64, `国外: ${(p.kokugai || []).map((c) => S.name(ctx, c)).join(", ")}`.slice(0, 80), { "font-size": 11 });
  }

  function draw(view, ctx) {
    const rows = view.field.length / 3;
    const svg = S.root(520, rows * H + 200);
    side(svg, view.players[1], 1, ctx, 10, 16);
    field(svg, view, ctx, 10, 96);
    side(svg, view.players[0], 0, ctx, 10, 96 + rows * H + 30);
    return svg;
  }

  function deciding(view, lang) {
    const who = "AB"[view.actor] || "";
    return lang === "ja" ? `${who}: ${view.step}` : `${who}: ${view.step} step`;
  }

  // The verbs whose first parameter is a square of the field (equip: its second).
  const ON_SQUARE = new Set(["activate", "attack", "capture", "chip", "heal", "honing", "inherit", "legacy", "move",
    "poison", "rally", "shed", "succeed", "symbol", "training", "unequip"]);
  function squareOf(action) {
    if (ON_SQUARE.has(action[0])) return action[1];
    if (action[0] === "equip") return action[2];
    return null;
  }

  window.AsobiBoards.emblem = { draw, deciding, squareOf };
})();
