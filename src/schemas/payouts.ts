import { z } from "zod";

/** The test-mode onboarding page's submission: the account it was opened for. */
export const testOnboardingSchema = z.object({ accountId: z.string().trim().min(1).max(64) });

/** Calls that take nothing refuse anything given, so a stray body changes nothing. */
export const noInput = z.void();
