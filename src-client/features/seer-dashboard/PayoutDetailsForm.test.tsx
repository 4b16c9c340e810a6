import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TEST_PAYOUT_NUMBERS } from "../../../src/domain/payout-rails";
import { messages as frenchApp } from "../../../src/i18n/compiled/app-fr";
import { messages as frenchPublic } from "../../../src/i18n/compiled/fr";
import { createI18n, I18nProvider } from "../../lib/i18n";
import { AppProviders } from "../../providers";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { createQueryClient, createTrpcClient, type RouterInputs, type RouterOutputs } from "../../trpc";
import { PayoutsCard } from "./PayoutsCard";

type Options = RouterOutputs["payouts"]["options"];
type Overview = RouterOutputs["payouts"]["overview"];
type SaveInput = RouterInputs["payouts"]["saveMethod"];

const ghana = (extra: Partial<Options> = {}): Options => ({
  country: "Ghana",
  rail: "paystack",
  currency: "GHS",
  kinds: ["mobile_money", "bank"],
  minimum: 150_00,
  holdHours: 24,
  testNumbers: TEST_PAYOUT_NUMBERS,
  method: null,
  ...extra,
});
const nigeria = (): Options => ({ ...ghana(), country: "Nigeria", currency: "NGN", kinds: ["bank"], minimum: 15_000_00 });

const overview = (extra: Partial<Overview> = {}): Overview => ({
  status: "not_connected",
  pending: 0,
  available: 6400,
  paidOut: 0,
  holdHours: 24,
  payouts: [],
  localPayouts: [],
  payoutDue: false,
  ...extra,
});

type Institution = RouterOutputs["payouts"]["institutions"][number];
const NETWORKS: Institution[] = [
  { code: "MTN", name: "MTN Mobile Money", kind: "mobile_money" },
  { code: "VOD", name: "Telecel Cash", kind: "mobile_money" },
];
const BANKS: Institution[] = [{ code: "058", name: "Guaranty Trust Bank", kind: "bank" }];

function renderCard(handlers: Parameters<typeof trpcHandlers>[0]) {
  server.use(
    ...trpcHandlers({
      "payouts.overview": () => overview(),
      "payouts.options": () => ghana(),
      "payouts.institutions": ({ kind }) => (kind === "mobile_money" ? NETWORKS : BANKS),
      ...handlers,
    }),
  );
  render(
    <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
      <PayoutsCard />
    </AppProviders>,
  );
}

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Connect payout account" }));
  const dialog = await screen.findByRole("dialog", { name: "Payout details" });
  return { user, dialog };
}

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.selectOptions(screen.getByRole("combobox", { name: label }), option);
}

