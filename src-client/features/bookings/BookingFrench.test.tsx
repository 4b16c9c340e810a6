import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messages as french } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n } from "../../lib/i18n";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { signedInClient } from "../../test/users";
import { seerData } from "../seers/testData";

// Issue #45: a francophone client books and pays in French. The page starts with the public catalog only (as the
// server writes it into the page): the wizard's and the success page's texts come from the app's catalog, which
// their routes fetch before drawing.

/** Every French text and format, the app's catalog left to be fetched as in the browser. */
const inFrench = () => createI18n("fr", french);
const NNBSP = "\u202f";

beforeEach(() => {
  notifications.clean();
  window.localStorage.clear();
  // Only Date is faked: "today" is 22 November 2026, 10:30 on the test machine's own clock.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 22, 10, 30));
  // What main.tsx does for a French page: dates and money in French.
  setFormatLocale("fr");
});

afterEach(() => {
  window.localStorage.clear();
  setFormatLocale("en");
  vi.useRealTimers();
});

function signedIn(overrides: Parameters<typeof trpcHandlers>[0] = {}) {
  server.use(
    ...trpcHandlers({
      "account.me": () => signedInClient,
      "cart.list": () => [],
      "seers.byId": ({ id }) => seerData({ id }),
      "bookings.takenSlots": () => ({ taken: [], notOffered: [] }),
      "payments.config": () => ({ provider: "test", publishableKey: null, mobileMoney: true }),
      ...overrides,
    }),
  );
}

