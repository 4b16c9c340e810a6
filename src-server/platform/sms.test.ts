import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { createAfricasTalkingSender, createSmsSender } from "./sms";

/**
 * The Africa's Talking adapter against its documented SMS API (msw), no network: POST {base}/version1/messaging,
 * form-encoded `username`, `to`, `message` and `from`, the `apiKey` header, answered (201) with
 * `SMSMessageData.Recipients[]` of `statusCode`, `number`, `status`, `cost` and `messageId`; recipient codes 100
 * Processed, 101 Sent, 102 Queued, 403 InvalidPhoneNumber, 405 InsufficientBalance, 406 UserInBlacklist...
 */
const BASE = "https://api.sandbox.africastalking.com";
const config = { username: "sandbox", apiKey: "atsk_test_key", from: "SEER", baseUrl: BASE };

interface Sent {
  url: string;
  apiKey: string | null;
  accept: string | null;
  contentType: string | null;
  form: Record<string, string>;
}
const sent: Sent[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

/** Answers as Africa's Talking does, for one recipient with this status. */
const answering = (statusCode: number, status: string, httpStatus = 201) =>
  server.use(
    http.post(`${BASE}/version1/messaging`, async ({ request }) => {
      sent.push({
        url: request.url,
        apiKey: request.headers.get("apikey"),
        accept: request.headers.get("accept"),
        contentType: request.headers.get("content-type"),
        form: Object.fromEntries(new URLSearchParams(await request.text())),
      });
      return HttpResponse.json(
        {
          SMSMessageData: {
            Message: "Sent to 1/1 Total Cost: KES 0.8000",
            Recipients: [{ statusCode, number: "+233241234567", status, cost: "KES 0.8000", messageId: "ATXid_1f2e3d" }],
          },
        },
        { status: httpStatus },
      );
    }),
  );

describe("Africa's Talking SMS adapter (issue #44)", () => {
  it("posts the documented form with the apiKey header and takes 101 Sent", async () => {
    answering(101, "Success");
    const result = await createAfricasTalkingSender(config).send({ to: "+233241234567", text: "Your Seer code is 123456." });
    expect(result).toEqual({ status: "sent", id: "ATXid_1f2e3d" });
    expect(sent).toEqual([
      {
        url: `${BASE}/version1/messaging`,
        apiKey: "atsk_test_key",
        accept: "application/json",
        contentType: "application/x-www-form-urlencoded",
        form: { username: "sandbox", to: "+233241234567", message: "Your Seer code is 123456.", from: "SEER" },
      },
    ]);
  });

  it("leaves `from` out when none is configured, and takes 102 Queued", async () => {
    answering(102, "Queued");
    const result = await createAfricasTalkingSender({ ...config, from: undefined }).send({ to: "+233241234567", text: "Hi" });
    expect(result.status).toBe("sent");
    expect(sent[0]?.form).toEqual({ username: "sandbox", to: "+233241234567", message: "Hi" });
  });

  it("is told a number refused for good (403 InvalidPhoneNumber), not to retry", async () => {
    answering(403, "InvalidPhoneNumber");
    expect(await createAfricasTalkingSender(config).send({ to: "+233241234567", text: "Hi" })).toEqual({
      status: "rejected",
      reason: "InvalidPhoneNumber",
    });
  });

  it("throws, to be retried, on a passing failure (405 InsufficientBalance) or an HTTP error", async () => {
    answering(405, "InsufficientBalance");
    await expect(createAfricasTalkingSender(config).send({ to: "+233241234567", text: "Hi" })).rejects.toThrow(
      /InsufficientBalance/,
    );
    server.resetHandlers();
    server.use(
      http.post(`${BASE}/version1/messaging`, () => new HttpResponse("The supplied authentication is invalid", { status: 401 })),
    );
    await expect(createAfricasTalkingSender(config).send({ to: "+233241234567", text: "Hi" })).rejects.toThrow(/401/);
  });

  it("is chosen by configuration, with its live address by default; unset, texts are files in the SMS outbox", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "seer-sms-"));
    try {
      const configured = loadConfig({ DATA_DIR: dataDir, AFRICASTALKING_USERNAME: "seer", AFRICASTALKING_API_KEY: "k" });
      expect(configured.sms).toEqual({
        provider: "africastalking",
        africasTalking: { username: "seer", apiKey: "k", from: undefined, baseUrl: "https://api.africastalking.com" },
      });
      expect(() => loadConfig({ DATA_DIR: dataDir, AFRICASTALKING_USERNAME: "seer" })).toThrow(/go together/);
      const plain = loadConfig({ DATA_DIR: dataDir });
      expect(plain.sms).toEqual({ provider: "outbox", outboxDir: path.join(dataDir, "sms-outbox") });
      await createSmsSender(plain.sms).send({ to: "+233241234567", text: "Your Seer code is 123456." });
      const files = readdirSync(path.join(dataDir, "sms-outbox"));
      expect(files).toHaveLength(1);
      expect(readFileSync(path.join(dataDir, "sms-outbox", files[0] ?? ""), "utf8")).toBe(
        "To: +233241234567\n\nYour Seer code is 123456.\n",
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
