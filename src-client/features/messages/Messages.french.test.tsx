import { render, screen, within } from "@testing-library/react";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../src/domain/meetings";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n, I18nProvider, type AppI18n } from "../../lib/i18n";
import { AppProviders } from "../../providers";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { bypassing, pseudo } from "../../test/pseudo";
import { renderApp } from "../../test/render";
import { signedInClient } from "../../test/users";
import { createQueryClient, createTrpcClient, type RouterOutputs } from "../../trpc";
import { InboxButton, MessagesButton } from "./MessagesButton";

// Issue #45: the inbox and a conversation in French, and every text of theirs from the catalog (the pseudo-language).

type ThreadView = RouterOutputs["messages"]["thread"];
type InboxView = RouterOutputs["messages"]["inbox"];

const seerMessage: ChatMessage = {
  id: "m1",
  senderRole: "seer",
  senderName: "Ama Serwaa Owusu",
  text: "What should the reading address?",
  sentAt: "2026-11-22T10:00:00Z",
  imageUrl: "/api/uploads/u-1",
};
const myMessage: ChatMessage = {
  id: "m2",
  senderRole: "client",
  senderName: "Kofi Boateng",
  text: "My family",
  sentAt: "2026-11-22T10:05:00Z",
  imageUrl: "/api/uploads/u-2",
};

const thread = (overrides: Partial<ThreadView> = {}): ThreadView => ({
  bookingId: "b-1",
  viewer: "client",
  peerName: "Ama Serwaa Owusu",
  seerName: "Ama Serwaa Owusu",
  clientName: "Kofi Boateng",
  scheduledDate: "2026-11-23",
  scheduledTime: "10:00",
  clientTimezone: "Africa/Accra",
  startsAt: new Date("2026-11-23T10:00:00Z"),
  state: "open",
  closesAt: new Date("2026-12-07T11:00:00Z"),
  messages: [seerMessage, myMessage],
  ...overrides,
});

const inbox: InboxView = [
  {
    bookingId: "b-1",
    peerName: "Ama Serwaa Owusu",
    role: "client",
    scheduledDate: "2026-11-23",
    scheduledTime: "10:00",
    clientTimezone: "Africa/Accra",
    startsAt: new Date("2026-11-23T10:00:00Z"),
    lastMessageAt: new Date("2026-11-22T10:05:00Z"),
    lastMessage: "My family",
    unread: 2,
  },
];

function show(view: ThreadView, entries: InboxView = inbox) {
  server.use(
    ...trpcHandlers({
      "account.me": () => signedInClient,
      "cart.list": () => [],
      "messages.thread": () => view,
      "messages.markRead": () => ({ ok: true as const }),
      "messages.inbox": () => entries,
      "messages.unread": () => ({ total: 2, byBooking: { "b-1": 2 } }),
      "messages.report": () => ({ reported: true as const }),
    }),
  );
}

afterEach(() => setFormatLocale("en"));

