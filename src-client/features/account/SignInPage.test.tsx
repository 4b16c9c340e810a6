import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { drawn, hydrate } from "../../test/drawn";
import type { SecondStepKind } from "../../../src/domain/sign-in-refusal-codes";
import { refusalText, type SignInRefusal } from "../../../src/domain/sign-in-refusals";
import { SIGN_IN_REFUSALS } from "../../../src/domain/sign-in-refusal-codes";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { englishI18n } from "../../lib/english";
import { createI18n, I18nProvider, type AppI18n } from "../../lib/i18n";
import { bypassing, pseudo } from "../../test/pseudo";
import { refusalMessage } from "./texts";
import { captureEarlyInput } from "../../lib/early-input";
import { AppProviders } from "../../providers";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { createQueryClient, createTrpcClient } from "../../trpc";
import { SignInPage } from "./SignInPage";

// Issue #39: the server draws the sign-in page for a visitor; its form works without the app's code, and what the
// person typed before the code arrived is what the app signs in with once it has taken the page over.

/** The sign-in page alone in a router (its links need one), around the app's providers. */
async function signInPage(refusal?: SignInRefusal, second?: SecondStepKind, i18n?: AppI18n): Promise<React.ReactElement> {
  const rootRoute = createRootRoute({
    component: () => (
      <SignInPage returnTo="/cart/add?productId=p-1&quantity=1" initialMode="signin" refusal={refusal} second={second} />
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/login"] }) });
  await router.load();
  const page = (
    <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  return i18n ? <I18nProvider value={i18n}>{page}</I18nProvider> : page;
}

const fieldNamed = (container: HTMLElement, name: string) => container.querySelector(`input[name="${name}"]`) as HTMLInputElement;

describe("the sign-in page the server drew", () => {
  it("is a form posted to /login with the way back, checked by the browser itself until the app takes over", async () => {
    const container = drawn(await signInPage());
    const form = container.querySelector("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe("/login");
    expect(form?.hasAttribute("novalidate")).toBe(false);
    expect(fieldNamed(container, "email").type).toBe("email");
    expect(fieldNamed(container, "password").type).toBe("password");
    expect(fieldNamed(container, "returnTo")).toMatchObject({ type: "hidden", value: "/cart/add?productId=p-1&quantity=1" });
    // The page's language, for the server to send a refusal back to the sign-in page in it (issue #45).
    expect(fieldNamed(container, "locale")).toMatchObject({ type: "hidden", value: "en" });
    // The tab that needs the app's code to switch is drawn disabled.
    expect(container.querySelector('[role="tab"][disabled]')?.textContent).toBe("Sign Up");
  });

  it("shows the product's text for a refusal the server sent back as a code", async () => {
    const container = drawn(await signInPage({ error: "throttled", wait: 30 }));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      "Too many sign-in attempts. Please wait 30 seconds and try again.",
    );
  });

  it("signs in with what was typed before the app took the page over, through the app's own call", async () => {
    const calls: unknown[] = [];
    server.use(
      ...trpcHandlers({
        "account.signIn": (input) => {
          calls.push(input);
          return { error: { code: "UNAUTHORIZED", message: "Invalid email or password" } };
        },
      }),
    );
    const element = await signInPage({ error: "invalid" });
    const container = drawn(element);
    fieldNamed(container, "email").value = "ama@example.com";
    fieldNamed(container, "password").value = "correct horse battery";
    captureEarlyInput(container);
    hydrate(container, element);
    await waitFor(() => expect(container.querySelector("form")?.hasAttribute("novalidate")).toBe(true));
    expect(screen.getByRole("tab", { name: "Sign Up" })).toBeEnabled();
    expect(fieldNamed(container, "email").value).toBe("ama@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(calls).toEqual([{ email: "ama@example.com", password: "correct horse battery" }]));
    // The app's own refusal replaces the one the address carried.
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid email or password");
  });
});

describe("the second step the server drew (issue #47)", () => {
  it("is a form posted to /login/code with the way back and the step, showing the refusal the address carries", async () => {
    const container = drawn(await signInPage({ error: "code" }, "totpPasskey"));
    const form = container.querySelector("form");
    expect(form?.getAttribute("action")).toBe("/login/code");
    expect(form?.getAttribute("method")).toBe("post");
    expect(fieldNamed(container, "code").autocomplete).toBe("one-time-code");
    expect(fieldNamed(container, "returnTo").value).toBe("/cart/add?productId=p-1&quantity=1");
    expect(fieldNamed(container, "second").value).toBe("totpPasskey");
    expect(container.querySelector('[role="alert"]')?.textContent).toBe("That code is not right. Try again.");
    // The passkey needs the app's code: drawn disabled until then.
    expect(Array.from(container.querySelectorAll("button[disabled]")).map((b) => b.textContent)).toContain("Use Passkey");
  });

  it("sends the code typed before the app took the page over through the app's own call", async () => {
    const calls: unknown[] = [];
    server.use(
      ...trpcHandlers({
        "account.signInSecondStep": (input) => {
          calls.push(input);
          return { error: { code: "UNAUTHORIZED", message: "That code is not right. Try again." } };
        },
      }),
    );
    const element = await signInPage(undefined, "totp");
    const container = drawn(element);
    fieldNamed(container, "code").value = "123456";
    captureEarlyInput(container);
    hydrate(container, element);
    await waitFor(() => expect(container.querySelector("form")?.hasAttribute("novalidate")).toBe(true));
    expect(fieldNamed(container, "code").value).toBe("123456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(calls).toEqual([{ code: "123456" }]));
    expect(await screen.findByRole("alert")).toHaveTextContent("That code is not right. Try again.");
  });
});

describe("a refused sign-in's texts (issue #45)", () => {
  it("are the product's English texts of src/domain/sign-in-refusals.ts, for every code and wait", () => {
    for (const error of SIGN_IN_REFUSALS) {
      for (const wait of [undefined, 1, 30, 59, 60, 120, 840, 900, 5000]) {
        expect(refusalMessage(englishI18n.t, { error, wait })).toBe(refusalText({ error, wait }));
      }
    }
  });
});

describe("the sign-in page in French (issue #45)", () => {
  const french = () => createI18n("fr", { ...frenchPublic, ...frenchApp });

  it("is drawn in French, with the refusal the address carries", async () => {
    const container = drawn(await signInPage({ error: "throttled", wait: 120 }, undefined, french()));
    expect(container.querySelector("h1")?.textContent).toBe("Bon retour parmi nous");
    expect(fieldNamed(container, "locale")).toMatchObject({ type: "hidden", value: "fr" });
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      "Trop de tentatives de connexion. Veuillez patienter 2 minutes puis réessayer.",
    );
    expect(container.querySelector('button[type="submit"]')?.textContent).toBe("Se connecter");
    expect(container.querySelector('[role="tab"][disabled]')?.textContent).toBe("S’inscrire");
    expect(container.textContent).toContain("Mot de passe oublié\u00a0?");
  });

  it("draws a field's refusal the address carries in French, from the forms' checks (the validation area)", async () => {
    const container = drawn(await signInPage({ error: "email" }, undefined, french()));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe("Saisissez une adresse e-mail valable");
    const second = drawn(await signInPage({ error: "codeFormat" }, "totp", french()));
    expect(second.querySelector('[role="alert"]')?.textContent).toBe(
      "Saisissez le code à 6\u00a0chiffres ou un code de récupération",
    );
  });

  it("draws the second step in French, with a wrong code's refusal", async () => {
    const container = drawn(await signInPage({ error: "code" }, "totpPasskey", french()));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe("Ce code n’est pas le bon. Réessayez.");
    expect(fieldNamed(container, "locale")).toMatchObject({ type: "hidden", value: "fr" });
    expect(container.textContent).toContain("Utilisez votre clé d’accès pour terminer la connexion.");
    expect(container.querySelector('button[type="submit"]')?.textContent).toBe("Vérifier");
  });

  it("answers the app's own refusal and the form's checks in French", async () => {
    server.use(
      ...trpcHandlers({
        "account.signIn": () => ({ error: { code: "UNAUTHORIZED", message: "Invalid email or password" } }),
      }),
    );
    const element = await signInPage(undefined, undefined, french());
    const container = drawn(element);
    hydrate(container, element);
    await waitFor(() => expect(container.querySelector("form")?.hasAttribute("novalidate")).toBe(true));
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByText("Saisissez une adresse e-mail valable")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/E-mail/), "ama@example.com");
    await userEvent.type(screen.getByLabelText(/Mot de passe/), "wrong one");
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("E-mail ou mot de passe incorrect");
  });

  it("signs up in French", async () => {
    server.use(
      ...trpcHandlers({
        "account.signUp": () => ({ message: "Check your email: we sent you a link to confirm your address and sign in." }),
      }),
    );
    const rootRoute = createRootRoute({ component: () => <SignInPage returnTo="/" initialMode="signup" /> });
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/login"] }) });
    await router.load();
    const element = (
      <I18nProvider value={french()}>
        <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
          <RouterProvider router={router} />
        </AppProviders>
      </I18nProvider>
    );
    const container = drawn(element);
    hydrate(container, element);
    expect(container.querySelector("h1")?.textContent).toBe("Créez votre compte");
    await userEvent.click(await screen.findByRole("button", { name: "Créer le compte" }));
    expect(await screen.findByText("Le prénom est obligatoire")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Prénom/), "Ama");
    await userEvent.type(screen.getByLabelText(/^Nom/), "Mensah");
    await userEvent.type(screen.getByLabelText(/E-mail/), "ama@example.com");
    await userEvent.type(screen.getByLabelText(/Mot de passe/), "a long and unusual passphrase");
    await userEvent.click(screen.getByRole("button", { name: "Créer le compte" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Consultez vos e-mails");
    // Typing four fields on a loaded machine takes a while.
  }, 60_000);
});

/** Mantine's mark of a required field. */
const REQUIRED = /^\*$/;

describe("the sign-in page in the pseudo-language (issue #45)", () => {
  it("takes every text from the catalog: sign-in, its refusal, the second step and sign-up", async () => {
    expect(bypassing(drawn(await signInPage({ error: "locked", wait: 300 }, undefined, pseudo)), REQUIRED)).toEqual([]);
    expect(bypassing(drawn(await signInPage({ error: "expired" }, "totpPasskey", pseudo)), REQUIRED)).toEqual([]);
    expect(bypassing(drawn(await signInPage({ error: "codeFormat" }, "recovery", pseudo)), REQUIRED)).toEqual([]);
    const rootRoute = createRootRoute({ component: () => <SignInPage returnTo="/" initialMode="signup" /> });
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/login"] }) });
    await router.load();
    const signUp = drawn(
      <I18nProvider value={pseudo}>
        <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
          <RouterProvider router={router} />
        </AppProviders>
      </I18nProvider>,
    );
    expect(bypassing(signUp, REQUIRED)).toEqual([]);
  });
});
