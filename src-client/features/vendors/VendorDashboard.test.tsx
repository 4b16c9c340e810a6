import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../providers";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { createQueryClient, createTrpcClient, type RouterInputs, type RouterOutputs } from "../../trpc";
import type { VendorTab } from "./tabs";
import { VendorDashboard } from "./VendorDashboard";

type Product = RouterOutputs["vendors"]["products"][number];
type VendorOrder = RouterOutputs["vendors"]["orders"][number];

const IMAGE_URL = "/api/uploads/6a1d3f0e-1234-4abc-8def-0123456789ab";
const vendor = { id: "v-1", businessName: "Bonwire Kente Weavers", commissionPercentage: "15.00" };
const product = (extra: Partial<Product> = {}): Product => ({
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
  createdAt: new Date("2026-11-20T10:00:00Z"),
  ...extra,
});
const order = (extra: Partial<VendorOrder> = {}): VendorOrder => ({
  id: "o-1",
  orderNumber: "ORD-20261120-0001",
  status: "paid",
  paidAt: new Date("2026-11-20T10:00:00Z"),
  shippingName: "Ama Mensah",
  shippingPhone: "+233 20 000 0000",
  shippingAddress: "12 Palm Street\nAccra",
  shippingCountry: "Ghana",
  shippingMethod: "standard",
  shipment: null,
  lines: [{ productId: "p-1", productName: "Kente Stole", quantity: 2, price: "45.50" }],
  return: null,
  ...extra,
});

function Dashboard({ first }: { first: VendorTab }) {
  const [tab, setTab] = useState<VendorTab>(first);
  return <VendorDashboard tab={tab} onTab={setTab} />;
}

function renderDashboard(handlers: Parameters<typeof trpcHandlers>[0], first: VendorTab = "products") {
  server.use(
    ...trpcHandlers({
      "vendors.mine": () => ({ application: null, vendor }),
      "shop.categories": () => [{ id: "c-1", name: "Textiles", slug: "textiles" }],
      ...handlers,
    }),
  );
  render(
    <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
      <Dashboard first={first} />
    </AppProviders>,
  );
}

