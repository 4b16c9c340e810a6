import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useState } from "react";
import { formatMoney } from "../../../src/domain/money";
import { DEFAULT_VENDOR_COMMISSION, reviewVendorApplicationSchema } from "../../../src/schemas/vendors";
import { formatDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { notifyActionError } from "../../lib/actionError";
import { trpc, type RouterOutputs } from "../../trpc";
import { Field, reviewedToast, statusColor, statusLabel, statusTab } from "./ApplicationsPanel";
import { formatCount } from "./format";

type VendorApplications = RouterOutputs["vendors"]["applications"];
type VendorApplication = VendorApplications["applications"][number];
type Status = VendorApplication["status"];
type PendingProduct = RouterOutputs["vendors"]["pendingProducts"][number];
type View = Status | "products";

const STATUSES = ["pending", "approved", "rejected"] as const;

function VendorReviewControls({ application }: { application: VendorApplication }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const [commission, setCommission] = useState(DEFAULT_VENDOR_COMMISSION);
  const [notes, setNotes] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const review = trpc.vendors.reviewApplication.useMutation({
    onSuccess: async () => {
      notify(reviewedToast(t), "success");
      await utils.vendors.applications.invalidate();
    },
    // A commission the schema refuses is shown under its field.
    onError: (error) => error.data?.zodError || notifyActionError(error),
  });
  const fieldErrors = review.error?.data?.zodError?.fieldErrors as Record<string, string[] | undefined> | undefined;
  const commissionError = invalid ?? fieldErrors?.commissionPercentage?.[0];
  // The commission is checked here with the server's own schema, then again there.
  const decide = (status: "approved" | "rejected") => {
    const checked = reviewVendorApplicationSchema.shape.commissionPercentage.safeParse(commission);
    setInvalid(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (checked.success) review.mutate({ id: application.id, status, commissionPercentage: commission, reviewNotes: notes });
  };
  const pendingDecision = review.isPending ? review.variables.status : null;
  return (
    <Stack gap="xs">
      <TextInput
        label={t("adminReview.vendor.commission")}
        description={t("adminReview.vendor.commissionNote")}
        w={220}
        inputMode="decimal"
        value={commission}
        onChange={(event) => setCommission(event.currentTarget.value)}
        error={commissionError}
      />
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

function VendorApplicationCard({ application }: { application: VendorApplication }) {
  const { t } = useI18n();
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-label={t("adminReview.vendor.applicationFrom", { name: application.businessName })}
    >
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h3">
            {application.businessName}
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
          <Field label={t("adminReview.country")}>{application.country ?? ""}</Field>
          {application.taxId && <Field label={t("adminReview.vendor.taxId")}>{application.taxId}</Field>}
        </Group>
        <Field label={t("adminReview.vendor.address")}>{application.businessAddress ?? ""}</Field>
        <div>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            {t("adminReview.vendor.productTypes")}
          </Text>
          <Group gap={6} mt={4}>
            {application.productTypes.map((t) => (
              <Badge key={t} variant="light" color="terracotta">
                {t}
              </Badge>
            ))}
          </Group>
        </div>
        <Field label={t("adminReview.vendor.description")}>{application.description ?? ""}</Field>
        {application.payout && <Field label={t("adminReview.vendor.payout")}>{application.payout}</Field>}
        {application.businessRegistrationDoc && (
          <Anchor href={application.businessRegistrationDoc} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            {t("adminReview.vendor.viewRegistration")}
            <VisuallyHidden>{t("adminReview.viewIdHidden", { name: application.businessName })}</VisuallyHidden>
          </Anchor>
        )}
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
        {application.status === "pending" && <VendorReviewControls application={application} />}
      </Stack>
    </Card>
  );
}

function VendorApplicationList({ status }: { status: Status }) {
  const { t } = useI18n();
  const list = trpc.vendors.applications.useQuery({ status });
  if (list.isPending) return <Loader aria-label={t("adminReview.vendor.loading")} />;
  if (list.isError) return <Text c="red">{t("adminReview.vendor.loadFailed")}</Text>;
  if (list.data.applications.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t(`adminReview.vendor.empty.${status}`)}
      </Text>
    );
  return (
    <Stack>
      {list.data.applications.map((application) => (
        <VendorApplicationCard key={application.id} application={application} />
      ))}
    </Stack>
  );
}

function PendingProductCard({ product }: { product: PendingProduct }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const approve = trpc.vendors.approveProduct.useMutation({
    onSuccess: async () => {
      notify(
        {
          title: t("adminReview.product.approved"),
          message: t("adminReview.product.approvedText", { name: product.name, vendor: product.businessName }),
        },
        "success",
      );
      await utils.vendors.pendingProducts.invalidate();
    },
    onError: (error) => notifyActionError(error),
  });
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={t("adminReview.product.label", { name: product.name, vendor: product.businessName })}
    >
      {product.imageUrl && (
        <Card.Section>
          <Image src={product.imageUrl} alt={product.name} h={160} fit="cover" />
        </Card.Section>
      )}
      <Title order={2} size="h4" mt="sm">
        {product.name}
      </Title>
      <Text size="sm" c="dimmed">
        {t("adminReview.product.added", { vendor: product.businessName, date: formatDate(product.createdAt, "short") })}
      </Text>
      <Text size="sm" lineClamp={4} mt={4} style={{ whiteSpace: "pre-wrap" }}>
        {product.description}
      </Text>
      <Group justify="space-between" mt="sm">
        <Text fw={700}>{formatMoney(product.price)}</Text>
        <Text size="sm">{t("adminReview.product.stock", { count: formatCount(product.stockQuantity) })}</Text>
      </Group>
      <Button mt="sm" color="forest" onClick={() => approve.mutate({ id: product.id })} loading={approve.isPending}>
        {t("adminReview.product.approve")}
      </Button>
    </Card>
  );
}

function PendingProducts({
  products,
}: {
  products:
    { isPending: true } | { isPending: false; isError: true } | { isPending: false; isError: false; data: PendingProduct[] };
}) {
  const { t } = useI18n();
  if (products.isPending) return <Loader aria-label={t("adminReview.products.loading")} />;
  if (products.isError) return <Text c="red">{t("adminReview.products.failed")}</Text>;
  if (products.data.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t("adminReview.products.empty")}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {products.data.map((p) => (
        <PendingProductCard key={p.id} product={p} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The admins' vendor review (issue #46): the vendor applications by status, approved at a commission (15.00% unless
 * set) or rejected with notes, and the vendors' products waiting for their first approval.
 */
export function VendorsPanel() {
  const [view, setView] = useState<View>("pending");
  // The pending list is always loaded: its counts label the sub-tabs.
  const counts = trpc.vendors.applications.useQuery({ status: "pending" }).data?.counts;
  const products = trpc.vendors.pendingProducts.useQuery();
  const { t } = useI18n();
  return (
    <Tabs
      value={view}
      onChange={(value) => {
        const next = [...STATUSES, "products" as const].find((v) => v === value);
        if (next) setView(next);
      }}
      keepMounted={false}
      variant="pills"
    >
      <Tabs.List mb="md">
        {STATUSES.map((s) => (
          <Tabs.Tab key={s} value={s}>
            {statusTab(t, s, counts?.[s] ?? 0)}
          </Tabs.Tab>
        ))}
        <Tabs.Tab value="products">{t("adminReview.products.tab", { count: formatCount(products.data?.length ?? 0) })}</Tabs.Tab>
      </Tabs.List>
      {STATUSES.map((s) => (
        <Tabs.Panel key={s} value={s}>
          <VendorApplicationList status={s} />
        </Tabs.Panel>
      ))}
      <Tabs.Panel value="products">
        <PendingProducts products={products} />
      </Tabs.Panel>
    </Tabs>
  );
}
