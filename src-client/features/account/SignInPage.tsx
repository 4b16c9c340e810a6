import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { SecondStepKind } from "../../../src/domain/sign-in-refusal-codes";
import { secondStepFactors, type SignInRefusal } from "../../../src/domain/sign-in-refusals";
import { safeReturnPath, signInSchema, signUpSchema, type SignInInput, type SignUpInput } from "../../../src/schemas/auth";
import { Link } from "@tanstack/react-router";
import { takeEarlyInput } from "../../lib/early-input";
import { useHydrated } from "../../lib/hydrated";
import { useI18n } from "../../lib/i18n";
import { passkeyAnswer } from "../../lib/passkeys";
import { trpc } from "../../trpc";
import { PasswordStrengthMeter } from "./PasswordStrengthMeter";
import { accountText, refusalMessage } from "./texts";
import { inPageLanguage } from "../../lib/validation";

type Mode = "signin" | "signup";

/** Sign-in returns to the page the visitor came from with a full page load, so every screen starts from the new session. */
function goBack(returnTo: string | undefined) {
  window.location.assign(safeReturnPath(returnTo));
}

/** Where the drawn forms post without the app's code (src-server/modules/account/sign-in-form.ts). */
const SIGN_IN_ACTION = "/login";
const SECOND_STEP_ACTION = "/login/code";

/**
 * Works before the app's code arrives (issue #39): the server draws it as a real form posted to `/login`, which
 * signs in and returns, or comes back here with `refusal`. Once the app has taken the page over, it signs in through
 * tRPC as before, starting from what the person typed in the meantime.
 */
