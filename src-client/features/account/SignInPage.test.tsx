import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { drawn, hydrate } from "../../test/drawn";
import type { SecondStepKind } from "../../../src/domain/sign-in-refusal-codes";
import type { SignInRefusal } from "../../../src/domain/sign-in-refusals";
import { captureEarlyInput } from "../../lib/early-input";
import { AppProviders } from "../../providers";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { createQueryClient, createTrpcClient } from "../../trpc";
import { SignInPage } from "./SignInPage";

// Issue #39: the server draws the sign-in page for a visitor; its form works without the app's code, and what the
// person typed before the code arrived is what the app signs in with once it has taken the page over.

/** The sign-in page alone in a router (its links need one), around the app's providers. */
async function signInPage(refusal?: SignInRefusal, second?: SecondStepKind): Promise<React.ReactElement> {
  const rootRoute = createRootRoute({
    component: () => (
      <SignInPage returnTo="/cart/add?productId=p-1&quantity=1" initialMode="signin" refusal={refusal} second={second} />
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/login"] }) });
  await router.load();
  return (
    <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
      <RouterProvider router={router} />
    </AppProviders>
  );
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
