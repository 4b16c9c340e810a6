import { Anchor, Button, Card, Group, Loader, Radio, Stack, Table, Text, TextInput, Textarea, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { DISPUTE_TEXT_MAX } from "../../../src/domain/disputes";
import { formatMoney } from "../../../src/domain/money";
import { decideDisputeSchema } from "../../../src/schemas/disputes";
import { notifyActionError } from "../../lib/actionError";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";
import { ScrollTable } from "../../components/ScrollTable";

type OpenDispute = RouterOutputs["bookings"]["disputes"][number];

const DECISIONS = ["full_refund", "partial_refund", "release"] as const;

const time = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 16).replace("T", " ") + " UTC" : "—");

/** The room's records beside the claim: who joined and left, and when. */
function Attendance({ rows }: { rows: OpenDispute["attendance"] }) {
  const { t } = useI18n();
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("adminOps.attendance.none")}
      </Text>
    );
  return (
    <ScrollTable minWidth={320} label={t("adminOps.attendance.table")}>
      <Table aria-label={t("adminOps.attendance.table")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("adminOps.attendance.who")}</Table.Th>
            <Table.Th>{t("adminOps.attendance.joined")}</Table.Th>
            <Table.Th>{t("adminOps.attendance.left")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i}>
              <Table.Td>{r.role === "client" ? t("adminOps.attendance.client") : t("adminOps.attendance.seer")}</Table.Td>
              <Table.Td>{time(r.joinedAt)}</Table.Td>
              <Table.Td>{time(r.leftAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function DisputeCard({ dispute }: { dispute: OpenDispute }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
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
        notify({ title: t("adminOps.dispute.recorded"), message: t("adminOps.dispute.recordedText") }, "success");
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
          {t(`adminOps.reason.${dispute.reason}`)}
        </Title>
        <Text size="sm">
          {t("adminOps.dispute.summary", {
            client: dispute.clientName,
            seer: dispute.seerName,
            startsAt: time(dispute.startsAt),
            amount: formatMoney(dispute.amount),
            refundable: formatMoney(dispute.refundable),
            reportedAt: time(dispute.createdAt),
          })}
        </Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          <strong>{t("adminOps.dispute.claim")}</strong> {dispute.text}
        </Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          <strong>{t("adminOps.dispute.answer")}</strong> {dispute.seerAnswer ?? t("adminOps.dispute.noAnswer")}
        </Text>
        <Attendance rows={dispute.attendance} />
        <Radio.Group
          label={t("adminOps.dispute.decision")}
          required
          value={decision}
          onChange={setDecision}
          error={errors.decision}
        >
          <Group gap="md" mt="xs">
            {DECISIONS.map((d) => (
              <Radio key={d} value={d} label={t(`adminOps.decision.${d}`)} />
            ))}
          </Group>
        </Radio.Group>
        {decision === "partial_refund" && (
          <TextInput
            label={t("adminOps.dispute.refundAmount")}
            description={t("adminOps.dispute.atMost", { amount: formatMoney(dispute.refundable) })}
            inputMode="decimal"
            value={refundAmount}
            error={errors.refundAmount}
            onChange={(e) => setRefundAmount(e.currentTarget.value)}
          />
        )}
        <Textarea
          label={t("adminOps.dispute.reason")}
          required
          description={t("adminOps.dispute.reasonNote")}
          rows={2}
          maxLength={DISPUTE_TEXT_MAX}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={decide.isPending}>
            {t("adminOps.dispute.decide")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Conversations with a reported message: the only ones an admin may read (issue #43). */
function ReportedConversations() {
  const { t } = useI18n();
  const list = trpc.messages.reported.useQuery();
  if (list.isPending) return <Loader aria-label={t("adminOps.reported.loading")} />;
  if (list.isError) return <Text c="red">{t("adminOps.reported.failed")}</Text>;
  if (list.data.length === 0) return <Text c="dimmed">{t("adminOps.reported.empty")}</Text>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
      {list.data.map((c) => (
        <li key={c.bookingId}>
          <Text size="sm">
            {c.reasons.length > 0
              ? t("adminOps.reported.lineWithReasons", {
                  count: c.reports,
                  date: time(c.lastReportedAt),
                  reasons: c.reasons.join("; "),
                })
              : t("adminOps.reported.line", { count: c.reports, date: time(c.lastReportedAt) })}{" "}
            <Anchor renderRoot={(props) => <Link {...props} to="/messages/$bookingId" params={{ bookingId: c.bookingId }} />}>
              {t("adminOps.reported.read")}
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
  const { t } = useI18n();
  return (
    <Stack gap="xl">
      {list.isPending ? (
        <Loader aria-label={t("adminOps.disputes.loading")} />
      ) : list.isError ? (
        <Text c="red">{t("adminOps.disputes.failed")}</Text>
      ) : list.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t("adminOps.disputes.empty")}
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
          {t("adminOps.reported.title")}
        </Title>
        <ReportedConversations />
      </Stack>
    </Stack>
  );
}
