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
import { cents, formatMoney } from "../../../src/domain/money";
import { formatMinor } from "../../../src/domain/currencies";
import { trpc, type RouterOutputs } from "../../trpc";
import { ApplicationsPanel } from "./ApplicationsPanel";
import { AuditPanel } from "./AuditPanel";
import { DisputesPanel } from "./DisputesPanel";
import { InboxPanel } from "./InboxPanel";
import { isAdminTab, type AdminTab } from "./tabs";
import { MonthlyCharts } from "../../components/MonthlyCharts";
import { StatCard } from "../../components/StatCard";
import { AdminCancelDialog } from "./AdminCancelDialog";
import { OrdersPanel, type OrderFilters } from "./OrdersPanel";
import { PayoutsPanel } from "./PayoutsPanel";
import { VendorsPanel } from "./VendorsPanel";

const SESSION_LABEL: Record<string, string> = { "15min": "15 Minutes", "30min": "30 Minutes", "60min": "60 Minutes" };
// docs/product.md#admin: statuses other than pending, confirmed and completed in red; shades chosen for 4.5:1 text contrast.
const bookingStatusColor = (status: string) =>
  status === "confirmed" || status === "completed" ? "forest.9" : status === "pending" ? "ochre.4" : "red.9";

/** docs/product.md#money-and-the-ledger: every money figure summed over the ledger, consultations and shop apart. */
function LedgerCard() {
  const summary = trpc.payouts.summary.useQuery();
  if (summary.isPending) return <Loader aria-label="Loading the ledger" />;
  if (summary.isError) return <Text c="red">Failed to load the ledger.</Text>;
  const l = summary.data;
  const figures: [string, number, string][] = [
    ["Consultations", l.consultationCharges, "Charged for sessions"],
    ["Shop Sales", l.shopSales, "Sacred Market orders"],
    ["Refunds", l.consultationRefunds + l.shopRefunds, `${formatMoney(cents(l.shopRefunds))} of it in the shop`],
    ["Platform Fees", l.platformFees, "Settled sessions"],
    ["Seer Shares", l.seerShares, "Settled sessions"],
    ["Paid to Seers", l.paidToSeers, "Transfers less reversals"],
    ["Owed to Seers", l.owedToSeers, "Paid once their account is active"],
    ["Payout Fees", l.payoutFees, "Charged by the payout providers"],
    ["Held", l.held, "Sessions not yet settled"],
  ];
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h3" mb="md">
        Money by the Ledger
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {figures.map(([label, value, note]) => (
          <div key={label}>
            <Text fz={24} fw={700}>
              {formatMoney(cents(value))}
            </Text>
            <Text size="sm" fw={600}>
              {label}
            </Text>
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {l.byCurrency.some((c) => c.currency !== "USD") && <ByCurrency rows={l.byCurrency} />}
    </Card>
  );
}

/** The ledger's money in and out by the currency it moved in, with its book value (issues #40, #41). */
function ByCurrency({ rows }: { rows: RouterOutputs["payouts"]["summary"]["byCurrency"] }) {
  const both = (local: number, book: number, currency: (typeof rows)[number]["currency"]) =>
    currency === "USD" ? formatMoney(cents(book)) : `${formatMinor(local, currency)} (${formatMoney(cents(book))})`;
  return (
    <Table.ScrollContainer minWidth={420} mt="lg">
      <Table aria-label="By currency">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Currency</Table.Th>
            <Table.Th>Taken, less refunds</Table.Th>
            <Table.Th>Sent to Seers</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.currency}>
              <Table.Td>{r.currency}</Table.Td>
              <Table.Td>{both(r.takenLocal, r.taken, r.currency)}</Table.Td>
              <Table.Td>{both(r.paidOutLocal, r.paidOut, r.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AnalyticsPanel() {
  const analytics = trpc.admin.analytics.useQuery();
  if (analytics.isPending) return <Loader aria-label="Loading analytics" />;
  if (analytics.isError) return <Text c="red">Failed to load analytics.</Text>;
  const a = analytics.data;
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <StatCard
          label="Total Revenue"
          value={formatMoney(a.totalRevenue)}
          note={`${a.paidBookings} paid ${a.paidBookings === 1 ? "booking" : "bookings"}`}
        />
        <StatCard label="Consultation Revenue" value={formatMoney(a.consultationRevenue)} note="Sessions, after refunds" />
        <StatCard label="Shop Revenue" value={formatMoney(a.shopRevenue)} note="Sacred Market, after refunds" />
        <StatCard
          label="Refunded"
          value={formatMoney(a.refunded)}
          note={`${a.cancelledBookings} cancelled ${a.cancelledBookings === 1 ? "booking" : "bookings"}`}
        />
        <StatCard label="Platform Commission" value={formatMoney(a.platformCommission)} note="20%" />
        <StatCard label="Seer Earnings" value={formatMoney(a.seerEarnings)} note="80% to Seers" />
        <StatCard label="Active Products" value={a.activeProducts} note="In the Sacred Market" />
      </SimpleGrid>
      <MonthlyCharts
        money={{
          label: "Revenue",
          parts: [
            {
              label: "Consultations",
              color: "terracotta.7",
              values: a.monthly.map((m) => ({ month: m.month, value: m.consultations })),
            },
            { label: "Shop", color: "ochre.6", values: a.monthly.map((m) => ({ month: m.month, value: m.shop })) },
          ],
        }}
        count={{ label: "Paid bookings", values: a.monthly.map((m) => ({ month: m.month, value: m.bookings })) }}
        more={[
          {
            label: "Fees and Shares",
            parts: [
              {
                label: "Platform Fees",
                color: "forest.7",
                values: a.monthly.map((m) => ({ month: m.month, value: m.platformFees })),
              },
              {
                label: "Seer Shares",
                color: "terracotta.4",
                values: a.monthly.map((m) => ({ month: m.month, value: m.seerShares })),
              },
            ],
          },
          {
            label: "Refunds",
            parts: [
              {
                label: "Consultations",
                color: "terracotta.7",
                values: a.monthly.map((m) => ({ month: m.month, value: m.consultationRefunds })),
              },
              { label: "Shop", color: "ochre.6", values: a.monthly.map((m) => ({ month: m.month, value: m.shopRefunds })) },
            ],
          },
        ]}
      />
      <LedgerCard />
      <Card withBorder padding="lg">
        <Title order={2} size="h3" mb="md">
          Platform Overview
        </Title>
        <SimpleGrid cols={{ base: 2, md: 3 }}>
          {[
            ["Total Seers", a.totalSeers],
            ["Pending Applications", a.pendingApplications],
            ["Total Bookings", a.totalBookings],
            ["Confirmed Bookings", a.confirmedBookings],
            ["Completed Sessions", a.completedSessions],
            ["Cancelled Bookings", a.cancelledBookings],
          ].map(([label, value]) => (
            <div key={label}>
              <Text fz={24} fw={700}>
                {value}
              </Text>
              <Text size="sm" c="dimmed">
                {label}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}

function BookingsPanel() {
  const list = trpc.admin.bookings.useQuery();
  const [cancelling, setCancelling] = useState<string | null>(null);
  if (list.isPending) return <Loader aria-label="Loading bookings" />;
  if (list.isError) return <Text c="red">Failed to load bookings.</Text>;
  const { bookings, total } = list.data;
  const target = bookings.find((b) => b.id === cancelling);
  return (
    <Stack>
      {bookings.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No bookings yet
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={1080}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {["Status", "Session", "Amount", "Refunded", "Date", "Time", "Platform Fee", "Seer Earnings", "Notes"].map(
                  (h) => (
                    <Table.Th key={h}>{h}</Table.Th>
                  ),
                )}
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bookings.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    <Badge color={bookingStatusColor(b.status)} autoContrast>
                      {b.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{SESSION_LABEL[b.sessionType] ?? b.sessionType}</Table.Td>
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
                        aria-label={`Cancel booking of ${b.scheduledDate} at ${b.scheduledTime}`}
                      >
                        Cancel booking
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="sm" c="dimmed">
        Showing {bookings.length} of {total} bookings
      </Text>
      {target && <AdminCancelDialog booking={target} onClose={() => setCancelling(null)} />}
    </Stack>
  );
}

function ProductsPanel() {
  const list = trpc.admin.products.useQuery();
  if (list.isPending) return <Loader aria-label="Loading products" />;
  if (list.isError) return <Text c="red">Failed to load products.</Text>;
  if (list.data.length === 0) return <Text c="dimmed">No products yet</Text>;
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
            <Badge color={p.isActive ? "forest.9" : "gray.7"}>{p.isActive ? "Active" : "Inactive"}</Badge>
          </Group>
          <Text size="sm" c="dimmed" lineClamp={3} mt={4}>
            {p.description}
          </Text>
          <Group justify="space-between" mt="sm">
            <Text fw={700}>{formatMoney(p.price, p.currency)}</Text>
            <Text size="sm">Stock: {p.stockQuantity}</Text>
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
  return (
    <Container size="xl" py={40}>
      <Title order={1} mb="lg">
        Admin Dashboard
      </Title>
      <Tabs value={tab} onChange={(value) => isAdminTab(value) && onTab(value)} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="analytics">Analytics</Tabs.Tab>
          <Tabs.Tab
            value="applications"
            rightSection={
              <Badge size="sm" color="ochre.4" autoContrast circle>
                {counts?.pending ?? 0}
              </Badge>
            }
          >
            Applications
          </Tabs.Tab>
          <Tabs.Tab value="vendors">Vendors</Tabs.Tab>
          <Tabs.Tab value="bookings">Bookings</Tabs.Tab>
          <Tabs.Tab value="orders">Orders</Tabs.Tab>
          <Tabs.Tab value="products">Products</Tabs.Tab>
          <Tabs.Tab value="payouts">Payouts</Tabs.Tab>
          <Tabs.Tab value="disputes">Disputes</Tabs.Tab>
          <Tabs.Tab value="inbox">Inbox</Tabs.Tab>
          <Tabs.Tab value="audit">Audit log</Tabs.Tab>
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
