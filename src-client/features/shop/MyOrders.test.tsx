import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n, type AppI18n } from "../../lib/i18n";
import { server, trpcHandlers } from "../../test/msw";
import { bypassing, pseudo } from "../../test/pseudo";
import { renderApp } from "../../test/render";
import { signedInUser } from "./testData";
import type { Order } from "./types";

const day = 86_400_000;

/** An order of each state My Orders words: delivered with vendors' parts and a refund, a return accepted, one declined. */
function orders(): Order[] {
  const base: Order = {
    id: "o-1",
    orderNumber: "SM-20261120-K7QX",
    createdAt: new Date("2026-11-20T09:30:00Z"),
    items: [
      { productId: "p-1", productName: "Kente Stole", quantity: 2, price: "30.00" },
      { productId: "p-2", productName: "Raw Shea Butter", quantity: 1, price: "1250.00" },
    ],
    subtotal: "1310.00",
    shippingCost: "10.00",
    total: "1320.00",
    currency: "USD",
    shippingMethod: "standard",
    status: "delivered",
    trackingNumber: "GH-0",
    trackingCarrier: "DHL",
    trackingUrl: "https://www.dhl.com/track?id=GH-0",
    shippedAt: new Date(Date.now() - 3 * day),
    deliveredAt: new Date(Date.now() - day),
    refundedAmount: "12.50",
    returnStatus: null,
    returnNote: null,
    returnLines: null,
    parts: [
      {
        vendorId: "v-1",
        businessName: "Bonwire Kente",
        productIds: ["p-1"],
        shipment: {
          carrier: "DHL",
          trackingNumber: "GH-1",
          trackingUrl: "https://www.dhl.com/track?id=GH-1",
          shippedAt: new Date(Date.now() - 3 * day),
          deliveredAt: new Date(Date.now() - day),
        },
      },
      { vendorId: "v-2", businessName: "Shea Sisters", productIds: ["p-2"], shipment: null },
    ],
  };
  return [
    base,
    {
      ...base,
      id: "o-2",
      orderNumber: "SM-20261101-A1B2",
      status: "shipped",
      deliveredAt: null,
      refundedAmount: "0.00",
      returnStatus: "accepted",
      parts: [],
    },
    {
      ...base,
      id: "o-3",
      orderNumber: "SM-20261001-C3D4",
      status: "pending",
      deliveredAt: null,
      refundedAmount: "0.00",
      returnStatus: "declined",
      returnNote: "The seal was broken.",
      parts: [],
    },
  ];
}

function serve() {
  server.use(
    ...trpcHandlers({
      "account.me": () => signedInUser,
      "cart.list": () => [],
      "account.sessions": () => [],
      "account.secondFactors": () => ({ totp: false, passkeys: 0, recoveryCodesLeft: 0 }),
      "calendars.feed": () => ({
        httpsUrl: "http://localhost:3000/calendar/abc.ics",
        webcalUrl: "webcal://localhost:3000/calendar/abc.ics",
      }),
      "bookings.clientSessions": () => ({ upcoming: [], past: [] }),
      "account.orders": () => orders(),
    }),
  );
}

/** /profile's My Orders, once its orders are in. */
async function myOrders(i18n: AppI18n, url: string): Promise<HTMLElement> {
  serve();
  renderApp(url, i18n);
  await screen.findAllByTestId("order-part");
  return document.querySelector('[aria-labelledby="orders-title"]') as HTMLElement;
}

// What people and carriers wrote (products, businesses, a declined return's reason), numbers, dates and amounts.
const NOT_ITS_WORDS =
  /^(Kente Stole|Raw Shea Butter|Bonwire Kente|Shea Sisters|DHL|GH-\d|The seal was broken\.|SM-[\dA-Z-]+|\$[\d,.]+|\d+|\w{3} \d+, \d{4})$/;

describe("My Orders in the pseudo-language (issue #45)", () => {
  it("draws every text of its own from the catalog", async () => {
    const section = await myOrders(pseudo, "/profile");
    expect(within(section).getByRole("heading", { name: /⟦My Orders⟧/ })).toBeInTheDocument();
    expect(bypassing(section, NOT_ITS_WORDS)).toEqual([]);
  });
});

describe("My Orders in French (issue #45)", () => {
  afterEach(() => setFormatLocale("en"));

  it("draws the orders' states, parts, refunds and returns in French", async () => {
    setFormatLocale("fr");
    const section = await myOrders(createI18n("fr", { ...frenchPublic, ...frenchApp }), "/fr/profile");
    expect(within(section).getByRole("heading", { name: "Mes commandes" })).toBeInTheDocument();
    const [first, second, third] = screen.getAllByTestId("order") as [HTMLElement, HTMLElement, HTMLElement];
    // Testing Library reads every space as a plain one: French's no-break spaces match " ".
    expect(within(first).getByRole("heading", { name: "Commande SM-20261120-K7QX" })).toBeInTheDocument();
    expect(within(first).getByText("Livrée")).toBeInTheDocument();
    expect(within(first).getByText("Kente Stole x 2")).toBeInTheDocument();
    expect(within(first).getByText("1 250,00 $")).toBeInTheDocument();
    expect(within(first).getByText("Remboursé : 12,50 $")).toBeInTheDocument();
    expect(within(first).getByTestId("order-total")).toHaveTextContent("Total 1 320,00 $");
    expect(within(first).getByTestId("order-tracking")).toHaveTextContent("Suivi : DHL GH-0 Suivre le colis");
    const [kente, shea] = within(first).getAllByTestId("order-part") as [HTMLElement, HTMLElement];
    expect(kente).toHaveTextContent(/^De Bonwire KenteLivrée le /);
    expect(within(kente).getByRole("button", { name: "Retourner ces articles" })).toBeInTheDocument();
    expect(shea).toHaveTextContent("En préparation");
    expect(within(first).getByRole("button", { name: "Demander un retour" })).toBeInTheDocument();
    expect(within(second).getByText("Expédiée")).toBeInTheDocument();
    expect(within(second).getByTestId("order-return")).toHaveTextContent(
      "Retour accepté : veuillez envoyer les articles à Sacred Market Returns, 14 Independence Avenue, Accra, Ghana.",
    );
    expect(within(third).getByText("En attente de paiement")).toBeInTheDocument();
    expect(within(third).getByTestId("order-return")).toHaveTextContent("Retour refusé : The seal was broken.");
  });
});
