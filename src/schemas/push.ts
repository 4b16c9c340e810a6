import { z } from "zod";

export const pushTexts = {
  subscription: "This browser gave an invalid push subscription. Please try again.",
  endpoint: "This browser's push service is not one we can send to.",
  notFound: "Device not found",
} as const;

/** A browser's PushSubscription as `toJSON()` gives it (docs/product.md#profile, Notifications on this device). */
export const pushSubscribeSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: pushTexts.subscription }).max(2000, pushTexts.subscription),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, in base64url.
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, pushTexts.subscription),
    auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/, pushTexts.subscription),
  }),
  device: z.string().trim().max(300).optional(),
});

export const pushDeviceIdSchema = z.object({ id: z.string().min(1).max(100) });
