import type { HTMLAttributes } from "react";
import classes from "./Glyph.module.css";

interface GlyphProps extends Omit<HTMLAttributes<HTMLSpanElement>, "color"> {
  /** The class (of the feature's stylesheet) that names the icon's SVG as `--glyph`. */
  icon: string | undefined;
  /** Width and height in pixels. */
  size: number;
  /** The icon's colour; the text's by default. */
  color?: string;
}

/**
 * An icon as the stylesheet draws it rather than as a React SVG component: on the pages everyone sees first (the
 * shell, the home page, the stars) Tabler's components and their paths were a kilobyte of the first load's JavaScript
 * (issue #18), and a server-drawn page shows these before its code arrives all the same. Always decorative.
 */
export function Glyph({ icon, size, color, className, style, ...rest }: GlyphProps) {
  return (
    <span
      aria-hidden
      {...rest}
      className={[classes.glyph, icon, className].filter(Boolean).join(" ")}
      style={{ width: size, height: size, color, ...style }}
    />
  );
}
