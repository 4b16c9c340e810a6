import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from "@mantine/core";

// Warm, earthy palette: terracotta clay, ochre, and deep forest green; in dark colours, warm browns for the ground.
const dark: MantineColorsTuple = [
  "#f3ebe3",
  "#ddd2c8",
  "#c2b5aa",
  "#94877c",
  "#6a5e55",
  "#4b4039",
  "#3a302a",
  "#2a211c",
  "#1d1511",
  "#140e0b",
];
const terracotta: MantineColorsTuple = [
  "#fdf1ea",
  "#f6dfd2",
  "#ecbda3",
  "#e39971",
  "#db7a48",
  "#d6672e",
  "#d45d20",
  "#bb4d14",
  "#a7430f",
  "#8a3b12",
];
const ochre: MantineColorsTuple = [
  "#fff8e5",
  "#fcefcf",
  "#f8dd9f",
  "#f4ca6a",
  "#f0ba3e",
  "#eeb022",
  "#edab11",
  "#d39504",
  "#bc8400",
  "#a27100",
];
const forest: MantineColorsTuple = [
  "#ecf7f1",
  "#dcece3",
  "#b5d8c4",
  "#8bc3a3",
  "#69b188",
  "#53a676",
  "#46a06c",
  "#368b5a",
  "#2b7c4e",
  "#1b6b40",
];

/**
 * Mantine draws light, outline and subtle variants (badges, light buttons, generated avatars) in shade 6,
 * which misses WCAG AA contrast for small text with our warm palette. Text in those variants uses a
 * darkened shade 9 instead (at least 4.5:1 on white and on the variant's tinted background), and in dark
 * colours the pale shade 2 (CSS `light-dark()`, which follows the page's `color-scheme`).
 */
const TINTED_VARIANTS = new Set(["light", "outline", "subtle", "transparent"]);
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (!TINTED_VARIANTS.has(input.variant)) return resolved;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || !parsed.color) return resolved;
  const shades = input.theme.colors[parsed.color];
  const deep = shades?.[9];
  if (!deep) return resolved;
  const text = `light-dark(${darken(deep, 0.25)}, ${shades[2] ?? deep})`;
  return { ...resolved, color: text, hoverColor: text, ...(input.variant === "outline" ? { border: `1px solid ${text}` } : {}) };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: "terracotta",
  // Shade 8 in both schemes: white text on it passes AA (about 6:1); shade 5 would not.
  primaryShade: { light: 8, dark: 8 },
  colors: { terracotta, ochre, forest, dark },
  fontFamily: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', sans-serif",
  headings: {
    fontFamily: "'Cormorant Garamond', Georgia, 'Times New Roman', serif",
    fontWeight: "700",
  },
  defaultRadius: "md",
  black: "#2b1d14",
  other: { cream: "#fbf6ee", bark: "#3b2416" },
  // Every dialog's close button has a name for screen readers (a plain object: importing Modal here would put it,
  // and its styles, in every page's first download).
  components: { Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close dialog" } } } },
});

/**
 * Mantine's default "dimmed" grey (gray.6) falls below WCAG AA contrast on white and on our cream
 * background; a warm dark brown-grey keeps secondary text readable (about 7:1). Likewise the error red.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "#5f544b", "--mantine-color-error": "#c92a2a" },
  // On the warm dark ground: secondary text about 8:1, the error red and links light enough for AA.
  dark: {
    "--mantine-color-dimmed": "#c2b5aa",
    "--mantine-color-error": "#ff8787",
    "--mantine-color-anchor": "#ecbda3",
  },
});
