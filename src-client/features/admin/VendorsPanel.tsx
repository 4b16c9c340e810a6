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
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { notifyActionError } from "../../lib/actionError";
import { trpc, type RouterOutputs } from "../../trpc";
import { Field, statusColor, statusLabel } from "./ApplicationsPanel";

type VendorApplications = RouterOutputs["vendors"]["applications"];
type VendorApplication = VendorApplications["applications"][number];
type Status = VendorApplication["status"];
type PendingProduct = RouterOutputs["vendors"]["pendingProducts"][number];
type View = Status | "products";

const STATUSES = ["pending", "approved", "rejected"] as const;
const emptyText: Record<Status, string> = {
  pending: "No pending vendor applications",
  approved: "No approved vendor applications",
  rejected: "No rejected vendor applications",
};

function VendorReviewControls({ application }: { application: VendorApplication }) {
  const utils = trpc.useUtils();
  const [commission, setCommission] = useState(DEFAULT_VENDOR_COMMISSION);
  const [notes, setNotes] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const review = trpc.vendors.reviewApplication.useMutation({
    onSuccess: async () => {
      notify(messages.reviewed, "success");
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
        label="Commission (%)"
        description="The platform's share of each of this vendor's sales"
        w={220}
        inputMode="decimal"
        value={commission}
        onChange={(event) => setCommission(event.currentTarget.value)}
        error={commissionError}
      />
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

function VendorApplicationCard({ application }: { application: VendorApplication }) {
  return (
    <Card withBorder padding="lg" component="article" aria-label={`Vendor application from ${application.businessName}`}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h3">
            {application.businessName}
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
          <Field label="Country">{application.country ?? ""}</Field>
          {application.taxId && <Field label="Tax ID">{application.taxId}</Field>}
        </Group>
        <Field label="Business Address">{application.businessAddress ?? ""}</Field>
        <div>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            Product Types
          </Text>
          <Group gap={6} mt={4}>
            {application.productTypes.map((t) => (
              <Badge key={t} variant="light" color="terracotta">
                {t}
              </Badge>
            ))}
          </Group>
        </div>
        <Field label="Description">{application.description ?? ""}</Field>
        {application.payout && <Field label="Payout Details">{application.payout}</Field>}
        {application.businessRegistrationDoc && (
          <Anchor href={application.businessRegistrationDoc} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            View Registration Document<VisuallyHidden> of {application.businessName} (opens in a new tab)</VisuallyHidden>
          </Anchor>
        )}
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
        {application.status === "pending" && <VendorReviewControls application={application} />}
      </Stack>
    </Card>
  );
}

function VendorApplicationList({ status }: { status: Status }) {
  const list = trpc.vendors.applications.useQuery({ status });
  if (list.isPending) return <Loader aria-label="Loading vendor applications" />;
  if (list.isError) return <Text c="red">Failed to load vendor applications.</Text>;
  if (list.data.applications.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText[status]}
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
  const approve = trpc.vendors.approveProduct.useMutation({
    onSuccess: async () => {
      notify({ title: "Product approved", message: `${product.name} by ${product.businessName} is approved.` }, "success");
      await utils.vendors.pendingProducts.invalidate();
    },
    onError: (error) => notifyActionError(error),
  });
  return (
    <Card withBorder padding="md" component="article" aria-label={`${product.name} by ${product.businessName}`}>
      {product.imageUrl && (
        <Card.Section>
          <Image src={product.imageUrl} alt={product.name} h={160} fit="cover" />
        </Card.Section>
      )}
      <Title order={2} size="h4" mt="sm">
        {product.name}
      </Title>
      <Text size="sm" c="dimmed">
        {product.businessName}, added {formatDate(product.createdAt, "short")}
      </Text>
      <Text size="sm" lineClamp={4} mt={4} style={{ whiteSpace: "pre-wrap" }}>
        {product.description}
      </Text>
      <Group justify="space-between" mt="sm">
        <Text fw={700}>{formatMoney(product.price)}</Text>
        <Text size="sm">Stock: {product.stockQuantity}</Text>
      </Group>
      <Button mt="sm" color="forest" onClick={() => approve.mutate({ id: product.id })} loading={approve.isPending}>
        Approve product
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
  if (products.isPending) return <Loader aria-label="Loading products awaiting approval" />;
  if (products.isError) return <Text c="red">Failed to load products awaiting approval.</Text>;
  if (products.data.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        No products awaiting approval
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
            {statusLabel[s]} ({counts?.[s] ?? 0})
          </Tabs.Tab>
        ))}
        <Tabs.Tab value="products">Products awaiting approval ({products.data?.length ?? 0})</Tabs.Tab>
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
