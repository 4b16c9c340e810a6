import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../providers";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { createQueryClient, createTrpcClient, type RouterInputs, type RouterOutputs } from "../../trpc";
import { PayoutsPanel } from "./PayoutsPanel";

type Row = RouterOutputs["payouts"]["list"][number];
type ListInput = RouterInputs["payouts"]["list"];

const row = (i: number, extra: Partial<Row> = {}): Row => ({
  id: `lp_${String(i).padStart(3, "0")}`,
  seerId: "seer_1",
  seerName: "Ama Mensah",
  rail: "paystack",
  status: "success",
  amount: 6400,
  localAmount: 922_88,
  currency: "GHS",
  rate: "14.420000",
  fee: 100,
  providerId: `TRF_${i}`,
  message: null,
  attempts: 1,
  retriedAt: null,
  createdAt: new Date(Date.UTC(2026, 10, 22, 10, 0, 0) - i * 60_000),
  updatedAt: new Date("2026-11-22T10:05:00Z"),
  country: "GH",
  destination: "MTN Mobile Money •••• 1234",
  ...extra,
});

function renderPanel(handlers: Parameters<typeof trpcHandlers>[0]) {
  server.use(...trpcHandlers(handlers));
  render(
    <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
      <PayoutsPanel />
    </AppProviders>,
  );
}

describe("the admins' payouts screen", () => {
  it("lists payouts with both amounts, the fee and the provider's reason, and sends the filters", async () => {
    const inputs: ListInput[] = [];
    renderPanel({
      "payouts.list": (input) => {
        inputs.push(input);
        return [
          row(1, {
            status: "failed",
            fee: null,
            providerId: null,
            message: "The mobile money wallet is not active",
            attempts: 3,
            seerName: "Kofi Boateng",
          }),
          row(2, {
            rail: "flutterwave",
            currency: "XOF",
            localAmount: 38_400,
            fee: 250,
            country: "SN",
            destination: "Orange Money •••• 5678",
          }),
        ];
      },
    });
    const table = await screen.findByRole("table", { name: "Local payouts" });
    const [, failed, paid] = within(table).getAllByRole("row");
    expect(failed).toHaveTextContent("Kofi Boateng");
    expect(failed).toHaveTextContent("$64.00");
    expect(failed).toHaveTextContent("GH₵922.88");
    expect(failed).toHaveTextContent("Failed");
    expect(failed).toHaveTextContent("The mobile money wallet is not active");
    expect(within(failed as HTMLElement).getAllByText("—")).toHaveLength(2);
    expect(paid).toHaveTextContent("Orange Money •••• 5678");
    expect(paid).toHaveTextContent("Flutterwave");
    expect(paid).toHaveTextContent("CFA 38,400");
    expect(paid).toHaveTextContent("CFA 250");
    expect(paid).toHaveTextContent("TRF_2");
    expect(within(paid as HTMLElement).queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(inputs).toEqual([{}]);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole("combobox", { name: "State" }), "Failed");
    await user.selectOptions(screen.getByRole("combobox", { name: "Rail" }), "Flutterwave");
    await user.selectOptions(screen.getByRole("combobox", { name: "Country" }), "SN");
    await waitFor(() => expect(inputs.at(-1)).toEqual({ status: "failed", rail: "flutterwave", country: "SN" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "State" }), "All");
    await waitFor(() => expect(inputs.at(-1)).toEqual({ rail: "flutterwave", country: "SN" }));
  });

  it("retries a failed payout once, then shows the list again without the button", async () => {
    const retried: string[] = [];
    renderPanel({
      "payouts.list": () => [
        row(1, { status: "failed", message: "Declined", retriedAt: retried.length > 0 ? new Date() : null }),
        row(2, { status: "reversed", message: "Sent back", retriedAt: new Date("2026-11-22T11:00:00Z") }),
      ],
      "payouts.retry": ({ payoutId }) => {
        retried.push(payoutId);
        return { retried: true };
      },
    });
    const table = await screen.findByRole("table", { name: "Local payouts" });
    const buttons = within(table).getAllByRole("button", { name: "Retry" });
    // The reversed one was retried already: one button only.
    expect(buttons).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(buttons[0] as HTMLElement);
    await waitFor(() => expect(within(table).queryByRole("button", { name: "Retry" })).not.toBeInTheDocument());
    expect(retried).toEqual(["lp_001"]);
    expect(await screen.findByText("Payout retried")).toBeInTheDocument();
  });

  it("offers Retry on a payout left pending after its attempts could not reach the provider, not on one still trying", async () => {
    renderPanel({
      "payouts.list": () => [
        row(1, { status: "pending", fee: null, attempts: 10, message: "The provider could not be reached after 10 attempts" }),
        row(2, { status: "pending", fee: null, attempts: 2 }),
      ],
    });
    const table = await screen.findByRole("table", { name: "Local payouts" });
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1] as HTMLElement).getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
  });

  it("loads the next page from the last row's time and id when a page is full", async () => {
    const inputs: ListInput[] = [];
    renderPanel({
      "payouts.list": (input) => {
        inputs.push(input);
        return input.before ? [row(51, { seerName: "Last Seer" })] : Array.from({ length: 50 }, (_, i) => row(i + 1));
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Last Seer")).toBeInTheDocument();
    expect(inputs.at(-1)).toEqual({ before: { createdAt: row(50).createdAt, id: "lp_050" } });
    expect(within(screen.getByRole("table", { name: "Local payouts" })).getAllByRole("row")).toHaveLength(52);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });
});
