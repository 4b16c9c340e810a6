import { Alert, Button, Card, Container, Stack, Text, Title } from "@mantine/core";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";

/**
 * docs/product.md#money-and-the-ledger: the test-mode provider's stand-in for Stripe's hosted onboarding. Completing
 * it makes the Seer's payout account active (the same account.updated event Stripe would send), then goes back.
 */
export function TestOnboardingPage({ accountId, returnTo }: { accountId: string; returnTo: string }) {
  const { t } = useI18n();
  const complete = trpc.payouts.completeTestOnboarding.useMutation({
    onSuccess: () => window.location.assign(returnTo),
  });
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" p="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t("payoutOnboarding.title")}
          </Title>
          <Text>{t("payoutOnboarding.text")}</Text>
          {complete.isError && (
            <Alert color="red" role="alert">
              {complete.error.message}
            </Alert>
          )}
          <Button onClick={() => complete.mutate({ accountId })} loading={complete.isPending} disabled={!accountId}>
            {t("payoutOnboarding.complete")}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
