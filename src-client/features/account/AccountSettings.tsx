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
import { useI18n, type Translate } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { PasswordStrengthMeter } from "./PasswordStrengthMeter";
import { accountText } from "./texts";
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

/**
 * What the server answers a new link or a new address with: one of its few texts (src-server/modules/account), in the
 * page's language.
 */
function sentText(t: Translate, message: string): string {
  if (message === "We sent you a new link. Please check your email.") return t("account.verificationSent");
  if (message === "Your email address is already confirmed.") return t("account.alreadyVerified");
  if (message === "We sent a link to your new address. Your email changes when you open it.") return t("account.emailChangeSent");
  return message;
}

/** Shown until the address is confirmed: paying, applying and publishing wait for it. */
function VerifyBanner() {
  const { t } = useI18n();
  const resend = trpc.account.resendVerification.useMutation();
  return (
    <Alert color="ochre" title={t("account.verifyTitle")} role="status">
      <Stack gap="xs">
        <Text size="sm">{t("account.verifyText")}</Text>
        {resend.data && <Text size="sm">{sentText(t, resend.data.message)}</Text>}
        {resend.error && (
          <Text size="sm" c="red.8" role="alert">
            {accountText(t, resend.error.message)}
          </Text>
        )}
        <Button size="xs" variant="light" w="fit-content" onClick={() => resend.mutate()} loading={resend.isPending}>
          {t("account.sendNewLink")}
        </Button>
      </Stack>
    </Alert>
  );
}

function ChangePassword({ user }: { user: SignedInUser }) {
  const { t } = useI18n();
  const form = useForm<ChangePasswordInput>({
    mode: "controlled",
    initialValues: { currentPassword: "", newPassword: "" },
    validate: inPageLanguage(schemaResolver(changePasswordSchema, { sync: true }), t),
  });
  const change = trpc.account.changePassword.useMutation({ onSuccess: () => form.reset() });
  return (
    <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate aria-label={t("account.changePassword")}>
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {t("account.changePassword")}
        </Title>
        {change.isSuccess && <Text size="sm">{t("account.passwordChanged")}</Text>}
        {change.error && (
          <Text size="sm" c="red.8" role="alert">
            {accountText(t, change.error.message)}
          </Text>
        )}
        <PasswordInput
          label={t("account.currentPassword")}
          autoComplete="current-password"
          visibilityToggleButtonProps={{ "aria-label": t("signIn.togglePassword") }}
          {...form.getInputProps("currentPassword")}
        />
        <PasswordInput
          label={t("account.newPassword")}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ "aria-label": t("signIn.togglePassword") }}
          {...form.getInputProps("newPassword")}
        />
        <PasswordStrengthMeter
          password={form.getValues().newPassword}
          userInputs={[user.email, user.firstName ?? "", user.lastName ?? ""]}
        />
        <Button type="submit" w="fit-content" loading={change.isPending}>
          {t("account.changePasswordButton")}
        </Button>
      </Stack>
    </form>
  );
}

function ChangeEmail() {
  const { t } = useI18n();
  const form = useForm<ChangeEmailInput>({
    mode: "uncontrolled",
    initialValues: { currentPassword: "", newEmail: "" },
    validate: inPageLanguage(schemaResolver(changeEmailSchema, { sync: true }), t),
  });
  const change = trpc.account.changeEmail.useMutation();
  return (
    <form onSubmit={form.onSubmit((values) => change.mutate(values))} noValidate aria-label={t("account.changeEmail")}>
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {t("account.changeEmail")}
        </Title>
        {change.data && <Text size="sm">{sentText(t, change.data.message)}</Text>}
        {change.error && (
          <Text size="sm" c="red.8" role="alert">
            {accountText(t, change.error.message)}
          </Text>
        )}
        <TextInput
          label={t("account.newEmail")}
          type="email"
          autoComplete="email"
          key={form.key("newEmail")}
          {...form.getInputProps("newEmail")}
        />
        <PasswordInput
          label={t("account.currentPassword")}
          autoComplete="current-password"
          visibilityToggleButtonProps={{ "aria-label": t("signIn.togglePassword") }}
          key={form.key("currentPassword")}
          {...form.getInputProps("currentPassword")}
        />
        <Button type="submit" w="fit-content" loading={change.isPending}>
          {t("account.changeEmailButton")}
        </Button>
      </Stack>
    </form>
  );
}

function Sessions() {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const sessions = trpc.account.sessions.useQuery();
  const refresh = () => void utils.account.sessions.invalidate();
  const endOne = trpc.account.endSession.useMutation({ onSuccess: refresh });
  const endOthers = trpc.account.endOtherSessions.useMutation({ onSuccess: refresh });
  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        {t("account.sessions")}
      </Title>
      {sessions.error && (
        <Text size="sm" c="red.8" role="alert">
          {accountText(t, sessions.error.message)}
        </Text>
      )}
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("account.browser")}</Table.Th>
            <Table.Th>{t("account.signedIn")}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t("account.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(sessions.data ?? []).map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                {s.current
                  ? t("account.thisBrowser", { browser: s.userAgent ?? t("account.unknownBrowser") })
                  : (s.userAgent ?? t("account.unknownBrowser"))}
              </Table.Td>
              <Table.Td>{s.createdAt ? formatDate(s.createdAt) : ""}</Table.Td>
              <Table.Td>
                {!s.current && (
                  <Button size="xs" variant="subtle" color="red.8" onClick={() => endOne.mutate({ sessionId: s.id })}>
                    {t("account.signOutOne")}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button size="xs" variant="light" w="fit-content" onClick={() => endOthers.mutate()} loading={endOthers.isPending}>
        {t("account.signOutOthers")}
      </Button>
    </Stack>
  );
}

function DeleteAccount() {
  const { t } = useI18n();
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
        {t("account.delete")}
      </Title>
      <Text size="sm">{t("account.deleteText")}</Text>
      <Button color="red.8" variant="outline" w="fit-content" onClick={() => setOpen(true)}>
        {t("account.deleteMine")}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t("account.deleteTitle")}>
        <form onSubmit={form.onSubmit((values) => remove.mutate(values))} noValidate>
          <Stack>
            <Text size="sm">{t("account.deleteConfirm")}</Text>
            {remove.error && (
              <Text size="sm" c="red.8" role="alert">
                {accountText(t, remove.error.message)}
              </Text>
            )}
            <PasswordInput
              label={t("account.currentPassword")}
              autoComplete="current-password"
              visibilityToggleButtonProps={{ "aria-label": t("signIn.togglePassword") }}
              key={form.key("currentPassword")}
              {...form.getInputProps("currentPassword")}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t("account.cancel")}
              </Button>
              <Button type="submit" color="red.8" loading={remove.isPending}>
                {t("account.deleteAccount")}
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
  const { t } = useI18n();
  return (
    <Section title={t("account.settings")}>
      <Stack gap="xl">
        {!user.emailVerified && <VerifyBanner />}
        <ChangePassword user={user} />
        <ChangeEmail />
        <Sessions />
        <Stack gap="sm">
          <Title order={3} fz="h5">
            {t("account.yourData")}
          </Title>
          <Button component="a" href="/api/account/export" download variant="light" w="fit-content">
            {t("account.download")}
          </Button>
        </Stack>
        <DeleteAccount />
      </Stack>
    </Section>
  );
}
