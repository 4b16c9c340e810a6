import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n } from "../../lib/i18n";
import { server, trpcHandlers } from "../../test/msw";
import { bypassing, pseudo } from "../../test/pseudo";
import { renderApp } from "../../test/render";
import type { RouterOutputs } from "../../trpc";

type Mine = RouterOutputs["vendors"]["mine"];
type Product = RouterOutputs["vendors"]["products"][number];
type VendorOrder = RouterOutputs["vendors"]["orders"][number];

const client = {
  id: "u-1",
  email: "kwame@example.com",
  firstName: "Kwame",
  lastName: "Boateng",
  profileImageUrl: null,
  role: "client" as const,
  emailVerified: true,
  secondFactor: false,
};
const vendor = { id: "v-1", businessName: "Bonwire Kente Weavers", commissionPercentage: "15.00" };
const product = (extra: Partial<Product> = {}): Product => ({
  id: "p-1",
  name: "Kente Stole",
  slug: "kente-stole-ab12",
  description: "A stole in the Adweneasa pattern.",
  price: "45.50",
  stockQuantity: 1,
  lowStockThreshold: 2,
  categoryId: null,
  origin: "Ghana",
  imageUrl: null,
  isActive: true,
  approvedAt: null,
  createdAt: new Date("2026-11-20T10:00:00Z"),
  ...extra,
});
const shipment = {
  carrier: "DHL",
  trackingNumber: "JD0002",
  shippedAt: new Date("2026-11-21T10:00:00Z"),
  deliveredAt: new Date("2026-11-23T10:00:00Z"),
  trackingUrl: "https://www.dhl.com/track?id=JD0002",
};
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
const orders = [
  order(),
  order({
    id: "o-2",
    orderNumber: "ORD-2",
    status: "delivered",
    shippingMethod: "express",
    shipment,
    return: { status: "accepted", reason: "The stole is torn.", lines: [{ productName: "Kente Stole", quantity: 1 }] },
  }),
];
const money = { commissionPercentage: "15.00", sales: 9100, commission: 1365, refunds: 0, paidOut: 0, onHold: 7735 };

function signedIn(mine: Mine = { application: null, vendor: null }) {
  server.use(
    ...trpcHandlers({
      "account.me": () => client,
      "cart.list": () => [],
      "vendors.mine": () => mine,
      "vendors.payoutOptions": ({ kind }) =>
        kind === "mobile_money" ? [{ code: "MTN", name: "MTN Mobile Money" }] : [{ code: "058", name: "Guaranty Trust Bank" }],
      "vendors.payoutName": () => ({ accountName: "TEST ACCOUNT 3456" }),
      "vendors.products": () => [
        product(),
        product({ id: "p-2", name: "Adinkra Cloth", approvedAt: new Date(), stockQuantity: 9 }),
      ],
      "vendors.orders": () => orders,
      "vendors.money": () => money,
      "shop.categories": () => [{ id: "c-1", name: "Textiles", slug: "textiles" }],
    }),
  );
}

// The app's language and its format language, as main.tsx sets them for a French page.
const french = () => {
  setFormatLocale("fr");
  return createI18n("fr", { ...frenchPublic, ...frenchApp });
};

