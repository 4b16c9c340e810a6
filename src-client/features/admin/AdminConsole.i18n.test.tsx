import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { server, trpcHandlers } from "../../test/msw";
import { bypassing, pseudo } from "../../test/pseudo";
import { renderApp } from "../../test/render";
import { createI18n } from "../../lib/i18n";
import type { RouterOutputs } from "../../trpc";
import type { Order } from "./types";

/** The admin console in French and in the pseudo-language (issue #45): every tab, and an order's page. */

type Application = RouterOutputs["admin"]["seerApplications"]["applications"][number];
type VendorApplication = RouterOutputs["vendors"]["applications"]["applications"][number];
type Dispute = RouterOutputs["bookings"]["disputes"][number];

const application = (id: string, status: Application["status"]): Application => ({
  id,
  userId: `user-${id}`,
  fullName: "Mawuena Agbodjan",
  country: "Benin",
  contactEmail: "mawuena@example.com",
  contactPhone: "+229 97 00 00 00",
  tradition: "Vodun",
  lineageInfo: "Initiated in Ouidah.",
  yearsOfPractice: 9,
  specializations: ["Divination"],
  biography: "A hounon who serves her community.",
  ethicsStatement: "I keep confidences.",
  idDocumentUrl: "/api/uploads/00000000-0000-4000-8000-000000000001",
  status,
  reviewNotes: status === "pending" ? null : "Lineage confirmed by phone.",
  reviewedAt: status === "pending" ? null : new Date("2026-11-01T10:00:00Z"),
  createdAt: new Date("2026-10-30T10:00:00Z"),
});

const vendorApplication: VendorApplication = {
  id: "va-1",
  userId: "u-1",
  businessName: "Bonwire Kente Weavers",
  contactEmail: "kwame@example.com",
  contactPhone: "+233 24 000 0000",
  businessAddress: "Bonwire, Ashanti Region",
  country: "Ghana",
  description: "Kente woven by three generations.",
  productTypes: ["Textiles"],
  taxId: "GH-TIN-0042",
  businessRegistrationDoc: "/api/uploads/3f2b0c1e-1234-4abc-8def-0123456789ab",
  status: "pending",
  reviewNotes: null,
  reviewedAt: null,
  createdAt: new Date("2026-11-20T10:00:00Z"),
  payout: "MTN Mobile Money •••• 3456 (TEST ACCOUNT 3456)",
};

const dispute: Dispute = {
  id: "d-1",
  bookingId: "b-1",
  reason: "call_failed",
  text: "The video froze after ten minutes.",
  status: "open",
  seerAnswer: null,
  seerAnsweredAt: null,
  refundAmount: null,
  decisionReason: null,
  decidedAt: null,
  createdAt: new Date("2026-11-22T12:00:00Z"),
  sessionType: "60min",
  startsAt: new Date("2026-11-22T10:00:00Z"),
  endsAt: new Date("2026-11-22T11:00:00Z"),
  amount: "80.00",
  seerName: "Nana Akosua Boateng",
  clientEmail: "ama@example.com",
  clientName: "Ama Mensah",
  refundedAmount: "0.00",
  refundable: "80.00",
  attendance: [{ role: "client", joinedAt: new Date("2026-11-22T10:00:00Z"), leftAt: new Date("2026-11-22T10:12:00Z") }],
};

