/**
 * Writes the SVG artwork every demo record references into src-client/public/images/{products,seers,articles}.
 * Deterministic: running it again rewrites identical files. Usage: npx tsx scripts/generate-images.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { articleImageUrl, demoArticles } from "../db/seed/data/articles";
import { demoProducts, productImageUrl } from "../db/seed/data/products";
import { demoSeers, seerPortraitUrl } from "../db/seed/data/seers";
import { articleSvg, productSvg, seerSvg } from "../db/seed/images";

const publicDir = fileURLToPath(new URL("../src-client/public", import.meta.url));

const files: Array<{ url: string; svg: string }> = [
  ...demoProducts.map((p) => ({ url: productImageUrl(p), svg: productSvg(p.name, p.slug) })),
  ...demoSeers
    .filter((s) => s.portrait)
    .map((s) => ({ url: seerPortraitUrl(s), svg: seerSvg(s.fullName, s.key, `${s.firstName} ${s.lastName}`) })),
  ...demoArticles.filter((a) => a.featuredImage).map((a) => ({ url: articleImageUrl(a), svg: articleSvg(a.title, a.slug) })),
];

let largest = 0;
for (const { url, svg } of files) {
  const file = path.join(publicDir, url);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, svg);
  largest = Math.max(largest, Buffer.byteLength(svg));
}
console.log(`Wrote ${files.length} images to ${publicDir}/images (largest ${largest} bytes)`);
