import { Group, Text } from "@mantine/core";

/** tone "light" is for dark backgrounds (the footer), where terracotta text would not be readable. */
export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="30" fill="#8a3b12" />
        <circle cx="32" cy="32" r="18" fill="none" stroke="#f3d9a4" strokeWidth="4" />
        <circle cx="32" cy="32" r="6" fill="#f3d9a4" />
      </svg>
      <Text component="span" ff="heading" fw={700} fz={26} c={tone === "light" ? "ochre.2" : "var(--seer-accent-text)"} lh={1}>
        Seer
      </Text>
    </Group>
  );
}
