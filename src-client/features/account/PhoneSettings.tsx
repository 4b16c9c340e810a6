import { Button, Group, NativeSelect, Paper, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useState } from "react";
import type { z } from "zod";
import { DEFAULT_PHONE_COUNTRY, PHONE_CODE_MINUTES, PHONE_COUNTRIES } from "../../../src/domain/phone-countries";
import { phoneConfirmSchema, phoneStartSchema } from "../../../src/schemas/phone";
import { notifyActionError } from "../../lib/actionError";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";
import { inPageLanguage } from "../../lib/validation";

type PhoneStatus = RouterOutputs["phone"]["status"];
type StartInput = z.input<typeof phoneStartSchema>;

const COUNTRY_OPTIONS = PHONE_COUNTRIES.map(([code, name, dial]) => ({ value: code, label: `${name} (+${dial})` }));

/** The number and its country, to which a code is texted. */
function NumberForm({ onSent, initial }: { onSent: (status: PhoneStatus, input: StartInput) => void; initial?: StartInput }) {
  const form = useForm<StartInput>({
    mode: "controlled",
    initialValues: initial ?? { country: DEFAULT_PHONE_COUNTRY, number: "" },
    validate: inPageLanguage(schemaResolver(phoneStartSchema, { sync: true }), t),
  });
  const send = trpc.phone.sendCode.useMutation();
  return (
    <form
      noValidate
      aria-label="Your number"
      onSubmit={form.onSubmit((values) => send.mutate(values, { onSuccess: (status) => onSent(status, values) }))}
    >
      <Stack gap="sm" maw={420}>
        <NativeSelect label="Country" data={COUNTRY_OPTIONS} {...form.getInputProps("country")} />
        <TextInput label="Phone number" type="tel" autoComplete="tel-national" {...form.getInputProps("number")} />
        {send.error && (
          <Text size="sm" c="red.8" role="alert">
            {send.error.message}
          </Text>
        )}
        <Button type="submit" w="fit-content" loading={send.isPending}>
          Send code
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
      aria-label="Confirm your number"
      onSubmit={form.onSubmit((values) => confirm.mutate(values, { onSuccess: onConfirmed }))}
    >
      <Stack gap="sm" maw={420}>
        <Text size="sm">
          We sent a 6-digit code to {pending.number}. It expires in {PHONE_CODE_MINUTES} minutes.
        </Text>
        <TextInput label="Code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.getInputProps("code")} />
        {(confirm.error ?? resend.error) && (
          <Text size="sm" c="red.8" role="alert">
            {(confirm.error ?? resend.error)?.message}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending}>
            Confirm number
          </Button>
          <Button variant="subtle" loading={resend.isPending} onClick={() => resend.mutate(again)}>
            Send a new code
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
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Phone number for SMS">
      <Stack gap="sm" align="flex-start">
        <Title order={3} size="h4">
          Phone number for SMS
        </Title>
        <Text size="sm" c="dimmed">
          Get your booking confirmations and the reminders 24 hours before a session by SMS too. We text you a 6-digit code to
          confirm your number.
        </Text>
        {status.isError && <Text size="sm">The phone number could not be loaded.</Text>}
        {data?.number && (
          <>
            <Text size="sm">{data.number} is confirmed.</Text>
            <Switch
              label="Confirmations and reminders by SMS"
              // The choice shows at once; the server's answer then stands (a refusal puts it back).
              checked={setSms.isPending ? (setSms.variables?.enabled ?? data.sms) : data.sms}
              onChange={(event) => setSms.mutate({ enabled: event.currentTarget.checked })}
            />
            {!changing && !data.pending && (
              <Group gap="sm">
                <Button variant="outline" color="dark" onClick={() => setChanging(true)}>
                  Change number
                </Button>
                <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                  Remove number
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
                { title: "Phone number confirmed", message: "You can now get your confirmations and reminders by SMS." },
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
