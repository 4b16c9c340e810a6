import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CONFIRM_IT_IS_YOU } from "../../../src/domain/second-factor";
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
  secondFactor: true,
};

const base = {
  "account.me": () => user,
  "cart.list": () => [],
  "account.sessions": () => [],
  "bookings.clientSessions": () => ({ upcoming: [], past: [] }),
  "account.orders": () => [],
};

describe("the profile's Security section", () => {
  it("asks Confirm it's you when the server says so, then sends the same action again", async () => {
    let removals = 0;
    let totp = true;
    const confirmations: unknown[] = [];
    server.use(
      ...trpcHandlers({
        ...base,
        "account.secondFactors": () => ({ totp, passkeys: 0, recoveryCodesLeft: 10 }),
        "account.removeSecondFactor": () => {
          removals++;
          if (removals === 1) return { error: { code: "FORBIDDEN", message: CONFIRM_IT_IS_YOU } };
          totp = false;
          return { ok: true as const };
        },
        "account.confirm": (input) => {
          confirmations.push(input);
          return { ok: true as const };
        },
        "account.startTotp": () => ({
          secret: "JBSWY3DPEHPK3PXP",
          uri: "otpauth://totp/x",
          qrCode: "data:image/png;base64,AA==",
        }),
      }),
    );
    renderApp("/profile");
    const section = await screen.findByRole("region", { name: "Security" });
    await within(section).findByText("Recovery codes left: 10");
    await userEvent.click(within(section).getByRole("button", { name: "Remove App" }));

    const dialog = await screen.findByRole("dialog", { name: "Confirm it's you" });
    await userEvent.type(within(dialog).getByLabelText("Password", { selector: "input[type=password]" }), "my password");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(removals).toBe(2));
    expect(confirmations).toEqual([{ password: "my password" }]);
    await within(section).findByRole("button", { name: "Set Up Authenticator App" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Confirm it's you" })).toBeNull());
  });

  it("lists the passkeys and removes one by its id", async () => {
    const removed: unknown[] = [];
    let keys = [
      { id: "cred-1", name: "Work phone", createdAt: new Date("2026-11-01T10:00:00Z"), lastUsedAt: null },
      { id: "cred-2", name: "Laptop", createdAt: new Date("2026-11-02T10:00:00Z"), lastUsedAt: null },
    ];
    server.use(
      ...trpcHandlers({
        ...base,
        "account.secondFactors": () => ({ totp: false, passkeys: keys.length, recoveryCodesLeft: 10 }),
        "account.passkeys": () => keys,
        "account.removeSecondFactor": (input) => {
          removed.push(input);
          keys = keys.filter((k) => k.id !== "cred-1");
          return { ok: true as const };
        },
      }),
    );
    renderApp("/profile");
    const section = await screen.findByRole("region", { name: "Security" });
    const list = await within(section).findByRole("list", { name: "Your passkeys" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Work phoneRemove", "LaptopRemove"]);
    await userEvent.click(within(list).getByRole("button", { name: "Remove passkey Work phone" }));
    await waitFor(() => expect(within(list).queryByText("Work phone")).toBeNull());
    expect(removed).toEqual([{ kind: "passkey", id: "cred-1" }]);
    within(section).getByRole("button", { name: "Add Passkey" });
  });
});
