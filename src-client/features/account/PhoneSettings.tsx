import { Button, Group, NativeSelect, Paper, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useState } from "react";
import type { z } from "zod";
import { DEFAULT_PHONE_COUNTRY, PHONE_CODE_MINUTES, PHONE_COUNTRIES } from "../../../src/domain/phone-countries";
import { phoneConfirmSchema, phoneStartSchema } from "../../../src/schemas/phone";
import { notifyActionError } from "../../lib/actionError";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";
import { inPageLanguage } from "../../lib/validation";

type PhoneStatus = RouterOutputs["phone"]["status"];
type StartInput = z.input<typeof phoneStartSchema>;

const COUNTRY_OPTIONS = PHONE_COUNTRIES.map(([code, name, dial]) => ({ value: code, label: `${name} (+${dial})` }));

/**
 * The countries in the page's language: English keeps the list's own names; another language names them through
 * `Intl.DisplayNames` (ordered by those names), which the list's English need not match.
 */
function countryOptions(locale: string): { value: string; label: string }[] {
  if (locale === "en") return COUNTRY_OPTIONS;
  const names = new Intl.DisplayNames([locale], { type: "region" });
  return PHONE_COUNTRIES.map(([code, name, dial]) => ({ value: code, label: `${names.of(code) ?? name} (+${dial})` })).sort(
    (a, b) => a.label.localeCompare(b.label, locale),
  );
}

/** The number and its country, to which a code is texted. */
function NumberForm({ onSent, initial }: { onSent: (status: PhoneStatus, input: StartInput) => void; initial?: StartInput }) {
  const { t, locale } = useI18n();
  const form = useForm<StartInput>({
    mode: "controlled",
    initialValues: initial ?? { country: DEFAULT_PHONE_COUNTRY, number: "" },
    validate: inPageLanguage(schemaResolver(phoneStartSchema, { sync: true }), t),
  });
  const send = trpc.phone.sendCode.useMutation();
  return (
    <form
      noValidate
      aria-label={t("accountSecurity.phone.number")}
      onSubmit={form.onSubmit((values) => send.mutate(values, { onSuccess: (status) => onSent(status, values) }))}
    >
      <Stack gap="sm" maw={420}>
        <NativeSelect
          label={t("accountSecurity.phone.country")}
          data={countryOptions(locale)}
          {...form.getInputProps("country")}
        />
        <TextInput
          label={t("accountSecurity.phone.phone")}
          type="tel"
          autoComplete="tel-national"
          {...form.getInputProps("number")}
        />
        {send.error && (
          <Text size="sm" c="red.8" role="alert">
            {send.error.message}
          </Text>
        )}
        <Button type="submit" w="fit-content" loading={send.isPending}>
          {t("accountSecurity.phone.send")}
        </Button>
      </Stack>
    </form>
  );
}

/** The 6-digit code texted to the waiting number, and a new one when asked. */
function CodeForm({
  pending,
  sentTo,
  onConfirmed,
}: {
  pending: NonNullable<PhoneStatus["pending"]>;
  sentTo: StartInput | null;
  onConfirmed: (s: PhoneStatus) => void;
}) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const form = useForm<z.input<typeof phoneConfirmSchema>>({
    mode: "controlled",
    initialValues: { code: "" },
    validate: inPageLanguage(schemaResolver(phoneConfirmSchema, { sync: true }), t),
  });
  const confirm = trpc.phone.confirm.useMutation();
  const resend = trpc.phone.sendCode.useMutation({ onSuccess: (status) => utils.phone.status.setData(undefined, status) });
  const again = sentTo ?? { country: pending.country, number: pending.number };
  return (
    <form
      noValidate
      aria-label={t("accountSecurity.phone.confirmForm")}
      onSubmit={form.onSubmit((values) => confirm.mutate(values, { onSuccess: onConfirmed }))}
    >
      <Stack gap="sm" maw={420}>
        <Text size="sm">{t("accountSecurity.phone.sent", { number: pending.number, minutes: PHONE_CODE_MINUTES })}</Text>
        <TextInput
          label={t("accountSecurity.phone.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.getInputProps("code")}
        />
        {(confirm.error ?? resend.error) && (
          <Text size="sm" c="red.8" role="alert">
            {(confirm.error ?? resend.error)?.message}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending}>
            {t("accountSecurity.phone.confirm")}
          </Button>
          <Button variant="subtle" loading={resend.isPending} onClick={() => resend.mutate(again)}>
            {t("accountSecurity.phone.resend")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * docs/product.md#profile, `Phone number for SMS` (issue #44): a number entered with its country, confirmed by a
 * 6-digit code sent by SMS, then the choice of confirmations and reminders by SMS.
 */
export function PhoneSettings() {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const status = trpc.phone.status.useQuery();
  const [changing, setChanging] = useState(false);
  const [sentTo, setSentTo] = useState<StartInput | null>(null);
  const setStatus = (next: PhoneStatus) => utils.phone.status.setData(undefined, next);
  const setSms = trpc.phone.setSms.useMutation({ onSuccess: setStatus, onError: notifyActionError });
  const remove = trpc.phone.remove.useMutation({
    onSuccess: (next) => {
      setStatus(next);
      setChanging(false);
    },
    onError: notifyActionError,
  });

  const data = status.data;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={t("accountSecurity.phone.title")}>
      <Stack gap="sm" align="flex-start">
        <Title order={3} size="h4">
          {t("accountSecurity.phone.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("accountSecurity.phone.intro")}
        </Text>
        {status.isError && <Text size="sm">{t("accountSecurity.phone.loadFailed")}</Text>}
        {data?.number && (
          <>
            <Text size="sm">{t("accountSecurity.phone.confirmed", { number: data.number })}</Text>
            <Switch
              label={t("accountSecurity.phone.sms")}
              // The choice shows at once; the server's answer then stands (a refusal puts it back).
              checked={setSms.isPending ? (setSms.variables?.enabled ?? data.sms) : data.sms}
              onChange={(event) => setSms.mutate({ enabled: event.currentTarget.checked })}
            />
            {!changing && !data.pending && (
              <Group gap="sm">
                <Button variant="outline" color="dark" onClick={() => setChanging(true)}>
                  {t("accountSecurity.phone.change")}
                </Button>
                <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                  {t("accountSecurity.phone.remove")}
                </Button>
              </Group>
            )}
          </>
        )}
        {data?.pending && (
          <CodeForm
            pending={data.pending}
            sentTo={sentTo}
            onConfirmed={(next) => {
              setStatus(next);
              setChanging(false);
              setSentTo(null);
              notify(
                { title: t("accountSecurity.phone.confirmedTitle"), message: t("accountSecurity.phone.confirmedText") },
                "success",
              );
            }}
          />
        )}
        {data && !data.pending && (!data.number || changing) && (
          <NumberForm
            onSent={(next, input) => {
              setSentTo(input);
              setStatus(next);
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
