import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionsMade, demo, joinCall, receiving, seriousViolations, startMeetingApp, type MeetingApp } from "./support";

describe("the meeting room", () => {
  let meeting: MeetingApp | undefined;
  let seerName = "";

  beforeAll(async () => {
    meeting = await startMeetingApp();
    seerName = meeting.seerName;
  }, 300_000);
  afterAll(async () => {
    await meeting?.stop();
  });

  const party = (account: { email: string; password: string }) => {
    if (!meeting) throw new Error("not started");
    return meeting.party(account);
  };
  it("the client and the Seer see and hear each other, chat, mute, and recover a reload on their own; a third user is refused", async () => {
    if (!meeting) throw new Error("not started");
    const client = await party(meeting.client);
    const seer = await party(demo.seer);
    // Each sees the other's name, never their own.
    expect(seerName).not.toBe("");
    await expect.poll(() => client.page.getByText(/^Your session with /).textContent()).toBe(`Your session with ${seerName}`);
    await expect.poll(() => seer.page.getByText(/^Your session with /).textContent()).toBe("Your session with Yaw Darko");

    await joinCall(client.page);
    await client.page.getByRole("status").filter({ hasText: "Waiting for" }).waitFor();
    await joinCall(seer.page);
    await Promise.all([receiving(client.page), receiving(seer.page)]);
    await client.page.getByRole("status").filter({ hasText: "Connected" }).waitFor();
    await expect
      .poll(() => client.page.getByTestId("call-quality").textContent())
      .toMatch(/Connection: (good|fair|poor) \(\d+ ms/);

    // Muting on one side shows on the other.
    await client.page.getByRole("button", { name: "Mute" }).click();
    await seer.page.getByTestId("peer-muted").waitFor();
    await client.page.getByRole("button", { name: "Unmute" }).click();
    await seer.page.getByTestId("peer-muted").waitFor({ state: "detached" });

    // Chat, both ways, as plain text.
    await client.page.getByRole("textbox", { name: "Message" }).fill("<i>Hello</i> from the client");
    await client.page.keyboard.press("Enter");
    await seer.page.getByRole("log", { name: "Chat messages" }).getByText("<i>Hello</i> from the client").waitFor();
    await seer.page.getByRole("textbox", { name: "Message" }).fill("Welcome, Yaw");
    await seer.page.getByRole("button", { name: "Send message" }).click();
    await client.page.getByRole("log", { name: "Chat messages" }).getByText("Welcome, Yaw").waitFor();

    // The room in a call, with chat, passes axe in light colours and, as the system switches, in dark ones.
    const violations = await seriousViolations(client.page, "meeting room, in a call");
    await client.page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => client.page.locator("html").getAttribute("data-mantine-color-scheme")).toBe("dark");
    violations.push(...(await seriousViolations(client.page, "meeting room, in a call, dark")));
    await client.page.emulateMedia({ colorScheme: "light" });
    expect(violations).toEqual([]);

    // README screenshots (npm run screenshots does not run calls): MEETING_SCREENSHOTS=docs/screenshots.
    const shots = process.env.MEETING_SCREENSHOTS;
    if (shots) {
      await client.page.waitForTimeout(1500);
      await client.page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      await client.page.screenshot({ path: path.join(shots, "meeting-desktop.png") });
      await client.page.setViewportSize({ width: 360, height: 780 });
      await client.page.waitForTimeout(500);
      await client.page.screenshot({ path: path.join(shots, "meeting-mobile.png"), fullPage: true });
      await client.page.setViewportSize({ width: 1280, height: 900 });
    }

    // One side reloads: it joins again on its own (no Join pressed), and both sides decode each other's media again
    // on a call made afresh (the client's connections after the one before the reload; the Seer's page is new).
    const clientConnections = await connectionsMade(client.page);
    await seer.page.reload();
    await seer.page
      .getByRole("status")
      .filter({ hasText: /Rejoining the call|Waiting for|Connecting|Connected/ })
      .waitFor();
    await Promise.all([receiving(client.page, clientConnections), receiving(seer.page)]);
    await seer.page.getByRole("status").filter({ hasText: "Connected" }).waitFor();
    await client.page.getByRole("status").filter({ hasText: "Connected" }).waitFor();
    expect(await seer.page.getByRole("button", { name: "Join" }).count()).toBe(0);
    // The other party's name, in the call too.
    await seer.page.getByText("Yaw Darko", { exact: true }).first().waitFor();
    await client.page.getByText(seerName, { exact: true }).first().waitFor();
    // The chat is still there after the reload: it is stored with the booking.
    await seer.page.getByRole("log", { name: "Chat messages" }).getByText("<i>Hello</i> from the client").waitFor();

    // Leaving ends the call for that side; the other is left waiting.
    await seer.page.getByRole("button", { name: "Leave" }).click();
    await seer.page.getByText("You left the call.").waitFor();
    await client.page.getByRole("status").filter({ hasText: "Waiting for" }).waitFor();
    // After Leave, a reload no longer joins on its own: the device check and Join again.
    await seer.page.reload();
    await seer.page.getByRole("button", { name: "Join" }).waitFor();
    expect(await seer.page.getByText("Rejoining the call…").count()).toBe(0);

    const third = await party(meeting.outsider);
    await third.page.getByRole("heading", { name: "Meeting Not Found" }).waitFor();

    expect(client.errors).toEqual([]);
    expect(seer.errors).toEqual([]);
    await Promise.all([client.context.close(), seer.context.close(), third.context.close()]);
  });
});