const order: Order = {
  id: "o-1",
  userId: "u-shopper",
  orderNumber: "ORD-2026-0001",
  items: [
    { productId: "pr1", productName: "Calabash Bowl", quantity: 2, price: "24.00" },
    { productId: "pr2", productName: "Kente Stole", quantity: 1, price: "45.50", vendorId: "v-1", commission: "15.00" },
  ],
  subtotal: "93.50",
  shippingCost: "10.00",
  total: "103.50",
  currency: "USD",
  chargeCurrency: "USD",
  chargeAmount: null,
  chargeRate: null,
  shippingName: "Ama Mensah",
  shippingEmail: "ama@example.com",
  shippingPhone: "+233 20 000 0000",
  shippingAddress: "12 Oxford Street\nAccra",
  shippingCountry: "Ghana",
  shippingMethod: "standard",
  status: "shipped",
  paymentProvider: "stripe",
  stripePaymentIntentId: "pi_1",
  localChargeId: null,
  paymentIntentId: "pi_1",
  paymentMetadata: null,
  reservationExpiresAt: null,
  paidAt: new Date("2026-11-20T10:05:00Z"),
  shippedAt: new Date("2026-11-21T09:00:00Z"),
  deliveredAt: null,
  refundedAmount: "24.00",
  trackingNumber: "AB123",
  trackingCarrier: "DHL",
  trackingLink: null,
  estimatedDelivery: null,
  createdAt: new Date("2026-11-20T10:00:00Z"),
  updatedAt: new Date("2026-11-21T09:00:00Z"),
  trackingUrl: "https://www.dhl.com/track?AB123",
  lines: [
    { productId: "pr1", productName: "Calabash Bowl", quantity: 2, price: "24.00", refundedQuantity: 1 },
    { productId: "pr2", productName: "Kente Stole", quantity: 1, price: "45.50", vendorId: "v-1", refundedQuantity: 0 },
  ],
  history: [
    { id: "h1", kind: "shipped", data: { carrier: "DHL", trackingNumber: "AB123" }, at: new Date("2026-11-21T09:00:00Z"), by: "Kofi Admin" },
    { id: "h2", kind: "refund", data: { amount: "24.00", reason: "Cracked" }, at: new Date("2026-11-21T10:00:00Z"), by: "Kofi Admin" },
  ],
  parts: [
    {
      vendorId: "v-1",
      businessName: "Bonwire Kente Weavers",
      productIds: ["pr2"],
      shipment: {
        carrier: "UPS",
        trackingNumber: "1Z999",
        trackingUrl: "https://www.ups.com/track?1Z999",
        shippedAt: new Date("2026-11-21T08:00:00Z"),
        deliveredAt: null,
      },
    },
  ],
  return: {
    status: "requested",
    reason: "One bowl arrived cracked.",
    decisionNote: null,
    decidedAt: null,
    receivedAt: null,
    createdAt: new Date("2026-11-22T10:00:00Z"),
    lines: [{ productId: "pr1", quantity: 1 }],
    photoUrls: ["/api/uploads/photo-1"],
    decidedBy: null,
  },
};

