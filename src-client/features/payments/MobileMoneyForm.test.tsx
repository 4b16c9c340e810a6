import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { APPROVE_ON_PHONE, PROMPT_DECLINED, PROMPT_TIMED_OUT } from "../../../src/domain/mobile-money";
import { AppProviders } from "../../providers";
import { server, trpcHandlers, TEST_ORIGIN } from "../../test/msw";
import { createQueryClient, createTrpcClient } from "../../trpc";
import { MobileMoneyForm } from "./MobileMoneyForm";

function renderForm(testMode = true) {
  const paid: string[] = [];
  render(
    <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
      <MobileMoneyForm
        clientSecret="pi_7_secret_y"
        paymentIntentId="pi_7"
        testMode={testMode}
        onSuccess={(id) => paid.push(id)}
      />
    </AppProviders>,
  );
  return paid;
}

async function sendPrompt(number: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole("textbox", { name: "Mobile money number" }), number);
  await user.click(screen.getByRole("button", { name: "Send payment prompt" }));
  return user;
}

describe("MobileMoneyForm", () => {
  it("asks every 2 s while the prompt waits, and reports the payment once the phone approved it", async () => {
    let asked = 0;
    server.use(
      ...trpcHandlers({
        "payments.startMobileMoney": () => ({ status: "requires_action" as const, message: null }),
        "payments.mobileMoneyState": () => {
          asked += 1;
          return { status: "succeeded" as const, message: null };
        },
      }),
    );
    const paid = renderForm(false);
    expect(screen.getByRole("textbox", { name: "Mobile money number" })).toHaveAttribute("inputmode", "tel");
    await sendPrompt("0244121234");
    expect(await screen.findByText(APPROVE_ON_PHONE)).toBeInTheDocument();
    expect(asked).toBe(0);
    await waitFor(() => expect(paid).toEqual(["pi_7"]), { timeout: 3500 });
    expect(asked).toBe(1);
    // Outside test mode there is no test phone.
    expect(screen.queryByRole("region", { name: "Test phone" })).not.toBeInTheDocument();
  });

  it("says when the phone did not answer in time, and offers Try again", async () => {
    server.use(
      ...trpcHandlers({
        "payments.startMobileMoney": () => ({ status: "requires_action" as const, message: null }),
        "payments.mobileMoneyState": () => ({ status: "requires_payment_method" as const, message: PROMPT_TIMED_OUT }),
      }),
    );
    renderForm();
    await sendPrompt("0244121234");
    expect(await screen.findByRole("alert", { name: "Payment Failed" }, { timeout: 3500 })).toHaveTextContent(PROMPT_TIMED_OUT);
    expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
  });

  it("says a prompt declined at once without waiting", async () => {
    server.use(
      ...trpcHandlers({
        "payments.startMobileMoney": () => ({ status: "requires_payment_method" as const, message: PROMPT_DECLINED }),
      }),
    );
    renderForm();
    await sendPrompt("0244120000");
    expect(await screen.findByRole("alert", { name: "Payment Failed" })).toHaveTextContent(PROMPT_DECLINED);
    expect(screen.queryByText(APPROVE_ON_PHONE)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("says a refused number under the field", async () => {
    const reason = "Enter your mobile money number (8 to 15 digits).";
    server.use(
      ...trpcHandlers({
        "payments.startMobileMoney": () => ({
          error: { code: "BAD_REQUEST", message: reason, zodError: { formErrors: [], fieldErrors: { phone: [reason] } } },
        }),
      }),
    );
    renderForm();
    await sendPrompt("12");
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Mobile money number" })).toHaveAccessibleDescription(reason));
    expect(screen.getByRole("button", { name: "Send payment prompt" })).toBeEnabled();
  });

  it("shows the server's refusal as the other forms do, a toast, and lets the client send again", async () => {
    server.use(
      ...trpcHandlers({
        "payments.startMobileMoney": () => ({
          error: { code: "BAD_REQUEST", message: "Enter your mobile money number (8 to 15 digits)." },
        }),
      }),
    );
    renderForm();
    await sendPrompt("12");
    expect(await screen.findByText("Enter your mobile money number (8 to 15 digits).")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send payment prompt" })).toBeEnabled();
  });
});
