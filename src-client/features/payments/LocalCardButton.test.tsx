import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../providers";
import { server, trpcHandlers, TEST_ORIGIN } from "../../test/msw";
import { createQueryClient, createTrpcClient } from "../../trpc";
import { LocalCardButton } from "./LocalCardButton";

describe("LocalCardButton", () => {
  it("opens the hosted checkout for the started payment and goes there", async () => {
    const asked: unknown[] = [];
    server.use(
      ...trpcHandlers({
        "payments.startLocalCard": (input: unknown) => {
          asked.push(input);
          return { url: "https://checkout.paystack.com/0peioxfhpn" };
        },
      }),
    );
    const went: string[] = [];
    render(
      <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
        <LocalCardButton clientSecret="lc_7_secret_y" returnPath="/booking-success" go={(url) => went.push(url)} />
      </AppProviders>,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Pay with a local card" }));
    await waitFor(() => expect(went).toEqual(["https://checkout.paystack.com/0peioxfhpn"]));
    expect(asked).toEqual([{ clientSecret: "lc_7_secret_y", returnPath: "/booking-success" }]);
  });
});
