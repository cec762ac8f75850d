// Liar's Dice: every cup as a row of dice (the seat's own faces, the others' hidden), the bid
// standing and the round's bids, and the last time the cups were lifted. Reads only the view.
// The module asobi's client expects (see boards/svg.js): AsobiBoards.liars_dice = { draw, deciding, groupOf }.
"use strict";
(function () {
  const S = window.AsobiSvg;
  const SEATS = ["A", "B", "C", "D", "E", "F"];
  const PIPS = {  // pip centres on a unit die, per face
    1: [[0.5, 0.5]], 2: [[0.25, 0.25], [0.75, 0.75]], 3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
    4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
    5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
    6: [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]],
  };
  const seatName = (ctx, p) => (ctx.seats && ctx.seats[p] && ctx.seats[p].name) || SEATS[p];

  // One die: its pips, or "?" for a face the seat may not see; `counts` outlines a die that
  // counts for the bid (the face, or a wild one).
  function die(parent, x, y, size, face, counts) {
    const g = S.make("g", { "data-die": face === null ? "?" : face });
    g.append(S.make("rect", { x, y, width: size, height: size, rx: size / 6,
      fill: face === null ? "#c9ccd6" : "#fffdf6", stroke: counts ? "#c0392b" : "#444", "stroke-width": counts ? 3 : 1 }));
    if (face === null) S.text(g, x + size * 0.34, y + size * 0.68, "?", { "font-size": size * 0.5, fill: "#555" });
    else for (const [px, py] of PIPS[face]) g.append(S.make("circle", { cx: x + px * size, cy: y + py * size, r: size * 0.09, fill: "#222" }));
    parent.append(g);
  }

  const countsFor = (bid, wild) => (d) => bid && (d === bid.face || (wild && bid.face !== 1 && d === 1));

  function cups(svg, view, ctx, y) {
    const ja = ctx.lang === "ja";
    for (const cup of view.cups) {
      const p = cup.seat;
      const g = S.make("g", { "data-cup": p });
      const marks = [];
      if (p === view.turn) marks.push(ja ? "コール中" : "to call");
      if (p === view.rolling) marks.push(ja ? "振っている" : "rolling");
      if (p === view.opener && view.winner === null) marks.push(ja ? "親" : "opens");
      if (p === view.winner) marks.push(ja ? "勝ち" : "wins");
      const you = ctx.seat === p ? (ja ? "（あなた）" : " (you)") : "";
      S.text(g, 10, y + 24, `${p === view.turn ? "▶ " : ""}${seatName(ctx, p)}${you}`, { "font-weight": 600, "font-size": 14 });
      if (cup.count === 0) {
        S.text(g, 120, y + 24, ja ? "脱落" : "out", { fill: "#888" });
      } else {
        for (let k = 0; k < cup.count; k++) die(g, 120 + k * 40, y + 4, 32, cup.dice && k < cup.dice.length ? cup.dice[k] : null, false);
        if (marks.length) S.text(g, 330, y + 24, marks.join(" · "), { fill: "#2b6cb0" });
      }
      svg.append(g);
      y += 42;
    }
    return y;
  }

  function bids(svg, view, ctx, y) {
    const ja = ctx.lang === "ja";
    const g = S.make("g", { "data-bids": view.bids.length });
    if (!view.bid) {
      S.text(g, 10, y + 18, ja ? "まだビッドなし" : "No bid yet", { "font-size": 15 });
    } else {
      const b = view.bid;
      S.text(g, 10, y + 22, ja ? `ビッド：${seatName(ctx, b.seat)}` : `Bid: ${seatName(ctx, b.seat)}`, { "font-size": 16, "font-weight": 700 });
      S.text(g, 150, y + 22, `${b.quantity} ×`, { "font-size": 18, "font-weight": 700 });
      die(g, 200, y, 30, b.face, false);
      S.text(g, 250, y + 22, view.wild_ones && b.face !== 1 ? (ja ? "（1を含む）" : "(ones count)") : "", { fill: "#666" });
      const earlier = view.bids.slice(0, -1).map((x) => `${seatName(ctx, x.seat)} ${x.quantity}×${x.face}`);
      if (earlier.length) S.text(g, 10, y + 48, (ja ? "これまで：" : "Before: ") + earlier.join(", ").slice(0, 110), { fill: "#555" });
    }
    svg.append(g);
    return y + 62;
  }

  function lastReveal(svg, view, ctx, y) {
    const last = view.last;
    if (!last) return y;
    const ja = ctx.lang === "ja";
    const g = S.make("g", { "data-last": last.call });
    const b = last.bid;
    const call = last.call === "challenge" ? (ja ? "ダウト" : "challenge") : (ja ? "ぴったり" : "spot on");
    S.text(g, 10, y + 14, ja ? `前回：${seatName(ctx, last.caller)}が${seatName(ctx, b.seat)}の${b.quantity}×${b.face}に${call}、${last.count}個`
      : `Last reveal: ${seatName(ctx, last.caller)} called ${call} on ${seatName(ctx, b.seat)}'s ${b.quantity} × ${b.face}; ${last.count} counted`,
      { "font-weight": 600 });
    y += 22;
    const counts = countsFor(b, view.wild_ones);
    last.dice.forEach((cup, p) => {
      if (!cup.length) return;
      S.text(g, 10, y + 16, seatName(ctx, p), { fill: "#555" });
      cup.forEach((d, k) => die(g, 60 + k * 26, y, 22, d, counts(d)));
      y += 26;
    });
    svg.append(g);
    return y;
  }

  function draw(view, ctx) {
    const svg = S.root(640, 10);
    const ja = ctx.lang === "ja";
    const rules = [ja ? `第${view.round}ラウンド` : `Round ${view.round}`, ja ? `卓上${view.total}個` : `${view.total} dice on the table`];
    if (view.wild_ones) rules.push(ja ? "1はワイルド" : "ones are wild");
    if (view.spot_on) rules.push(ja ? "ぴったりあり" : "spot on");
    S.text(svg, 10, 20, rules.join(" · "), { "font-size": 13, fill: "#333" });
    let y = cups(svg, view, ctx, 30);
    y = bids(svg, view, ctx, y + 6);
    y = lastReveal(svg, view, ctx, y);
    svg.setAttribute("viewBox", `0 0 640 ${Math.max(y + 10, 200)}`);
    return svg;
  }

  function deciding(view, lang) {
    const ja = lang === "ja";
    if (view.turn === null) return "";
    if (!view.bid) return ja ? "最初のビッド（2.3）" : "the opening bid (2.3)";
    return view.spot_on ? (ja ? "ビッド・ダウト・ぴったり（2.3）" : "bid, challenge or spot on (2.3)")
      : (ja ? "ビッドかダウト（2.3）" : "bid or challenge (2.3)");
  }

  // Long lists of bids come grouped by face, the calls apart.
  function groupOf(action, lang) {
    const ja = lang === "ja";
    if (action[0] !== "bid") return ja ? "ダウト・ぴったり" : "challenge or spot on";
    return ja ? `${action[2]}の目へのビッド` : `bids on ${action[2]}s`;
  }

  window.AsobiBoards.liars_dice = { draw, deciding, groupOf };
})();
