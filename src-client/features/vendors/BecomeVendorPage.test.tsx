import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { notifications } from "@mantine/notifications";
import { beforeEach, describe, expect, it } from "vitest";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import type { RouterInputs, RouterOutputs } from "../../trpc";

type Mine = RouterOutputs["vendors"]["mine"];
type Submitted = RouterInputs["vendors"]["submit"];

const client = {
  id: "u-1",
  email: "kwame@example.com",
  firstName: "Kwame",
  lastName: "Boateng",
  profileImageUrl: null,
  role: "client" as const,
  emailVerified: true,
  secondFactor: false,
};
const DOC_URL = "/api/uploads/3f2b0c1e-1234-4abc-8def-0123456789ab";
const NETWORKS = [
  { code: "MTN", name: "MTN Mobile Money" },
  { code: "VOD", name: "Telecel Cash" },
];
const BANKS = [{ code: "058", name: "Guaranty Trust Bank" }];
const nothingYet: Mine = { application: null, vendor: null };

function signedIn(extra: Parameters<typeof trpcHandlers>[0] = {}) {
  server.use(
    ...trpcHandlers({
      "account.me": () => client,
      "cart.list": () => [],
      "vendors.mine": () => nothingYet,
      "vendors.payoutOptions": ({ kind }) => (kind === "mobile_money" ? NETWORKS : BANKS),
      ...extra,
    }),
    http.post(`${TEST_ORIGIN}/api/upload/id-document`, () => HttpResponse.json({ url: DOC_URL })),
  );
}
const field = (name: RegExp) => screen.getByLabelText(name);
const pdf = () => new File(["%PDF-1.4 test"], "registration.pdf", { type: "application/pdf" });

async function fillTheBusiness(user: ReturnType<typeof userEvent.setup>, country = "Ghana") {
  const fill = async (name: RegExp, text: string) => {
    await user.click(field(name));
    await user.paste(text);
  };
  await fill(/^Business Name/, "Bonwire Kente Weavers");
  await fill(/^Country/, country);
  await fill(/^Contact Email/, "kwame@example.com");
  await fill(/^Business Address/, "Bonwire, Ashanti Region");
  await fill(/^Description/, "Kente woven by three generations.");
  await user.type(field(/^Product Types/), "Textiles{Enter}");
  await user.upload(field(/^Business Registration Document/), pdf());
  await screen.findByText("Uploaded: registration.pdf");
}

