// Playing cards drawn as SVG: faces from the card text ("Ah", "Td", "SJ", "BJ"), backs with
// a count. No images: everything is drawn here.

const NS = "http://www.w3.org/2000/svg";
const SUIT = { s: "♠", h: "♥", d: "♦", c: "♣" };
const RED = "#c62828";
const BLACK = "#1d1d1f";

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function rankText(card) {
  const r = card[0];
  return r === "T" ? "10" : r;
}

export function isRed(card) {
  return card === "BJ" || card[1] === "h" || card[1] === "d";
}

/** An SVG card face (width 60, height 84 units; scaled by CSS). */
export function cardFace(card, { small = false, jokerLabels = ["JOKER", "JOKER"] } = {}) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: `card${small ? " small" : ""}`, role: "img" });
  svg.dataset.card = card;
  svg.setAttribute("aria-label", card);
  svg.append(el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: "card-bg" }));
  const colour = isRed(card) ? RED : BLACK;
  if (card === "SJ" || card === "BJ") {
    const big = card === "BJ";
    svg.append(el("text", { x: 6, y: 14, fill: colour, "font-size": 9, "font-weight": 700, class: "corner" }, big ? "BJ" : "SJ"));
    const word = big ? jokerLabels[1] : jokerLabels[0];
    const letters = [...word];
    letters.forEach((ch, i) => {
      svg.append(el("text", { x: 8, y: 26 + i * 9, fill: colour, "font-size": 8, "font-weight": 700, "text-anchor": "middle" }, ch));
    });
    const star = el("path", {
      d: "M36 26 l4.2 9 9.8 1.1 -7.3 6.7 2 9.7 -8.7 -4.9 -8.7 4.9 2 -9.7 -7.3 -6.7 9.8 -1.1z",
      fill: big ? RED : "none",
      stroke: colour,
      "stroke-width": 1.6,
    });
    svg.append(star);
    svg.append(el("text", { x: 36, y: 72, fill: colour, "font-size": 8, "text-anchor": "middle", "font-weight": 700 }, big ? "★ ★" : "☆ ☆"));
    return svg;
  }
  const rank = rankText(card);
  const suit = SUIT[card[1]];
  svg.append(el("text", { x: 5, y: 16, fill: colour, "font-size": rank.length > 1 ? 13 : 15, "font-weight": 700, class: "corner" }, rank));
  svg.append(el("text", { x: 6, y: 29, fill: colour, "font-size": 12, class: "corner" }, suit));
  const g = el("g", { transform: "rotate(180 30 42)" });
  g.append(el("text", { x: 5, y: 16, fill: colour, "font-size": rank.length > 1 ? 13 : 15, "font-weight": 700 }, rank));
  g.append(el("text", { x: 6, y: 29, fill: colour, "font-size": 12 }, suit));
  svg.append(g);
  if ("JQK".includes(card[0])) {
    svg.append(el("rect", { x: 16, y: 20, width: 28, height: 44, rx: 3, fill: "none", stroke: colour, "stroke-width": 1.2, opacity: 0.7 }));
    svg.append(el("text", { x: 30, y: 40, fill: colour, "font-size": 16, "font-weight": 700, "text-anchor": "middle" }, rank));
    svg.append(el("text", { x: 30, y: 58, fill: colour, "font-size": 14, "text-anchor": "middle" }, suit));
  } else {
    svg.append(el("text", { x: 31, y: 52, fill: colour, "font-size": 28, "text-anchor": "middle" }, suit));
  }
  return svg;
}

/** A face-down card (or a small stack) with an optional count on it. */
export function cardBack(count) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card back", role: "img" });
  svg.append(el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: "back-bg" }));
  svg.append(el("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, class: "back-pattern" }));
  if (count !== undefined && count !== null) {
    svg.append(el("circle", { cx: 30, cy: 42, r: 14, class: "back-badge" }));
    svg.append(el("text", { x: 30, y: 47.5, "font-size": 15, "text-anchor": "middle", class: "back-count" }, String(count)));
  }
  svg.setAttribute("aria-label", `${count ?? ""}`);
  return svg;
}
