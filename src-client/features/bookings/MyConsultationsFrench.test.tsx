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
import type { Consultation } from "./types";

// Issue #45: the client's consultations on /fr/profile in French, their dates and money in French formats. The page
// starts with the public catalog only: /profile's access check fetches the app's.

const NNBSP = "\u202f";
/** A French text whose spaces may be no-break ones (Intl's money and numbers). */
const loosely = (text: string) => new RegExp(`^${text.replace(/[$()?.]/g, "\\$&").replace(/ /g, "\\s")}$`);

beforeEach(() => {
  notifications.clean();
  // "Now" is Sunday 22 November 2026, 10:30 UTC; only Date is faked.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-22T10:30:00Z"));
  setFormatLocale("fr");
});

afterEach(() => {
  setFormatLocale("en");
  vi.useRealTimers();
});

const consultation = (overrides: Partial<Consultation>): Consultation => ({
  id: "b-1",
  seerId: "s-1",
  seerName: "Nana Akosua Boateng",
  sessionType: "30min",
  scheduledDate: "2026-11-25",
  scheduledTime: "10:00",
  clientTimezone: "UTC",
  startsAt: new Date("2026-11-25T10:00:00Z"),
  endsAt: new Date("2026-11-25T10:30:00Z"),
  amount: "45.00",
  status: "confirmed",
  meetingLink: "/meeting/b-1",
  calendarSequence: 0,
  refundedAmount: "0.00",
  refundDue: "0.00",
  dispute: null,
  reportableUntil: null,
  canReport: false,
  cancelledAt: null,
  cancelledBy: null,
  proposedStartsAt: null,
  review: null,
  ...overrides,
});

function showProfile(upcoming: Consultation[], past: Consultation[], more: Parameters<typeof trpcHandlers>[0] = {}) {
  server.use(
    ...trpcHandlers({
      "account.me": () => signedInClient,
      "cart.list": () => [],
      "account.sessions": () => [],
      "calendars.feed": () => ({
        httpsUrl: "http://localhost:3000/calendar/abc.ics",
        webcalUrl: "webcal://localhost:3000/calendar/abc.ics",
      }),
      "bookings.clientSessions": () => ({ upcoming, past }),
      "seers.byId": ({ id }) => seerData({ id }),
      "account.orders": () => [],
      ...more,
    }),
  );
  renderApp("/fr/profile", createI18n("fr", french));
}

