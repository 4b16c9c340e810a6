import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { schemaResolver, useForm, type UseFormReturnType } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { formatMinor } from "../../../src/domain/currencies";
import type { PayoutMethodKind } from "../../../src/domain/payout-rails";
import { useI18n } from "../../lib/i18n";
import { resolveAccountSchema, savePayoutMethodSchema } from "../../../src/schemas/payouts";
import { notify } from "../../lib/notify";
import { trpc, type RouterOutputs } from "../../trpc";
import { inPageLanguage } from "../../lib/validation";

export type PayoutOptions = RouterOutputs["payouts"]["options"];

interface PayoutDetailsValues {
  kind: PayoutMethodKind;
  institutionCode: string;
  accountNumber: string;
  accountName: string;
  confirmName: boolean;
  currentPassword: string;
}

/** The server's field errors (zod), one message a field, for the form's fields. */
export function fieldErrorsOf(error: {
  data?: { zodError?: { fieldErrors: Record<string, string[] | undefined> } | null } | null;
}) {
  const fieldErrors = error.data?.zodError?.fieldErrors ?? {};
  return Object.fromEntries(
    Object.entries(fieldErrors).flatMap(([field, errors]) => (errors?.[0] ? [[field, errors[0]] as const] : [])),
  );
}

/**
 * Local payout details (issue #40, docs/product.md#payout-rails): the kind the Seer's country offers, the network or
 * bank, the number, the holder's name as the provider reports it (or as the Seer types it where it cannot), the
 * Seer's confirmation and password. In a dialog, the whole screen on a phone.
 */
