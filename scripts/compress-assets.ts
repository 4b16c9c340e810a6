import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// After `vite build`: a .br and a .gz beside every text asset, which @fastify/static serves (preCompressed)
// to browsers that accept them, so no request pays for compression at run time.
const root = path.resolve("dist/client");
const compressible = /\.(js|css|html|svg|json|map|txt)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (compressible.test(name) && !name.endsWith(".map")) yield full;
  }
}

let count = 0;
for (const file of files(root)) {
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`Precompressed ${count} assets (brotli and gzip)`);
