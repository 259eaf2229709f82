// Labels and messages: the catalogue of the chosen language and the formatter of the
// view's messages ({key, params}), the same rules as cardavia.view.text.Formatter.

const SEAT_PARAMS = new Set(["seat", "to", "winner", "leader", "seats"]);
const CARD_PARAMS = new Set(["cards", "card"]);
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

let words = {};
let lang = "en";

export async function loadLanguage(code) {
  const response = await fetch(`/i18n/${code}.json`);
  words = await response.json();
  lang = code;
  document.documentElement.lang = code;
}

export function language() {
  return lang;
}

export function escapeHtml(text) {
  return String(text)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** Plain text of a catalogue entry with {name} placeholders filled in. */
export function t(key, params = {}) {
  const template = key in words ? words[key] : key;
  return template.replace(/\{(\w+)\}/g, (_, name) => (params[name] ?? "").toString());
}

/** Card text as HTML with coloured suit symbols ("Ah Td" -> A♥ 10♦). */
export function cardsHtml(text) {
  return escapeHtml(text).replace(/\b([2-9TJQKA])([cdhs])\b/g, (_, r, s) => {
    const red = s === "h" || s === "d";
    const rank = r === "T" ? "10" : r;
    return `<span class="c ${red ? "red" : "black"}">${rank}${SUITS[s]}</span>`;
  }).replace(/\b(SJ|BJ)\b/g, (_, j) => `<span class="c ${j === "BJ" ? "red" : "black"}">${j === "BJ" ? t("card.big_joker") : t("card.small_joker")}</span>`);
}

/** A message of the view ({key, params}) as HTML; seats by name, cards with suit symbols. */
export function fmt(msg, ctx = {}) {
  if (msg === null || msg === undefined) return "";
  if (typeof msg !== "object" || !("key" in msg)) return value(msg, ctx);
  const template = msg.key in words ? words[msg.key] : msg.key;
  const params = msg.params || {};
  const html = escapeHtml(template).replace(/\{(\w+)\}/g, (_, name) => param(name, params[name], ctx));
  return html.replace(/\s{2,}/g, " ").trim();
}

function param(name, v, ctx) {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return v.map((x) => param(name, x, ctx)).join(", ");
  if (typeof v === "object" && "key" in v) return fmt(v, ctx);
  if (SEAT_PARAMS.has(name) && typeof v === "number") return seatName(v, ctx);
  if (CARD_PARAMS.has(name) && typeof v === "string") return cardsHtml(v);
  return value(v, ctx);
}

export function value(v, ctx = {}) {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return v.map((x) => value(x, ctx)).join(", ");
  if (typeof v === "object" && "key" in v) return fmt(v, ctx);
  return escapeHtml(v);
}

export function seatName(seat, ctx = {}) {
  const view = ctx.view;
  let name = t("seat.name", { n: seat });
  if (view && view.seats && view.seats[seat]) name = fmt(view.seats[seat].name, {});
  if (view && view.viewer === seat) return escapeHtml(t("you_seat", { name }));
  return name;
}

/** Fill every element with a data-i18n key (its text) in the current language. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
}
