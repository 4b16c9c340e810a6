import { createTheme, type MantineColorsTuple } from "@mantine/core";

// Warm, earthy palette: terracotta clay, ochre, and deep forest green.
const terracotta: MantineColorsTuple = [
  "#fdf1ea", "#f6dfd2", "#ecbda3", "#e39971", "#db7a48", "#d6672e", "#d45d20", "#bb4d14", "#a7430f", "#8a3b12",
];
const ochre: MantineColorsTuple = [
  "#fff8e5", "#fcefcf", "#f8dd9f", "#f4ca6a", "#f0ba3e", "#eeb022", "#edab11", "#d39504", "#bc8400", "#a27100",
];
const forest: MantineColorsTuple = [
  "#ecf7f1", "#dcece3", "#b5d8c4", "#8bc3a3", "#69b188", "#53a676", "#46a06c", "#368b5a", "#2b7c4e", "#1b6b40",
];

export const theme = createTheme({
  primaryColor: "terracotta",
  primaryShade: { light: 8, dark: 5 },
  colors: { terracotta, ochre, forest },
  fontFamily: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', sans-serif",
  headings: {
    fontFamily: "'Cormorant Garamond', Georgia, 'Times New Roman', serif",
    fontWeight: "700",
  },
  defaultRadius: "md",
  black: "#2b1d14",
  other: { cream: "#fbf6ee", bark: "#3b2416" },
});