describe("the vendor screens in French (issue #45)", () => {
  beforeEach(() => notifications.clean());
  afterEach(() => setFormatLocale("en"));
  // Testing Library reads every space as a plain one: the French no-break spaces match " ".

  it("draws the vendor application and its payout details in French", async () => {
    signedIn();
    const user = userEvent.setup({ delay: null });
    renderApp("/fr/become-vendor", french());
    const form = await screen.findByRole("form", { name: "Candidature de vendeur" });
    expect(screen.getByRole("heading", { level: 1, name: "Devenir vendeur" })).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Nom de l’entreprise/)).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Types de produits/)).toBeInTheDocument();
    expect(within(form).getByText("Indiquez votre pays ci-dessus pour choisir comment vous êtes payé.")).toBeInTheDocument();
    await user.click(within(form).getByLabelText(/^Pays/));
    await user.paste("Ghana");
    expect(await within(form).findByRole("heading", { name: "Coordonnées de versement" })).toBeInTheDocument();
    await user.type(await within(form).findByLabelText(/^Numéro mobile money/), "0244123456");
    await user.click(within(form).getByRole("button", { name: "Envoyer la candidature" }));
    expect(await within(form).findByText("Vérifiez d’abord le nom du titulaire du compte.")).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole("option", { name: "MTN Mobile Money" })).toBeInTheDocument());
    await user.selectOptions(within(form).getByRole("combobox", { name: "Réseau" }), "MTN");
    await user.click(within(form).getByRole("button", { name: "Vérifier le nom" }));
    expect(await within(form).findByText("Titulaire du compte : TEST ACCOUNT 3456")).toBeInTheDocument();
    expect(within(form).getByRole("checkbox", { name: "C’est mon compte" })).toBeInTheDocument();
  });

  it("tells an approved vendor their commission with a decimal comma", async () => {
    signedIn({ application: { id: "va-1", status: "approved", createdAt: new Date() }, vendor });
    renderApp("/fr/become-vendor", french());
    expect(
      await screen.findByText("Bonwire Kente Weavers est un vendeur agréé, avec une commission de 15,00 % sur chaque vente."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tableau de bord vendeur" })).toHaveAttribute("href", "/fr/vendor");
  });

  it("draws the dashboard's products, orders and money in French", async () => {
    signedIn({ application: null, vendor });
    const user = userEvent.setup({ delay: null });
    renderApp("/fr/vendor", french());
    expect(await screen.findByRole("heading", { level: 1, name: "Tableau de bord vendeur" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Vos produits" });
    expect(within(table).getByRole("columnheader", { name: "État" })).toBeInTheDocument();
    expect(within(table).getByText("En attente d’approbation")).toBeInTheDocument();
    expect(within(table).getByText("Stock bas")).toBeInTheDocument();
    expect(within(table).getAllByText("45,50 $")).toHaveLength(2);
    await user.click(screen.getByRole("button", { name: "Nouveau produit" }));
    const form = await screen.findByRole("form", { name: "Nouveau produit" });
    expect(within(form).getByRole("combobox", { name: "Catégorie" })).toHaveTextContent("Aucune catégorie");
    expect(within(form).getByRole("checkbox", { name: "Actif (affiché au Marché sacré une fois approuvé)" })).toBeChecked();
    await user.click(within(form).getByRole("button", { name: "Retour" }));

    await user.click(screen.getByRole("tab", { name: "Commandes" }));
    const card = await screen.findByRole("article", { name: "Commande ORD-20261120-0001" });
    expect(within(card).getByText("2 x Kente Stole (45,50 $ l’unité)")).toBeInTheDocument();
    expect(within(card).getByText("Livraison standard (10 $)")).toBeInTheDocument();
    expect(within(card).getByText("À expédier")).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: /^Marquer comme expédiée\s:\sORD-20261120-0001$/ }));
    expect(await screen.findByRole("dialog", { name: "Expédier votre part de ORD-20261120-0001" })).toBeInTheDocument();
    const delivered = screen.getByRole("article", { name: "Commande ORD-2" });
    expect(within(delivered).getByText("Livrée", { exact: true })).toBeInTheDocument();
    expect(within(delivered).getByText(/^Expédiée le .+ par DHL,/)).toBeInTheDocument();
    expect(within(delivered).getByTestId("vendor-return")).toHaveTextContent(
      "RetourAccepté, en cours de retour : 1 x Kente StoleMotif : The stole is torn.",
    );

    await user.click(screen.getByRole("tab", { name: "Finances" }));
    expect(await screen.findByText("15,00 % de chaque vente, moins les remboursements")).toBeInTheDocument();
    expect(screen.getByText("91,00 $")).toBeInTheDocument();
  });

  it("tells someone who is not a vendor so, in French", async () => {
    signedIn();
    renderApp("/fr/vendor", french());
    expect(await screen.findByText("Cette page est réservée aux vendeurs agréés.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Devenir vendeur" })).toHaveAttribute("href", "/fr/become-vendor");
  });
});

