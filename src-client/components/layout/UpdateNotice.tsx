import { Affix, Button, Group, Paper, Text } from "@mantine/core";
import { useRouterState } from "@tanstack/react-router";
import { useI18n } from "../../lib/i18n";
import { takeUpdate } from "../../lib/service-worker";

/**
 * Where a reload would break what the person is doing (a payment, a call): the notice waits until they leave
 * (docs/product.md#offline).
 */
const busyPaths = [/^\/book\//, /^\/checkout(\/|$)/, /^\/meeting\//];

/** `New version available: Reload`, once a newer version of the app is installed (lib/service-worker.ts). */
export default function UpdateNotice() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { t } = useI18n();
  if (busyPaths.some((path) => path.test(pathname))) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={300}>
      <Paper withBorder shadow="md" p="sm" role="status" maw="calc(100vw - 32px)">
        <Group gap="sm" wrap="nowrap">
          <Text size="sm">{t("update.available")}</Text>
          <Button size="xs" onClick={takeUpdate}>
            {t("update.reload")}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
