import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { createI18n, I18nProvider, type AppI18n } from "../../lib/i18n";
import { AppProviders } from "../../providers";
import { TEST_ORIGIN } from "../../test/msw";
import { bypassing, pseudo } from "../../test/pseudo";
import { createQueryClient, createTrpcClient } from "../../trpc";
import { TestOnboardingPage } from "./TestOnboardingPage";

/** The page alone, in a language (it holds no link, so no router is needed). */
function draw(i18n: AppI18n) {
  const queryClient = createQueryClient();
  return render(
    <I18nProvider value={i18n}>
      <AppProviders queryClient={queryClient} trpcClient={createTrpcClient(TEST_ORIGIN)}>
        <TestOnboardingPage accountId="acct_test_1" returnTo="/seer/dashboard" />
      </AppProviders>
    </I18nProvider>,
  );
}

describe("the test payout onboarding (issue #45)", () => {
  it("draws every text of its own from the catalog", () => {
    draw(pseudo);
    expect(screen.getByRole("heading", { name: /⟦Set up your payout account⟧/ })).toBeInTheDocument();
    expect(bypassing(document.body)).toEqual([]);
  });

  it("is French in French", () => {
    draw(createI18n("fr", { ...frenchPublic, ...frenchApp }));
    expect(screen.getByRole("heading", { name: "Configurez votre compte de versement" })).toBeInTheDocument();
    expect(screen.getByText(/^Mode test : aucune coordonnée bancaire/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Terminer la configuration" })).toBeEnabled();
  });
});
