import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages as frenchApp } from "../../src/i18n/compiled/app-fr";
import { messages as french } from "../../src/i18n/compiled/fr";
import { clientPages } from "../../src/domain/pages";
import { en } from "../../src/i18n/messages/en";
import { fr } from "../../src/i18n/messages/fr";
import { TRANSLATED_PAGE_NAMES } from "../../src/i18n/page-names";
import { server, trpcHandlers } from "../test/msw";
import { signedInClient } from "../test/users";
import { bypassing, pseudo } from "../test/pseudo";
import { renderApp } from "../test/render";
import { notifyActionError } from "./actionError";
import { createI18n, setPageI18n } from "./i18n";
import { messages } from "./messages";
import { notify } from "./notify";
import { updateWaiting } from "./update-waiting";
import { UploadError } from "./upload";

// Issue #45: what any page may say outside its own screen (toasts, a failed upload, a newer version, a page that is
// not one) is said in the page's language.

const inFrench = () => createI18n("fr", { ...french, ...frenchApp });

afterEach(() => {
  setPageI18n(undefined);
  vi.restoreAllMocks();
});

/** What `notify` gave Mantine's toast store. */
async function shown(show: () => void) {
  const spy = vi.spyOn(notifications, "show");
  show();
  await waitFor(() => expect(spy).toHaveBeenCalled());
  const [toast] = spy.mock.calls[0] ?? [];
  return { title: toast?.title, message: toast?.message, close: toast?.closeButtonProps?.["aria-label"] };
}

describe("toasts", () => {
  it("are in English on an English page, word for word", async () => {
    expect(await shown(() => notify(messages.unauthorized, "destructive"))).toEqual({
      title: "Unauthorized",
      message: "Please log in again",
      close: "Close notification",
    });
    vi.restoreAllMocks();
    expect(await shown(() => notify(messages.timezoneFailed, "destructive"))).toEqual({
      title: "Error",
      message: "Failed to update timezone.",
      close: "Close notification",
    });
  });

  it("are in French on a French page, a server's reason as it came", async () => {
    setPageI18n(inFrench());
    expect(await shown(() => notify(messages.unauthorized, "destructive"))).toEqual({
      title: "Non autorisé",
      message: "Veuillez vous reconnecter",
      close: "Fermer la notification",
    });
    vi.restoreAllMocks();
    expect(await shown(() => notify(messages.timezoneUpdated, "success"))).toMatchObject({ title: "Fuseau horaire mis à jour" });
    vi.restoreAllMocks();
    expect(await shown(() => notifyActionError({ message: "Slot taken" }))).toEqual({
      title: "Erreur",
      message: "Slot taken",
      close: "Fermer la notification",
    });
  });
});

describe("a failed upload", () => {
  it("says our reasons in the page's language and the server's as they came", () => {
    setPageI18n(inFrench());
    const network = new UploadError(0, "Network error", "network");
    expect(network.detail).toBe("Network error");
    expect(network.shown).toBe("Erreur réseau");
    expect(new UploadError(0, "Upload cancelled", "cancelled").shown).toBe("Envoi annulé");
    expect(new UploadError(413, "File too large").shown).toBe("File too large");
    setPageI18n(undefined);
    expect(network.shown).toBe("Network error");
  });
});

describe("an unknown address and a waiting version", () => {
  it("are in French on a French page", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    updateWaiting.want();
    renderApp("/fr/no/such/page", createI18n("fr", french));
    expect(await screen.findByRole("heading", { name: "Page introuvable" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Retour à l’accueil" })).toHaveAttribute("href", "/fr");
    const notice = await screen.findByRole("status");
    expect(within(notice).getByText("Nouvelle version disponible :")).toBeInTheDocument();
    expect(within(notice).getByRole("button", { name: "Recharger" })).toBeInTheDocument();
  });

  it("draw every text from the catalog (pseudo-language)", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    updateWaiting.want();
    renderApp("/no/such/page", pseudo);
    await screen.findByRole("heading", { name: /⟦Page Not Found⟧/ });
    expect(bypassing(screen.getByRole("main"), /^404$/)).toEqual([]);
    expect(bypassing(await screen.findByRole("status"))).toEqual([]);
  });
});

describe("the signed-in pages' titles", () => {
  it("are the pages' names in English and French names in French", () => {
    for (const [pattern, id] of Object.entries(TRANSLATED_PAGE_NAMES)) {
      if (id) expect([pattern, en[id]]).toEqual([pattern, clientPages[pattern]?.name]);
    }
    expect(fr[TRANSLATED_PAGE_NAMES["/my-articles"] ?? "page.notFound"]).toBe("Mes articles");
    expect(fr[TRANSLATED_PAGE_NAMES["/articles/edit/$id"] ?? "page.notFound"]).toBe("Modifier l’article");
    expect(fr[TRANSLATED_PAGE_NAMES["/seer/dashboard"] ?? "page.notFound"]).toBe("Tableau de bord Seer");
  });
});

describe("the test-mode payout setup", () => {
  const asSeer = () =>
    server.use(...trpcHandlers({ "account.me": () => ({ ...signedInClient, role: "seer" as const }), "cart.list": () => [] }));

  it("is in French on a French page", async () => {
    asSeer();
    renderApp("/fr/payouts/test-onboarding?account=acct_1", createI18n("fr", french));
    expect(await screen.findByRole("heading", { name: "Configurez votre compte de versement" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Terminer la configuration" })).toBeEnabled();
  });

  it("draws every text from the catalog (pseudo-language)", async () => {
    asSeer();
    renderApp("/payouts/test-onboarding?account=acct_1", pseudo);
    await screen.findByRole("heading", { name: /⟦Set up your payout account⟧/ });
    expect(bypassing(screen.getByRole("main"))).toEqual([]);
  });
});