export function PayoutDetailsForm({
  options,
  opened,
  onClose,
}: {
  options: PayoutOptions;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery("(max-width: 36em)");
  const { t } = useI18n();
  return (
    <Modal opened={opened} onClose={onClose} title={t("payoutDetails.title")} fullScreen={phone === true} size="lg">
      {opened && <PayoutDetailsFields options={options} onDone={onClose} />}
    </Modal>
  );
}

function PayoutDetailsFields({ options, onDone }: { options: PayoutOptions; onDone: () => void }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  // What the provider answered for the details as they were when checked; any change to them clears it.
  const [checked, setChecked] = useState<{ accountName: string | null } | null>(null);
  const form = useForm<PayoutDetailsValues>({
    mode: "controlled",
    initialValues: {
      kind: options.kinds[0] ?? "bank",
      institutionCode: "",
      accountNumber: "",
      accountName: "",
      confirmName: false,
      currentPassword: "",
    },
    validate: inPageLanguage(schemaResolver(savePayoutMethodSchema, { sync: true }), t),
    onValuesChange: (values, previous) => {
      if (
        values.kind !== previous.kind ||
        values.institutionCode !== previous.institutionCode ||
        values.accountNumber !== previous.accountNumber
      )
        clearCheck();
    },
  });
  const resolve = trpc.payouts.resolveAccount.useMutation({
    onSuccess: ({ accountName }) => {
      setChecked({ accountName });
      form.setFieldValue("accountName", accountName ?? "");
    },
    onError: (error) => form.setErrors(fieldErrorsOf(error)),
  });
  const save = trpc.payouts.saveMethod.useMutation({
    onSuccess: ({ label }) => {
      void utils.payouts.options.invalidate();
      void utils.payouts.overview.invalidate();
      notify({ title: t("payoutDetails.saved"), message: t("payoutDetails.savedMessage", { label }) }, "success");
      onDone();
    },
    onError: (error) => {
      form.setErrors(fieldErrorsOf(error));
      // The provider's name no longer matches, or could not be had: the Seer checks it again.
      if (error.data?.code === "CONFLICT") clearCheck();
    },
  });

  function clearCheck() {
    setChecked(null);
    resolve.reset();
    form.setFieldValue("accountName", "");
    form.setFieldValue("confirmName", false);
  }

  function checkName() {
    const { kind, institutionCode, accountNumber } = form.getValues();
    const parsed = resolveAccountSchema.safeParse({ kind, institutionCode, accountNumber });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) form.setFieldError(String(issue.path[0]), issue.message);
      return;
    }
    resolve.mutate({ kind, institutionCode, accountNumber });
  }

  const kind = form.getValues().kind;
  return (
    <form
      onSubmit={form.onSubmit((v) =>
        save.mutate({
          kind: v.kind,
          institutionCode: v.institutionCode,
          accountNumber: v.accountNumber,
          accountName: v.accountName,
          confirmName: true,
          currentPassword: v.currentPassword,
        }),
      )}
      noValidate
      aria-label={t("payoutDetails.title")}
    >
      <Stack gap="sm">
        <InstitutionFields options={options} form={form} />
        <TextInput
          label={t(`payoutDetails.number.${kind}`)}
          inputMode="numeric"
          autoComplete="off"
          {...form.getInputProps("accountNumber")}
        />
        {options.testNumbers && (
          <Text size="xs" c="dimmed">
            {/* Test mode's documented numbers, from the server's own list. */}
            {t("payoutDetails.testMode", { ...options.testNumbers })}
          </Text>
        )}
        {!checked && (
          <Button variant="light" w="fit-content" onClick={checkName} loading={resolve.isPending}>
            {t("payoutDetails.checkName")}
          </Button>
        )}
        {resolve.error && Object.keys(fieldErrorsOf(resolve.error)).length === 0 && (
          <Text size="sm" c="red.8" role="alert">
            {resolve.error.message}
          </Text>
        )}
        {checked && (
          <Stack gap="xs">
            {checked.accountName !== null ? (
              <Text fw={600}>{t("payoutDetails.holder", { name: checked.accountName })}</Text>
            ) : (
              <TextInput label={t("payoutDetails.holderName")} autoComplete="name" {...form.getInputProps("accountName")} />
            )}
            <Checkbox label={t("payoutDetails.mine")} {...form.getInputProps("confirmName", { type: "checkbox" })} />
          </Stack>
        )}
        <PasswordInput
          label={t("payoutDetails.password")}
          autoComplete="current-password"
          {...form.getInputProps("currentPassword")}
        />
        <Text size="sm" c="dimmed">
          {t("payoutDetails.minimum", { amount: formatMinor(options.minimum, options.currency) })}
        </Text>
        {save.error && Object.keys(fieldErrorsOf(save.error)).length === 0 && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!checked}>
            {t("payoutDetails.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The kind (where the country offers more than one) and the network or bank of that kind, from the Seer's country. */
function InstitutionFields({ options, form }: { options: PayoutOptions; form: UseFormReturnType<PayoutDetailsValues> }) {
  const kind = form.getValues().kind;
  const institutions = trpc.payouts.institutions.useQuery({ kind });
  return (
    <PayoutInstitutionFields
      kinds={options.kinds}
      kind={kind}
      onKind={(next) => {
        form.setFieldValue("kind", next);
        form.setFieldValue("institutionCode", "");
      }}
      institutions={institutions}
      inputProps={form.getInputProps("institutionCode")}
    />
  );
}

/**
 * The kind of payout (where more than one is offered) and the network or bank of that kind, from the provider's list:
 * the Seer's payout details and a vendor's application (issue #46) both use it.
 */
export function PayoutInstitutionFields({
  kinds,
  kind,
  onKind,
  institutions,
  inputProps,
}: {
  kinds: readonly PayoutMethodKind[];
  kind: PayoutMethodKind;
  onKind: (kind: PayoutMethodKind) => void;
  institutions: { data?: { code: string; name: string }[] | undefined; isPending: boolean; isError: boolean };
  inputProps: ReturnType<UseFormReturnType<PayoutDetailsValues>["getInputProps"]>;
}) {
  const { t } = useI18n();
  return (
    <>
      {kinds.length > 1 && (
        <SegmentedControl
          aria-label={t("payoutDetails.paidTo")}
          fullWidth
          data={kinds.map((k) => ({ value: k, label: t(`payoutDetails.kind.${k}`) }))}
          value={kind}
          onChange={(next) => {
            const nextKind = kinds.find((k) => k === next);
            if (nextKind) onKind(nextKind);
          }}
        />
      )}
      <NativeSelect
        label={t(`payoutDetails.institution.${kind}`)}
        data={[
          { value: "", label: t(institutions.isPending ? "payoutDetails.loading" : `payoutDetails.choose.${kind}`) },
          ...(institutions.data ?? []).map((i) => ({ value: i.code, label: i.name })),
        ]}
        disabled={institutions.isPending}
        {...inputProps}
        error={inputProps.error ?? (institutions.isError ? t("payoutDetails.listFailed") : undefined)}
      />
    </>
  );
}
