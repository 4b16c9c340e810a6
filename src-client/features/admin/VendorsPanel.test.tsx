import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../providers";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { createQueryClient, createTrpcClient, type RouterInputs, type RouterOutputs } from "../../trpc";
import { VendorsPanel } from "./VendorsPanel";

type Listed = RouterOutputs["vendors"]["applications"];
type Application = Listed["applications"][number];
type PendingProduct = RouterOutputs["vendors"]["pendingProducts"][number];
type Review = RouterInputs["vendors"]["reviewApplication"];

const application = (extra: Partial<Application> = {}): Application => ({
  id: "va-1",
  userId: "u-1",
  businessName: "Bonwire Kente Weavers",
  contactEmail: "kwame@example.com",
  contactPhone: "+233 24 000 0000",
  businessAddress: "Bonwire, Ashanti Region",
  country: "Ghana",
  description: "Kente woven by three generations.",
  productTypes: ["Textiles", "Stoles"],
  taxId: "GH-TIN-0042",
  businessRegistrationDoc: "/api/uploads/3f2b0c1e-1234-4abc-8def-0123456789ab",
  status: "pending",
  reviewNotes: null,
  reviewedAt: null,
  createdAt: new Date("2026-11-20T10:00:00Z"),
  payout: "MTN Mobile Money •••• 3456 (TEST ACCOUNT 3456)",
  ...extra,
});
const pendingProduct = (extra: Partial<PendingProduct> = {}): PendingProduct => ({
  id: "p-1",
  name: "Kente Stole",
  slug: "kente-stole-ab12",
  description: "A stole in the Adweneasa pattern.",
  price: "45.50",
  stockQuantity: 5,
  lowStockThreshold: 2,
  categoryId: null,
  origin: "Ghana",
  imageUrl: null,
  isActive: true,
  approvedAt: null,
  createdAt: new Date("2026-11-21T10:00:00Z"),
  vendorId: "v-1",
  businessName: "Bonwire Kente Weavers",
  ...extra,
});

function renderPanel(handlers: Parameters<typeof trpcHandlers>[0]) {
  server.use(...trpcHandlers(handlers));
  render(
    <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
      <VendorsPanel />
    </AppProviders>,
  );
}

describe("the console's Vendors tab", () => {
  it("shows a pending application with the payout details masked, and approves it at 15.00% unless set", async () => {
    const reviews: Review[] = [];
    let pending = [application(), application({ id: "va-2", businessName: "Kumasi Carvers" })];
    renderPanel({
      "vendors.applications": () => ({ applications: pending, counts: { pending: pending.length, approved: 0, rejected: 0 } }),
      "vendors.pendingProducts": () => [],
      "vendors.reviewApplication": (input) => {
        reviews.push(input);
        pending = pending.filter((a) => a.id !== input.id);
        return { ...application({ id: input.id, status: input.status }), vendorId: "v-1" };
      },
    });
    const card = await screen.findByRole("article", { name: "Vendor application from Bonwire Kente Weavers" });
    expect(screen.getByRole("tab", { name: "Pending (2)" })).toBeInTheDocument();
    expect(within(card).getByText("MTN Mobile Money •••• 3456 (TEST ACCOUNT 3456)")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: /View Registration Document/ })).toHaveAttribute(
      "href",
      "/api/uploads/3f2b0c1e-1234-4abc-8def-0123456789ab",
    );
    expect(within(card).getByLabelText(/^Commission/)).toHaveValue("15.00");
    const user = userEvent.setup({ delay: null });
    await user.click(within(card).getByRole("button", { name: "Approve" }));
    await waitFor(() =>
      expect(reviews).toEqual([{ id: "va-1", status: "approved", commissionPercentage: "15.00", reviewNotes: "" }]),
    );
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Vendor application from Bonwire Kente Weavers" })).not.toBeInTheDocument(),
    );

    const other = screen.getByRole("article", { name: "Vendor application from Kumasi Carvers" });
    await user.clear(within(other).getByLabelText(/^Commission/));
    await user.type(within(other).getByLabelText(/^Commission/), "12.5");
    await user.type(within(other).getByLabelText(/^Review Notes/), "Photos of the workshop, please.");
    await user.click(within(other).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(reviews[1]).toEqual({
        id: "va-2",
        status: "rejected",
        commissionPercentage: "12.5",
        reviewNotes: "Photos of the workshop, please.",
      }),
    );
  });

  it("shows a commission the server refuses under its field", async () => {
    renderPanel({
      "vendors.applications": () => ({ applications: [application()], counts: { pending: 1, approved: 0, rejected: 0 } }),
      "vendors.pendingProducts": () => [],
    });
    const card = await screen.findByRole("article", { name: "Vendor application from Bonwire Kente Weavers" });
    const user = userEvent.setup({ delay: null });
    await user.clear(within(card).getByLabelText(/^Commission/));
    await user.type(within(card).getByLabelText(/^Commission/), "150");
    await user.click(within(card).getByRole("button", { name: "Approve" }));
    expect(await within(card).findByText("The commission is at most 100%")).toBeInTheDocument();
  });

  it("lists the vendors' products awaiting their first approval, and approves one", async () => {
    let queue = [pendingProduct(), pendingProduct({ id: "p-2", name: "Talking Drum" })];
    const approved: string[] = [];
    renderPanel({
      "vendors.applications": () => ({ applications: [], counts: { pending: 0, approved: 0, rejected: 0 } }),
      "vendors.pendingProducts": () => queue,
      "vendors.approveProduct": ({ id }) => {
        approved.push(id);
        queue = queue.filter((p) => p.id !== id);
        return { id, name: "Kente Stole", approvedAt: new Date() };
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("tab", { name: "Products awaiting approval (2)" }));
    const card = await screen.findByRole("article", { name: "Kente Stole by Bonwire Kente Weavers" });
    expect(within(card).getByText("$45.50")).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "Approve product" }));
    await waitFor(() => expect(approved).toEqual(["p-1"]));
    expect(await screen.findByRole("tab", { name: "Products awaiting approval (1)" })).toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "Kente Stole by Bonwire Kente Weavers" })).not.toBeInTheDocument();
  });
});
