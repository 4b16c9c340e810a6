import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerSignal } from "../../../src/domain/meetings";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n, type AppI18n } from "../../lib/i18n";
import { FakePeer, FakeSocket, FakeStream, FakeTrack, installFakes, welcome } from "../../test/call-fakes";
import { server, trpcHandlers } from "../../test/msw";
import { bypassing, pseudo } from "../../test/pseudo";
import { renderApp } from "../../test/render";
import { signedInClient } from "../../test/users";
import type { RouterOutputs } from "../../trpc";
import { roomData } from "./testData";

// Issue #45: the meeting room, its device check, the call and its chat in French, and every text of theirs from the
// catalog (the pseudo-language).

type Room = RouterOutputs["meetings"]["room"];

const chat = [
  { id: "m1", senderRole: "seer" as const, senderName: "Ama Serwaa Owusu", text: "Welcome", sentAt: "2026-11-23T10:01:00Z" },
  { id: "m2", senderRole: "client" as const, senderName: "Kofi Boateng", text: "Thank you", sentAt: "2026-11-23T10:02:00Z" },
];

// The chat's autosizing textarea (Mantine) listens for fonts loading; jsdom has no document.fonts.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", { value: new EventTarget(), configurable: true });
}

function show(room: Room) {
  server.use(
    ...trpcHandlers({
      "account.me": () => signedInClient,
      "cart.list": () => [],
      "meetings.room": () => room,
      "meetings.messages": () => chat,
    }),
  );
}

/** A microphone and, when `camera`, a camera; without any device, the reason is said (a refusal). */
function devices(tracks: "both" | "audio" | "none") {
  const getUserMedia =
    tracks === "none"
      ? () => Promise.reject(new DOMException("refused", "NotAllowedError"))
      : () =>
          Promise.resolve(
            new FakeStream(tracks === "both" ? [new FakeTrack("audio"), new FakeTrack("video")] : [new FakeTrack("audio")]),
          );
  Object.defineProperty(navigator, "mediaDevices", {
    value: {
      getUserMedia: vi.fn(getUserMedia),
      getDisplayMedia: vi.fn(() => Promise.reject(new DOMException("", "NotAllowedError"))),
      enumerateDevices: vi.fn(() => Promise.resolve([])),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    },
    configurable: true,
  });
}

const signal = (s: ServerSignal) => act(() => FakeSocket.latest().receive(s));

/** Past Join: the socket opens, the server welcomes the client, the Seer comes, and the call connects. */
async function meetSeer(connected: RegExp | string) {
  await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1), { timeout: 5000 });
  act(() => FakeSocket.latest().open());
  signal(welcome(true));
  signal({ type: "peer-joined" });
  act(() => FakePeer.latest().become("connected"));
  expect(await screen.findByText(connected)).toBeInTheDocument();
  return FakePeer.latest();
}

beforeEach(async () => {
  // The previous test's call ends a moment after its page is unmounted.
  await new Promise((resolve) => setTimeout(resolve, 10));
  sessionStorage.clear();
  localStorage.clear();
  installFakes();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, "mediaDevices");
  setFormatLocale("en");
});

