import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { messages as frenchApp } from "../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../src/i18n/compiled/fr";
import { createI18n, I18nProvider, type AppI18n } from "../lib/i18n";
import { AppProviders } from "../providers";
import { server, TEST_ORIGIN, trpcHandlers } from "../test/msw";
import { bypassing, pseudo } from "../test/pseudo";
import { renderApp } from "../test/render";
import { createQueryClient, createTrpcClient } from "../trpc";
import { AnswerOnce } from "./AnswerOnce";

// Issue #45: the shared components' own words in French, and from the catalog (the pseudo-language).

describe("an unknown address", () => {
  it("is not found in French on a French page, and the way home stays French", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/fr/no/such/page", createI18n("fr", frenchPublic));
    expect(await screen.findByRole("heading", { name: "Page introuvable" })).toBeInTheDocument();
    expect(screen.getByText("La page que vous cherchez n’existe pas ou a été déplacée.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Retour à l’accueil" })).toHaveAttribute("href", "/fr");
  });

  it("draws its texts from the public catalog", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/no/such/page", pseudo);
    const heading = await screen.findByRole("heading", { name: /Page Not Found/ });
    const main = heading.closest("main") ?? document.body;
    // The 404 is a figure, not a word.
    expect(bypassing(main, /^404$/)).toEqual([]);
  });
});

function drawAnswer(i18n: AppI18n) {
  render(
    <I18nProvider value={i18n}>
      <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
        <AnswerOnce
          label="Réponse"
          description="Visible par le client"
          openLabel="Répondre"
          sendLabel="Envoyer"
          pending={false}
          error={null}
          onSend={() => {}}
        />
      </AppProviders>
    </I18nProvider>,
  );
}

describe("AnswerOnce", () => {
  it("offers its way back in French", async () => {
    drawAnswer(createI18n("fr", { ...frenchPublic, ...frenchApp }));
    await userEvent.click(screen.getByRole("button", { name: "Répondre" }));
    await userEvent.click(screen.getByRole("button", { name: "Retour" }));
    expect(screen.getByRole("button", { name: "Répondre" })).toBeInTheDocument();
  });

  it("draws its own words from the catalog (its caller gives the others)", async () => {
    drawAnswer(pseudo);
    await userEvent.click(screen.getByRole("button", { name: "Répondre" }));
    expect(bypassing(document.body, /^(Réponse|Visible par le client|Envoyer|Répondre|autosize measurement)$/)).toEqual([]);
  });
});
