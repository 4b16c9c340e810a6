import {
  addPasskeySchema,
  confirmIdentitySchema,
  confirmTotpSchema,
  removeSecondFactorSchema,
  secondStepSchema,
  changeEmailSchema,
  changePasswordSchema,
  currencyChoiceSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  sessionIdSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from "../../../src/schemas/auth";
import { SECOND_STEP_EXPIRED } from "../../../src/domain/second-factor";
import { AppError } from "../../../src/errors";
import type { Context } from "../../platform/trpc/context";
import { authedProcedure, freshlyConfirmed, publicProcedure, router } from "../../platform/trpc/init";
import {
  confirmedNow,
  currentSessionId,
  endSession,
  keepPasskeyChallenge,
  pendingSecondStep,
  startSecondStep,
  startSession,
  takePasskeyChallenge,
} from "./session";
import type { CurrentUser } from "./users";

/** What a sign-in answers when a second factor must follow the password: which kinds the person has. */
interface SecondStep {
  secondStep: { totp: boolean; passkeys: boolean };
}

/**
 * A person proved who they are (a password, a mailed link): with a second factor, the session now waits for it;
 * without, it is signed in, and the device is noted (a new one is mailed to the owner).
 */
async function signInOrSecondStep(ctx: Context, user: CurrentUser): Promise<CurrentUser | SecondStep> {
  const now = ctx.clock.now();
  if (user.secondFactor) {
    await startSecondStep(ctx.req, user.id, now);
    const status = await ctx.services.account.secondFactorStatus(user.id);
    return { secondStep: { totp: status.totp, passkeys: status.passkeys > 0 } };
  }
  await startSession(ctx.req, user.id, now);
  await ctx.services.account.noteSignInDevice(ctx.req, ctx.res, user.id);
  return user;
}

/**
 * A code or a passkey's answer, proving that `userId` is at the keyboard (sign-in's second step, a fresh
 * confirmation); a passkey's answer is checked against the challenge this session was given, which it uses up.
 */
async function verifySecondFactor(
  ctx: Context,
  userId: string,
  input: { code: string } | { passkey: Parameters<Context["services"]["account"]["verifyPasskey"]>[1] },
): Promise<void> {
  const account = ctx.services.account;
  if ("code" in input) return account.verifyCode(userId, input.code);
  const challenge = takePasskeyChallenge(ctx.req, "authenticate", userId, ctx.clock.now());
  await account.verifyPasskeyAnswer(userId, () => account.verifyPasskey(userId, input.passkey, challenge));
}

/** Sign-in, sessions, recovery and the /profile page's own data: the signed-in user's, never anybody else's. */
export const accountRouter = router({
  /** The current user, or null when signed out (the REST shim turns null into 401). */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /** The currency prices show in (the header's picker, issue #41) and the rates they show at. */
  currency: publicProcedure.query(({ ctx }) => ctx.services.account.displayMoney(ctx.user, ctx.req)),
  /** The header's picker: remembered in this browser, and on the account when signed in. */
  setCurrency: publicProcedure
    .input(currencyChoiceSchema)
    .mutation(({ ctx, input }) => ctx.services.account.chooseCurrency(ctx.user, ctx.res, input.currency)),

  /** The password; for an account with a second factor, the answer asks for it (signInSecondStep) instead. */
  signIn: publicProcedure.input(signInSchema).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.account.signIn(input, ctx.req.ip);
    return signInOrSecondStep(ctx, user);
  }),

  /**
   * The second step of a sign-in: a code from the authenticator app, a recovery code or a passkey (its challenge from
   * passkeyChallenge); throttled per account.
   */
  signInSecondStep: publicProcedure.input(secondStepSchema).mutation(async ({ ctx, input }) => {
    const userId = pendingSecondStep(ctx.req, ctx.clock.now());
    await verifySecondFactor(ctx, userId, input);
    const user = await ctx.services.account.findById(userId);
    if (!user) throw new AppError("UNAUTHORIZED", SECOND_STEP_EXPIRED);
    await startSession(ctx.req, user.id, ctx.clock.now());
    await ctx.services.account.noteSignInDevice(ctx.req, ctx.res, user.id);
    return user;
  }),

  /** The same answer for a new and an existing address; nobody is signed in until the mailed link is opened. */
  // A new account starts in the language of the page it was made on (issue #45; the request's, `requestLocale`): its
  // confirmation mail is written in it, so a sign-up at /fr/login is French whatever the browser prefers.
  signUp: publicProcedure
    .input(signUpSchema)
    .mutation(({ ctx, input }) => ctx.services.account.signUp(input, ctx.req.ip, ctx.locale)),

  signOut: authedProcedure.mutation(async ({ ctx }) => {
    await endSession(ctx.req);
    return { ok: true as const };
  }),

  /** The mailed confirmation link: confirms the address and signs its owner in on this browser. */
  verifyEmail: publicProcedure.input(verifyEmailSchema).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.account.verifyEmail(input.token);
    if (ctx.user?.id !== user.id) await signInOrSecondStep(ctx, user);
    return user;
  }),
  resendVerification: authedProcedure.mutation(({ ctx }) => ctx.services.account.resendVerification(ctx.user)),

  requestPasswordReset: publicProcedure
    .input(forgotPasswordSchema)
    .mutation(({ ctx, input }) => ctx.services.account.requestPasswordReset(input.email, ctx.req.ip)),
  /** A reset ends every session of the account, then signs this browser in with the new password. */
  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(async ({ ctx, input }) => {
    const user = await ctx.services.account.resetPassword(input);
    await signInOrSecondStep(ctx, user);
    return user;
  }),

  changePassword: authedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => ctx.services.account.changePassword(ctx.user, input, currentSessionId(ctx.req), ctx.req.ip)),
  changeEmail: authedProcedure
    .input(changeEmailSchema)
    .mutation(({ ctx, input }) => ctx.services.account.changeEmail(ctx.user, input, ctx.req.ip)),

  sessions: authedProcedure.query(({ ctx }) => ctx.services.account.listSessions(ctx.user.id, currentSessionId(ctx.req))),
  endSession: authedProcedure.input(sessionIdSchema).mutation(async ({ ctx, input }) => {
    if (input.sessionId === currentSessionId(ctx.req)) {
      await endSession(ctx.req);
      return { ok: true as const };
    }
    return ctx.services.account.endSession(ctx.user.id, input.sessionId);
  }),
  endOtherSessions: authedProcedure.mutation(({ ctx }) =>
    ctx.services.account.endOtherSessions(ctx.user.id, currentSessionId(ctx.req)),
  ),

  exportData: authedProcedure.query(({ ctx }) => ctx.services.account.exportData(ctx.user, currentSessionId(ctx.req))),
  deleteAccount: authedProcedure
    .use(freshlyConfirmed)
    .input(deleteAccountSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.account.deleteAccount(ctx.user, input.currentPassword, ctx.req.ip);
      await endSession(ctx.req);
      return { ok: true as const };
    }),

  /** A fresh confirmation (password, code or passkey) before a sensitive action: it counts for 10 minutes. */
  confirm: authedProcedure.input(confirmIdentitySchema).mutation(async ({ ctx, input }) => {
    if ("password" in input) await ctx.services.account.checkCurrentPassword(ctx.user, input.password, ctx.req.ip);
    else await verifySecondFactor(ctx, ctx.user.id, input);
    confirmedNow(ctx.req, ctx.clock.now());
    return { ok: true as const };
  }),

  /** The profile's Security section: which second factors the person has. */
  secondFactors: authedProcedure.query(({ ctx }) => ctx.services.account.secondFactorStatus(ctx.user.id)),
  /** A new authenticator app: its QR code and secret, counted once confirmed by a first code. */
  startTotp: authedProcedure.mutation(({ ctx }) => ctx.services.account.startTotp(ctx.user)),
  confirmTotp: authedProcedure
    .input(confirmTotpSchema)
    .mutation(({ ctx, input }) => ctx.services.account.confirmTotp(ctx.user.id, input.code)),
  removeSecondFactor: authedProcedure
    .use(freshlyConfirmed)
    .input(removeSecondFactorSchema)
    .mutation(({ ctx, input }) =>
      input.kind === "totp"
        ? ctx.services.account.removeTotp(ctx.user.id)
        : ctx.services.account.removePasskey(ctx.user.id, input.id),
    ),

  /**
   * The challenge for a passkey to answer: to sign in as the person whose second step waits in this session, or to
   * confirm it is them when signed in. Kept in the session, used once, for 5 minutes.
   */
  passkeyChallenge: publicProcedure.mutation(async ({ ctx }) => {
    const userId = ctx.user?.id ?? pendingSecondStep(ctx.req, ctx.clock.now());
    const options = await ctx.services.account.authenticationOptions(userId);
    keepPasskeyChallenge(ctx.req, "authenticate", userId, options.challenge, ctx.clock.now());
    return options;
  }),
  /** The signed-in person's passkeys, for the Security section. */
  passkeys: authedProcedure.query(({ ctx }) => ctx.services.account.listPasskeys(ctx.user.id)),
  /** Adding a passkey, first step: what navigator.credentials.create needs (its challenge kept in the session). */
  passkeyRegistration: authedProcedure.mutation(async ({ ctx }) => {
    const options = await ctx.services.account.registrationOptions(ctx.user);
    keepPasskeyChallenge(ctx.req, "register", ctx.user.id, options.challenge, ctx.clock.now());
    return options;
  }),
  /** Adding a passkey, second step: the authenticator's answer; the first second factor also brings recovery codes. */
  addPasskey: authedProcedure.input(addPasskeySchema).mutation(async ({ ctx, input }) => {
    const challenge = takePasskeyChallenge(ctx.req, "register", ctx.user.id, ctx.clock.now());
    const passkey = await ctx.services.account.addPasskey(ctx.user.id, input.name, input.response, challenge);
    return { passkey, recoveryCodes: await ctx.services.account.recoveryCodesIfNone(ctx.user.id) };
  }),
  newRecoveryCodes: authedProcedure
    .use(freshlyConfirmed)
    .mutation(({ ctx }) => ctx.services.account.regenerateRecoveryCodes(ctx.user.id)),

  /** The /profile page: the signed-in user's own orders (their sessions are bookings.clientSessions). */
  orders: authedProcedure.query(({ ctx }) => ctx.services.account.orders(ctx.user.id)),
});
