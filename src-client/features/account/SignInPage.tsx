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
import { useState } from "react";
import { safeReturnPath, signInSchema, signUpSchema, type SignInInput, type SignUpInput } from "../../../src/schemas/auth";
import { Link } from "@tanstack/react-router";
import { trpc } from "../../trpc";
import { PasswordStrengthMeter } from "./PasswordStrengthMeter";

type Mode = "signin" | "signup";

/** Sign-in returns to the page the visitor came from with a full page load, so every screen starts from the new session. */
function goBack(returnTo: string | undefined) {
  window.location.assign(safeReturnPath(returnTo));
}

function SignInForm({ returnTo }: { returnTo: string | undefined }) {
  const form = useForm<SignInInput>({
    mode: "uncontrolled",
    initialValues: { email: "", password: "" },
    validate: schemaResolver(signInSchema, { sync: true }),
  });
  const signIn = trpc.account.signIn.useMutation({ onSuccess: () => goBack(returnTo) });
  return (
    <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
      <Stack>
        {signIn.error && (
          <Alert color="red" role="alert">
            {signIn.error.message}
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
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          key={form.key("password")}
          {...form.getInputProps("password")}
        />
        <Button type="submit" loading={signIn.isPending || signIn.isSuccess}>
          Sign In
        </Button>
        <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
          Forgot your password?
        </Anchor>
      </Stack>
    </form>
  );
}

function SignUpForm() {
  const form = useForm<SignUpInput>({
    mode: "controlled",
    initialValues: { firstName: "", lastName: "", email: "", password: "" },
    validate: schemaResolver(signUpSchema, { sync: true }),
  });
  const signUp = trpc.account.signUp.useMutation();
  if (signUp.data) {
    return (
      <Alert color="forest" title="Check your email" role="status">
        {signUp.data.message}
      </Alert>
    );
  }
  const { email, firstName, lastName, password } = form.getValues();
  return (
    <form onSubmit={form.onSubmit((values) => signUp.mutate(values))} noValidate>
      <Stack>
        {signUp.error && (
          <Alert color="red" role="alert">
            {signUp.error.message}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            key={form.key("firstName")}
            {...form.getInputProps("firstName")}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            key={form.key("lastName")}
            {...form.getInputProps("lastName")}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          key={form.key("email")}
          {...form.getInputProps("email")}
        />
        <PasswordInput
          label="Password"
          description="At least 8 characters; not a common or easily guessed one"
          autoComplete="new-password"
          required
          key={form.key("password")}
          {...form.getInputProps("password")}
        />
        <PasswordStrengthMeter password={password} userInputs={[email, firstName, lastName]} />
        <Button type="submit" loading={signUp.isPending}>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}

export function SignInPage({ returnTo, initialMode }: { returnTo: string | undefined; initialMode: Mode }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  return (
    <Container size={460} py={60}>
      <Title order={1} ta="center">
        {mode === "signin" ? "Welcome back" : "Create your account"}
      </Title>
      <Text c="dimmed" ta="center" mt={4} mb="lg">
        {mode === "signin"
          ? "Sign in to book consultations and shop the Sacred Market."
          : "Join to book Seers, shop and share wisdom."}
      </Text>
      <Paper withBorder shadow="sm" p="lg" radius="md">
        <Tabs keepMounted={false} value={mode} onChange={(v) => setMode(v === "signup" ? "signup" : "signin")}>
          <Tabs.List grow mb="md">
            <Tabs.Tab value="signin">Sign In</Tabs.Tab>
            <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signin">
            <SignInForm returnTo={returnTo} />
          </Tabs.Panel>
          <Tabs.Panel value="signup">
            <SignUpForm />
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <Text ta="center" size="sm" mt="md">
        <Anchor href={safeReturnPath(returnTo)}>Continue browsing without signing in</Anchor>
      </Text>
    </Container>
  );
}