describe("/fr/profile: the client's consultations in French", () => {
  it("draws an upcoming consultation, its proposal and its cancel dialog in French", async () => {
    const cancelled: unknown[] = [];
    showProfile(
      [consultation({ calendarSequence: 1, proposedStartsAt: new Date("2026-11-26T15:00:00Z") })],
      [],
      {
        "bookings.cancellationQuote": () => ({
          bookingId: "b-1",
          amount: "45.00",
          refundAmount: "22.50",
          refundPercent: 50,
          canceller: "client" as const,
          sequence: 1,
          charge: null,
        }),
        "bookings.cancel": (input) => {
          cancelled.push(input);
          return { bookingId: "b-1", status: "cancelled" as const, refundAmount: "22.50" };
        },
      },
    );
    expect(await screen.findByRole("heading", { name: "Mes consultations" })).toBeInTheDocument();
    expect(await screen.findByRole("tab", { name: "À venir (1)" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Passées (0)" })).toBeInTheDocument();
    const card = screen.getByTestId("consultation");
    expect(within(card).getByText("Consultation avec")).toBeInTheDocument();
    expect(within(card).getByText("Déplacée")).toBeInTheDocument();
    expect(within(card).getByText("mer. 25 nov. 2026")).toBeInTheDocument();
    expect(within(card).getByText("30 minutes")).toBeInTheDocument();
    expect(within(card).getByText(loosely("45,00 $"))).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Rejoindre la salle de consultation" })).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Ajouter à l’agenda" })).toBeInTheDocument();
    const proposal = within(card).getByTestId("proposal");
    expect(proposal).toHaveTextContent("Nana Akosua Boateng propose un nouvel horaire");
    expect(within(proposal).getByText("jeu. 26 nov. 2026 à 15:00 (UTC)")).toBeInTheDocument();
    expect(within(proposal).getByRole("button", { name: "Garder l’horaire actuel" })).toBeInTheDocument();

    await userEvent.click(within(card).getByRole("button", { name: "Annuler la réservation" }));
    const dialog = await screen.findByRole("dialog", { name: `Annuler cette consultation${NNBSP}?` });
    expect(await within(dialog).findByTestId("refund-amount")).toHaveTextContent(
      loosely("Vous serez remboursé de 22,50 $ sur les 45,00 $ payés."),
    );
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Motif (facultatif)" }), "Voyage");
    await userEvent.click(within(dialog).getByRole("button", { name: "Annuler la réservation" }));
    await waitFor(() => expect(cancelled).toEqual([{ bookingId: "b-1", reason: "Voyage", sequence: 1 }]));
    expect(await screen.findByText("Réservation annulée")).toBeInTheDocument();
    expect(screen.getByText(loosely("22,50 $ vous seront remboursés sur votre carte."))).toBeInTheDocument();
  });

  it("moves a consultation in French: the current time, the French calendar, the toast", async () => {
    showProfile([consultation({})], [], {
      "bookings.takenSlots": () => ({ taken: [], notOffered: [] }),
      "bookings.reschedule": () => ({ bookingId: "b-1", startsAt: new Date("2026-11-27T11:00:00Z") }),
    });
    const card = await screen.findByTestId("consultation");
    expect(within(card).getByText("Confirmée")).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Déplacer" }));
    const dialog = await screen.findByRole("dialog", { name: "Déplacer la consultation" });
    expect(dialog).toHaveTextContent("Horaire actuel : mer. 25 nov. 2026 à 10:00 (UTC)");
    expect(within(dialog).getByText("Les heures sont celles du fuseau horaire de votre réservation (UTC).")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirmer le nouvel horaire" }));
    expect(await screen.findByText("Veuillez choisir une date et une heure")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "27 novembre 2026" }));
    const slot = async () => within(await within(dialog).findByRole("group", { name: "Créneaux horaires" })).getByRole("button", { name: "11:00" });
    await waitFor(async () => expect(await slot()).toBeEnabled());
    await userEvent.click(await slot());
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirmer le nouvel horaire" }));
    expect(await screen.findByText("Consultation déplacée")).toBeInTheDocument();
    expect(screen.getByText("Votre nouvel horaire : ven. 27 nov. 2026 à 11:00.")).toBeInTheDocument();
  });

  it("draws past consultations, refunds, reviews and the report dialog in French", async () => {
    const ended = consultation({
      id: "b-2",
      status: "completed",
      scheduledDate: "2026-11-20",
      startsAt: new Date("2026-11-20T10:00:00Z"),
      endsAt: new Date("2026-11-20T10:30:00Z"),
      meetingLink: null,
      canReport: true,
      reportableUntil: new Date("2026-11-27T10:30:00Z"),
      review: {
        rating: 4,
        comment: "Very wise.",
        seerReply: "Thank you.",
        createdAt: new Date("2026-11-20T12:00:00Z"),
        editableUntil: new Date("2026-11-27T10:30:00Z"),
      },
    });
    const cancelledBySeer = consultation({
      id: "b-3",
      status: "cancelled",
      scheduledDate: "2026-11-21",
      startsAt: new Date("2026-11-21T10:00:00Z"),
      endsAt: new Date("2026-11-21T10:30:00Z"),
      cancelledBy: "seer",
      cancelledAt: new Date("2026-11-19T09:00:00Z"),
      refundedAmount: "45.00",
    });
    showProfile([], [ended, cancelledBySeer]);
    await userEvent.click(await screen.findByRole("tab", { name: "Passées (2)" }));
    const [first, second] = await screen.findAllByTestId("consultation");
    if (!first || !second) throw new Error("Two past consultations expected");
    expect(within(first).getByText("Terminée")).toBeInTheDocument();
    expect(within(first).getByText("Votre avis")).toBeInTheDocument();
    expect(within(first).getByText("Réponse de Nana Akosua Boateng")).toBeInTheDocument();
    // What people wrote is shown as written.
    expect(within(first).getByText("Very wise.")).toBeInTheDocument();
    expect(within(first).getByRole("button", { name: "Modifier l’avis" })).toBeInTheDocument();
    expect(within(second).getByText("Annulée")).toBeInTheDocument();
    expect(within(second).getByTestId("refund")).toHaveTextContent(loosely("Remboursé : 45,00 $"));
    expect(within(second).getByText("Annulée par Nana Akosua Boateng le 19 nov. 2026")).toBeInTheDocument();

    await userEvent.click(within(first).getByRole("button", { name: "Modifier l’avis" }));
    const review = await screen.findByRole("dialog", { name: "Modifier votre avis" });
    expect(within(review).getByRole("radio", { name: "4 étoiles" })).toBeChecked();
    expect(within(review).getByRole("radio", { name: "1 étoile" })).toBeInTheDocument();
    expect(within(review).getByText(loosely("10 / 2 000 caractères"))).toBeInTheDocument();
    await userEvent.click(within(review).getByRole("button", { name: "Retour" }));

    await userEvent.click(within(first).getByRole("button", { name: "Signaler un problème" }));
    const report = await screen.findByRole("dialog", { name: "Signaler un problème" });
    expect(within(report).getByRole("radiogroup", { name: `Qu’est-ce qui n’a pas fonctionné${NNBSP}?` })).toBeInTheDocument();
    expect(within(report).getByRole("radio", { name: "Le Seer n’est pas venu" })).toBeInTheDocument();
    expect(within(report).getByRole("radio", { name: "L’appel n’a pas fonctionné" })).toBeInTheDocument();
    expect(within(report).getByRole("button", { name: "Envoyer le signalement" })).toBeInTheDocument();
  });
});
