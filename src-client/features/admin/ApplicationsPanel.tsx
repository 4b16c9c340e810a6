import { Anchor, Badge, Button, Card, Group, Loader, Stack, Tabs, Text, Textarea, Title, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { formatDate } from "../../lib/format";
import { formatCount } from "./format";
import { useI18n, type Translate } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";

type ApplicationList = RouterOutputs["admin"]["seerApplications"];
type Application = ApplicationList["applications"][number];
type Status = Application["status"];

// Shades dark (or, for ochre, light with dark text) enough for 4.5:1 text contrast.
export const statusColor: Record<Status, string> = { pending: "ochre.4", approved: "forest.9", rejected: "red.9" };
/** An application's status, on its badge. */
export const statusLabel = (t: Translate, status: Status): string => t(`adminReview.status.${status}`);
/** A status's sub-tab, with how many applications have it. */
export const statusTab = (t: Translate, status: Status, count: number): string =>
  t(`adminReview.tab.${status}`, { count: formatCount(count) });
/** The review's toasts (docs/product.md#errors-and-messages). */
export const reviewedToast = (t: Translate) => ({ title: t("adminReview.reviewed"), message: t("adminReview.reviewedText") });
const reviewFailedToast = (t: Translate) => ({ title: t("adminReview.failed"), message: t("adminReview.failedText") });

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
  const { t } = useI18n();
  const [notes, setNotes] = useState("");
  const review = trpc.admin.reviewApplication.useMutation({
    onSuccess: async () => {
      notify(reviewedToast(t), "success");
      await Promise.all([utils.admin.seerApplications.invalidate(), utils.admin.analytics.invalidate()]);
    },
    onError: () => notify(reviewFailedToast(t), "destructive"),
  });
  const decide = (status: "approved" | "rejected") => review.mutate({ id: application.id, status, reviewNotes: notes });
  const pendingDecision = review.isPending ? review.variables.status : null;
  return (
    <Stack gap="xs">
      <Textarea
        label={t("adminReview.notes")}
        placeholder={t("adminReview.notesPlaceholder")}
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
          {t("adminReview.approve")}
        </Button>
        <Button
          color="red"
          variant="outline"
          onClick={() => decide("rejected")}
          loading={pendingDecision === "rejected"}
          disabled={review.isPending}
        >
          {t("adminReview.reject")}
        </Button>
      </Group>
    </Stack>
  );
}

export function ApplicationCard({ application }: { application: Application }) {
  const { t } = useI18n();
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-label={t("adminReview.applicationFrom", { name: application.fullName })}
    >
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h3">
            {application.fullName}
          </Title>
          <Text size="sm" c="dimmed">
            {t("adminReview.applied", { date: formatDate(application.createdAt, "short") })}
          </Text>
        </div>
        <Badge color={statusColor[application.status]} autoContrast>
          {statusLabel(t, application.status)}
        </Badge>
      </Group>
      <Stack gap="sm">
        <Group gap="xl" align="flex-start">
          <Field label={t("adminReview.email")}>{application.contactEmail}</Field>
          {application.contactPhone && <Field label={t("adminReview.phone")}>{application.contactPhone}</Field>}
          <Field label={t("adminReview.country")}>{application.country}</Field>
          <Field label={t("adminReview.tradition")}>{application.tradition}</Field>
          <Field label={t("adminReview.yearsOfPractice")}>{t("adminReview.years", { count: application.yearsOfPractice })}</Field>
        </Group>
        <div>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            {t("adminReview.specializations")}
          </Text>
          <Group gap={6} mt={4}>
            {application.specializations.map((s) => (
              <Badge key={s} variant="light" color="terracotta">
                {s}
              </Badge>
            ))}
          </Group>
        </div>
        <Field label={t("adminReview.biography")}>{application.biography}</Field>
        <Field label={t("adminReview.lineage")}>{application.lineageInfo}</Field>
        <Field label={t("adminReview.ethics")}>{application.ethicsStatement}</Field>
        <Anchor href={application.idDocumentUrl} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
          {t("adminReview.viewId")}
          <VisuallyHidden>{t("adminReview.viewIdHidden", { name: application.fullName })}</VisuallyHidden>
        </Anchor>
        {application.reviewNotes && (
          <Card bg="var(--mantine-color-default-hover)" padding="sm">
            <Text size="sm" fw={600}>
              {t("adminReview.adminNotes")}
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
  const { t } = useI18n();
  const list = trpc.admin.seerApplications.useQuery({ status });
  if (list.isPending) return <Loader aria-label={t("adminReview.loading")} />;
  if (list.isError) return <Text c="red">{t("adminReview.loadFailed")}</Text>;
  if (list.data.applications.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t(`adminReview.empty.${status}`)}
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
  const { t } = useI18n();
  return (
    <Tabs value={status} onChange={(value) => value && setStatus(value as Status)} keepMounted={false} variant="pills">
      <Tabs.List mb="md">
        {(["pending", "approved", "rejected"] as const).map((s) => (
          <Tabs.Tab key={s} value={s}>
            {statusTab(t, s, counts?.[s] ?? 0)}
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