describe("/fr/book/{id} in French", () => {
  it("draws the wizard's steps, calendar, review and toasts in French, with French dates and money", async () => {
    signedIn({
      "bookings.createPaymentIntent": () => ({
        clientSecret: "pi_1_secret_x",
        bookingId: "b-1",
        paymentIntentId: "pi_1",
        amount: "45.00",
        currency: "USD" as const,
        chargeAmount: 4500,
      }),
      "payments.confirmTestCard": () => ({ status: "requires_payment_method" as const, message: "Your card was declined." }),
    });
    const user = userEvent.setup();
    renderApp("/fr/book/seer-1", inFrench());
    expect(await screen.findByRole("heading", { level: 1, name: "Réserver une consultation" })).toBeInTheDocument();
    expect(screen.getByText(/Séance de 30 minutes avec Ama Serwaa Owusu/)).toHaveTextContent("45,00 $");
    expect(screen.getByText("Date et heure")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Choisissez une date" })).toBeInTheDocument();
    expect(screen.getByText(/Les heures sont celles de votre fuseau horaire/)).toBeInTheDocument();
    // The calendar's months, days and controls in French.
    expect(screen.getByRole("button", { name: "Mois suivant" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "21 novembre 2026" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Continuer" }));
    expect(await screen.findByText("Sélection requise")).toBeInTheDocument();
    expect(screen.getByText("Veuillez choisir une date et une heure")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "23 novembre 2026" }));
    const slot = async () => within(await screen.findByRole("group", { name: "Créneaux horaires" })).getByRole("button", { name: "10:00" });
    await waitFor(async () => expect(await slot()).toBeEnabled());
    await user.click(await slot());
    await user.click(screen.getByRole("button", { name: "Continuer" }));

    expect(await screen.findByRole("heading", { name: "Vérifiez votre réservation" })).toBeInTheDocument();
    expect(screen.getByText("lundi 23 novembre 2026")).toBeInTheDocument();
    expect(screen.getByText("Heure")).toBeInTheDocument();
    expect(screen.getAllByText("45,00 $").length).toBeGreaterThan(0);
    expect(screen.getByLabelText("Notes pour la séance (facultatif)")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Passer au paiement" }));
    expect(await screen.findByRole("heading", { name: "Informations de paiement" })).toBeInTheDocument();

    // The card in US dollars: our texts around the card form in French, the amount in French.
    expect(screen.getByRole("radiogroup", { name: `Comment souhaitez-vous payer${NNBSP}?` })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Carte (USD)" })).toBeChecked();
    const card = await screen.findByRole("form", { name: "Paiement par carte" });
    expect(within(card).getByText("Mode test")).toBeInTheDocument();
    expect(within(card).getByLabelText(/Numéro de carte/)).toBeInTheDocument();
    expect(within(card).getByLabelText(/Expiration \(MM\/AA\)/)).toHaveAttribute("placeholder", "MM/AA");
    expect(screen.getByText("Votre carte sera débitée de 45,00 $ en dollars américains (USD).")).toBeInTheDocument();
    await user.type(within(card).getByLabelText(/Numéro de carte/), "4000 0000 0000 0002");
    await user.type(within(card).getByLabelText(/Expiration/), "12/34");
    await user.type(within(card).getByLabelText(/CVC/), "123");
    await user.click(within(card).getByRole("button", { name: /^Payer 45,00\s\$$/ }));
    expect(await screen.findByRole("alert", { name: "Échec du paiement" })).toBeInTheDocument();
  });

  it("pays by mobile money in French: the currencies by their French names, the amount, the phone's prompt", async () => {
    const created: { currency?: string }[] = [];
    signedIn({
      "bookings.createPaymentIntent": (input) => {
        created.push(input);
        const local = input.currency === "XOF";
        return {
          clientSecret: `pi_${created.length}_secret_x`,
          bookingId: "b-1",
          paymentIntentId: `pi_${created.length}`,
          amount: "45.00",
          currency: local ? ("XOF" as const) : ("USD" as const),
          chargeAmount: local ? 27248 : 4500,
        };
      },
      "payments.startMobileMoney": () => ({ status: "requires_action", message: null }),
    });
    const user = userEvent.setup();
    renderApp("/fr/book/seer-1?step=review&date=2026-11-23&time=10:00", inFrench());
    await user.click(await screen.findByRole("button", { name: "Passer au paiement" }));
    await user.click(await screen.findByRole("radio", { name: "Mobile money ou carte locale" }));
    const payIn = await screen.findByRole("combobox", { name: "Payer en" });
    expect(within(payIn).getByRole("option", { name: "Choisissez une devise" })).toBeDisabled();
    await user.selectOptions(payIn, "Franc CFA d’Afrique de l’Ouest (XOF)");
    expect(await screen.findByText(/^Vous payez 27\s248\sF\sCFA \(45,00\s\$\)$/)).toBeInTheDocument();
    expect(created.at(-1)).toMatchObject({ currency: "XOF" });
    const form = await screen.findByRole("form", { name: "Paiement par mobile money" });
    expect(within(screen.getByRole("region", { name: "Téléphone de test" })).getByText(/se terminant par 0000/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Numéro mobile money/), "0241234567");
    await user.click(within(form).getByRole("button", { name: "Envoyer la demande de paiement" }));
    expect(await screen.findByText("Validez le paiement sur votre téléphone")).toBeInTheDocument();
  });

  it("says in French that the payment could not be started", async () => {
    signedIn({ "bookings.createPaymentIntent": () => ({ error: { code: "INTERNAL_SERVER_ERROR", message: "boom" } }) });
    const user = userEvent.setup();
    renderApp("/fr/book/seer-1?step=review&date=2026-11-23&time=10:00", inFrench());
    await user.click(await screen.findByRole("button", { name: "Passer au paiement" }));
    expect(await screen.findByText("Impossible de créer le paiement. Veuillez réessayer.")).toBeInTheDocument();
    expect(screen.getByText("Erreur")).toBeInTheDocument();
  });
});

describe("/fr/booking/success/{paymentIntentId} in French", () => {
  it("confirms the booking in French, its day, time and amount in French formats", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => signedInClient,
        "cart.list": () => [],
        "bookings.confirmPayment": () => ({ bookingId: "b-1", status: "confirmed" as const, meetingLink: "/meeting/b-1" }),
        "bookings.byId": () => ({
          id: "b-1",
          seerId: "seer-1",
          seerName: "Iya Adunni Olawale",
          clientId: "u-client",
          sessionType: "60min" as const,
          scheduledDate: "2026-12-01",
          scheduledTime: "09:00",
          clientTimezone: "Africa/Lagos",
          seerTimezone: "UTC",
          startsAt: new Date("2026-12-01T08:00:00Z"),
          endsAt: new Date("2026-12-01T09:00:00Z"),
          amount: "1250.00",
          chargeCurrency: "XOF" as const,
          chargeAmount: 820000,
          platformFee: "250.00",
          seerEarnings: "1000.00",
          status: "confirmed" as const,
          consultationLink: "/meeting/b-1",
          notes: null,
          createdAt: new Date("2026-11-24T08:00:00Z"),
        }),
      }),
    );
    renderApp("/fr/booking/success/pi_123", inFrench());
    expect(await screen.findByRole("heading", { level: 1, name: `Réservation confirmée${NNBSP}!` })).toBeInTheDocument();
    expect(screen.getByText("Paiement confirmé")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: `Et ensuite${NNBSP}?` })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voir la salle de consultation" })).toHaveAttribute("href", "/meeting/b-1");
    // Inside a French page the links stay French.
    expect(screen.getByRole("link", { name: "Découvrir d’autres Seers" })).toHaveAttribute("href", "/fr/seers");
    const details = await screen.findByRole("region", { name: "Votre réservation" });
    expect(within(details).getByText("mardi 1 décembre 2026")).toBeInTheDocument();
    expect(within(details).getByText("09:00 (Africa/Lagos)")).toBeInTheDocument();
    expect(within(details).getByText("60 minutes")).toBeInTheDocument();
    expect(within(details).getByText(/^820\s000\sF\sCFA \(1\s250,00\s\$\)$/)).toBeInTheDocument();
    expect(within(details).getByRole("link", { name: "Ajouter à l’agenda" })).toHaveAttribute("href", "/api/bookings/b-1/calendar.ics");
  });

  it("says in French that the payment could not be confirmed", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => signedInClient,
        "cart.list": () => [],
        "bookings.confirmPayment": () => ({ error: { code: "BAD_REQUEST", message: "Payment not completed" } }),
      }),
    );
    renderApp("/fr/booking/success/pi_123", inFrench());
    expect(await screen.findByRole("heading", { level: 1, name: "Échec de la confirmation du paiement" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Retour aux Seers" })).toHaveAttribute("href", "/fr/seers");
  });
});
