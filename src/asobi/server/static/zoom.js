// Zoom and pan of a board drawing: buttons, ctrl+wheel, drag with one pointer, pinch with two;
// a drawing marked data-fit is fitted to the window first.
// The view (scale and centre) lives in a plain object the page keeps, so it survives the board
// being drawn again after every change.
"use strict";
window.AsobiZoom = (function () {
  const MIN = 1, MAX = 5;

  function base(svg) {
    if (!svg.dataset.base) svg.dataset.base = svg.getAttribute("viewBox");
    const [x, y, w, h] = svg.dataset.base.split(/\s+/).map(Number);
    return { x, y, w, h };
  }

  // The window onto the drawing keeps the shape of its frame: the drawing's own, or a taller one
  // (data-ratio, height / width: a wide map on a phone), where the whole width shows at scale 1.
  function apply(svg, view) {
    const b = base(svg);
    view.scale = Math.min(MAX, Math.max(MIN, view.scale || 1));
    const w = b.w / view.scale, h = svg.dataset.ratio ? w * Number(svg.dataset.ratio) : b.h / view.scale;
    if (view.cx === undefined) { view.cx = b.x + b.w / 2; view.cy = b.y + b.h / 2; }
    view.cx = Math.min(b.x + b.w - w / 2, Math.max(b.x + w / 2, view.cx));
    view.cy = h >= b.h ? b.y + b.h / 2 : Math.min(b.y + b.h - h / 2, Math.max(b.y + h / 2, view.cy));
    svg.setAttribute("viewBox", `${view.cx - w / 2} ${view.cy - h / 2} ${w} ${h}`);
    svg.dataset.zoom = view.scale.toFixed(2);
    svg.classList.toggle("zoomed", view.scale > 1);
  }

  function zoomBy(svg, view, factor) { view.scale = (view.scale || 1) * factor; apply(svg, view); }

  // Attach to a freshly drawn svg; ``view`` is the page's {scale, cx, cy}.
  function attach(svg, view) {
    apply(svg, view);
    const pointers = new Map();
    let moved = 0, pinch = null;
    const unitsPerPixel = () => base(svg).w / view.scale / svg.getBoundingClientRect().width;
    svg.addEventListener("wheel", (e) => {
      if (!e.ctrlKey) return;  // a plain wheel scrolls the page
      e.preventDefault();
      zoomBy(svg, view, e.deltaY < 0 ? 1.2 : 1 / 1.2);
    }, { passive: false });
    svg.addEventListener("pointerdown", (e) => {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      moved = 0;
      delete svg.dataset.dragged;
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), scale: view.scale };
      }
    });
    svg.addEventListener("pointermove", (e) => {
      const last = pointers.get(e.pointerId);
      if (!last) return;
      const dx = e.clientX - last.x, dy = e.clientY - last.y;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 2 && pinch) {
        const [a, b] = [...pointers.values()];
        view.scale = pinch.scale * Math.hypot(a.x - b.x, a.y - b.y) / Math.max(pinch.d, 1);
        moved += 10; svg.dataset.dragged = "1"; apply(svg, view); return;
      }
      if (view.scale <= 1) return;
      moved += Math.abs(dx) + Math.abs(dy);
      if (moved > 6) svg.dataset.dragged = "1";  // the click that ends a drag chooses nothing
      const k = unitsPerPixel();
      view.cx -= dx * k; view.cy -= dy * k;
      apply(svg, view);
    });
    const up = (e) => { pointers.delete(e.pointerId); if (pointers.size < 2) pinch = null; };
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("click", (e) => {
      if (svg.dataset.dragged) { e.stopPropagation(); e.preventDefault(); delete svg.dataset.dragged; }
    }, true);
  }

  // The +, − and reset buttons of a toolbar; ``svgOf`` finds the board's current drawing.
  function controls(bar, svgOf, view) {
    const button = (text, label, action) => {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = text; b.title = label; b.setAttribute("aria-label", label); b.dataset.zoom = label;
      b.addEventListener("click", () => { const svg = svgOf(); if (svg) action(svg); });
      bar.append(b);
    };
    button("+", "zoom in", (svg) => zoomBy(svg, view, 1.5));
    button("−", "zoom out", (svg) => zoomBy(svg, view, 1 / 1.5));
    button("⤢", "fit", (svg) => { view.scale = 1; view.cx = view.cy = undefined; apply(svg, view); });
  }

  // A drawing that asks for it (data-fit) is made as big as fits both the width of ``area`` and
  // the window's height below the top of ``area``, so the whole of it is seen without scrolling
  // the page (zoom and pan then show its parts bigger). On a narrow screen (under TALL_BELOW
  // pixels) a drawing wider than tall gets a taller frame instead, up to 1.3 times its width and
  // 70% of the window's height, so that zoomed in it shows more of itself. Called before ``attach``.
  const TALL_BELOW = 600;
  function fit(svg, area) {
    if (svg.dataset.fit === undefined) return;
    const [, , w, h] = (svg.dataset.base || svg.getAttribute("viewBox")).split(/\s+/).map(Number);
    if (area.clientWidth < TALL_BELOW && h < w) {
      const width = area.clientWidth, height = Math.max(width * h / w, Math.min(1.3 * width, 0.7 * window.innerHeight));
      svg.style.width = `${Math.floor(width)}px`;
      svg.style.height = `${Math.floor(height)}px`;
      svg.dataset.ratio = (Math.floor(height) / Math.floor(width)).toFixed(4);
      return;
    }
    const room = window.innerHeight - (area.getBoundingClientRect().top + window.scrollY) - 8;
    const width = Math.min(area.clientWidth, Math.max(160, room) * w / h);
    svg.style.width = `${Math.floor(width)}px`;
  }

  // ``redraw`` again when the window changes size (not when a phone's address bar comes and goes
  // as the page scrolls: only its height changes then), so a drawing fitted to it is fitted again.
  function onResize(redraw) {
    let waiting = null, size = [window.innerWidth, window.innerHeight];
    window.addEventListener("resize", () => {
      const now = [window.innerWidth, window.innerHeight];
      if (now[0] === size[0] && (now[0] < 600 || now[1] === size[1])) return;
      size = now;
      clearTimeout(waiting);
      waiting = setTimeout(redraw, 150);
    });
  }

  // Put a board module's drawing (an svg, or an element holding several: the first zooms) in
  // ``area``, fitted, zoomed where it asks to be (data-focus: "x y scale"), and zoomable.
  function show(drawn, area, view) {
    area.append(drawn);
    const svg = drawn.matches("svg") ? drawn : drawn.querySelector("svg");
    fit(svg, area);
    if (svg.dataset.focus) {
      const [cx, cy, scale] = svg.dataset.focus.split(" ").map(Number);
      Object.assign(view, { cx, cy, scale });
    }
    attach(svg, view);
  }

  return { controls, onResize, show };
})();
