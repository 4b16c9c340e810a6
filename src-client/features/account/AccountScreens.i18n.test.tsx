import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n } from "../../lib/i18n";
import { server, trpcHandlers } from "../../test/msw";
import { bypassing, pseudo } from "../../test/pseudo";
import { renderApp } from "../../test/render";

// Issue #45: the profile's own sections and the recovery pages, in French and in the pseudo-language.

const user = {
  id: "u-1",
  email: "ama@example.com",
  firstName: "Ama",
  lastName: "Mensah",
  profileImageUrl: null,
  role: "client" as const,
  emailVerified: false,
  secondFactor: false,
};
const profile = {
  "account.me": () => user,
  "cart.list": () => [],
  "account.sessions": () => [],
  "account.secondFactors": () => ({ totp: true, passkeys: 0, recoveryCodesLeft: 7 }),
  "account.passkeys": () => [],
  "phone.status": () => ({ number: "+233 24 123 4567", country: "GH" as const, sms: true, pending: null }),
  "bookings.clientSessions": () => ({ upcoming: [], past: [] }),
  "account.orders": () => [],
};

const french = () => {
  setFormatLocale("fr");
  return createI18n("fr", { ...frenchPublic, ...frenchApp });
};

/** What is not the product's words on the profile: the person's name, initial and address, a number, a mark. */
const THEIRS = /^(Ama Mensah|A|ama@example\.com|\*)$/;

describe("/profile's own sections in French", () => {
  it("draws the card, the account, security, phone and notification sections in French", async () => {
    server.use(...trpcHandlers(profile));
    renderApp("/fr/profile", french());
    expect(await screen.findByRole("heading", { level: 1, name: "Ama Mensah" })).toBeInTheDocument();
    expect(screen.getByTestId("profile-role")).toHaveTextContent("Client");
    // The card's, and the header's once its controls have come: both French.
    expect(screen.getAllByRole("button", { name: "Se déconnecter" }).length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Log Out" })).toBeNull();
    const account = screen.getByRole("region", { name: "Compte et sécurité" });
    expect(within(account).getByText("Veuillez confirmer votre adresse e-mail")).toBeInTheDocument();
    expect(within(account).getByRole("button", { name: "Changer le mot de passe" })).toBeInTheDocument();
    const security = screen.getByRole("region", { name: "Sécurité" });
    expect(await within(security).findByText("Codes de récupération restants : 7")).toBeInTheDocument();
    const phone = screen.getByRole("region", { name: "Numéro de téléphone pour les SMS" });
    expect(await within(phone).findByText("Le +233 24 123 4567 est confirmé.")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Notifications sur cet appareil" })).toBeInTheDocument();
    // The forms' own checks, in French.
    await userEvent.click(within(account).getByRole("button", { name: "Changer l’adresse e-mail" }));
    expect(await within(account).findByText("Saisissez une adresse e-mail valable")).toBeInTheDocument();
    expect(within(account).getByText("Saisissez votre mot de passe actuel")).toBeInTheDocument();
    setFormatLocale("en");
  });
});

describe("/profile's own sections in the pseudo-language", () => {
  it("take every text from the catalog", async () => {
    server.use(...trpcHandlers(profile));
    renderApp("/profile", pseudo);
    const role = await screen.findByTestId("profile-role");
    const card = role.closest<HTMLElement>(".mantine-Paper-root");
    if (!card) throw new Error("No card");
    const sections = [/Account and security/, /^⟦Security⟧$/, /Phone number for SMS/, /Notifications on this device/].map(
      (name) => screen.getByRole("region", { name }),
    );
    await waitFor(() => expect(within(sections[1] as HTMLElement).getByText(/Recovery codes left/)).toBeInTheDocument());
    await waitFor(() => expect(within(sections[2] as HTMLElement).getByText(/is confirmed/)).toBeInTheDocument());
    for (const part of [card, ...sections]) expect(bypassing(part, THEIRS)).toEqual([]);
  });
});

describe("the recovery pages in French and in the pseudo-language", () => {
  it("asks for the address in French, checks it in French and answers in French", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "cart.list": () => [],
        "account.requestPasswordReset": () => ({
          message: "If an account exists for this address, we sent it a link to reset the password.",
        }),
      }),
    );
    renderApp("/fr/forgot-password", french());
    expect(await screen.findByRole("heading", { level: 1, name: "Réinitialisez votre mot de passe" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Envoyer le lien" }));
    expect(await screen.findByText("Saisissez une adresse e-mail valable")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/E-mail/), "ama@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Envoyer le lien" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Si un compte existe pour cette adresse, nous lui avons envoyé un lien pour réinitialiser le mot de passe.",
    );
    setFormatLocale("en");
  });

  it("says in French that a confirmation link failed, the server's reason as it came", async () => {
    // The server answers a French page in French (decision 200: the request's x-seer-locale).
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "cart.list": () => [],
        "account.verifyEmail": () => ({ error: { code: "BAD_REQUEST", message: "Ce lien n’est pas valable ou a expiré." } }),
      }),
    );
    renderApp("/fr/verify-email?token=abc", french());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Ce lien n’est pas valable ou a expiré. Connectez-vous et demandez un nouveau lien depuis votre profil.",
    );
    setFormatLocale("en");
  });

  it("take every text from the catalog", async () => {
    server.use(...trpcHandlers({ "account.me": () => null, "cart.list": () => [] }));
    for (const url of ["/forgot-password", "/reset-password?token=abc"]) {
      const { unmount } = renderApp(url, pseudo);
      const heading = await screen.findByRole("heading", { level: 1 });
      const page = heading.closest<HTMLElement>(".mantine-Container-root");
      if (!page) throw new Error("No page");
      expect(bypassing(page, THEIRS)).toEqual([]);
      unmount();
    }
  });
});
