import { Alert, Anchor, Button, Container, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { forgotPasswordSchema, newPasswordSchema, type ForgotPasswordInput } from "../../../src/schemas/auth";
import { z } from "zod";
import { trpc } from "../../trpc";
import { PasswordStrengthMeter } from "./PasswordStrengthMeter";
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
  const form = useForm<ForgotPasswordInput>({
    mode: "uncontrolled",
    initialValues: { email: "" },
    validate: inPageLanguage(schemaResolver(forgotPasswordSchema, { sync: true }), t),
  });
  const request = trpc.account.requestPasswordReset.useMutation();
  return (
    <Panel title="Reset your password">
      {request.data ? (
        <Alert color="forest" title="Check your email" role="status">
          {request.data.message}
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit((values) => request.mutate(values))} noValidate>
          <Stack>
            <Text size="sm">Enter the email address of your account and we will send you a link to choose a new password.</Text>
            {request.error && (
              <Alert color="red" role="alert">
                {request.error.message}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              key={form.key("email")}
              {...form.getInputProps("email")}
            />
            <Button type="submit" loading={request.isPending}>
              Send Reset Link
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              Back to sign in
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
  const form = useForm<{ password: string }>({
    mode: "controlled",
    initialValues: { password: "" },
    validate: inPageLanguage(schemaResolver(newPasswordFormSchema, { sync: true }), t),
  });
  const reset = trpc.account.resetPassword.useMutation({ onSuccess: () => window.location.assign("/profile") });
  return (
    <Panel title="Choose a new password">
      <form onSubmit={form.onSubmit(({ password }) => reset.mutate({ token: token ?? "", password }))} noValidate>
        <Stack>
          {reset.error && (
            <Alert color="red" role="alert">
              {reset.error.message}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            description="At least 8 characters; not a common or easily guessed one"
            autoComplete="new-password"
            required
            key={form.key("password")}
            {...form.getInputProps("password")}
          />
          <PasswordStrengthMeter password={form.getValues().password} />
          <Button type="submit" loading={reset.isPending || reset.isSuccess}>
            Save New Password
          </Button>
        </Stack>
      </form>
    </Panel>
  );
}

/** /verify-email?token=...: confirms the address once on arrival and signs its owner in. */
export function VerifyEmailPage({ token }: { token: string | undefined }) {
  const verify = trpc.account.verifyEmail.useMutation();
  const sent = useRef(false);
  useEffect(() => {
    // Once per page view, even under StrictMode's double effects: the link works only once.
    if (sent.current) return;
    sent.current = true;
    verify.mutate({ token: token ?? "" });
  }, [token, verify]);
  return (
    <Panel title="Confirm your email">
      {verify.isSuccess ? (
        <Stack>
          <Alert color="forest" title="Email confirmed" role="status">
            Your email address is confirmed and you are signed in.
          </Alert>
          <Button component="a" href="/">
            Continue
          </Button>
        </Stack>
      ) : verify.isError ? (
        <Alert color="red" role="alert" title="Confirmation failed">
          {verify.error.message} Sign in and ask for a new link on your profile.
        </Alert>
      ) : (
        <Stack align="center">
          <Loader aria-label="Confirming your email" />
        </Stack>
      )}
    </Panel>
  );
}
