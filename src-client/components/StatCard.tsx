import { Paper, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** One figure with its label and an optional note: the admin analytics and the Seer dashboard cards. */
export function StatCard({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} ff="heading">
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}
