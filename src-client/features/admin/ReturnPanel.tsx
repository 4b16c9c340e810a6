import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { formatDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import type { Order } from "./types";

const RETURN_STATUSES = ["requested", "accepted", "declined", "received"] as const;
const returnStatus = (status: string) => RETURN_STATUSES.find((s) => s === status);

/** The shopper's return: reason and photos, then Accept, Decline (with a reason) or, once accepted, Received. */
export function ReturnPanel({ order }: { order: Order }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const [declining, setDeclining] = useState(false);
  const [note, setNote] = useState("");
  const done = (next: Order, title: string) => {
    utils.orders.detail.setData({ orderId: order.id }, next);
    void utils.orders.list.invalidate();
    notify({ title, message: t("adminOrders.emailed") }, "success");
  };
  const decide = trpc.orders.decideReturn.useMutation({
    onSuccess: (next, input) =>
      done(next, t(input.accept ? "adminOrders.return.acceptedToast" : "adminOrders.return.declinedToast")),
  });
  const receive = trpc.orders.receiveReturn.useMutation({
    onSuccess: (next) => done(next, t("adminOrders.return.receivedToast")),
  });
  const r = order.return;
  if (!r) return null;
  const error = decide.error ?? receive.error;
  const status = returnStatus(r.status);
  const decisionNote = (text: string) =>
    r.status === "declined"
      ? r.decidedBy
        ? t("adminOrders.return.declinedNoteBy", { name: r.decidedBy, note: text })
        : t("adminOrders.return.declinedNote", { note: text })
      : r.decidedBy
        ? t("adminOrders.return.noteBy", { name: r.decidedBy, note: text })
        : t("adminOrders.return.note", { note: text });
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t("adminOrders.return.title")}
        </Title>
        <Badge color={r.status === "declined" ? "gray.7" : "ochre.4"} autoContrast>
          {status ? t(`adminOrders.return.${status}`) : r.status}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t("adminOrders.return.asked", { date: formatDate(r.createdAt, "long") })}
      </Text>
      <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} my="xs">
        {r.reason}
      </Text>
      <Group gap="sm">
        {r.photoUrls.map((url, i) => (
          <Anchor key={url} href={url} target="_blank" rel="noopener noreferrer" size="sm">
            {t("adminOrders.return.photo", { number: i + 1 })}
          </Anchor>
        ))}
      </Group>
      {r.decisionNote && (
        <Text size="sm" mt="xs">
          {decisionNote(r.decisionNote)}
        </Text>
      )}
      {r.status === "requested" && !declining && (
        <Group mt="sm" gap="sm">
          <Button loading={decide.isPending} onClick={() => decide.mutate({ orderId: order.id, accept: true })}>
            {t("adminOrders.return.accept")}
          </Button>
          <Button variant="light" color="red" onClick={() => setDeclining(true)}>
            {t("adminOrders.return.decline")}
          </Button>
        </Group>
      )}
      {r.status === "requested" && declining && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            decide.mutate({ orderId: order.id, accept: false, note });
          }}
        >
          <Stack gap="xs" mt="sm">
            <Textarea
              label={t("adminOrders.return.why")}
              required
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Group gap="sm">
              <Button type="submit" color="red" loading={decide.isPending}>
                {t("adminOrders.return.decline")}
              </Button>
              <Button variant="default" onClick={() => setDeclining(false)}>
                {t("adminOrders.back")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {r.status === "accepted" && (
        <Button mt="sm" loading={receive.isPending} onClick={() => receive.mutate({ orderId: order.id })}>
          {t("adminOrders.return.receive")}
        </Button>
      )}
      {error && (
        <Alert color="red" mt="sm">
          {error.message}
        </Alert>
      )}
    </Paper>
  );
}
