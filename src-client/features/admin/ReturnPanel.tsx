import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { formatDate } from "../../lib/format";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import type { Order } from "./types";

const RETURN_LABEL: Record<string, string> = {
  requested: "Requested",
  accepted: "Accepted: waiting for the parcel",
  declined: "Declined",
  received: "Received and refunded",
};

/** The shopper's return: reason and photos, then Accept, Decline (with a reason) or, once accepted, Received. */
export function ReturnPanel({ order }: { order: Order }) {
  const utils = trpc.useUtils();
  const [declining, setDeclining] = useState(false);
  const [note, setNote] = useState("");
  const done = (next: Order, title: string) => {
    utils.orders.detail.setData({ orderId: order.id }, next);
    void utils.orders.list.invalidate();
    notify({ title, message: "The shopper was e-mailed." }, "success");
  };
  const decide = trpc.orders.decideReturn.useMutation({
    onSuccess: (next, input) => done(next, input.accept ? "Return accepted" : "Return declined"),
  });
  const receive = trpc.orders.receiveReturn.useMutation({ onSuccess: (next) => done(next, "Return received and refunded") });
  const r = order.return;
  if (!r) return null;
  const error = decide.error ?? receive.error;
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Return
        </Title>
        <Badge color={r.status === "declined" ? "gray.7" : "ochre.4"} autoContrast>
          {RETURN_LABEL[r.status] ?? r.status}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Asked {formatDate(r.createdAt, "long")}
      </Text>
      <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} my="xs">
        {r.reason}
      </Text>
      <Group gap="sm">
        {r.photoUrls.map((url, i) => (
          <Anchor key={url} href={url} target="_blank" rel="noopener noreferrer" size="sm">
            Photo {i + 1}
          </Anchor>
        ))}
      </Group>
      {r.decisionNote && (
        <Text size="sm" mt="xs">
          {r.status === "declined" ? "Declined" : "Note"}
          {r.decidedBy ? ` by ${r.decidedBy}` : ""}: {r.decisionNote}
        </Text>
      )}
      {r.status === "requested" && !declining && (
        <Group mt="sm" gap="sm">
          <Button loading={decide.isPending} onClick={() => decide.mutate({ orderId: order.id, accept: true })}>
            Accept return
          </Button>
          <Button variant="light" color="red" onClick={() => setDeclining(true)}>
            Decline return
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
              label="Why is it declined?"
              required
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Group gap="sm">
              <Button type="submit" color="red" loading={decide.isPending}>
                Decline return
              </Button>
              <Button variant="default" onClick={() => setDeclining(false)}>
                Back
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {r.status === "accepted" && (
        <Button mt="sm" loading={receive.isPending} onClick={() => receive.mutate({ orderId: order.id })}>
          Mark return received and refund
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