describe("the vendor dashboard", () => {
  it("tells someone who is not a vendor so, with the way to apply", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => ({
          id: "u-1",
          email: "esi@example.com",
          firstName: "Esi",
          lastName: "Tester",
          profileImageUrl: null,
          role: "client" as const,
          emailVerified: true,
          secondFactor: false,
        }),
        "cart.list": () => [],
        "vendors.mine": () => ({ application: null, vendor: null }),
      }),
    );
    renderApp("/vendor");
    expect(await screen.findByText("This is only accessible to approved vendors.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Become a vendor" })).toHaveAttribute("href", "/become-vendor");
  });

  it("lists the vendor's products with their state, adds one and edits one", async () => {
    let products = [
      product(),
      product({ id: "p-2", name: "Adinkra Cloth", approvedAt: new Date(), stockQuantity: 1 }),
      product({ id: "p-3", name: "Old Drum", approvedAt: new Date(), isActive: false }),
    ];
    const created: RouterInputs["vendors"]["createProduct"][] = [];
    const updated: RouterInputs["vendors"]["updateProduct"][] = [];
    server.use(http.post(`${TEST_ORIGIN}/api/upload/product-image`, () => HttpResponse.json({ url: IMAGE_URL })));
    renderDashboard({
      "vendors.products": () => products,
      "vendors.createProduct": (input) => {
        created.push(input);
        const row = product({ id: "p-4", name: input.name, price: "30.00" });
        products = [row, ...products];
        return row;
      },
      "vendors.updateProduct": (input) => {
        updated.push(input);
        return products[0] ?? product();
      },
    });
    const table = await screen.findByRole("table", { name: "Your products" });
    const rowOf = (name: string) => within(table).getByRole("row", { name: new RegExp(name) });
    expect(within(rowOf("Kente Stole")).getByText("Awaiting approval")).toBeInTheDocument();
    expect(within(rowOf("Adinkra Cloth")).getByText("Listed")).toBeInTheDocument();
    expect(within(rowOf("Adinkra Cloth")).getByText("Low stock")).toBeInTheDocument();
    expect(within(rowOf("Old Drum")).getByText("Inactive")).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "New product" }));
    const form = await screen.findByRole("form", { name: "New product" });
    await user.click(within(form).getByRole("button", { name: "Add product" }));
    expect(await within(form).findByText("Name is required")).toBeInTheDocument();
    expect(created).toHaveLength(0);
    await user.type(within(form).getByLabelText(/^Name/), "Talking Drum");
    await user.type(within(form).getByLabelText(/^Description/), "Carved in Kumasi.");
    await user.type(within(form).getByLabelText(/^Price/), "30");
    await user.clear(within(form).getByLabelText(/^Stock/));
    await user.type(within(form).getByLabelText(/^Stock/), "4");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Category" }), "c-1");
    await user.upload(within(form).getByLabelText(/^Image/), new File(["png"], "drum.png", { type: "image/png" }));
    expect(await within(form).findByText("Uploaded: drum.png")).toBeInTheDocument();
    expect(within(form).getByRole("img", { name: "The product's image" })).toHaveAttribute("src", IMAGE_URL);
    await user.click(within(form).getByRole("button", { name: "Add product" }));
    expect(await screen.findByText("Talking Drum is listed once our team has approved it.")).toBeInTheDocument();
    expect(created).toEqual([
      expect.objectContaining({
        name: "Talking Drum",
        price: "30.00",
        stockQuantity: 4,
        lowStockThreshold: 5,
        categoryId: "c-1",
      }),
    ]);
    expect(await within(table).findByRole("row", { name: /Talking Drum/ })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Edit Kente Stole" }));
    const edit = await screen.findByRole("form", { name: "Edit Kente Stole" });
    expect(within(edit).getByLabelText(/^Price/)).toHaveValue("45.50");
    await user.click(within(edit).getByRole("checkbox", { name: /^Active/ }));
    await user.click(within(edit).getByRole("button", { name: "Save product" }));
    await waitFor(() => expect(updated).toEqual([expect.objectContaining({ id: "p-1", isActive: false, price: "45.50" })]));
  });

  it("shows only the vendor's lines with the buyer's shipping details, and marks their part shipped", async () => {
    let orders = [
      order(),
      order({
        id: "o-2",
        orderNumber: "ORD-2",
        shipment: {
          carrier: "DHL",
          trackingNumber: "JD0001",
          shippedAt: new Date("2026-11-21T10:00:00Z"),
          deliveredAt: null,
          trackingUrl: "https://www.dhl.com/track?id=JD0001",
        },
      }),
    ];
    const shipped: RouterInputs["vendors"]["markShipped"][] = [];
    renderDashboard(
      {
        "vendors.orders": () => orders,
        "vendors.markShipped": (input) => {
          shipped.push(input);
          const done = order({
            shipment: { carrier: "DHL", trackingNumber: input.trackingNumber, shippedAt: new Date(), deliveredAt: null, trackingUrl: null },
          });
          orders = [done, ...orders.slice(1)];
          return done;
        },
      },
      "orders",
    );
    const card = await screen.findByRole("article", { name: "Order ORD-20261120-0001" });
    expect(within(card).getByText("2 x Kente Stole ($45.50 each)")).toBeInTheDocument();
    expect(within(card).getByText(/Ama Mensah/)).toHaveTextContent("12 Palm Street");
    expect(within(card).getByText("To ship")).toBeInTheDocument();
    const other = screen.getByRole("article", { name: "Order ORD-2" });
    expect(within(other).getByRole("link", { name: "JD0001" })).toHaveAttribute("href", "https://www.dhl.com/track?id=JD0001");
    expect(within(other).queryByRole("button", { name: /Mark shipped/ })).not.toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(within(card).getByRole("button", { name: "Mark shipped: ORD-20261120-0001" }));
    const dialog = await screen.findByRole("dialog", { name: "Ship your part of ORD-20261120-0001" });
    await user.type(within(dialog).getByLabelText(/^Tracking number/), "GH12345678");
    await user.click(within(dialog).getByRole("button", { name: "Mark shipped" }));
    await waitFor(() => expect(shipped).toEqual([{ orderId: "o-1", carrier: "DHL", trackingNumber: "GH12345678" }]));
    expect(
      await within(await screen.findByRole("article", { name: "Order ORD-20261120-0001" })).findByText("Shipped"),
    ).toBeInTheDocument();
  });

  it("shows a delivered part and, read-only, the return of the vendor's items", async () => {
    renderDashboard(
      {
        "vendors.orders": () => [
          order({
            status: "delivered",
            shipment: {
              carrier: "DHL",
              trackingNumber: "JD0002",
              shippedAt: new Date("2026-11-21T10:00:00Z"),
              deliveredAt: new Date("2026-11-23T10:00:00Z"),
              trackingUrl: null,
            },
            return: { status: "accepted", reason: "The stole is torn.", lines: [{ productName: "Kente Stole", quantity: 1 }] },
          }),
        ],
      },
      "orders",
    );
    const card = await screen.findByRole("article", { name: "Order ORD-20261120-0001" });
    expect(within(card).getByText("Delivered", { exact: true })).toBeInTheDocument();
    expect(within(card).getByText(/^Delivered Nov/)).toBeInTheDocument();
    expect(within(card).getByTestId("vendor-return")).toHaveTextContent(
      "ReturnAccepted, on its way back: 1 x Kente StoleReason: The stole is torn.",
    );
    expect(within(card).queryByRole("button", { name: /Mark shipped/ })).not.toBeInTheDocument();
  });

  it("shows the money the server summed over the ledger", async () => {
    renderDashboard(
      {
        "vendors.money": () => ({
          commissionPercentage: "15.00",
          sales: 9100,
          commission: 1365,
          refunds: 0,
          paidOut: 0,
          onHold: 7735,
        }),
      },
      "money",
    );
    expect(await screen.findByText("$91.00")).toBeInTheDocument();
    expect(screen.getByText("$13.65")).toBeInTheDocument();
    expect(screen.getByText("$77.35")).toBeInTheDocument();
    expect(screen.getByText("15.00% of each sale, less refunds")).toBeInTheDocument();
  });
});