describe("local payout details on the Earnings tab", () => {
  it("lets a Ghanaian Seer check an MTN number's name, and saves only once confirmed with the password", async () => {
    const institutionKinds: string[] = [];
    const saved: SaveInput[] = [];
    renderCard({
      "payouts.institutions": ({ kind }) => {
        institutionKinds.push(kind);
        return kind === "mobile_money" ? NETWORKS : BANKS;
      },
      "payouts.resolveAccount": () => ({ accountName: "Ama Mensah" }),
      "payouts.saveMethod": (input) => {
        saved.push(input);
        return { label: "MTN Mobile Money •••• 1234", usableFrom: new Date() };
      },
    });
    const { user, dialog } = await openForm();
    const kinds = within(dialog).getAllByRole("radio");
    expect(within(dialog).getByRole("radio", { name: "Mobile money" })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "Bank account" })).toBeInTheDocument();
    expect(kinds).toHaveLength(2);
    expect(
      within(dialog).getByText("Test mode: numbers ending in 0000 fail, 9999 are sent back, 0404 are not found."),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Payouts are sent once at least GH₵150.00 is owed.")).toBeInTheDocument();

    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Network" })).toBeEnabled());
    await pick(user, "Network", "MTN Mobile Money");
    await user.type(within(dialog).getByRole("textbox", { name: "Mobile money number" }), "024 412 1234");
    expect(within(dialog).getByRole("button", { name: "Save payout details" })).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Check name" }));
    expect(await within(dialog).findByText("Account holder: Ama Mensah")).toBeInTheDocument();

    // Neither the confirmation nor the password yet: nothing is sent.
    await user.click(within(dialog).getByRole("button", { name: "Save payout details" }));
    expect(await within(dialog).findByText("Confirm that this is your account")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter your password")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("checkbox", { name: "This is my account" }));
    await user.click(within(dialog).getByRole("button", { name: "Save payout details" }));
    expect(within(dialog).getByText("Enter your password")).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Your password"), "seer password 1");
    await user.click(within(dialog).getByRole("button", { name: "Save payout details" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      kind: "mobile_money",
      institutionCode: "MTN",
      accountNumber: "024 412 1234",
      accountName: "Ama Mensah",
      confirmName: true,
      currentPassword: "seer password 1",
    });
    expect(institutionKinds).toEqual(["mobile_money"]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Payout details" })).not.toBeInTheDocument());
    expect(await screen.findByText("Payout details saved")).toBeInTheDocument();
  });

  it("offers a Nigerian Seer a bank account only, with the banks' list", async () => {
    const institutionKinds: string[] = [];
    renderCard({
      "payouts.options": () => nigeria(),
      "payouts.institutions": ({ kind }) => {
        institutionKinds.push(kind);
        return BANKS;
      },
    });
    const { dialog } = await openForm();
    expect(within(dialog).queryByRole("radio")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("combobox", { name: "Bank" })).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Account number" })).toBeInTheDocument();
    expect(within(dialog).queryByText("Mobile money")).not.toBeInTheDocument();
    await waitFor(() => expect(institutionKinds).toEqual(["bank"]));
  });

  it("shows the server's reason when the name cannot be checked, and a changed number clears a check", async () => {
    renderCard({
      "payouts.resolveAccount": ({ accountNumber }) =>
        accountNumber.endsWith("0404")
          ? { error: { code: "BAD_REQUEST", message: "Account not found" } }
          : { accountName: "Ama Mensah" },
    });
    const { user, dialog } = await openForm();
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Network" })).toBeEnabled());
    await pick(user, "Network", "MTN Mobile Money");
    const number = within(dialog).getByRole("textbox", { name: "Mobile money number" });
    await user.type(number, "0244120404");
    await user.click(within(dialog).getByRole("button", { name: "Check name" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Account not found");
    expect(within(dialog).queryByRole("checkbox", { name: "This is my account" })).not.toBeInTheDocument();

    await user.clear(number);
    await user.type(number, "0244121234");
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Check name" }));
    expect(await within(dialog).findByText("Account holder: Ama Mensah")).toBeInTheDocument();
    await user.type(number, "5");
    expect(within(dialog).queryByText("Account holder: Ama Mensah")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Check name" })).toBeInTheDocument();
  });

  it("asks for the holder's name where the provider cannot tell it, and sends the typed name", async () => {
    const saved: SaveInput[] = [];
    renderCard({
      "payouts.options": () => nigeria(),
      "payouts.resolveAccount": () => ({ accountName: null }),
      "payouts.saveMethod": (input) => {
        saved.push(input);
        return { label: "Guaranty Trust Bank •••• 6789", usableFrom: new Date() };
      },
    });
    const { user, dialog } = await openForm();
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Bank" })).toBeEnabled());
    await pick(user, "Bank", "Guaranty Trust Bank");
    await user.type(within(dialog).getByRole("textbox", { name: "Account number" }), "0123456789");
    await user.click(within(dialog).getByRole("button", { name: "Check name" }));
    const name = await within(dialog).findByRole("textbox", { name: "Account holder's name" });
    expect(within(dialog).queryByText(/^Account holder:/)).not.toBeInTheDocument();
    await user.type(name, "Chinedu Okafor");
    await user.click(within(dialog).getByRole("checkbox", { name: "This is my account" }));
    await user.type(within(dialog).getByLabelText("Your password"), "pw");
    await user.click(within(dialog).getByRole("button", { name: "Save payout details" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ kind: "bank", institutionCode: "058", accountName: "Chinedu Okafor" });
  });

  it("keeps Stripe's Connect button for a Seer whose country Stripe pays, without the form", async () => {
    let connects = 0;
    renderCard({
      "payouts.options": () => ({
        ...ghana(),
        country: "Canada",
        rail: "stripe",
        currency: "USD",
        kinds: [],
        minimum: 1000,
        testNumbers: null,
      }),
      "payouts.connect": () => {
        connects++;
        return { error: { code: "CONFLICT", message: "Stripe is not reachable" } };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Connect payout account" }));
    expect(await screen.findByText("Stripe is not reachable")).toBeInTheDocument();
    expect(connects).toBe(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows the details paid to, their hold, and the local payouts in dollars and cedis with a failure's reason", async () => {
    const inAWhile = new Date(Date.now() + 20 * 3600_000);
    renderCard({
      "payouts.options": () =>
        ghana({
          method: {
            label: "MTN Mobile Money •••• 1234",
            kind: "mobile_money",
            rail: "paystack",
            currency: "GHS",
            accountName: "Ama Mensah",
            usableFrom: inAWhile,
          },
        }),
      "payouts.overview": () =>
        overview({
          status: "active",
          localPayouts: [
            {
              id: "lp_2",
              status: "failed",
              amount: 2000,
              localAmount: 288_40,
              currency: "GHS",
              rate: "14.420000",
              message: "The mobile money wallet is not active",
              createdAt: new Date("2026-11-24T10:00:00Z"),
            },
            {
              id: "lp_1",
              status: "success",
              amount: 6400,
              localAmount: 922_88,
              currency: "GHS",
              rate: "14.420000",
              message: null,
              createdAt: new Date("2026-11-22T10:00:00Z"),
            },
          ],
        }),
    });
    expect(await screen.findByText("Paid to MTN Mobile Money •••• 1234")).toBeInTheDocument();
    expect(
      screen.getByText(`Payouts go to these details from ${inAWhile.toLocaleDateString("en-US", { dateStyle: "long" })}.`),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Connect payout account" })).not.toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Local payouts" });
    const [, failed, paid] = within(table).getAllByRole("row");
    expect(failed).toHaveTextContent("$20.00");
    expect(failed).toHaveTextContent("GH₵288.40");
    expect(within(failed as HTMLElement).getByText("Failed")).toBeInTheDocument();
    expect(within(failed as HTMLElement).getByText("The mobile money wallet is not active")).toBeInTheDocument();
    expect(within(paid as HTMLElement).getByText("GH₵922.88")).toBeInTheDocument();
    expect(within(paid as HTMLElement).getByText("Paid")).toBeInTheDocument();
    expect(screen.queryByText("No payouts yet.")).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Change payout details" }));
    expect(await screen.findByRole("dialog", { name: "Payout details" })).toBeInTheDocument();
  });

  it("says nothing of a hold once the details are in use", async () => {
    renderCard({
      "payouts.options": () =>
        ghana({
          method: {
            label: "MTN Mobile Money •••• 1234",
            kind: "mobile_money",
            rail: "paystack",
            currency: "GHS",
            accountName: "Ama Mensah",
            usableFrom: new Date(Date.now() - 3600_000),
          },
        }),
    });
    expect(await screen.findByText("Paid to MTN Mobile Money •••• 1234")).toBeInTheDocument();
    expect(screen.queryByText(/^Payouts go to these details from/)).not.toBeInTheDocument();
    expect(screen.getByText("No payouts yet.")).toBeInTheDocument();
  });

  it("shows a refused save in the form, and asks for a new check when the name changed", async () => {
    let attempts = 0;
    renderCard({
      "payouts.resolveAccount": () => ({ accountName: "Ama Mensah" }),
      "payouts.saveMethod": () => {
        attempts++;
        return attempts === 1
          ? { error: { code: "BAD_REQUEST", message: "Your current password is not correct." } }
          : { error: { code: "CONFLICT", message: "The account holder's name is not the one shown. Check the name again." } };
      },
    });
    const { user, dialog } = await openForm();
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Network" })).toBeEnabled());
    await pick(user, "Network", "MTN Mobile Money");
    await user.type(within(dialog).getByRole("textbox", { name: "Mobile money number" }), "0244121234");
    await user.click(within(dialog).getByRole("button", { name: "Check name" }));
    await user.click(await within(dialog).findByRole("checkbox", { name: "This is my account" }));
    await user.type(within(dialog).getByLabelText("Your password"), "wrong");
    await user.click(within(dialog).getByRole("button", { name: "Save payout details" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Your current password is not correct.");
    expect(within(dialog).getByText("Account holder: Ama Mensah")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Save payout details" }));
    expect(
      await within(dialog).findByText("The account holder's name is not the one shown. Check the name again."),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText("Account holder: Ama Mensah")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Check name" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Save payout details" })).toBeDisabled();
    expect(attempts).toBe(2);
  });
});

describe("local payout details in French (issue #45)", () => {
  it("draws the payouts card and the details form in French", async () => {
    server.use(
      ...trpcHandlers({
        "payouts.overview": () => overview(),
        "payouts.options": () => ghana(),
        "payouts.institutions": ({ kind }) => (kind === "mobile_money" ? NETWORKS : BANKS),
      }),
    );
    render(
      <I18nProvider value={createI18n("fr", { ...frenchPublic, ...frenchApp })}>
        <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient(TEST_ORIGIN)}>
          <PayoutsCard />
        </AppProviders>
      </I18nProvider>,
    );
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { name: "Versements" })).toBeInTheDocument();
    expect(screen.getByText("Non connecté")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Connecter un compte de versement" }));
    const dialog = await screen.findByRole("dialog", { name: "Coordonnées de versement" });
    expect(within(dialog).getByRole("radio", { name: "Mobile money" })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "Compte bancaire" })).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "Numéro mobile money" })).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "Mode test : les numéros se terminant par 0000 échouent, ceux en 9999 sont renvoyés, ceux en 0404 sont introuvables.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Réseau" })).toBeEnabled());
    expect(within(dialog).getByRole("option", { name: "Choisissez votre réseau" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Vérifier le nom" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Enregistrer les coordonnées" })).toBeDisabled();
  });
});
