import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useState } from "react";
import { formatMoney } from "../../../src/domain/money";
import type { BookingStatus } from "../../../src/domain/enums";
import { formatCount } from "./format";
import { useI18n, type Translate } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { AnalyticsPanel } from "./AnalyticsPanel";
import { ApplicationsPanel } from "./ApplicationsPanel";
import { AuditPanel } from "./AuditPanel";
import { DisputesPanel } from "./DisputesPanel";
import { InboxPanel } from "./InboxPanel";
import { isAdminTab, type AdminTab } from "./tabs";
import { AdminCancelDialog } from "./AdminCancelDialog";
import { OrdersPanel, type OrderFilters } from "./OrdersPanel";
import { PayoutsPanel } from "./PayoutsPanel";
import { VendorsPanel } from "./VendorsPanel";
import { ScrollTable } from "../../components/ScrollTable";

const SESSION_TYPES = ["15min", "30min", "60min"] as const;
const sessionLabel = (t: Translate, type: string): string => {
  const known = SESSION_TYPES.find((s) => s === type);
  return known ? t(`admin.session.${known}`) : type;
};
const bookingStatusLabel = (t: Translate, status: BookingStatus): string => t(`admin.bookingStatus.${status}`);
// docs/product.md#admin: statuses other than pending, confirmed and completed in red; shades chosen for 4.5:1 text contrast.
const bookingStatusColor = (status: string) =>
  status === "confirmed" || status === "completed" ? "forest.9" : status === "pending" ? "ochre.4" : "red.9";

const BOOKING_COLUMNS = [
  "admin.bookings.status",
  "admin.bookings.session",
  "admin.bookings.amount",
  "admin.bookings.refunded",
  "admin.bookings.date",
  "admin.bookings.time",
  "admin.bookings.platformFee",
  "admin.bookings.seerEarnings",
  "admin.bookings.notes",
] as const;

function BookingsPanel() {
  const { t } = useI18n();
  const list = trpc.admin.bookings.useQuery();
  const [cancelling, setCancelling] = useState<string | null>(null);
  if (list.isPending) return <Loader aria-label={t("admin.bookings.loading")} />;
  if (list.isError) return <Text c="red">{t("admin.bookings.failed")}</Text>;
  const { bookings, total } = list.data;
  const target = bookings.find((b) => b.id === cancelling);
  return (
    <Stack>
      {bookings.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t("admin.bookings.empty")}
        </Text>
      ) : (
        <ScrollTable minWidth={1080} label={t("admin.tab.bookings")}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {BOOKING_COLUMNS.map((h) => (
                  <Table.Th key={h}>{t(h)}</Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>{t("admin.bookings.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bookings.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    <Badge color={bookingStatusColor(b.status)} autoContrast>
                      {bookingStatusLabel(t, b.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{sessionLabel(t, b.sessionType)}</Table.Td>
                  <Table.Td>{formatMoney(b.amount)}</Table.Td>
                  <Table.Td>{formatMoney(b.refundedAmount)}</Table.Td>
                  <Table.Td>{b.scheduledDate}</Table.Td>
                  <Table.Td>{b.scheduledTime}</Table.Td>
                  <Table.Td>{formatMoney(b.platformFee)}</Table.Td>
                  <Table.Td>{formatMoney(b.seerEarnings)}</Table.Td>
                  <Table.Td>{b.notes ?? ""}</Table.Td>
                  <Table.Td>
                    {b.status === "confirmed" && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setCancelling(b.id)}
                        aria-label={t("admin.bookings.cancelLabel", { date: b.scheduledDate, time: b.scheduledTime })}
                      >
                        {t("admin.bookings.cancel")}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Text size="sm" c="dimmed">
        {t("admin.bookings.showing", { shown: formatCount(bookings.length), total: formatCount(total) })}
      </Text>
      {target && <AdminCancelDialog booking={target} onClose={() => setCancelling(null)} />}
    </Stack>
  );
}

function ProductsPanel() {
  const { t } = useI18n();
  const list = trpc.admin.products.useQuery();
  if (list.isPending) return <Loader aria-label={t("admin.products.loading")} />;
  if (list.isError) return <Text c="red">{t("admin.products.failed")}</Text>;
  if (list.data.length === 0) return <Text c="dimmed">{t("admin.products.empty")}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {list.data.map((p) => (
        <Card key={p.id} withBorder padding="md" component="article" aria-label={p.name}>
          {p.imageUrl && (
            <Card.Section>
              <Image src={p.imageUrl} alt={p.name} h={160} fit="cover" />
            </Card.Section>
          )}
          <Group justify="space-between" mt="sm" wrap="nowrap" align="flex-start">
            <Title order={2} size="h4">
              {p.name}
            </Title>
            <Badge color={p.isActive ? "forest.9" : "gray.7"}>
              {p.isActive ? t("admin.products.active") : t("admin.products.inactive")}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={3} mt={4}>
            {p.description}
          </Text>
          <Group justify="space-between" mt="sm">
            <Text fw={700}>{formatMoney(p.price, p.currency)}</Text>
            <Text size="sm">{t("admin.products.stock", { count: formatCount(p.stockQuantity) })}</Text>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** /admin, for admins only (routes/admin.tsx); the open tab is the address's. */
export function AdminPage({
  tab,
  onTab,
  orderFilters = {},
  onOrderFilters = () => {},
}: {
  tab: AdminTab;
  onTab: (tab: AdminTab) => void;
  orderFilters?: OrderFilters;
  onOrderFilters?: (next: OrderFilters) => void;
}) {
  // The pending list is always loaded: its counts label the Applications tab and the sub-tabs.
  const pending = trpc.admin.seerApplications.useQuery({ status: "pending" });
  const counts = pending.data?.counts;
  const { t } = useI18n();
  return (
    <Container size="xl" py={40}>
      <Title order={1} mb="lg">
        {t("admin.title")}
      </Title>
      <Tabs value={tab} onChange={(value) => isAdminTab(value) && onTab(value)} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="analytics">{t("admin.tab.analytics")}</Tabs.Tab>
          <Tabs.Tab
            value="applications"
            rightSection={
              <Badge size="sm" color="ochre.4" autoContrast circle>
                {formatCount(counts?.pending ?? 0)}
              </Badge>
            }
          >
            {t("admin.tab.applications")}
          </Tabs.Tab>
          <Tabs.Tab value="vendors">{t("admin.tab.vendors")}</Tabs.Tab>
          <Tabs.Tab value="bookings">{t("admin.tab.bookings")}</Tabs.Tab>
          <Tabs.Tab value="orders">{t("admin.tab.orders")}</Tabs.Tab>
          <Tabs.Tab value="products">{t("admin.tab.products")}</Tabs.Tab>
          <Tabs.Tab value="payouts">{t("admin.tab.payouts")}</Tabs.Tab>
          <Tabs.Tab value="disputes">{t("admin.tab.disputes")}</Tabs.Tab>
          <Tabs.Tab value="inbox">{t("admin.tab.inbox")}</Tabs.Tab>
          <Tabs.Tab value="audit">{t("admin.tab.audit")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="analytics">
          <AnalyticsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="applications">
          <ApplicationsPanel counts={counts} />
        </Tabs.Panel>
        <Tabs.Panel value="vendors">
          <VendorsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="bookings">
          <BookingsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="orders">
          <OrdersPanel filters={orderFilters} onFilters={onOrderFilters} />
        </Tabs.Panel>
        <Tabs.Panel value="products">
          <ProductsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="payouts">
          <PayoutsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="disputes">
          <DisputesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="inbox">
          <InboxPanel />
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <AuditPanel />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
