import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n, I18nProvider, type AppI18n } from "../../lib/i18n";
import { AppProviders } from "../../providers";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { bypassing, pseudo } from "../../test/pseudo";
import { createQueryClient, createTrpcClient } from "../../trpc";
import { CalendarFeed } from "./CalendarFeed";
import { SeerCalendars } from "./SeerCalendars";

/** The calendars' cards alone, in a language (they hold no link, so no router is needed). */
function draw(ui: ReactNode, i18n: AppI18n) {
  const queryClient = createQueryClient();
  return render(
    <I18nProvider value={i18n}>
      <AppProviders queryClient={queryClient} trpcClient={createTrpcClient(TEST_ORIGIN)}>
        {ui}
      </AppProviders>
    </I18nProvider>,
  );
}

const failing = {
  id: "cal-1",
  kind: "caldav" as const,
  label: "ama at dav.example.com",
  lastSuccessAt: new Date("2026-11-20T09:00:00Z"),
  lastError: "The CalDAV server refused the sign-in or could not be found (401).",
  lastErrorAt: new Date("2026-11-20T09:15:00Z"),
  busyCount: 3,
  longestBusyMinutes: 60 * 24 * 30,
};

const serve = () =>
  server.use(
    ...trpcHandlers({
      "calendars.list": () => [failing],
      "calendars.feed": () => ({
        httpsUrl: "http://localhost:3000/calendar/abc.ics",
        webcalUrl: "webcal://localhost:3000/calendar/abc.ics",
      }),
    }),
  );

/** Both cards, the Seer's calendars with the add form open and its checks shown (CalDAV: every field). */
async function drawBoth(i18n: AppI18n, addLabel: RegExp, submit: RegExp) {
  serve();
  const user = userEvent.setup();
  draw(
    <>
      <SeerCalendars timezone="Africa/Accra" />
      <CalendarFeed description="" />
    </>,
    i18n,
  );
  await screen.findByText(/ama at dav\.example\.com/);
  await screen.findByDisplayValue("webcal://localhost:3000/calendar/abc.ics");
  await user.click(screen.getByRole("button", { name: addLabel }));
  await user.click(screen.getByRole("radio", { name: "CalDAV" }));
  await user.click(screen.getByRole("button", { name: submit }));
  return user;
}

// What is not the catalog's: the calendar's name, the addresses, the formats' names, a required field's asterisk.
const NOT_ITS_WORDS = /^(ama at dav\.example\.com|https:\/\/|webcal:\/\/|CalDAV|iCalendar|\*)$/;

describe("the calendars in the pseudo-language (issue #45)", () => {
  it("draw every text of their own from the catalog, the form's checks included", async () => {
    await drawBoth(pseudo, /Add a calendar/, /Add Calendar/);
    expect(await screen.findByText(/⟦Please enter the user name of your calendar account⟧/)).toBeInTheDocument();
    expect(bypassing(document.body, NOT_ITS_WORDS)).toEqual([]);
  });
});

describe("the calendars in French (issue #45)", () => {
  afterEach(() => setFormatLocale("en"));

  it("draw the Seer's calendars, their checks and the feed in French", async () => {
    setFormatLocale("fr");
    await drawBoth(createI18n("fr", { ...frenchPublic, ...frenchApp }), /Ajouter un calendrier/, /Ajouter le calendrier/);
    const calendars = screen.getByRole("region", { name: "Vos calendriers" });
    // Testing Library reads every space as a plain one: the French no-break spaces match " ".
    expect(within(calendars).getByText(/^Dernière lecture : .+ à 09:00 \(3 plages occupées\)$/)).toBeInTheDocument();
    expect(within(calendars).getByText(/^Un événement dure 30 jours : aucun créneau/)).toBeInTheDocument();
    expect(within(calendars).getByText("Veuillez saisir le mot de passe de votre compte de calendrier")).toBeInTheDocument();
    expect(within(calendars).getByRole("button", { name: "Retirer ama at dav.example.com" })).toBeInTheDocument();
    const feed = screen.getByRole("region", { name: "Votre flux de calendrier" });
    expect(within(feed).getByRole("button", { name: "Copier l’adresse webcal://" })).toHaveTextContent("Copier");
    expect(within(feed).getByRole("button", { name: "Réinitialiser l’adresse" })).toBeInTheDocument();
  });
});
