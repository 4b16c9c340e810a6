import { z } from "zod";

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

export const signUpSchema = z.object({
  email: emailSchema,
  password: z.string().min(8, "Password must be at least 8 characters").max(200, "Password is too long"),
  firstName: z.string().trim().min(1, "First name is required").max(100, "First name is too long"),
  lastName: z.string().trim().min(1, "Last name is required").max(100, "Last name is too long"),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Any C0 or C1 control character (browsers drop tabs and newlines inside URLs) or a backslash (read as a slash). */
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f-\u009f\\]/;
/** A stand-in origin to resolve against: a path that resolves anywhere else is not a path on this site. */
const OWN_ORIGIN = "https://this-site.invalid";

/**
 * Where to go after sign-in: only a path on this site, never another origin. The value is resolved as a URL against
 * our own origin and accepted only when it stays there; control characters and backslashes are refused anywhere.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000 || UNSAFE_IN_PATH.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, OWN_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== OWN_ORIGIN) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//")) return "/";
  if (url.pathname.startsWith("/api/") || url.pathname === "/login") return "/";
  return path;
}
