import path from "node:path";

/** Africa's Talking's live API (its sandbox is https://api.sandbox.africastalking.com), unless AFRICASTALKING_BASE_URL names another. */
const AFRICASTALKING_API = "https://api.africastalking.com";

export interface AfricasTalkingConfig {
  username: string;
  apiKey: string;
  /** A registered sender id or short code; unset, the account's default. */
  from: string | undefined;
  /** https://api.africastalking.com, or the sandbox's https://api.sandbox.africastalking.com. */
  baseUrl: string;
}

/** Where SMS go: Africa's Talking when configured, else files in an outbox folder (development, demo). */
export type SmsConfig =
  { provider: "africastalking"; africasTalking: AfricasTalkingConfig } | { provider: "outbox"; outboxDir: string };

/** AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY (config.ts refuses one without the other), else text files in `{DATA_DIR}/sms-outbox`. */
export function smsConfig(
  e: {
    AFRICASTALKING_USERNAME?: string;
    AFRICASTALKING_API_KEY?: string;
    AFRICASTALKING_FROM?: string;
    AFRICASTALKING_BASE_URL?: string;
  },
  dataDir: string,
): SmsConfig {
  if (!e.AFRICASTALKING_USERNAME || !e.AFRICASTALKING_API_KEY)
    return { provider: "outbox", outboxDir: path.join(dataDir, "sms-outbox") };
  return {
    provider: "africastalking",
    africasTalking: {
      username: e.AFRICASTALKING_USERNAME,
      apiKey: e.AFRICASTALKING_API_KEY,
      from: e.AFRICASTALKING_FROM,
      baseUrl: e.AFRICASTALKING_BASE_URL ?? AFRICASTALKING_API,
    },
  };
}
