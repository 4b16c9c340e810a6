import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { phoneTexts } from "../../../src/schemas/phone";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";

const user = {
  id: "u-1",
  email: "ama@example.com",
  firstName: "Ama",
  lastName: "Mensah",
  profileImageUrl: null,
  role: "client" as const,
  emailVerified: true,
  secondFactor: false,
};
const base = {
  "account.me": () => user,
  "cart.list": () => [],
  "account.sessions": () => [],
  "bookings.clientSessions": () => ({ upcoming: [], past: [] }),
  "account.orders": () => [],
};
const none = { number: null, country: null, sms: false, pending: null };
const pending = { number: "+233 24 123 4567", country: "GH" as const, codeExpiresAt: new Date("2026-11-22T10:10:00Z") };

describe("the profile's Phone number for SMS section (issue #44)", () => {
  it("texts a code to the number entered with its country, refuses a wrong code with the server's words, confirms a right one, then offers SMS", async () => {
    const sent: unknown[] = [];
    const confirmations: unknown[] = [];
    const choices: unknown[] = [];
    server.use(
      ...trpcHandlers({
        ...base,
        "phone.status": () => none,
        "phone.sendCode": (input) => {
          sent.push(input);
          return { ...none, pending };
        },
        "phone.confirm": (input) => {
          confirmations.push(input);
          if (input.code !== "123456") return { error: { code: "BAD_REQUEST", message: phoneTexts.wrongCode } };
          return { number: "+233 24 123 4567", country: "GH", sms: false, pending: null };
        },
        "phone.setSms": (input) => {
          choices.push(input);
          return { number: "+233 24 123 4567", country: "GH", sms: input.enabled, pending: null };
        },
      }),
    );
    renderApp("/profile");
    const section = await screen.findByRole("region", { name: "Phone number for SMS" });
    const country = await within(section).findByLabelText("Country");
    expect(country).toHaveValue("GH");
    await userEvent.selectOptions(country, "KE");
    await userEvent.selectOptions(country, "GH");
    await userEvent.type(within(section).getByLabelText("Phone number"), "024 123 4567");
    await userEvent.click(within(section).getByRole("button", { name: "Send code" }));
    await within(section).findByText("We sent a 6-digit code to +233 24 123 4567. It expires in 10 minutes.");
    expect(sent).toEqual([{ country: "GH", number: "024 123 4567" }]);

    // The form's own check first: no call for a code that is not 6 digits.
    await userEvent.type(within(section).getByLabelText("Code"), "12");
    await userEvent.click(within(section).getByRole("button", { name: "Confirm number" }));
    await within(section).findByText(phoneTexts.code);
    expect(confirmations).toEqual([]);

    await userEvent.clear(within(section).getByLabelText("Code"));
    await userEvent.type(within(section).getByLabelText("Code"), "654321");
    await userEvent.click(within(section).getByRole("button", { name: "Confirm number" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(phoneTexts.wrongCode);

    await userEvent.clear(within(section).getByLabelText("Code"));
    await userEvent.type(within(section).getByLabelText("Code"), "123456");
    await userEvent.click(within(section).getByRole("button", { name: "Confirm number" }));
    await within(section).findByText("+233 24 123 4567 is confirmed.");
    await screen.findByText("Phone number confirmed");

    const choice = within(section).getByRole("switch", { name: "Confirmations and reminders by SMS" });
    expect(choice).not.toBeChecked();
    await userEvent.click(choice);
    await waitFor(() => expect(choice).toBeChecked());
    expect(choices).toEqual([{ enabled: true }]);
  });

  it("shows the wait after too many wrong codes, and asks for a new code with the number it was sent to", async () => {
    const sent: unknown[] = [];
    server.use(
      ...trpcHandlers({
        ...base,
        "phone.status": () => ({ ...none, pending }),
        "phone.confirm": () => ({
          error: { code: "TOO_MANY_REQUESTS", message: "Too many wrong codes. Please wait 15 minutes and try again." },
        }),
        "phone.sendCode": (input) => {
          sent.push(input);
          return { ...none, pending };
        },
      }),
    );
    renderApp("/profile");
    const section = await screen.findByRole("region", { name: "Phone number for SMS" });
    await userEvent.type(await within(section).findByLabelText("Code"), "111111");
    await userEvent.click(within(section).getByRole("button", { name: "Confirm number" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(
      "Too many wrong codes. Please wait 15 minutes and try again.",
    );
    await userEvent.click(within(section).getByRole("button", { name: "Send a new code" }));
    await waitFor(() => expect(sent).toEqual([{ country: "GH", number: "+233 24 123 4567" }]));
  });
});
