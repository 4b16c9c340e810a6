import { readFileSync } from "node:fs";
import { SourceMapConsumer } from "source-map-js";
const file = process.argv[2];
const code = readFileSync(file, "utf8");
const map = new SourceMapConsumer(JSON.parse(readFileSync(file + ".map", "utf8")));
const lines = code.split("\n");
const sizes = new Map();
let prev = null;
map.eachMapping((m) => {
  if (prev) {
    const len = prev.line === m.generatedLine ? m.generatedColumn - prev.col : lines[prev.line - 1].length - prev.col;
    sizes.set(prev.src, (sizes.get(prev.src) ?? 0) + len);
  }
  prev = { line: m.generatedLine, col: m.generatedColumn, src: m.source ?? "(none)" };
});
const group = (s) => { const i = s.lastIndexOf("node_modules/"); if (i < 0) return s.replace(/^.*src-client/, "src-client").replace(/^.*\/src\//, "src/"); const rest = s.slice(i + 13).split("/"); return rest[0].startsWith("@") ? rest[0] + "/" + rest[1] : rest[0]; };
const byPkg = new Map();
for (const [s, n] of sizes) { const g = process.argv[3] === "files" ? s.replace(/^.*node_modules\//, "") : group(s); byPkg.set(g, (byPkg.get(g) ?? 0) + n); }
const total = code.length;
console.log("total", total);
for (const [g, n] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[4] ?? 60))) console.log(String(n).padStart(8), g);
