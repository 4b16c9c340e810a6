import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

// npm run fonts: cuts the faces the product shows down to the characters its own texts use and the weights it
// shows, into src-client/fonts, with
// the @font-face rules that load them (src-client/fonts/fonts.css, the app's only font stylesheet). Text outside the
// set (a Yoruba name, an accented word in an article) still renders in the same family: Fontsource's full Latin,
// Latin Extended and Vietnamese files are declared before the subsets, with their own unicode ranges, and fetched
// only by a page that has such a character. Rerun after adding texts with characters beyond ASCII; the output is
// committed, so a build needs no font tooling.
const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "src-client/fonts");
const sources = ["src", "src-client", "db/seed"];

/** Every character the product's own sources write, from the Latin and punctuation blocks the faces cover. */
function charactersUsed(): string {
  const found = new Set<string>();
  for (let code = 0x20; code <= 0x7e; code++) found.add(String.fromCharCode(code));
  const walk = (target: string) => {
    const info = statSync(target);
    if (info.isDirectory()) {
      for (const entry of readdirSync(target)) if (entry !== "fonts" && entry !== "node_modules") walk(path.join(target, entry));
      return;
    }
    if (!/\.(tsx?|html|css|json)$/.test(target) || /\.test\.tsx?$/.test(target)) return;
    for (const char of readFileSync(target, "utf8")) {
      const code = char.codePointAt(0) ?? 0;
      // Latin-1, Latin Extended-A and -B with the IPA letters West African alphabets take (Akan's ɛ and ɔ), the
      // combining accents and Latin Extended Additional that Yoruba writes with (Ọ̀yọ́, Èṣù), general punctuation,
      // currency signs, arrows and a few symbols.
      if (
        (code >= 0xa0 && code <= 0x2af) ||
        (code >= 0x300 && code <= 0x36f) ||
        (code >= 0x1e00 && code <= 0x1eff) ||
        (code >= 0x2000 && code <= 0x20cf) ||
        (code >= 0x2190 && code <= 0x21ff) ||
        code === 0x2713
      )
        found.add(char);
    }
  };
  for (const source of sources) walk(path.join(root, source));
  return [...found].sort((a, b) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0)).join("");
}

/** The characters as a CSS unicode-range: consecutive code points joined into spans. */
function unicodeRange(text: string): string {
  const codes = [...text].map((c) => c.codePointAt(0) ?? 0);
  const spans: string[] = [];
  for (let i = 0; i < codes.length; ) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === (codes[j] ?? 0) + 1) j++;
    const hex = (n: number) => `U+${n.toString(16).toUpperCase().padStart(4, "0")}`;
    spans.push(i === j ? hex(codes[i] ?? 0) : `${hex(codes[i] ?? 0)}-${(codes[j] ?? 0).toString(16).toUpperCase().padStart(4, "0")}`);
    i = j + 1;
  }
  return spans.join(", ");
}

/** A CSS unicode-range's code points, as a test. */
function inRange(range: string): (code: number) => boolean {
  const spans = range.split(",").map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from ?? "0", 16), parseInt(to ?? from ?? "0", 16)] as const;
  });
  return (code) => spans.some(([from, to]) => code >= from && code <= to);
}

/** Fontsource's faces in one of its stylesheets: each file and the characters it is declared for. */
function fontsourceFaces(stylesheet: string): { file: string; range: string; covers: (code: number) => boolean }[] {
  const css = readFileSync(path.join(root, stylesheet), "utf8");
  return [...css.matchAll(/src: url\(\.\/files\/([^)]+\.woff2)\)[^;]*;\s*unicode-range: ([^;]+);/g)].map((m) => ({
    file: path.join(path.dirname(stylesheet), "files", m[1] ?? ""),
    range: m[2] ?? "",
    covers: inRange(m[2] ?? ""),
  }));
}

const text = charactersUsed();
const FALLBACK_SCRIPTS = /-(latin|latin-ext|vietnamese)-/;
// The faces shown: Inter at the weights used (400-700) from the variable font; Cormorant Garamond at 700 (headings)
// and 600 (what the browser picks for the serif quotes' regular weight).
const families = [
  { family: "Inter Variable", stylesheet: "node_modules/@fontsource-variable/inter/index.css", name: "inter-wght", weight: "400 700", axes: { wght: { min: 400, max: 700, default: 400 } } },
  { family: "Cormorant Garamond", stylesheet: "node_modules/@fontsource/cormorant-garamond/700.css", name: "cormorant-garamond-700", weight: "700", axes: undefined },
  { family: "Cormorant Garamond", stylesheet: "node_modules/@fontsource/cormorant-garamond/600.css", name: "cormorant-garamond-600", weight: "600", axes: undefined },
];
mkdirSync(out, { recursive: true });
for (const old of readdirSync(out)) if (old.endsWith(".woff2")) rmSync(path.join(out, old));
const rules: string[] = [];
const fallbacks: string[] = [];
for (const family of families) {
  const faces = fontsourceFaces(family.stylesheet);
  // The full files, for the characters our texts do not use (a Yoruba or Ewe name, an accented word): declared
  // first, fetched only by a page that shows such a character. Cyrillic and Greek go to the system's fonts.
  for (const face of faces.filter((f) => FALLBACK_SCRIPTS.test(f.file))) {
    fallbacks.push(`@font-face {
  font-family: "${family.family}";
  font-style: normal;
  font-display: swap;
  font-weight: ${family.weight};
  src: url("${path.relative(out, path.join(root, face.file))}") format("woff2");
  unicode-range: ${face.range};
}`);
  }
  // Each character goes to the file the browser would take it from (the last face declared for it), so every
  // subset declares exactly the characters it has.
  const byFile = new Map<string, string>();
  for (const char of text) {
    const face = faces.findLast((f) => f.covers(char.codePointAt(0) ?? 0));
    if (face) byFile.set(face.file, (byFile.get(face.file) ?? "") + char);
  }
  for (const [source, chars] of byFile) {
    const original = readFileSync(path.join(root, source));
    const subset = await subsetFont(original, chars, { targetFormat: "woff2", ...(family.axes ? { variationAxes: family.axes } : {}) });
    const file = `${family.name}-${path.basename(source).match(/-(latin-ext|latin|vietnamese|cyrillic-ext|cyrillic|greek-ext|greek)-/)?.[1] ?? "other"}-subset.woff2`;
    writeFileSync(path.join(out, file), subset);
    console.log(`${file}: ${original.length} -> ${subset.length} bytes (${[...chars].length} characters)`);
    rules.push(`@font-face {
  font-family: "${family.family}";
  font-style: normal;
  font-display: swap;
  font-weight: ${family.weight};
  src: url("./${file}") format("woff2");
  unicode-range: ${unicodeRange(chars)};
}`);
  }
}
writeFileSync(
  path.join(out, "fonts.css"),
  `/* Generated by scripts/subset-fonts.ts (npm run fonts). First Fontsource's full Latin, Latin Extended and Vietnamese
   files; then the subsets of the product's own characters and weights, which are checked first for the characters
   they hold (of faces whose ranges overlap, the last declared wins). */
${[...fallbacks, ...rules].join("\n")}
`,
);