function asAdmin() {
  server.use(
    ...trpcHandlers({
      "account.me": () => ({
        id: "u-admin",
        email: "admin@example.com",
        firstName: "Kofi",
        lastName: "Admin",
        profileImageUrl: null,
        role: "admin",
        emailVerified: true,
        secondFactor: true,
      }),
      "cart.list": () => [],
      "admin.analytics": () => ({
        totalRevenue: "1250.05",
        consultationRevenue: "875.55",
        shopRevenue: "374.50",
        paidBookings: 3,
        confirmedBookings: 2,
        completedSessions: 1,
        cancelledBookings: 1,
        refunded: "90.00",
        platformCommission: "25.01",
        seerEarnings: "100.04",
        held: "0.00",
        activeProducts: 7,
        totalSeers: 4,
        pendingApplications: 1,
        totalBookings: 1234,
        monthly: [
          {
            month: "2026-11",
            revenue: "25.00",
            consultations: "-2.50",
            shop: "27.50",
            platformFees: "5.01",
            seerShares: "20.04",
            consultationRefunds: "85.00",
            shopRefunds: "10.00",
            bookings: 1,
          },
        ],
      }),
      "payouts.summary": () => ({
        consultationCharges: 12505,
        consultationRefunds: 9000,
        platformFees: 701,
        seerShares: 2804,
        paidToSeers: 2000,
        owedToSeers: 804,
        held: 0,
        shopSales: 4850,
        shopRefunds: 1000,
        payoutFees: 7,
        byCurrency: [{ currency: "GHS", takenLocal: 64890, taken: 4500, paidOutLocal: 92288, paidOut: 6400 }],
      }),
      "admin.seerApplications": (input) => ({
        applications: [application(`${input?.status ?? "pending"}-1`, input?.status ?? "pending")],
        counts: { pending: 1, approved: 1, rejected: 1 },
      }),
      "vendors.applications": () => ({ applications: [vendorApplication], counts: { pending: 1, approved: 0, rejected: 0 } }),
      "vendors.pendingProducts": () => [],
      "admin.bookings": () => ({
        bookings: [
          {
            id: "b1",
            status: "confirmed",
            sessionType: "30min",
            amount: "45.00",
            refundedAmount: "0.00",
            scheduledDate: "2026-12-01",
            scheduledTime: "10:00",
            platformFee: "9.00",
            seerEarnings: "36.00",
            notes: "First consultation",
            createdAt: new Date("2026-11-20T10:00:00Z"),
          },
        ],
        total: 25,
      }),
      "admin.products": () => [
        {
          id: "pr1",
          name: "Calabash Bowl",
          description: "Hand-carved.",
          price: "24.00",
          currency: "USD",
          imageUrl: null,
          stockQuantity: 10,
          isActive: true,
        },
      ],
      "orders.lowStock": () => [{ id: "pr1", name: "Calabash Bowl", stockQuantity: 1, lowStockThreshold: 2 }],
      "orders.list": () => ({
        items: [
          {
            id: "o-1",
            orderNumber: "ORD-2026-0001",
            createdAt: new Date("2026-11-20T10:00:00Z"),
            shippingName: "Ama Mensah",
            shippingEmail: "ama@example.com",
            total: "103.50",
            refundedAmount: "24.00",
            status: "shipped",
            itemCount: 3,
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
      "orders.detail": () => order,
      "payouts.list": () => [
        {
          id: "lp_1",
          seerId: "seer_1",
          seerName: "Ama Mensah",
          rail: "paystack",
          status: "failed",
          amount: 6400,
          localAmount: 922_88,
          currency: "GHS",
          rate: "14.420000",
          fee: null,
          providerId: null,
          message: "The mobile money wallet is not active",
          attempts: 3,
          retriedAt: null,
          createdAt: new Date("2026-11-22T10:00:00Z"),
          updatedAt: new Date("2026-11-22T10:05:00Z"),
          country: "GH",
          destination: "MTN Mobile Money •••• 1234",
        },
      ],
      "bookings.disputes": () => [dispute],
      "messages.reported": () => [
        { bookingId: "b-9", reports: 2, lastReportedAt: new Date("2026-11-23T08:00:00Z"), reasons: ["Rude"] },
      ],
      "contact.list": () => [
        {
          id: "m1",
          name: "Kofi Boateng",
          email: "kofi@example.com",
          subject: "Moving my session",
          message: "Can I move my session to next week?",
          status: "new",
          createdAt: new Date("2026-11-20T10:00:00Z"),
          handledAt: null,
        },
      ],
      "admin.auditLog": () => [
        {
          id: "audit_1",
          createdAt: new Date("2026-11-22T10:00:00Z"),
          actorId: "admin_1",
          actorEmail: "ama.admin@example.com",
          action: "orders.ship",
          targetKind: "order",
          targetId: "order_1",
          change: { orderId: "order_1", before: { status: "paid" }, after: { status: "shipped" } },
          requestId: "req-1",
        },
      ],
    }),
  );
}

const TABS = [/Applications/, /Vendors/, /Bookings/, /Orders/, /Products/, /Payouts/, /Disputes/, /Inbox/, /Audit log/];

/**
 * What the console shows that is not its own words: what people and the server wrote (names, e-mails, notes, claims,
 * the provider's messages, the audit's change summaries and record kinds), money, counts, dates and times, order
 * numbers, countries and carriers; and the charts' caption and months, drawn by the shared MonthlyCharts (not the
 * admin's alone: the Seer's dashboard has them too).
 */
const NOT_ITS_WORDS = new RegExp(
  [
    String.raw`-?[A-Z]*\$[\d,.]+|GH₵[\d,.]+|GH₵[\d,.]+ \(\$[\d,.]+\)|[\d.,%-]+|\d\d:\d\d|[A-Z][a-z]{2} \d+, \d{4}|[A-Z][a-z]+ \d+, \d{4}`,
    String.raw`[A-Z][a-z]{2} \d+, \d{4}, \d+:\d\d [AP]M|\d{4}-\d\d-\d\d( \d\d:\d\d UTC)?|[A-Z][a-z]{2} \d{4}|Last 12 months:( .*)?`,
    String.raw`Mawuena Agbodjan|mawuena@example\.com|\+229 97 00 00 00|Benin|Vodun|Divination|Initiated in Ouidah\.`,
    String.raw`A hounon who serves her community\.|I keep confidences\.|Lineage confirmed by phone\.`,
    String.raw`Bonwire Kente Weavers|kwame@example\.com|\+233 24 000 0000|Ghana|GH-TIN-0042|Bonwire, Ashanti Region`,
    String.raw`Textiles|Kente woven by three generations\.|MTN Mobile Money •••• (3456 \(TEST ACCOUNT 3456\)|1234)`,
    String.raw`First consultation|Calabash Bowl|Hand-carved\.|ORD-2026-0001|Ama Mensah|ama@example\.com|Paystack|Flutterwave`,
    String.raw`GH|NG|KE|ZA|CI|SN|BJ|BF|ML|NE|TG|GW|CM|GA|CG|TD|CF|GQ|The mobile money wallet is not active`,
    String.raw`The video froze after ten minutes\.|Kofi Boateng|kofi@example\.com|Moving my session|<|>|·|> ·|\*`,
    String.raw`Can I move my session to next week\?|ama\.admin@example\.com|order|order_1|status: paid → shipped`,
  ]
    .map((part) => `^(${part})$`)
    .join("|"),
);

/** The page without the header, which its own area translates. */
function consoleParts(): HTMLElement {
  const copy = document.body.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll("header")) element.remove();
  return copy;
}

describe("/admin in the pseudo-language (issue #45)", () => {
  it("draws every text of its own, on each tab, from the catalog", async () => {
    asAdmin();
    const user = userEvent.setup();
    renderApp("/admin", pseudo);
    await screen.findByRole("heading", { level: 1, name: /⟦Admin Dashboard⟧/ });
    await screen.findByText(/⟦Money by the Ledger⟧/);
    const found = new Set(bypassing(consoleParts(), NOT_ITS_WORDS));
    for (const tab of TABS) {
      await user.click(screen.getByRole("tab", { name: tab }));
      await screen.findAllByRole("tabpanel");
      // Every loader of the console is labelled "Loading …": the tab is drawn once none is left.
      await waitFor(() => expect(document.querySelector('[aria-label^="⟦Loading"]')).toBeNull());
      for (const text of bypassing(consoleParts(), NOT_ITS_WORDS)) found.add(text);
    }
    expect([...found]).toEqual([]);
  }, 120_000);

  it("draws an order's page from the catalog", async () => {
    asAdmin();
    renderApp("/admin/orders/o-1", pseudo);
    await screen.findByRole("heading", { level: 1, name: /ORD-2026-0001/ });
    await screen.findByText(/⟦Vendors' parts⟧/);
    const ignore = new RegExp(
      [
        NOT_ITS_WORDS.source,
        String.raw`^(Kente Stole|Kofi Admin|Cracked|12 Oxford Street\nAccra|\+233 20 000 0000|DHL AB123|AB123|\(DHL AB123\)|One bowl arrived cracked\.)$`,
      ].join("|"),
    );
    expect(bypassing(consoleParts(), ignore)).toEqual([]);
  }, 60_000);
});

describe("/admin in French (issue #45)", () => {
  // The app's language and its format language, as main.tsx sets them for a French page.
  const french = () => {
    setFormatLocale("fr");
    return createI18n("fr", { ...frenchPublic, ...frenchApp });
  };
  afterEach(() => setFormatLocale("en"));
  // Testing Library reads every space as a plain one: the French no-break spaces match " ".

  it("draws the tabs, the figures, the bookings, the payouts and the audit log in French", async () => {
    asAdmin();
    const user = userEvent.setup();
    renderApp("/fr/admin", french());
    expect(await screen.findByRole("heading", { level: 1, name: "Tableau de bord d’administration" })).toBeInTheDocument();
    for (const name of ["Statistiques", /^Candidatures/, "Vendeurs", "Réservations", "Commandes", "Versements", "Litiges"]) {
      expect(screen.getByRole("tab", { name })).toBeInTheDocument();
    }
    expect(await screen.findByText("Chiffre d’affaires total")).toBeInTheDocument();
    expect(screen.getByText("1 250,05 $")).toBeInTheDocument();
    expect(screen.getByText("3 réservations payées")).toBeInTheDocument();
    expect(screen.getByText("80 % pour les Seers")).toBeInTheDocument();
    expect(screen.getByText("1 234")).toBeInTheDocument();
    expect(await screen.findByText("L’argent selon le grand livre")).toBeInTheDocument();
    // The charts' captions and months, in French (the shared MonthlyCharts).
    expect((await screen.findAllByText(/^12 derniers mois : /, {}, { timeout: 10_000 })).length).toBeGreaterThan(0);

    await user.click(screen.getByRole("tab", { name: "Réservations" }));
    expect(await screen.findByText("Réservations affichées : 1 sur 25")).toBeInTheDocument();
    expect(screen.getByText("confirmée")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Annuler la réservation du 2026-12-01 à 10:00" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: /^Candidatures/ }));
    const card = await screen.findByRole("article", { name: "Candidature de Mawuena Agbodjan" });
    expect(within(card).getByText("9 ans")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Approuver" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "En attente (1)" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Versements" }));
    const payouts = await screen.findByRole("table", { name: "Versements locaux" });
    expect(within(payouts).getByText("Échoué")).toBeInTheDocument();
    expect(within(payouts).getByRole("button", { name: "Réessayer" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Litiges" }));
    expect(await screen.findByText("L’appel n’a pas fonctionné")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Verser au Seer" })).toBeInTheDocument();
    expect(screen.getByText(/^2 signalements, le dernier le 2026-11-23 08:00 UTC : Rude\./)).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Journal d’audit" }));
    const log = await screen.findByRole("table", { name: "Journal d’audit" });
    expect(within(log).getByText("Expédier une commande")).toBeInTheDocument();
    expect(within(log).getByRole("columnheader", { name: "Modification" })).toBeInTheDocument();
  }, 120_000);

  it("draws an order's page in French", async () => {
    asAdmin();
    renderApp("/fr/admin/orders/o-1", french());
    expect(await screen.findByRole("heading", { level: 1, name: "Commande ORD-2026-0001" })).toBeInTheDocument();
    expect(screen.getByText("Expédiée")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Marquer comme livrée" })).toBeInTheDocument();
    expect(screen.getByText("Livraison standard (10 $) : 10,00 $")).toBeInTheDocument();
    expect(screen.getByText("Total 103,50 $")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accepter le retour" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Parts des vendeurs" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Marquer la part de Bonwire Kente Weavers comme livrée" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Paiement et historique" })).toBeInTheDocument();
  }, 60_000);
});