describe("/fr/messages in French", () => {
  /** The page's public catalog only, as in the browser: the routes fetch the app's. Dates in French, as main.tsx sets. */
  const french = (): AppI18n => {
    setFormatLocale("fr");
    return createI18n("fr", frenchPublic);
  };
  // Loaded once here, so that its first transform on a busy machine is not counted in a test's wait.
  beforeAll(() => import("../../../src/i18n/compiled/app-fr"));
  // Testing Library reads every space as a plain one: the French no-break spaces match " ".

  it("lists the conversations in French, their sessions' days in French", async () => {
    show(thread());
    renderApp("/fr/messages", french());
    expect(await screen.findByRole("heading", { level: 1, name: "Messages" })).toBeInTheDocument();
    const entry = await screen.findByTestId("inbox-entry");
    expect(within(entry).getByRole("link", { name: "Ama Serwaa Owusu" })).toHaveAttribute("href", "/fr/messages/b-1");
    expect(within(entry).getByText("Séance du lun. 23 nov. 2026 à 10:00")).toBeInTheDocument();
    expect(within(entry).getByLabelText("2 non lus")).toBeInTheDocument();
  });

  it("says in French that there is no conversation yet", async () => {
    show(thread(), []);
    renderApp("/fr/messages", french());
    expect(
      await screen.findByText(
        "Aucune conversation pour l’instant. Une conversation s’ouvre dès qu’une séance est réservée et payée.",
      ),
    ).toBeInTheDocument();
  });

  it("draws a conversation, its form and its report in French, times in a French clock", async () => {
    show(thread());
    renderApp("/fr/messages/b-1", french());
    expect(await screen.findByRole("heading", { name: "Messages avec Ama Serwaa Owusu" })).toBeInTheDocument();
    expect(screen.getByText("Séance du lun. 23 nov. 2026 à 10:00 (Africa/Accra)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tous les messages" })).toHaveAttribute("href", "/fr/messages");
    const log = screen.getByRole("log", { name: "Messages" });
    // "22 nov. 2026 10:05" in the browser's timezone: a 24-hour clock, no AM or PM.
    expect(within(log).getByText(/^Vous · \d+ nov\. 2026 \d\d:\d\d$/)).toBeInTheDocument();
    expect(within(log).getByText(/^Ama Serwaa Owusu · \d+ nov\. 2026 \d\d:\d\d$/)).toBeInTheDocument();
    expect(within(log).getByRole("img", { name: "Image envoyée par Ama Serwaa Owusu" })).toBeInTheDocument();
    expect(within(log).getByRole("img", { name: "Image envoyée par vous" })).toBeInTheDocument();

    const form = screen.getByRole("form", { name: "Écrire un message" });
    expect(within(form).getByRole("textbox", { name: "Message" })).toHaveAttribute("placeholder", "Écrire un message");
    expect(within(form).getByLabelText("Ajouter une image (JPEG ou PNG, 5 Mo maximum)")).toBeInTheDocument();
    await userEvent.click(within(form).getByRole("button", { name: "Envoyer" }));
    expect(await within(form).findByText("Un message ne peut pas être vide.")).toBeInTheDocument();

    await userEvent.click(within(log).getByRole("button", { name: "Signaler" }));
    expect(await screen.findByText("Message signalé")).toBeInTheDocument();
    expect(screen.getByText("Notre équipe peut désormais lire cette conversation.")).toBeInTheDocument();
    expect(await within(log).findByRole("button", { name: "Signalé" })).toBeDisabled();
  });

  it("says in French when a conversation is closed", async () => {
    show(thread({ state: "closed" }));
    renderApp("/fr/messages/b-1", french());
    expect(
      await screen.findByText(
        "Cette conversation est fermée : les messages peuvent être envoyés jusqu’à 14 jours après la séance.",
      ),
    ).toBeInTheDocument();
  });
});

/** What the pages show that is not their own words: names, what people wrote, dates, times, the timezone. */
const NOT_ITS_WORDS =
  /^(Ama Serwaa Owusu|Kofi Boateng|What should the reading address\?|My family|\d+|\w{3}, \w{3} \d+, \d{4}|\d\d:\d\d|Africa\/Accra|[()·]|\w{3} \d+, \d{4}|\d\d:\d\d [AP]M|autosize measurement)$/;

/** The page without its header and footer, which their own areas translate. */
function pageParts(): HTMLElement {
  const copy = document.body.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll("header, footer")) element.remove();
  return copy;
}

describe("/messages in the pseudo-language", () => {
  it("draws every text of the inbox from the catalog", async () => {
    show(thread());
    renderApp("/messages", pseudo);
    await screen.findByTestId("inbox-entry");
    expect(bypassing(pageParts(), NOT_ITS_WORDS)).toEqual([]);
  });

  it("draws every text of a conversation and its form from the catalog", async () => {
    show(thread());
    const open = renderApp("/messages/b-1", pseudo);
    await screen.findByRole("form", { name: /Write a message/ });
    await userEvent.click(screen.getByRole("button", { name: /⟦Send⟧/ }));
    await screen.findByText(/A message cannot be empty/);
    expect(bypassing(pageParts(), NOT_ITS_WORDS)).toEqual([]);
    open.unmount();

    show(thread({ viewer: "admin", state: "closed", messages: [] }));
    renderApp("/messages/b-1", pseudo);
    await screen.findByText(/No messages yet/);
    expect(bypassing(pageParts(), NOT_ITS_WORDS)).toEqual([]);
  });
});

/** A session card's and the dashboard's buttons into the messages, with what waits unread, alone on a page. */
async function drawButtons(i18n: AppI18n) {
  server.use(...trpcHandlers({ "messages.unread": () => ({ total: 3, byBooking: { "b-1": 2 } }) }));
  const root = createRootRoute({
    component: () => (
      <>
        <MessagesButton bookingId="b-1" />
        <InboxButton />
      </>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/"] }) });
  render(
    <I18nProvider value={i18n}>
      <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
        <RouterProvider router={router} />
      </AppProviders>
    </I18nProvider>,
  );
  await screen.findByTestId("card-unread");
}

describe("the buttons into the messages", () => {
  it("say in French how many messages wait unread", async () => {
    await drawButtons(createI18n("fr", { ...frenchPublic, ...frenchApp }));
    expect(screen.getByRole("link", { name: "Messages, 2 non lus" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Messages, 3 non lus" })).toBeInTheDocument();
  });

  it("draw their words from the catalog", async () => {
    await drawButtons(pseudo);
    await screen.findByRole("link", { name: /3/ });
    expect(bypassing(document.body, /^\d+$/)).toEqual([]);
  });
});
