/**
 * Draws the favicon's mark (src-client/public/favicon.svg: a brown disc, a gold ring, a gold dot) as PNGs and an ICO,
 * for browsers and crawlers that ask for /favicon.ico and for the app manifest. Run once after changing the mark:
 * `node --import tsx scripts/generate-icons.ts`; the files are committed.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";

const BROWN = [0x8a, 0x3b, 0x12] as const;
const GOLD = [0xf3, 0xd9, 0xa4] as const;
const out = path.resolve(import.meta.dirname, "../src-client/public");

/** The mark on a 64-unit square, as the SVG draws it: which colour covers a point, if any. */
function colourAt(x: number, y: number): readonly [number, number, number] | null {
  const r = Math.hypot(x - 32, y - 32);
  if (r > 30) return null;
  if (r <= 6 || (r >= 16 && r <= 20)) return GOLD;
  return BROWN;
}

function crcTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}
const CRC = crcTable();
function crc32(buffer: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buffer) c = (CRC[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG of the mark at `size` pixels, 4x4 supersampled for smooth edges. */
function png(size: number): Buffer {
  const rows: Buffer[] = [];
  const samples = 4;
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = colourAt(((px + (sx + 0.5) / samples) * 64) / size, ((py + (sy + 0.5) / samples) * 64) / size);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered++;
        }
      }
      const at = 1 + px * 4;
      if (covered) {
        row[at] = Math.round(r / covered);
        row[at + 1] = Math.round(g / covered);
        row[at + 2] = Math.round(b / covered);
      }
      row[at + 3] = Math.round((covered / samples ** 2) * 255);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** An ICO holding PNG images (every browser since 2007 reads them). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry[0] = size >= 256 ? 0 : size;
    entry[1] = size >= 256 ? 0 : size;
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

writeFileSync(path.join(out, "favicon.ico"), ico([16, 32, 48].map((size) => ({ size, data: png(size) }))));
for (const size of [192, 512]) writeFileSync(path.join(out, `icon-${size}.png`), png(size));
writeFileSync(path.join(out, "apple-touch-icon.png"), png(180));
console.log("favicon.ico, icon-192.png, icon-512.png and apple-touch-icon.png written to src-client/public");
