import { Anchor, Badge, Button, Card, Group, Loader, Stack, Tabs, Text, Textarea, Title, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { formatDate } from "../../lib/format";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";

type ApplicationList = RouterOutputs["admin"]["seerApplications"];
type Application = ApplicationList["applications"][number];
type Status = Application["status"];

// Shades dark (or, for ochre, light with dark text) enough for 4.5:1 text contrast.
export const statusColor: Record<Status, string> = { pending: "ochre.4", approved: "forest.9", rejected: "red.9" };
export const statusLabel: Record<Status, string> = { pending: "Pending", approved: "Approved", rejected: "Rejected" };
const emptyText: Record<Status, string> = {
  pending: "No pending applications",
  approved: "No approved applications",
  rejected: "No rejected applications",
};

export function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
        {children}
      </Text>
    </div>
  );
}

function ReviewControls({ application }: { application: Application }) {
  const utils = trpc.useUtils();
  const [notes, setNotes] = useState("");
  const review = trpc.admin.reviewApplication.useMutation({
    onSuccess: async () => {
      notify(messages.reviewed, "success");
      await Promise.all([utils.admin.seerApplications.invalidate(), utils.admin.analytics.invalidate()]);
    },
    onError: () => notify(messages.reviewFailed, "destructive"),
  });
  const decide = (status: "approved" | "rejected") => review.mutate({ id: application.id, status, reviewNotes: notes });
  const pendingDecision = review.isPending ? review.variables.status : null;
  return (
    <Stack gap="xs">
      <Textarea
        label="Review Notes"
        placeholder="Notes for the record and the applicant (optional)"
        rows={3}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
        maxLength={2000}
      />
      <Group>
        <Button
          color="forest"
          onClick={() => decide("approved")}
          loading={pendingDecision === "approved"}
          disabled={review.isPending}
        >
          Approve
        </Button>
        <Button
          color="red"
          variant="outline"
          onClick={() => decide("rejected")}
          loading={pendingDecision === "rejected"}
          disabled={review.isPending}
        >
          Reject
        </Button>
      </Group>
    </Stack>
  );
}

export function ApplicationCard({ application }: { application: Application }) {
  return (
    <Card withBorder padding="lg" component="article" aria-label={`Application from ${application.fullName}`}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h3">
            {application.fullName}
          </Title>
          <Text size="sm" c="dimmed">
            Applied {formatDate(application.createdAt, "short")}
          </Text>
        </div>
        <Badge color={statusColor[application.status]} autoContrast>
          {statusLabel[application.status]}
        </Badge>
      </Group>
      <Stack gap="sm">
        <Group gap="xl" align="flex-start">
          <Field label="Email">{application.contactEmail}</Field>
          {application.contactPhone && <Field label="Phone">{application.contactPhone}</Field>}
          <Field label="Country">{application.country}</Field>
          <Field label="Tradition">{application.tradition}</Field>
          <Field label="Years of Practice">{`${application.yearsOfPractice} ${application.yearsOfPractice === 1 ? "year" : "years"}`}</Field>
        </Group>
        <div>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            Specializations
          </Text>
          <Group gap={6} mt={4}>
            {application.specializations.map((s) => (
              <Badge key={s} variant="light" color="terracotta">
                {s}
              </Badge>
            ))}
          </Group>
        </div>
        <Field label="Biography">{application.biography}</Field>
        <Field label="Lineage">{application.lineageInfo}</Field>
        <Field label="Ethics Statement">{application.ethicsStatement}</Field>
        <Anchor href={application.idDocumentUrl} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
          View ID Document<VisuallyHidden> of {application.fullName} (opens in a new tab)</VisuallyHidden>
        </Anchor>
        {application.reviewNotes && (
          <Card bg="var(--mantine-color-default-hover)" padding="sm">
            <Text size="sm" fw={600}>
              Admin Notes
            </Text>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {application.reviewNotes}
            </Text>
          </Card>
        )}
        {application.status === "pending" && <ReviewControls application={application} />}
      </Stack>
    </Card>
  );
}

function ApplicationList({ status }: { status: Status }) {
  const list = trpc.admin.seerApplications.useQuery({ status });
  if (list.isPending) return <Loader aria-label="Loading applications" />;
  if (list.isError) return <Text c="red">Failed to load applications.</Text>;
  if (list.data.applications.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText[status]}
      </Text>
    );
  return (
    <Stack>
      {list.data.applications.map((application) => (
        <ApplicationCard key={application.id} application={application} />
      ))}
    </Stack>
  );
}

export function ApplicationsPanel({ counts }: { counts: ApplicationList["counts"] | undefined }) {
  const [status, setStatus] = useState<Status>("pending");
  return (
    <Tabs value={status} onChange={(value) => value && setStatus(value as Status)} keepMounted={false} variant="pills">
      <Tabs.List mb="md">
        {(["pending", "approved", "rejected"] as const).map((s) => (
          <Tabs.Tab key={s} value={s}>
            {statusLabel[s]} ({counts?.[s] ?? 0})
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {(["pending", "approved", "rejected"] as const).map((s) => (
        <Tabs.Panel key={s} value={s}>
          <ApplicationList status={s} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
