import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../providers";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { createQueryClient, createTrpcClient, type RouterInputs, type RouterOutputs } from "../../trpc";
import { AuditPanel } from "./AuditPanel";

type Row = RouterOutputs["admin"]["auditLog"][number];
type LogInput = RouterInputs["admin"]["auditLog"];

const row = (i: number, extra: Partial<Row> = {}): Row => ({
  id: `audit_${String(i).padStart(3, "0")}`,
  createdAt: new Date(Date.UTC(2026, 10, 22, 10, 0, 0) - i * 60_000),
  actorId: "admin_1",
  actorEmail: "ama.admin@example.com",
  action: "orders.ship",
  targetKind: "order",
  targetId: `order_${i}`,
  change: {
    orderId: `order_${i}`,
    carrier: "DHL",
    trackingNumber: "AB123",
    before: { status: "paid" },
    after: { status: "shipped" },
  },
  requestId: `req-${i}`,
  ...extra,
});

function renderPanel(handlers: Parameters<typeof trpcHandlers>[0]) {
  server.use(...trpcHandlers(handlers));
  render(
    <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
      <AuditPanel />
    </AppProviders>,
  );
}

describe("the admins' audit log screen", () => {
  it("lists who did what to which record with the change summed up, and sends the filters to the list and the export", async () => {
    const inputs: LogInput[] = [];
    renderPanel({
      "admin.auditLog": (input) => {
        inputs.push(input);
        return [
          row(1),
          row(2, {
            actorEmail: "kofi.admin@example.com",
            action: "orders.refund",
            change: {
              orderId: "order_2",
              reason: "Broken",
              before: { refundedAmount: "0.00" },
              after: { refundedAmount: "20.00" },
            },
          }),
        ];
      },
    });
    const table = await screen.findByRole("table", { name: "Audit log" });
    const [, shipped, refunded] = within(table).getAllByRole("row");
    expect(shipped).toHaveTextContent("ama.admin@example.com");
    expect(shipped).toHaveTextContent("Ship an order");
    expect(shipped).toHaveTextContent("order_1");
    expect(shipped).toHaveTextContent("status: paid → shipped; carrier: DHL; trackingNumber: AB123");
    expect(refunded).toHaveTextContent("Refund an order");
    expect(refunded).toHaveTextContent("refundedAmount: 0.00 → 20.00; reason: Broken");
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/api/admin/audit.csv");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(inputs).toEqual([{}]);

    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Admin" }), "kofi");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Action" }), "Refund an order");
    await waitFor(() => expect(inputs.at(-1)).toEqual({ actor: "kofi", action: "orders.refund" }));
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/admin/audit.csv?actor=kofi&action=orders.refund",
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Action" }), "All");
    // Back to a list already fetched (served from the cache): the export follows the filters shown.
    await waitFor(() =>
      expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/api/admin/audit.csv?actor=kofi"),
    );
    expect(inputs).toContainEqual({ actor: "kofi" });
  });

  it("says so when nothing matches", async () => {
    renderPanel({ "admin.auditLog": () => [] });
    expect(await screen.findByText("No admin actions match.")).toBeInTheDocument();
  });

  it("loads the next page from the last row's time and id when a page is full", async () => {
    const inputs: LogInput[] = [];
    renderPanel({
      "admin.auditLog": (input) => {
        inputs.push(input);
        return input.before
          ? [row(51, { actorEmail: "last.admin@example.com" })]
          : Array.from({ length: 50 }, (_, i) => row(i + 1));
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("last.admin@example.com")).toBeInTheDocument();
    expect(inputs.at(-1)).toEqual({ before: { createdAt: row(50).createdAt, id: "audit_050" } });
    expect(within(screen.getByRole("table", { name: "Audit log" })).getAllByRole("row")).toHaveLength(52);
  });
});
