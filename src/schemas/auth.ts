import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../domain/password-rules";
import { CURRENCIES } from "../domain/currencies";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(320, "Email is too long")
  .pipe(z.email("Enter a valid email address"));

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Enter your password").max(200, "Password is too long"),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** A new password (NIST SP 800-63B): 8 to 128 characters; the server also refuses common and guessable ones. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, "Password must be at least 8 characters")
  .max(PASSWORD_MAX_LENGTH, "Password must be at most 128 characters");

export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: z.string().trim().min(1, "First name is required").max(100, "First name is too long"),
  lastName: z.string().trim().min(1, "Last name is required").max(100, "Last name is too long"),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** A mailed link's token: base64url, as the server makes them. */
const tokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, "This link is invalid or has expired.");
const currentPassword = z.string().min(1, "Enter your current password").max(200, "Password is too long");

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export const resetPasswordSchema = z.object({ token: tokenSchema, password: newPasswordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export const verifyEmailSchema = z.object({ token: tokenSchema });
export const changePasswordSchema = z.object({ currentPassword, newPassword: newPasswordSchema });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export const changeEmailSchema = z.object({ currentPassword, newEmail: emailSchema });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
export const deleteAccountSchema = z.object({ currentPassword });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
export const sessionIdSchema = z.object({ sessionId: z.string().regex(/^[0-9a-f]{64}$/, "Session not found") });

/** Where to go after sign-in; with the other URL parameters in ./search.ts, which every first load carries. */
export { safeReturnPath } from "./search";

/** A code from an authenticator app (6 digits) or a recovery code (10 letters and digits, dash and spaces ignored). */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .max(40, "Enter the 6-digit code or a recovery code")
  .transform((code) => code.replace(/[\s-]/g, "").toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{10})$/, "Enter the 6-digit code or a recovery code"));

/** Confirming an authenticator app: its first code. */
export const confirmTotpSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the app"),
});

/**
 * A WebAuthn answer as @simplewebauthn/browser gives it (RegistrationResponseJSON / AuthenticationResponseJSON): its
 * shape is checked here, its content by the server's verification. Byte fields are base64url.
 */
const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;
const isTransport = (name: string): name is (typeof TRANSPORTS)[number] => (TRANSPORTS as readonly string[]).includes(name);
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, "Not a passkey's answer");
const webAuthnResponse = <T extends z.ZodRawShape>(response: T) =>
  z.object({
    id: base64url.min(1).max(1024),
    rawId: base64url.min(1).max(1024),
    type: z.literal("public-key"),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
    // None asked for: whatever the browser reports is dropped.
    clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }),
    response: z.object({ clientDataJSON: base64url, ...response }),
  });
export const passkeyRegistrationSchema = webAuthnResponse({
  attestationObject: base64url,
  authenticatorData: base64url.optional(),
  // What the authenticator speaks; names this list does not know yet are dropped.
  transports: z
    .array(z.string().max(20))
    .max(10)
    .optional()
    .transform((names) => names?.filter(isTransport)),
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: base64url.optional(),
});
export const passkeyAssertionSchema = webAuthnResponse({
  authenticatorData: base64url,
  signature: base64url,
  userHandle: base64url.optional(),
});

/** A new passkey: its name in the list (the browser's answer comes from the authenticator). */
export const addPasskeySchema = z.object({
  name: z.string().trim().min(1, "Name this passkey").max(100, "Keep the name under 100 characters"),
  response: passkeyRegistrationSchema,
});

export const secondStepSchema = z.union([
  z.object({ code: secondFactorCodeSchema }),
  z.object({ passkey: passkeyAssertionSchema }),
]);

/** Removing a second factor: the authenticator app, or one passkey by its id. */
export const removeSecondFactorSchema = z.discriminatedUnion(
  "kind",
  [z.object({ kind: z.literal("totp") }), z.object({ kind: z.literal("passkey"), id: z.string().min(1).max(1024) })],
  { error: "Choose what to remove" },
);

/** A fresh confirmation: the password, a code (authenticator app or recovery code) or a passkey. */
export const confirmIdentitySchema = z.union([
  z.object({ password: currentPassword }),
  z.object({ code: secondFactorCodeSchema }),
  z.object({ passkey: passkeyAssertionSchema }),
]);

/** The header's currency picker (issue #41): one of the currencies the product takes. */
export const currencyChoiceSchema = z.object({
  currency: z.enum(CURRENCIES, "Choose a currency we take"),
});