describe("/fr/meeting/{bookingId} in French", () => {
  // The route fetches the app's French catalog as the browser does; loaded once here, so that its first transform on a
  // busy machine is not counted in a test's wait.
  beforeAll(() => import("../../../src/i18n/compiled/app-fr"));
  /** The page's public catalog only, as in the browser: the route fetches the app's. Dates in French, as main.tsx sets. */
  const french = (): AppI18n => {
    setFormatLocale("fr");
    return createI18n("fr", frenchPublic);
  };
  // Testing Library reads every space as a plain one: the French no-break spaces match " ".

  it("draws the room, its details and the device check in French", async () => {
    show(roomData({ notes: null }));
    devices("none");
    renderApp("/fr/meeting/b-1", french());
    expect(await screen.findByRole("heading", { level: 1, name: "Salle de consultation" })).toBeInTheDocument();
    expect(screen.getByText("Confirmée")).toBeInTheDocument();
    expect(screen.getByText("Votre séance avec Ama Serwaa Owusu")).toBeInTheDocument();
    expect(screen.getByText("lundi 23 novembre 2026")).toBeInTheDocument();
    expect(screen.getByText("Durée")).toBeInTheDocument();
    expect(screen.getByText("60 minutes")).toBeInTheDocument();
    expect(screen.getByText("Aucune note n’a été ajoutée pour cette séance.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Recommandations" })).toBeInTheDocument();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Caméra ou micro indisponible")).toBeInTheDocument();
    expect(within(alert).getByText(/^L’accès à la caméra et au micro est bloqué pour ce site\./)).toBeInTheDocument();
    expect(within(alert).getByText("Vous rejoindrez l’appel en écoute seulement.")).toBeInTheDocument();
    expect(within(alert).getByRole("button", { name: "Réessayer" })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Économie de données" })).toHaveAccessibleDescription(
      "Démarrer les appels en audio seulement. Vous pourrez activer la vidéo pendant l’appel.",
    );
    expect(screen.getByRole("button", { name: "Rejoindre" })).toBeEnabled();
  });

  it("says in French, at a French time, when the room opens", async () => {
    show(roomData({ roomState: "early", startsAt: new Date(Date.now() + 3_600_000), opensAt: new Date(Date.now() + 3_000_000) }));
    devices("audio");
    renderApp("/fr/meeting/b-1", french());
    // A 24-hour clock, as French writes it ("10:50 UTC"), not "10:50 AM".
    expect(await screen.findByText(/^La salle ouvre à \d\d:\d\d \S+$/)).toBeInTheDocument();
    expect(screen.getByText(/^10 minutes avant le début de la séance\./)).toBeInTheDocument();
    expect(await screen.findByText("Aucune caméra trouvée : vous rejoindrez l’appel en audio seulement.")).toBeInTheDocument();
  });

  it("holds the call and its chat in French, and says the call has ended", async () => {
    show(roomData());
    devices("both");
    renderApp("/fr/meeting/b-1", french());
    await userEvent.click(await screen.findByRole("button", { name: "Rejoindre" }));
    await meetSeer("Connecté");
    for (const name of ["Couper le micro", "Couper la caméra", "Partager l’écran", "Quitter", "Envoyer le message"]) {
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
    }
    expect(screen.getByTestId("call-quality")).toHaveTextContent(/^Connexion : /);
    expect(screen.getByLabelText("Votre vidéo")).toBeInTheDocument();
    signal({ type: "media", media: { audio: true, video: true, screen: false, audioOnly: "saver" } });
    // The other side's camera note needs its stream first.
    act(() => FakePeer.latest().ontrack?.({ track: new FakeTrack("audio") }));
    expect(await screen.findByText("Ama Serwaa Owusu utilise l’économie de données : audio seulement")).toBeInTheDocument();

    const log = screen.getByRole("log", { name: "Messages de la discussion" });
    expect(within(screen.getByRole("heading", { name: "Discussion" }).parentElement ?? document.body).getByRole("log")).toBe(log);
    // Who and when, in a 24-hour clock: "Vous · 10:02".
    expect(await within(log).findByText(/^Vous · \d\d:\d\d$/)).toBeInTheDocument();
    expect(within(log).getByText(/^Ama Serwaa Owusu · \d\d:\d\d$/)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveAttribute("placeholder", "Écrire un message");

    await userEvent.click(screen.getByRole("button", { name: "Quitter" }));
    expect(await screen.findByText("Vous avez quitté l’appel.")).toBeInTheDocument();
    expect(screen.getByText("L’appel est terminé")).toBeInTheDocument();
  });

  it("says in French that a room is not the visitor's", async () => {
    server.use(...trpcHandlers({ "account.me": () => null, "cart.list": () => [] }));
    renderApp("/fr/meeting/b-1", french());
    expect(await screen.findByRole("heading", { name: "Salle introuvable" })).toBeInTheDocument();
    expect(screen.getByText("Cette salle de consultation n’existe pas ou vous n’y avez pas accès.")).toBeInTheDocument();
  });
});

/**
 * What the room shows that is not its own words: the people's names, what they wrote, dates, times, the booking's
 * timezone, the timer, and the hidden copy Mantine's growing text box measures itself with.
 */
const NOT_ITS_WORDS =
  /^(Ama Serwaa Owusu|Kofi Boateng|Welcome|Thank you|Questions about my family|\w+day, \w+ \d+, \d{4}|Africa\/Accra|[\d: /()·]+|\d\d:\d\d [AP]M|autosize measurement)$/;

/** The room without the page's header and footer, which their own areas translate. */
function roomParts(): HTMLElement {
  const copy = document.body.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll("header, footer")) element.remove();
  return copy;
}

describe("/meeting/{bookingId} in the pseudo-language", () => {
  it("draws every text of the device check and the page from the catalog", async () => {
    show(roomData({ notes: "Questions about my family" }));
    devices("none");
    renderApp("/meeting/b-1", pseudo);
    await screen.findByRole("alert");
    expect(bypassing(roomParts(), NOT_ITS_WORDS)).toEqual([]);
  });

  it("draws every text of the call and its chat from the catalog", async () => {
    show(roomData());
    devices("both");
    renderApp("/meeting/b-1", pseudo);
    await userEvent.click(await screen.findByRole("button", { name: /Join/ }));
    const pc = await meetSeer(/Connected/);
    act(() => pc.ontrack?.({ track: new FakeTrack("audio") }));
    signal({ type: "media", media: { audio: false, video: false, screen: true } });
    await screen.findByText(/Sharing screen/);
    await screen.findByText(/Welcome/);
    expect(bypassing(roomParts(), NOT_ITS_WORDS)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: /Leave/ }));
    await screen.findByText(/You left the call/);
    expect(bypassing(roomParts(), NOT_ITS_WORDS)).toEqual([]);
  });

  it("draws the ended session's and the admin's pages from the catalog", async () => {
    show(roomData({ status: "completed", roomState: "not-confirmed" }));
    const ended = renderApp("/meeting/b-1", pseudo);
    await screen.findByText(/Welcome/);
    expect(bypassing(roomParts(), NOT_ITS_WORDS)).toEqual([]);
    ended.unmount();
    show(roomData({ viewer: "admin", peerName: "Kofi Boateng" }));
    renderApp("/meeting/b-1", pseudo);
    await screen.findByText(/Only the client and the Seer join the call/);
    await screen.findByText(/Welcome/);
    expect(bypassing(roomParts(), NOT_ITS_WORDS)).toEqual([]);
  });
});
