import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../providers";
import { server, trpcHandlers, TEST_ORIGIN } from "../../test/msw";
import { createQueryClient, createTrpcClient } from "../../trpc";
import { CardPaymentForm } from "./CardPaymentForm";

function renderForm(charge?: string) {
  const onSuccess: string[] = [];
  render(
    <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
      <CardPaymentForm
        clientSecret="pi_42_secret_abc"
        returnPath="/order-success"
        onSuccess={(id) => onSuccess.push(id)}
        submitLabel="Pay $10.00"
        charge={charge}
      />
    </AppProviders>,
  );
  return onSuccess;
}

describe("CardPaymentForm", () => {
  it("shows the test-mode card form by default and reports the paid intent's id", async () => {
    server.use(
      ...trpcHandlers({
        "payments.config": () => ({ provider: "test", publishableKey: null, mobileMoney: true }),
        "payments.confirmTestCard": () => ({ status: "succeeded" as const, message: null }),
      }),
    );
    const onSuccess = renderForm();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Card number/), "4242 4242 4242 4242");
    await user.type(screen.getByLabelText(/Expiry/), "12/34");
    await user.type(screen.getByLabelText(/CVC/), "123");
    await user.click(screen.getByRole("button", { name: "Pay $10.00" }));
    await waitFor(() => expect(onSuccess).toEqual(["pi_42"]));
  });

  it("states the amount and currency charged before paying", async () => {
    server.use(...trpcHandlers({ "payments.config": () => ({ provider: "test", publishableKey: null, mobileMoney: true }) }));
    renderForm("1234.50");
    expect(await screen.findByText("Your card will be charged $1,234.50 in US dollars (USD).")).toBeInTheDocument();
  });

  it("loads Stripe's Payment Element instead when Stripe keys are configured", async () => {
    server.use(...trpcHandlers({ "payments.config": () => ({ provider: "stripe", publishableKey: "pk_test_123", mobileMoney: false }) }));
    renderForm();
    await waitFor(() => expect(document.querySelector('script[src^="https://js.stripe.com/"]')).not.toBeNull());
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay $10.00" })).toBeDisabled();
  });
});
