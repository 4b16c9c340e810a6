import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callFlow, demo, encodingsGiven, joinCall, receiving, startMeetingApp, type MeetingApp } from "./support";

/**
 * Issue #44's weak link on one side: 300 kbit/s each way, 300 ms, 3% loss, through the DevTools protocol. Chromium
 * applies `Network.emulateNetworkConditions` to WebRTC's own UDP sockets (with `packetLoss`, a WebRTC-only field)
 * when they are made after it: set before Join, it shapes the call's media (measured: 600 ms round trip, a 280 kbit/s
 * estimate, 3% lost; set in the middle of a call it changes nothing). docs/decisions.md.
 */
async function weakLink(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 300,
    downloadThroughput: (300 * 1000) / 8,
    uploadThroughput: (300 * 1000) / 8,
    packetLoss: 3,
  });
}

/** Whether a page's audio packets keep arriving: two readings a couple of seconds apart. */
async function audioKeepsFlowing(page: Page): Promise<void> {
  const before = (await callFlow(page)).audioPackets;
  await expect.poll(async () => (await callFlow(page)).audioPackets, { timeout: 5_000 }).toBeGreaterThan(before + 50);
}

describe("calls on weak links", () => {
  let meeting: MeetingApp | undefined;

  beforeAll(async () => {
    meeting = await startMeetingApp();
  }, 300_000);
  afterAll(async () => {
    await meeting?.stop();
  });

  it("on a throttled link the video steps down, then to audio within 20 seconds, and the audio keeps flowing", async () => {
    if (!meeting) throw new Error("not started");
    const client = await meeting.party(meeting.client);
    const seer = await meeting.party(demo.seer);
    await weakLink(client.context, client.page);

    await joinCall(client.page);
    await joinCall(seer.page);
    await client.page.getByRole("status").filter({ hasText: "Connected" }).waitFor({ timeout: 30_000 });
    const connectedAt = Date.now();
    await receiving(seer.page, 0, (flow) => flow.audioPackets > 0);

    // Within 20 s of the call connecting: the video lowered (one step), then the offer, then audio on its own.
    await client.page.getByText("Weak connection: switched to audio").waitFor({ timeout: 20_000 });
    expect(Date.now() - connectedAt).toBeLessThan(20_000);
    const given = await encodingsGiven(client.page);
    const reduced = given.findIndex((e) => e.active !== false && e.maxBitrate === 150_000 && e.scaleResolutionDownBy === 2);
    const stopped = given.findIndex((e) => e.active === false);
    expect(reduced, JSON.stringify(given)).toBeGreaterThanOrEqual(0);
    expect(stopped).toBeGreaterThan(reduced);

    // No more video frames go out from the weak side; its audio still reaches the other side, which is told why.
    const sent = (await callFlow(client.page)).framesSent;
    await seer.page.getByText("Yaw Darko has a weak connection: audio only").waitFor();
    await audioKeepsFlowing(seer.page);
    expect((await callFlow(client.page)).framesSent).toBe(sent);
    // And the weak side still hears.
    await audioKeepsFlowing(client.page);

    // The person can have video back.
    await client.page.getByRole("button", { name: "Turn video back on" }).click();
    await expect.poll(async () => (await callFlow(client.page)).framesSent, { timeout: 10_000 }).toBeGreaterThan(sent);

    expect(client.errors).toEqual([]);
    expect(seer.errors).toEqual([]);
    await Promise.all([client.context.close(), seer.context.close()]);
  });

  it("Data saver starts the call audio-only, and Turn video on sends video", async () => {
    if (!meeting) throw new Error("not started");
    const client = await meeting.party(meeting.client);
    const seer = await meeting.party(demo.seer);
    await client.page.getByRole("switch", { name: "Data saver" }).check();
    await joinCall(client.page);
    await joinCall(seer.page);
    // The Seer hears the client and the client sees the Seer; the client sends no video frame at all.
    await Promise.all([receiving(seer.page, 0, (flow) => flow.audioPackets > 0), receiving(client.page)]);
    await seer.page.getByText("Yaw Darko is using Data saver: audio only").waitFor();
    await client.page.getByText("Data saver: audio only").waitFor();
    await audioKeepsFlowing(seer.page);
    expect(await callFlow(client.page)).toMatchObject({ framesSent: 0 });
    expect((await callFlow(seer.page)).frames).toBe(0);

    await client.page.getByRole("button", { name: "Turn video on" }).click();
    await receiving(seer.page);
    await seer.page.getByText("Yaw Darko is using Data saver: audio only").waitFor({ state: "detached" });

    // Remembered on this device: the next visit's switch is still on.
    await client.page.getByRole("button", { name: "Leave" }).click();
    await client.page.reload();
    expect(await client.page.getByRole("switch", { name: "Data saver" }).isChecked()).toBe(true);

    expect(client.errors).toEqual([]);
    expect(seer.errors).toEqual([]);
    await Promise.all([client.context.close(), seer.context.close()]);
  });
});
