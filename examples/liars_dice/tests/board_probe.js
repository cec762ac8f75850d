// Draws a view with the board module under a minimal DOM (node, no browser) and prints what it
// drew: every die's face ("?" hidden), the texts, and the module's other answers, as JSON.
// Usage: node board_probe.js SVG_JS BOARD_JS VIEW_JSON CTX_JSON
"use strict";
const fs = require("fs");
class Node {
  constructor(tag) { this.tag = tag; this.attrs = {}; this.children = []; this.textContent = ""; }
  setAttribute(k, v) { this.attrs[k] = String(v); }
  append(...nodes) { this.children.push(...nodes); }
}
globalThis.window = globalThis;
globalThis.document = { createElementNS: (ns, tag) => new Node(tag) };
const [svgFile, boardFile, viewText, ctxText] = process.argv.slice(2);
(0, eval)(fs.readFileSync(svgFile, "utf8"));
(0, eval)(fs.readFileSync(boardFile, "utf8"));
const board = window.AsobiBoards.liars_dice;
const view = JSON.parse(viewText), ctx = JSON.parse(ctxText);
const root = board.draw(view, ctx);
const dice = [], texts = [];
(function walk(node, cup) {
  const here = node.attrs["data-cup"] !== undefined ? Number(node.attrs["data-cup"]) : cup;
  if (node.attrs["data-die"] !== undefined) dice.push([here, node.attrs["data-die"]]);
  if (node.tag === "text") texts.push(node.textContent);
  for (const c of node.children) if (c instanceof Node) walk(c, here);
})(root, null);
console.log(JSON.stringify({
  dice, texts, viewBox: root.attrs.viewBox, deciding: board.deciding(view, ctx.lang),
  groups: [board.groupOf(["bid", 3, 4], ctx.lang), board.groupOf(["challenge"], ctx.lang)],
}));
