import { Avatar, type MantineColor, type MantineSize } from "@mantine/core";

const palette: MantineColor[] = ["terracotta", "ochre", "forest"];

/** First letters of the first and last words: "Ama Serwaa Owusu" -> "AO". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ? Array.from(words[0])[0] : "";
  const last = words.length > 1 ? Array.from(words[words.length - 1] ?? "")[0] : "";
  return `${first ?? ""}${last ?? ""}`.toUpperCase() || "?";
}

/** The same name always gets the same colour, so a Seer looks the same on every screen. */
function colorOf(name: string): MantineColor {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 1_000_003;
  return palette[hash % palette.length] ?? "terracotta";
}

interface SeerAvatarProps {
  name: string;
  src: string | null | undefined;
  size?: MantineSize | number;
  /** Empty when the name is written right beside the avatar, so screen readers do not hear it twice. */
  alt?: string;
}

/** The Seer's picture, or a generated avatar with their initials when there is none (docs/product.md#routes-and-screens). */
export function SeerAvatar({ name, src, size = "lg", alt = name }: SeerAvatarProps) {
  if (src) return <Avatar src={src} alt={alt} size={size} radius="xl" />;
  const label = alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true };
  return (
    <Avatar size={size} radius="xl" color={colorOf(name)} variant="light" data-generated-avatar {...label}>
      {initialsOf(name)}
    </Avatar>
  );
}