/**
 * What the vendor screens show that is not their own words: what the vendor and the shopper wrote, money, counts and
 * dates, the provider's names, a required field's mark; and the ship form's fields, which the admins' area translates.
 */
const NOT_ITS_WORDS = new RegExp(
  [
    String.raw`Bonwire Kente Weavers|Ghana|Kente Stole|Adinkra Cloth|ORD-[\d-]+|Ama Mensah[\s\S]*Ghana`,
    String.raw`DHL|JD0002|The stole is torn\.|TEST ACCOUNT 3456|MTN Mobile Money|Textiles|\*`,
    String.raw`-?\$[\d,.]+|[\d.,%-]+|\w+ \d+, \d{4}|Carrier|DHL|FedEx|USPS|Ghana Post|Other|Tracking number|Tracking link|Back`,
  ]
    .map((part) => `^(${part})$`)
    .join("|"),
);

/** The page without the header and footer, which the public catalog's own tests cover; dialogs included. */
function ownParts(): HTMLElement {
  const copy = document.body.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll("header, footer")) element.remove();
  return copy;
}

describe("the vendor screens in the pseudo-language (issue #45)", () => {
  beforeEach(() => notifications.clean());

  it("draws the vendor application, its payout details and where it stands from the catalog", async () => {
    signedIn();
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderApp("/become-vendor", pseudo);
    const form = await screen.findByRole("form", { name: /⟦Vendor application⟧/ });
    const found = new Set(bypassing(ownParts(), NOT_ITS_WORDS));
    await user.click(within(form).getByLabelText(/Country/));
    await user.paste("Ghana");
    await user.type(within(form).getByLabelText(/Product Types/), "Textiles{Enter}");
    await waitFor(() => expect(within(form).getByRole("option", { name: "MTN Mobile Money" })).toBeInTheDocument());
    await user.selectOptions(within(form).getByRole("combobox", { name: /Network/ }), "MTN");
    await user.type(within(form).getByLabelText(/Mobile money number/), "0244123456");
    await user.click(within(form).getByRole("button", { name: /Check name/ }));
    await within(form).findByText(/TEST ACCOUNT 3456/);
    for (const text of bypassing(ownParts(), NOT_ITS_WORDS)) found.add(text);
    unmount();

    signedIn({ application: { id: "va-1", status: "pending", createdAt: new Date("2026-11-20T10:00:00Z") }, vendor: null });
    const pending = renderApp("/become-vendor", pseudo);
    await screen.findByText(/Application under review/);
    for (const text of bypassing(ownParts(), NOT_ITS_WORDS)) found.add(text);
    pending.unmount();

    signedIn({ application: { id: "va-1", status: "approved", createdAt: new Date() }, vendor });
    renderApp("/become-vendor", pseudo);
    await screen.findByText(/You sell in the Sacred Market/);
    for (const text of bypassing(ownParts(), NOT_ITS_WORDS)) found.add(text);
    expect([...found]).toEqual([]);
  });

  it("draws every tab of the dashboard, the product form and the ship form's title from the catalog", async () => {
    signedIn({ application: null, vendor });
    const user = userEvent.setup({ delay: null });
    renderApp("/vendor", pseudo);
    await screen.findByRole("table", { name: /Your products/ });
    await user.click(screen.getByRole("button", { name: /New product/ }));
    await screen.findByRole("form", { name: /New product/ });
    const found = new Set(bypassing(ownParts(), NOT_ITS_WORDS));
    await user.click(screen.getByRole("button", { name: /Back/ }));
    await user.click(screen.getByRole("tab", { name: /Orders/ }));
    await user.click(await screen.findByRole("button", { name: /Mark shipped.*ORD-20261120-0001/ }));
    const dialog = await screen.findByRole("dialog", { name: /Ship your part/ });
    for (const text of bypassing(ownParts(), NOT_ITS_WORDS)) found.add(text);
    await user.click(within(dialog).getByRole("button", { name: /Back/ }));
    await user.click(screen.getByRole("tab", { name: /Money/ }));
    await screen.findByText(/Transfers less reversals/);
    for (const text of bypassing(ownParts(), NOT_ITS_WORDS)) found.add(text);
    expect([...found]).toEqual([]);
  });
});
