import { Affix, Button, Group, Paper, Text } from "@mantine/core";
import { useRouterState } from "@tanstack/react-router";
import { takeUpdate } from "../../lib/service-worker";

/**
 * Where a reload would break what the person is doing (a payment, a call): the notice waits until they leave
 * (docs/product.md#offline).
 */
const busyPaths = [/^\/book\//, /^\/checkout(\/|$)/, /^\/meeting\//];

/** `New version available: Reload`, once a newer version of the app is installed (lib/service-worker.ts). */
export default function UpdateNotice() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (busyPaths.some((path) => path.test(pathname))) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={300}>
      <Paper withBorder shadow="md" p="sm" role="status" maw="calc(100vw - 32px)">
        <Group gap="sm" wrap="nowrap">
          <Text size="sm">New version available:</Text>
          <Button size="xs" onClick={takeUpdate}>
            Reload
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
