import { Table } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A table that scrolls sideways when the screen is narrower than `minWidth`. Its scrolling region takes the keyboard's
 * focus and is named by `label`, so that a person without a pointer can scroll it (axe's scrollable-region-focusable:
 * the Seer's earnings table at 600 px had no focusable cell).
 */
export function ScrollTable({
  minWidth,
  label,
  mt,
  children,
}: {
  minWidth: number;
  label: string;
  mt?: "lg";
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      mt={mt}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: "region", "aria-label": label } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
