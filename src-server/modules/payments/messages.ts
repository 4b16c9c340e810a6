/** What the payments module answers when it refuses, each message once. */
export const WEBHOOK_SIGNATURE_FAILED = "Webhook signature verification failed";
