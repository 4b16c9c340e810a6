import { Anchor, Button, Card, Group, Loader, Radio, Stack, Table, Text, TextInput, Textarea, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { DISPUTE_REASON_LABELS, DISPUTE_TEXT_MAX } from "../../../src/domain/disputes";
import { formatMoney } from "../../../src/domain/money";
import { decideDisputeSchema } from "../../../src/schemas/disputes";
import { notifyActionError } from "../../lib/actionError";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";

type OpenDispute = RouterOutputs["bookings"]["disputes"][number];

const DECISION_LABELS = {
  full_refund: "Full refund",
  partial_refund: "Partial refund",
  release: "Release to the Seer",
} as const;

const time = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 16).replace("T", " ") + " UTC" : "—");

/** The room's records beside the claim: who joined and left, and when. */
function Attendance({ rows }: { rows: OpenDispute["attendance"] }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No one joined the meeting room.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table aria-label="Meeting room attendance">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Who</Table.Th>
            <Table.Th>Joined</Table.Th>
            <Table.Th>Left</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i}>
              <Table.Td>{r.role === "client" ? "Client" : "Seer"}</Table.Td>
              <Table.Td>{time(r.joinedAt)}</Table.Td>
              <Table.Td>{time(r.leftAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DisputeCard({ dispute }: { dispute: OpenDispute }) {
  const utils = trpc.useUtils();
  const [decision, setDecision] = useState<string>("");
  const [refundAmount, setRefundAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ decision?: string; refundAmount?: string; reason?: string }>({});
  const decide = trpc.bookings.decideDispute.useMutation();
  const submit = () => {
    const parsed = decideDisputeSchema.safeParse({
      disputeId: dispute.id,
      decision,
      refundAmount: decision === "partial_refund" ? refundAmount : undefined,
      reason,
    });
    if (!parsed.success) {
      const found: { decision?: string; refundAmount?: string; reason?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "decision" || field === "refundAmount" || field === "reason") && !found[field])
          found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    decide.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: "Decision Recorded", message: "Both the client and the Seer are e-mailed the decision." }, "success");
        void utils.bookings.disputes.invalidate();
        void utils.admin.invalidate();
      },
      onError: notifyActionError,
    });
  };
  return (
    <Card withBorder radius="md" padding="md" component="li" data-testid="open-dispute">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {DISPUTE_REASON_LABELS[dispute.reason]}
        </Title>
        <Text size="sm">
          {dispute.clientName} with {dispute.seerName}, {time(dispute.startsAt)}; paid {formatMoney(dispute.amount)}, refundable{" "}
          {formatMoney(dispute.refundable)}. Reported {time(dispute.createdAt)}.
        </Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          <strong>Claim:</strong> {dispute.text}
        </Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          <strong>Seer&apos;s answer:</strong> {dispute.seerAnswer ?? "No answer yet."}
        </Text>
        <Attendance rows={dispute.attendance} />
        <Radio.Group label="Decision" required value={decision} onChange={setDecision} error={errors.decision}>
          <Group gap="md" mt="xs">
            {(Object.keys(DECISION_LABELS) as (keyof typeof DECISION_LABELS)[]).map((d) => (
              <Radio key={d} value={d} label={DECISION_LABELS[d]} />
            ))}
          </Group>
        </Radio.Group>
        {decision === "partial_refund" && (
          <TextInput
            label="Amount to refund (USD)"
            description={`At most ${formatMoney(dispute.refundable)}.`}
            inputMode="decimal"
            value={refundAmount}
            error={errors.refundAmount}
            onChange={(e) => setRefundAmount(e.currentTarget.value)}
          />
        )}
        <Textarea
          label="Reason"
          required
          description="Sent to both sides with the decision."
          rows={2}
          maxLength={DISPUTE_TEXT_MAX}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={decide.isPending}>
            Decide
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Conversations with a reported message: the only ones an admin may read (issue #43). */
function ReportedConversations() {
  const list = trpc.messages.reported.useQuery();
  if (list.isPending) return <Loader aria-label="Loading reported conversations" />;
  if (list.isError) return <Text c="red">Failed to load reported conversations.</Text>;
  if (list.data.length === 0) return <Text c="dimmed">No reported messages.</Text>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
      {list.data.map((c) => (
        <li key={c.bookingId}>
          <Text size="sm">
            {c.reports} {c.reports === 1 ? "report" : "reports"}, last {time(c.lastReportedAt)}
            {c.reasons.length > 0 ? `: ${c.reasons.join("; ")}` : ""}.{" "}
            <Anchor renderRoot={(props) => <Link {...props} to="/messages/$bookingId" params={{ bookingId: c.bookingId }} />}>
              Read conversation
            </Anchor>
          </Text>
        </li>
      ))}
    </Stack>
  );
}

/** The admins' queue of reported problems (issue #43): oldest first, each decided once; then reported messages. */
export function DisputesPanel() {
  const list = trpc.bookings.disputes.useQuery();
  return (
    <Stack gap="xl">
      {list.isPending ? (
        <Loader aria-label="Loading disputes" />
      ) : list.isError ? (
        <Text c="red">Failed to load disputes.</Text>
      ) : list.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No open disputes
        </Text>
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
          {list.data.map((d) => (
            <DisputeCard key={d.id} dispute={d} />
          ))}
        </Stack>
      )}
      <Stack gap="xs" component="section" aria-labelledby="reported-messages">
        <Title order={3} fz="h4" id="reported-messages">
          Reported messages
        </Title>
        <ReportedConversations />
      </Stack>
    </Stack>
  );
}
