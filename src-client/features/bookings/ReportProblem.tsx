import { Button, Group, Modal, Paper, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import {
  DISPUTE_REASONS,
  DISPUTE_REASON_LABELS,
  DISPUTE_TEXT_MAX,
  type DisputeReason,
  type DisputeStatus,
} from "../../../src/domain/disputes";
import { formatMoney } from "../../../src/domain/money";
import { answerDisputeSchema, reportProblemSchema } from "../../../src/schemas/disputes";
import { AnswerOnce } from "../../components/AnswerOnce";
import { notifyActionError } from "../../lib/actionError";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";

/** A booking's report as both cards show it. */
export interface CardDispute {
  reason: DisputeReason;
  text: string;
  status: DisputeStatus;
  seerAnswer: string | null;
  refundAmount: string | null;
  decisionReason: string | null;
}

/** docs/product.md#report-a-problem: what a report's state says, on the client's and the Seer's cards. */
export function disputeOutcome(d: CardDispute, audience: "client" | "seer"): string {
  switch (d.status) {
    case "open":
      return audience === "client"
        ? "Our team is looking into it. The Seer's payout is held meanwhile."
        : "Your payout for this session is held until our team decides.";
    case "refunded":
      return `Decision: refunded in full. ${d.decisionReason ?? ""}`.trim();
    case "partly_refunded":
      return `Decision: ${formatMoney(d.refundAmount ?? "0")} refunded. ${d.decisionReason ?? ""}`.trim();
    case "released":
      return `Decision: no refund, the payment goes to the Seer. ${d.decisionReason ?? ""}`.trim();
  }
}

const wrap = { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } as const;

/** The report on the client's card: the claim, the Seer's answer and the decision. */
export function ClientDisputeView({ dispute }: { dispute: CardDispute }) {
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="dispute">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Problem reported: {DISPUTE_REASON_LABELS[dispute.reason]}
        </Text>
        <Text size="sm" style={wrap}>
          {dispute.text}
        </Text>
        {dispute.seerAnswer && (
          <Text size="sm" style={wrap}>
            The Seer answered: {dispute.seerAnswer}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {disputeOutcome(dispute, "client")}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The client reports a problem with a completed session: one of three reasons, and what happened. */
export function ReportProblemDialog({ bookingId, onClose }: { bookingId: string; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [reason, setReason] = useState<string>("");
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<{ reason?: string; text?: string }>({});
  const report = trpc.bookings.reportProblem.useMutation();
  const submit = () => {
    const parsed = reportProblemSchema.safeParse({ bookingId, reason, text });
    if (!parsed.success) {
      const found: { reason?: string; text?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "reason" || field === "text") && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    report.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: "Problem Reported", message: "Our team will look into it and e-mail you the decision." }, "success");
        void utils.bookings.invalidate();
        onClose();
      },
      onError: notifyActionError,
    });
  };
  return (
    <Modal opened onClose={onClose} title="Report a problem" centered>
      <Stack gap="md">
        <Radio.Group label="What went wrong?" required value={reason} onChange={setReason} error={errors.reason}>
          <Stack gap="xs" mt="xs">
            {DISPUTE_REASONS.map((r) => (
              <Radio key={r} value={r} label={DISPUTE_REASON_LABELS[r]} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="What happened"
          required
          description={`${text.length.toLocaleString("en-US")} / ${DISPUTE_TEXT_MAX.toLocaleString("en-US")} characters`}
          rows={4}
          value={text}
          error={errors.text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          We hold the Seer&apos;s payout for this session until our team decides. The Seer is told and can answer once.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={report.isPending}>
            Back
          </Button>
          <Button onClick={submit} loading={report.isPending}>
            Send Report
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The report on the Seer's card: the client's claim, and the Seer's one answer while it is open. */
export function SeerDisputeAnswer({ bookingId, dispute }: { bookingId: string; dispute: CardDispute }) {
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const post = trpc.bookings.answerDispute.useMutation();
  const submit = (answer: string, close: () => void) => {
    const parsed = answerDisputeSchema.safeParse({ bookingId, answer });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Write your answer");
      return;
    }
    setError(null);
    post.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: "Answer Sent", message: "Our team will read it before deciding." }, "success");
        close();
        void utils.bookings.seerSessions.invalidate();
      },
      onError: notifyActionError,
    });
  };
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="dispute">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Problem reported by the client: {DISPUTE_REASON_LABELS[dispute.reason]}
        </Text>
        <Text size="sm" style={wrap}>
          {dispute.text}
        </Text>
        <Text size="sm" c="dimmed">
          {disputeOutcome(dispute, "seer")}
        </Text>
        {dispute.seerAnswer ? (
          <Text size="sm" style={wrap}>
            Your answer: {dispute.seerAnswer}
          </Text>
        ) : dispute.status !== "open" ? null : (
          <AnswerOnce
            label="Your answer"
            description="Seen by our team. You can answer once."
            openLabel="Answer"
            sendLabel="Send Answer"
            pending={post.isPending}
            error={error}
            onSend={submit}
          />
        )}
      </Stack>
    </Paper>
  );
}