function SignInForm({
  returnTo,
  refusal,
  second,
}: {
  returnTo: string | undefined;
  refusal: SignInRefusal | undefined;
  /** The second step the drawn form's sign-in is waiting for (from the address). */
  second: SecondStepKind | undefined;
}) {
  const { t, locale } = useI18n();
  const hydrated = useHydrated();
  const element = useRef<HTMLFormElement>(null);
  const form = useForm<SignInInput>({
    mode: "uncontrolled",
    initialValues: { email: "", password: "" },
    validate: inPageLanguage(schemaResolver(signInSchema, { sync: true }), t),
  });
  const signIn = trpc.account.signIn.useMutation({
    onSuccess: (data) => {
      if (!("secondStep" in data)) goBack(returnTo);
    },
  });
  // What was typed (or filled in by the browser) before the app took the page over is the form's value: the field
  // shows it already, so it is only noted, without drawing the field again.
  const takeOver = useEffectEvent(() => {
    const fields = element.current?.elements;
    if (!fields) return;
    for (const name of ["email", "password"] as const) {
      const field = fields.namedItem(name);
      if (!(field instanceof HTMLInputElement)) continue;
      // Typed while React was taking the page over (after the note was taken) counts too.
      const typed = takeEarlyInput(field) ?? (field.value !== form.getValues()[name] ? field.value : undefined);
      if (typed !== undefined) form.setFieldValue(name, typed, { forceUpdate: false });
    }
  });
  // Once, after the first commit.
  useEffect(() => takeOver(), []);
  const message = signIn.error
    ? accountText(t, signIn.error.message)
    : signIn.isIdle && refusal
      ? refusalMessage(t, refusal)
      : undefined;
  if (signIn.data && "secondStep" in signIn.data)
    return <SecondStepForm returnTo={returnTo} factors={signIn.data.secondStep} refusal={undefined} />;
  if (second && signIn.isIdle) return <SecondStepForm returnTo={returnTo} factors={second} refusal={refusal} />;
  return (
    <form
      ref={element}
      method="post"
      action={SIGN_IN_ACTION}
      onSubmit={form.onSubmit((values) => signIn.mutate(values))}
      // Without the app's code, the browser's own checks of the fields (required, an e-mail address) apply.
      noValidate={hydrated}
    >
      <input type="hidden" name="returnTo" value={returnTo ?? ""} />
      {/* The page's language: a refusal comes back to the sign-in page in it, whatever the browser prefers. */}
      <input type="hidden" name="locale" value={locale} />
      <Stack>
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <TextInput
          label={t("signIn.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          key={form.key("email")}
          {...form.getInputProps("email")}
        />
        <PasswordInput
          label={t("signIn.password")}
          name="password"
          autoComplete="current-password"
          required
          // Showing the password needs the app's code: drawn disabled until then.
          visibilityToggleButtonProps={{ disabled: !hydrated, "aria-label": t("signIn.togglePassword") }}
          key={form.key("password")}
          {...form.getInputProps("password")}
        />
        <Button type="submit" loading={signIn.isPending || (signIn.isSuccess && !("secondStep" in signIn.data))}>
          {t("signIn.signIn")}
        </Button>
        <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
          {t("signIn.forgot")}
        </Anchor>
      </Stack>
    </form>
  );
}

/**
 * After the password, for an account with a second factor: a passkey, a code from the authenticator app or a
 * recovery code. Drawn by the server (a sign-in sent without the app's code, `factors` from the address), it is a
 * real form posted to `/login/code`; once the app has taken the page over, it answers through tRPC, starting from
 * what was typed in the meantime. A passkey needs the app's code: its button is drawn disabled until then.
 */
function SecondStepForm({
  returnTo,
  factors,
  refusal,
}: {
  returnTo: string | undefined;
  factors: { totp: boolean; passkeys: boolean } | SecondStepKind;
  refusal: SignInRefusal | undefined;
}) {
  const { t, locale } = useI18n();
  const hydrated = useHydrated();
  const element = useRef<HTMLFormElement>(null);
  const { totp, passkeys } = typeof factors === "string" ? secondStepFactors(factors) : factors;
  const [code, setCode] = useState("");
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const step = trpc.account.signInSecondStep.useMutation({ onSuccess: () => goBack(returnTo) });
  const challenge = trpc.account.passkeyChallenge.useMutation();
  const takeOver = useEffectEvent(() => {
    const field = element.current?.elements.namedItem("code");
    if (!(field instanceof HTMLInputElement)) return;
    const typed = takeEarlyInput(field) ?? (field.value !== code ? field.value : undefined);
    if (typed !== undefined) setCode(typed);
  });
  useEffect(() => takeOver(), []);
  const signInWithPasskey = async () => {
    setPasskeyError(null);
    const result = await passkeyAnswer(() => challenge.mutateAsync());
    if ("error" in result) setPasskeyError(result.error);
    else step.mutate({ passkey: result.answer });
  };
  const message = step.error
    ? accountText(t, step.error.message)
    : (passkeyError ?? (step.isIdle && refusal ? refusalMessage(t, refusal) : undefined));
  return (
    <form
      ref={element}
      method="post"
      action={SECOND_STEP_ACTION}
      onSubmit={(event) => {
        event.preventDefault();
        step.mutate({ code });
      }}
      noValidate={hydrated}
    >
      <input type="hidden" name="returnTo" value={returnTo ?? ""} />
      <input type="hidden" name="second" value={typeof factors === "string" ? factors : ""} />
      <input type="hidden" name="locale" value={locale} />
      <Stack>
        {passkeys && (
          <>
            <Text size="sm">{t("signIn.passkeyText")}</Text>
            <Button variant="light" onClick={() => void signInWithPasskey()} loading={challenge.isPending} disabled={!hydrated}>
              {t("signIn.usePasskey")}
            </Button>
          </>
        )}
        <Text size="sm">{totp ? t("signIn.codeTotp") : t("signIn.codeRecovery")}</Text>
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        <TextInput
          label={t("signIn.code")}
          name="code"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          data-autofocus
        />
        <Button type="submit" loading={step.isPending || step.isSuccess}>
          {t("signIn.verify")}
        </Button>
      </Stack>
    </form>
  );
}

/** Needs the app's code (no server path takes it): its button is drawn busy until the app has taken the page over. */
function SignUpForm() {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const form = useForm<SignUpInput>({
    mode: "controlled",
    initialValues: { firstName: "", lastName: "", email: "", password: "" },
    validate: inPageLanguage(schemaResolver(signUpSchema, { sync: true }), t),
  });
  const signUp = trpc.account.signUp.useMutation();
  if (signUp.data) {
    return (
      // The server's answer is always this one text (src-server/modules/account/users.ts), written in the page's language.
      <Alert color="forest" title={t("signIn.checkEmail")} role="status">
        {t("signIn.signUpSent")}
      </Alert>
    );
  }
  const { email, firstName, lastName, password } = form.getValues();
  return (
    <form onSubmit={form.onSubmit((values) => signUp.mutate(values))} noValidate>
      <Stack>
        {signUp.error && (
          <Alert color="red" role="alert">
            {accountText(t, signUp.error.message)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t("signIn.firstName")}
            autoComplete="given-name"
            required
            key={form.key("firstName")}
            {...form.getInputProps("firstName")}
          />
          <TextInput
            label={t("signIn.lastName")}
            autoComplete="family-name"
            required
            key={form.key("lastName")}
            {...form.getInputProps("lastName")}
          />
        </SimpleGrid>
        <TextInput
          label={t("signIn.email")}
          type="email"
          autoComplete="email"
          required
          key={form.key("email")}
          {...form.getInputProps("email")}
        />
        <PasswordInput
          label={t("signIn.password")}
          description={t("signIn.passwordHint")}
          visibilityToggleButtonProps={{ "aria-label": t("signIn.togglePassword") }}
          autoComplete="new-password"
          required
          key={form.key("password")}
          {...form.getInputProps("password")}
        />
        <PasswordStrengthMeter password={password} userInputs={[email, firstName, lastName]} />
        <Button type="submit" loading={signUp.isPending || !hydrated}>
          {t("signIn.createAccount")}
        </Button>
      </Stack>
    </form>
  );
}

export function SignInPage({
  returnTo,
  initialMode,
  refusal,
  second,
}: {
  returnTo: string | undefined;
  initialMode: Mode;
  /** Why the form, sent without the app's code, was refused (the server's code in the address). */
  refusal?: SignInRefusal | undefined;
  /** The second step a sign-in sent without the app's code waits for (issue #47). */
  second?: SecondStepKind | undefined;
}) {
  const { t } = useI18n();
  const [mode, setMode] = useState<Mode>(initialMode);
  const hydrated = useHydrated();
  return (
    <Container size={460} py={60}>
      <Title order={1} ta="center">
        {mode === "signin" ? t("signIn.welcome") : t("signIn.create")}
      </Title>
      <Text c="dimmed" ta="center" mt={4} mb="lg">
        {mode === "signin" ? t("signIn.welcomeText") : t("signIn.createText")}
      </Text>
      <Paper withBorder shadow="sm" p="lg" radius="md">
        <Tabs keepMounted={false} value={mode} onChange={(v) => setMode(v === "signup" ? "signup" : "signin")}>
          <Tabs.List grow mb="md">
            {/* Switching needs the app's code: the other tab is drawn disabled until then. */}
            <Tabs.Tab value="signin" disabled={!hydrated && mode !== "signin"}>
              {t("signIn.signIn")}
            </Tabs.Tab>
            <Tabs.Tab value="signup" disabled={!hydrated && mode !== "signup"}>
              {t("signIn.signUp")}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signin">
            <SignInForm returnTo={returnTo} refusal={refusal} second={second} />
          </Tabs.Panel>
          <Tabs.Panel value="signup">
            <SignUpForm />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <Text ta="center" size="sm" mt="md">
        <Anchor href={safeReturnPath(returnTo)}>{t("signIn.continue")}</Anchor>
      </Text>
    </Container>
  );
}
