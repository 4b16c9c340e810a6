/**
 * Deterministic, small SVG artwork for the demo data: an earthy palette, Adinkra-inspired geometry
 * (Adinkrahene rings, the Nsoromma star, the Fihankra compound) and initials. The same key always gives
 * the same picture.
 */

export const palette = {
  terracotta: "#B5552F",
  ochre: "#D4962A",
  green: "#2E5A3C",
  indigo: "#2C3566",
  cream: "#F4E9D8",
  umber: "#5B3A24",
} as const;

const grounds = [palette.terracotta, palette.green, palette.indigo, palette.umber, palette.ochre] as const;
const FONT = `Georgia,'Times New Roman',serif`;

/** FNV-1a: a stable 32-bit number for a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function pick<T>(items: readonly T[], n: number): T {
  const item = items[n % items.length];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);
}

/** "Nana Akosua Boateng" -> "NB"; accents dropped so any font can draw them. */
export function initials(name: string, mode: "first-last" | "first-two" = "first-last"): string {
  const words = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}]/gu, ""))
    .filter((w) => w.length > 0);
  const chosen = mode === "first-two" ? words.slice(0, 2) : words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return chosen.map((w) => (w ?? "").charAt(0).toUpperCase()).join("");
}

interface Colors {
  ground: string;
  accent: string;
  ink: string;
}

function colorsFor(h: number): Colors {
  const ground = pick(grounds, h);
  const accent = pick(
    grounds.filter((c) => c !== ground),
    h >>> 3,
  );
  return { ground, accent, ink: palette.cream };
}

/** A repeating background tile: dots, diamonds, chevrons or kente-like stripes. */
function pattern(id: string, kind: number, color: string): string {
  const tiles = [
    `<circle cx="20" cy="20" r="4" fill="${color}"/>`,
    `<path d="M20 2L38 20L20 38L2 20Z" fill="none" stroke="${color}" stroke-width="3"/>`,
    `<path d="M0 28L10 14L20 28L30 14L40 28" fill="none" stroke="${color}" stroke-width="3"/>`,
    `<rect width="8" height="40" fill="${color}"/><rect x="20" width="4" height="40" fill="${color}"/>`,
  ];
  return `<pattern id="${id}" width="40" height="40" patternUnits="userSpaceOnUse">${pick(tiles, kind)}</pattern>`;
}

/** Adinkra-inspired emblem centred on (cx, cy) with outer radius r. */
function emblem(kind: number, cx: number, cy: number, r: number, c: Colors): string {
  const rings = `<g fill="none" stroke="${c.ink}"><circle cx="${cx}" cy="${cy}" r="${r}" stroke-width="${r / 14}"/><circle cx="${cx}" cy="${cy}" r="${(r * 0.72).toFixed(1)}" stroke-width="${r / 20}" stroke="${c.accent}"/></g>`;
  if (kind % 3 === 0) return rings;
  if (kind % 3 === 1) {
    // Nsoromma: an eight-pointed star, "child of the heavens".
    const pts: string[] = [];
    for (let i = 0; i < 16; i++) {
      const rr = i % 2 === 0 ? r : r * 0.62;
      const a = (Math.PI * i) / 8;
      pts.push(`${(cx + rr * Math.sin(a)).toFixed(1)},${(cy - rr * Math.cos(a)).toFixed(1)}`);
    }
    return `<polygon points="${pts.join(" ")}" fill="${c.accent}" stroke="${c.ink}" stroke-width="${r / 25}"/>`;
  }
  // Fihankra: the enclosed compound, a square with notched corners.
  const s = r * 0.8;
  const n = r * 0.28;
  const d = `M${cx - s + n} ${cy - s}H${cx + s - n}V${cy - s + n}H${cx + s}V${cy + s - n}H${cx + s - n}V${cy + s}H${cx - s + n}V${cy + s - n}H${cx - s}V${cy - s + n}H${cx - s + n}Z`;
  return `<path d="${d}" fill="${c.accent}" stroke="${c.ink}" stroke-width="${r / 18}"/>`;
}

function svg(width: number, height: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img"><title>${escapeXml(title)}</title>${body}</svg>\n`;
}

/** 600x600 product picture: patterned ground, emblem, a cream medallion with the product's initials. */
export function productSvg(name: string, key: string): string {
  const h = hash(key);
  const c = colorsFor(h);
  const text = escapeXml(initials(name, "first-two"));
  return svg(
    600,
    600,
    name,
    `<defs>${pattern("p", h >>> 5, c.accent)}</defs>` +
      `<rect width="600" height="600" fill="${c.ground}"/>` +
      `<rect width="600" height="600" fill="url(#p)" opacity="0.35"/>` +
      emblem(h >>> 7, 300, 300, 200, c) +
      `<circle cx="300" cy="300" r="92" fill="${c.ink}"/>` +
      `<text x="300" y="300" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="72" font-weight="bold" fill="${c.ground === palette.ochre ? palette.umber : c.ground}">${text}</text>`,
  );
}

/** 400x400 abstract portrait: a head-and-shoulders silhouette, a head wrap on some, the Seer's initials. */
export function seerSvg(fullName: string, key: string, initialsOf: string = fullName): string {
  const h = hash(key);
  const c = colorsFor(h);
  const figure = h % 2 === 0 ? palette.umber : palette.indigo;
  const body = figure === c.ground ? palette.green : figure;
  const wrap =
    (h >>> 4) % 2 === 0
      ? `<path d="M138 152C118 60 282 60 262 152C246 122 154 122 138 152Z" fill="${c.accent}" stroke="${c.ink}" stroke-width="3"/>`
      : "";
  return svg(
    400,
    400,
    `Portrait of ${fullName}`,
    `<defs>${pattern("p", h >>> 5, c.accent)}</defs>` +
      `<rect width="400" height="400" fill="${c.ground}"/>` +
      `<rect width="400" height="400" fill="url(#p)" opacity="0.3"/>` +
      `<circle cx="200" cy="190" r="150" fill="${c.ink}" opacity="0.18"/>` +
      `<path d="M86 400C92 300 140 262 200 262C260 262 308 300 314 400Z" fill="${body}" stroke="${c.ink}" stroke-width="3"/>` +
      `<circle cx="200" cy="165" r="60" fill="${body}" stroke="${c.ink}" stroke-width="3"/>` +
      wrap +
      `<text x="200" y="350" text-anchor="middle" font-family="${FONT}" font-size="40" font-weight="bold" fill="${c.ink}">${escapeXml(initials(initialsOf))}</text>`,
  );
}

/** 1200x630 article banner: patterned ground, a large emblem and a kente-like band along the bottom. */
export function articleSvg(title: string, key: string): string {
  const h = hash(key);
  const c = colorsFor(h);
  const band = [c.accent, palette.cream, palette.green, palette.ochre, palette.terracotta, palette.indigo];
  const stripes = Array.from(
    { length: 20 },
    (_, i) => `<rect x="${i * 60}" y="580" width="60" height="50" fill="${pick(band, i + (h % 6))}"/>`,
  ).join("");
  return svg(
    1200,
    630,
    title,
    `<defs>${pattern("p", h >>> 5, c.accent)}</defs>` +
      `<rect width="1200" height="630" fill="${c.ground}"/>` +
      `<rect width="1200" height="580" fill="url(#p)" opacity="0.3"/>` +
      emblem(h >>> 7, 860, 290, 230, c) +
      emblem((h >>> 7) + 1, 300, 290, 110, c) +
      `<circle cx="860" cy="290" r="70" fill="${c.ink}"/>` +
      stripes,
  );
}
