import { Alert, Anchor, Button, Container, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { forgotPasswordSchema, newPasswordSchema, type ForgotPasswordInput } from "../../../src/schemas/auth";
import { z } from "zod";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { PasswordStrengthMeter } from "./PasswordStrengthMeter";
import { accountText } from "./texts";
import { inPageLanguage } from "../../lib/validation";

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Container size={460} py={60}>
      <Title order={1} ta="center" mb="lg">
        {title}
      </Title>
      <Paper withBorder shadow="sm" p="lg" radius="md">
        {children}
      </Paper>
    </Container>
  );
}

/** /forgot-password: the same answer whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useI18n();
  const form = useForm<ForgotPasswordInput>({
    mode: "uncontrolled",
    initialValues: { email: "" },
    validate: inPageLanguage(schemaResolver(forgotPasswordSchema, { sync: true }), t),
  });
  const request = trpc.account.requestPasswordReset.useMutation();
  return (
    <Panel title={t("account.resetTitle")}>
      {request.data ? (
        // The server's answer is the same one text for every address (src-server/modules/account/recovery.ts).
        <Alert color="forest" title={t("signIn.checkEmail")} role="status">
          {t("account.resetRequested")}
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit((values) => request.mutate(values))} noValidate>
          <Stack>
            <Text size="sm">{t("account.resetText")}</Text>
            {request.error && (
              <Alert color="red" role="alert">
                {accountText(t, request.error.message)}
              </Alert>
            )}
            <TextInput
              label={t("signIn.email")}
              type="email"
              autoComplete="email"
              required
              key={form.key("email")}
              {...form.getInputProps("email")}
            />
            <Button type="submit" loading={request.isPending}>
              {t("account.sendResetLink")}
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              {t("account.backToSignIn")}
            </Anchor>
          </Stack>
        </form>
      )}
    </Panel>
  );
}

const newPasswordFormSchema = z.object({ password: newPasswordSchema });

/** /reset-password?token=...: a new password; every other session ends and this browser is signed in. */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const { t } = useI18n();
  const form = useForm<{ password: string }>({
    mode: "controlled",
    initialValues: { password: "" },
    validate: inPageLanguage(schemaResolver(newPasswordFormSchema, { sync: true }), t),
  });
  const reset = trpc.account.resetPassword.useMutation({ onSuccess: () => window.location.assign("/profile") });
  return (
    <Panel title={t("account.newPasswordTitle")}>
      <form onSubmit={form.onSubmit(({ password }) => reset.mutate({ token: token ?? "", password }))} noValidate>
        <Stack>
          {reset.error && (
            <Alert color="red" role="alert">
              {accountText(t, reset.error.message)}
            </Alert>
          )}
          <PasswordInput
            label={t("account.newPassword")}
            description={t("signIn.passwordHint")}
            visibilityToggleButtonProps={{ "aria-label": t("signIn.togglePassword") }}
            autoComplete="new-password"
            required
            key={form.key("password")}
            {...form.getInputProps("password")}
          />
          <PasswordStrengthMeter password={form.getValues().password} />
          <Button type="submit" loading={reset.isPending || reset.isSuccess}>
            {t("account.saveNewPassword")}
          </Button>
        </Stack>
      </form>
    </Panel>
  );
}

/** /verify-email?token=...: confirms the address once on arrival and signs its owner in. */
export function VerifyEmailPage({ token }: { token: string | undefined }) {
  const { t } = useI18n();
  const verify = trpc.account.verifyEmail.useMutation();
  const sent = useRef(false);
  useEffect(() => {
    // Once per page view, even under StrictMode's double effects: the link works only once.
    if (sent.current) return;
    sent.current = true;
    verify.mutate({ token: token ?? "" });
  }, [token, verify]);
  return (
    <Panel title={t("account.confirmTitle")}>
      {verify.isSuccess ? (
        <Stack>
          <Alert color="forest" title={t("account.emailConfirmed")} role="status">
            {t("account.emailConfirmedText")}
          </Alert>
          <Button component="a" href="/">
            {t("account.continue")}
          </Button>
        </Stack>
      ) : verify.isError ? (
        <Alert color="red" role="alert" title={t("account.confirmFailed")}>
          {t("account.confirmFailedText", { error: accountText(t, verify.error.message) })}
        </Alert>
      ) : (
        <Stack align="center">
          <Loader aria-label={t("account.confirming")} />
        </Stack>
      )}
    </Panel>
  );
}
