import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useState } from "react";
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type DeleteAccountInput,
} from "../../../src/schemas/auth";
import type { SignedInUser } from "../../lib/auth";
import { formatDate } from "../../lib/format";
import { trpc } from "../../trpc";
import { PasswordStrengthMeter } from "./PasswordStrengthMeter";
import { inPageLanguage } from "../../lib/validation";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={2} fz="h3" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Shown until the address is confirmed: paying, applying and publishing wait for it. */
function VerifyBanner() {
  const resend = trpc.account.resendVerification.useMutation();
  return (
    <Alert color="ochre" title="Please confirm your email address" role="status">
      <Stack gap="xs">
        <Text size="sm">We sent you a link. Until you open it you cannot pay, apply as a Seer or publish articles.</Text>
        {resend.data && <Text size="sm">{resend.data.message}</Text>}
        {resend.error && (
          <Text size="sm" c="red.8" role="alert">
            {resend.error.message}
          </Text>
        )}
        <Button size="xs" variant="light" w="fit-content" onClick={() => resend.mutate()} loading={resend.isPending}>
          Send a new link
        </Button>
      </Stack>
    </Alert>
  );
}

function ChangePassword({ user }: { user: SignedInUser }) {
  const form = useForm<ChangePasswordInput>({
    mode: "controlled",
    initialValues: { currentPassword: "", newPassword: "" },
    validate: inPageLanguage(schemaResolver(changePasswordSchema, { sync: true }), t),
  });
  const change = trpc.account.changePassword.useMutation({ onSuccess: () => form.reset() });
  return (
    <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate aria-label="Change password">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          Change password
        </Title>
        {change.isSuccess && <Text size="sm">Password changed. Your other sessions were signed out.</Text>}
        {change.error && (
          <Text size="sm" c="red.8" role="alert">
            {change.error.message}
          </Text>
        )}
        <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps("currentPassword")} />
        <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps("newPassword")} />
        <PasswordStrengthMeter
          password={form.getValues().newPassword}
          userInputs={[user.email, user.firstName ?? "", user.lastName ?? ""]}
        />
        <Button type="submit" w="fit-content" loading={change.isPending}>
          Change Password
        </Button>
      </Stack>
    </form>
  );
}

function ChangeEmail() {
  const form = useForm<ChangeEmailInput>({
    mode: "uncontrolled",
    initialValues: { currentPassword: "", newEmail: "" },
    validate: inPageLanguage(schemaResolver(changeEmailSchema, { sync: true }), t),
  });
  const change = trpc.account.changeEmail.useMutation();
  return (
    <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate aria-label="Change email">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          Change email
        </Title>
        {change.data && <Text size="sm">{change.data.message}</Text>}
        {change.error && (
          <Text size="sm" c="red.8" role="alert">
            {change.error.message}
          </Text>
        )}
        <TextInput
          label="New email"
          type="email"
          autoComplete="email"
          key={form.key("newEmail")}
          {...form.getInputProps("newEmail")}
        />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          key={form.key("currentPassword")}
          {...form.getInputProps("currentPassword")}
        />
        <Button type="submit" w="fit-content" loading={change.isPending}>
          Change Email
        </Button>
      </Stack>
    </form>
  );
}

function Sessions() {
  const utils = trpc.useUtils();
  const sessions = trpc.account.sessions.useQuery();
  const refresh = () => void utils.account.sessions.invalidate();
  const endOne = trpc.account.endSession.useMutation({ onSuccess: refresh });
  const endOthers = trpc.account.endOtherSessions.useMutation({ onSuccess: refresh });
  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        Where you are signed in
      </Title>
      {sessions.error && (
        <Text size="sm" c="red.8" role="alert">
          {sessions.error.message}
        </Text>
      )}
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Browser</Table.Th>
            <Table.Th>Signed in</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(sessions.data ?? []).map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                {s.userAgent ?? "Unknown browser"}
                {s.current ? " (this browser)" : ""}
              </Table.Td>
              <Table.Td>{s.createdAt ? formatDate(s.createdAt) : ""}</Table.Td>
              <Table.Td>
                {!s.current && (
                  <Button size="xs" variant="subtle" color="red.8" onClick={() => endOne.mutate({ sessionId: s.id })}>
                    Sign out
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button size="xs" variant="light" w="fit-content" onClick={() => endOthers.mutate()} loading={endOthers.isPending}>
        Sign out all other sessions
      </Button>
    </Stack>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const form = useForm<DeleteAccountInput>({
    mode: "uncontrolled",
    initialValues: { currentPassword: "" },
    validate: inPageLanguage(schemaResolver(deleteAccountSchema, { sync: true }), t),
  });
  const remove = trpc.account.deleteAccount.useMutation({ onSuccess: () => window.location.assign("/") });
  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        Delete account
      </Title>
      <Text size="sm">
        Your personal data is removed. Bookings and orders are kept for accounting, without your name or address.
      </Text>
      <Button color="red.8" variant="outline" w="fit-content" onClick={() => setOpen(true)}>
        Delete My Account
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Delete your account?">
        <form onSubmit={form.onSubmit((values) => remove.mutate(values))} noValidate>
          <Stack>
            <Text size="sm">This cannot be undone. Enter your password to confirm.</Text>
            {remove.error && (
              <Text size="sm" c="red.8" role="alert">
                {remove.error.message}
              </Text>
            )}
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              key={form.key("currentPassword")}
              {...form.getInputProps("currentPassword")}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" color="red.8" loading={remove.isPending}>
                Delete Account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

/** The profile's account controls: confirmation, password, e-mail, sessions, the data download and deletion. */
export function AccountSettings({ user }: { user: SignedInUser }) {
  return (
    <Section title="Account and security">
      <Stack gap="xl">
        {!user.emailVerified && <VerifyBanner />}
        <ChangePassword user={user} />
        <ChangeEmail />
        <Sessions />
        <Stack gap="sm">
          <Title order={3} fz="h5">
            Your data
          </Title>
          <Button component="a" href="/api/account/export" download variant="light" w="fit-content">
            Download My Data
          </Button>
        </Stack>
        <DeleteAccount />
      </Stack>
    </Section>
  );
}