describe("/become-vendor", () => {
  beforeEach(() => notifications.clean());

  it("tells visitors to log in", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/become-vendor");
    const alerts = await screen.findAllByRole("alert");
    expect(alerts.some((a) => a.textContent?.includes("Please log in to apply as a vendor."))).toBe(true);
    expect(screen.queryByRole("form", { name: "Vendor application" })).not.toBeInTheDocument();
  });

  it("applies from Ghana with MTN Mobile Money: checks the holder's name, then sends, then shows the application under review", async () => {
    let mine: Mine = nothingYet;
    const submitted: Submitted[] = [];
    const named: unknown[] = [];
    signedIn({
      "vendors.mine": () => mine,
      "vendors.payoutName": (input) => {
        named.push(input);
        return { accountName: "TEST ACCOUNT 3456" };
      },
      "vendors.submit": (input) => {
        submitted.push(input);
        const sent = { id: "va-1", status: "pending" as const, createdAt: new Date("2026-11-20T10:00:00Z") };
        mine = { application: sent, vendor: null };
        return sent;
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp("/become-vendor");
    await screen.findByRole("form", { name: "Vendor application" });
    await fillTheBusiness(user);
    // Ghana pays to mobile money or a bank: the networks come from the provider's list for the country.
    expect(await screen.findByRole("radio", { name: "Mobile money" })).toBeChecked();
    await waitFor(() => expect(screen.getByRole("option", { name: "MTN Mobile Money" })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole("combobox", { name: "Network" }), "MTN");
    await user.type(field(/^Mobile money number/), "0244123456");
    // Sending before the name is checked is refused on the page.
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByText("Check the account holder's name first.")).toBeInTheDocument();
    expect(submitted).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Check name" }));
    expect(await screen.findByText("Account holder: TEST ACCOUNT 3456")).toBeInTheDocument();
    expect(named).toEqual([{ country: "Ghana", kind: "mobile_money", institutionCode: "MTN", accountNumber: "0244123456" }]);
    await user.click(screen.getByRole("checkbox", { name: "This is my account" }));
    await user.click(screen.getByRole("button", { name: "Submit Application" }));

    expect(await screen.findByText("Application under review")).toBeInTheDocument();
    // The toast says it, and the page now shows where the application stands.
    expect(await screen.findByText("Application Submitted")).toBeInTheDocument();
    expect(
      screen
        .getAllByRole("alert")
        .some(
          (a) =>
            a.textContent?.includes("Application under review") &&
            a.textContent.includes("Your vendor application has been submitted for review. We'll contact you via email.") &&
            a.textContent.includes("Sent on"),
        ),
    ).toBe(true);
    expect(submitted).toEqual([
      expect.objectContaining({
        businessName: "Bonwire Kente Weavers",
        country: "Ghana",
        productTypes: ["Textiles"],
        businessRegistrationDoc: DOC_URL,
        payout: { kind: "mobile_money", institutionCode: "MTN", accountNumber: "0244123456", accountName: "TEST ACCOUNT 3456" },
      }),
    ]);
    expect(screen.queryByRole("form", { name: "Vendor application" })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a second pending application and keeps the form", async () => {
    signedIn({
      "vendors.payoutName": () => ({ accountName: "TEST ACCOUNT 3456" }),
      "vendors.submit": () => ({
        error: { code: "CONFLICT", message: "You already have a vendor application under review. We'll contact you via email." },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp("/become-vendor");
    await screen.findByRole("form", { name: "Vendor application" });
    await fillTheBusiness(user);
    await waitFor(() => expect(screen.getByRole("option", { name: "MTN Mobile Money" })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole("combobox", { name: "Network" }), "MTN");
    await user.type(field(/^Mobile money number/), "0244123456");
    await user.click(screen.getByRole("button", { name: "Check name" }));
    await user.click(await screen.findByRole("checkbox", { name: "This is my account" }));
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole("alert")
          .some((a) => a.textContent === "You already have a vendor application under review. We'll contact you via email."),
      ).toBe(true),
    );
    expect(screen.getByRole("form", { name: "Vendor application" })).toBeInTheDocument();
  });

  it("offers a bank account only where the country pays only to banks, and says where vendor payouts are not offered", async () => {
    const kinds: string[] = [];
    signedIn({
      "vendors.payoutOptions": ({ kind }) => {
        kinds.push(kind);
        return kind === "mobile_money" ? NETWORKS : BANKS;
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp("/become-vendor");
    await screen.findByRole("form", { name: "Vendor application" });
    await user.click(field(/^Country/));
    await user.paste("Nigeria");
    expect(await screen.findByRole("combobox", { name: "Bank" })).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Mobile money" })).not.toBeInTheDocument();
    await waitFor(() => expect(kinds).toContain("bank"));
    expect(kinds).not.toContain("mobile_money");
    await user.clear(field(/^Country/));
    await user.paste("Germany");
    expect(
      await screen.findByText(
        "Vendor payouts go to mobile money or a local bank account, which your country does not offer yet.",
      ),
    ).toBeInTheDocument();
  });

  it("resets the payout kind and institution when another country is typed, not when its case or spacing changes", async () => {
    signedIn();
    const user = userEvent.setup({ delay: null });
    renderApp("/become-vendor");
    await screen.findByRole("form", { name: "Vendor application" });
    await user.click(field(/^Country/));
    await user.paste("Ghana");
    expect(await screen.findByRole("radio", { name: "Mobile money" })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: "Bank account" }));
    await waitFor(() => expect(screen.getByRole("option", { name: "Guaranty Trust Bank" })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole("combobox", { name: "Bank" }), "058");
    await user.clear(field(/^Country/));
    await user.paste(" ghana ");
    expect(screen.getByRole("radio", { name: "Bank account" })).toBeChecked();
    expect(screen.getByRole("combobox", { name: "Bank" })).toHaveValue("058");
    await user.clear(field(/^Country/));
    await user.paste("Kenya");
    await waitFor(() => expect(screen.getByRole("radio", { name: "Mobile money" })).toBeChecked());
    expect(screen.getByRole("combobox", { name: "Network" })).toHaveValue("");
  });

  it("shows an approved vendor the way to their dashboard instead of the form", async () => {
    signedIn({
      "vendors.mine": () => ({
        application: { id: "va-1", status: "approved", createdAt: new Date() },
        vendor: { id: "v-1", businessName: "Bonwire Kente Weavers", commissionPercentage: "15.00" },
      }),
    });
    renderApp("/become-vendor");
    expect(
      await screen.findByText("Bonwire Kente Weavers is an approved vendor, at a commission of 15.00% on each sale."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Vendor dashboard" })).toHaveAttribute("href", "/vendor");
    expect(screen.queryByRole("form", { name: "Vendor application" })).not.toBeInTheDocument();
  });
});
