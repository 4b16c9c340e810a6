import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../providers";
import { TEST_ORIGIN } from "../../test/msw";
import { createQueryClient, createTrpcClient } from "../../trpc";
import { PaymentMethodChoice } from "./PaymentMethodChoice";
import type { Currency } from "../../../src/domain/currencies";

function renderChoice(currencies?: readonly Currency[]) {
  render(
    <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
      <PaymentMethodChoice
        choice={{ method: "local", currency: null }}
        onChoice={() => undefined}
        quote={null}
        updating={false}
        currencies={currencies}
      />
    </AppProviders>,
  );
  const select = screen.getByRole("combobox", { name: "Pay in" });
  return within(select)
    .getAllByRole("option")
    .map((o) => o.textContent);
}

describe("the currencies offered for mobile money", () => {
  it("lists only the currencies the configured gateways charge", () => {
    expect(renderChoice(["XOF", "XAF"])).toEqual([
      "Choose a currency",
      "West African CFA franc (XOF)",
      "Central African CFA franc (XAF)",
    ]);
  });

  it("lists every local currency when the server names none", () => {
    expect(renderChoice()).toHaveLength(7);
  });
});
