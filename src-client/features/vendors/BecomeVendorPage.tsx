import {
  Alert,
  Button,
  Checkbox,
  Container,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm, type UseFormReturnType } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { countryKey, payoutsFor, type PayoutMethodKind } from "../../../src/domain/payout-rails";
import { vendorApplicationSchema, vendorPayoutNameSchema } from "../../../src/schemas/vendors";
import { isUnauthorizedError, redirectToLogin } from "../../lib/auth";
import { formatDate, formatDecimalText } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { ContactFields, SubmitApplication } from "../applications/ApplicationParts";
import { DocumentField, useDocumentUpload, type UploadTarget } from "../applications/DocumentUpload";
import { SpecializationsInput } from "../applications/SpecializationsInput";
import { fieldErrorsOf, PayoutInstitutionFields } from "../seer-dashboard/PayoutDetailsForm";
import { inPageLanguage } from "../../lib/validation";

/** The registration document is an upload of the ID document kind (decision 162), with its own words when it fails. */
const REGISTRATION_DOCUMENT: UploadTarget = {
  endpoint: "/api/upload/id-document",
  field: "idDocument",
  failed: { title: "apply.upload.failedTitle", message: "vendor.documentFailed" },
};

interface FormValues {
  businessName: string;
  contactEmail: string;
  contactPhone: string;
  businessAddress: string;
  country: string;
  description: string;
  productTypes: string[];
  taxId: string;
  businessRegistrationDoc: string;
  payout: { kind: PayoutMethodKind; institutionCode: string; accountNumber: string; accountName: string };
  confirmName: boolean;
}

/**
 * A new country offers its own kinds and institutions: its first kind (mobile money where there is any), none chosen.
 * Only another country resets them, not its case or spacing, nor the same country typed again after clearing the field.
 */
function usePayoutReset(form: UseFormReturnType<FormValues>) {
  const resetFor = useRef("");
  return (country: string) => {
    const key = countryKey(country);
    if (key === "" || key === resetFor.current) return;
    resetFor.current = key;
    const firstKind = payoutsFor(country).kinds[0];
    if (!firstKind) return;
    form.setFieldValue("payout.kind", firstKind);
    form.setFieldValue("payout.institutionCode", "");
  };
}

/** The business's own fields, bound to the form. */
function BusinessFields({ form }: { form: UseFormReturnType<FormValues> }) {
  const { t } = useI18n();
  const resetPayout = usePayoutReset(form);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("vendor.businessName")}
          placeholder={t("vendor.businessNamePlaceholder")}
          required
          {...form.getInputProps("businessName")}
        />
        <ContactFields inputProps={(field) => form.getInputProps(field)} onCountry={resetPayout} />
        <TextInput label={t("vendor.taxId")} placeholder={t("vendor.optional")} {...form.getInputProps("taxId")} />
      </SimpleGrid>
      <Textarea
        label={t("vendor.businessAddress")}
        placeholder={t("vendor.businessAddressPlaceholder")}
        rows={2}
        required
        {...form.getInputProps("businessAddress")}
      />
      <Textarea
        label={t("vendor.description")}
        placeholder={t("vendor.descriptionPlaceholder")}
        rows={4}
        required
        {...form.getInputProps("description")}
      />
      <SpecializationsInput
        label={t("vendor.productTypes")}
        placeholder={t("vendor.productTypesPlaceholder")}
        addedLabel={t("vendor.productTypesAdded")}
        value={form.values.productTypes}
        onChange={(value) => {
          form.setFieldValue("productTypes", value);
          if (value.length > 0) form.clearFieldError("productTypes");
        }}
        error={form.errors.productTypes}
      />
    </>
  );
}

/**
 * Where the vendor's share is paid, on the rails of the country typed above (issue #23): the kind, the network or
 * bank from the provider's list, the number, and `Check name`, which shows the holder's name as the provider has it.
 */
function PayoutFields({
  form,
  checked,
  onChecked,
}: {
  form: UseFormReturnType<FormValues>;
  checked: { accountName: string | null } | null;
  onChecked: (answer: { accountName: string | null }) => void;
}) {
  const { t } = useI18n();
  const values = form.getValues();
  const [country] = useDebouncedValue(values.country.trim(), 400);
  const rails = payoutsFor(country);
  const kinds = country === "" || rails.rail === "stripe" ? [] : rails.kinds;
  const kind = kinds.includes(values.payout.kind) ? values.payout.kind : (kinds[0] ?? "bank");
  const institutions = trpc.vendors.payoutOptions.useQuery({ country, kind }, { enabled: country !== "" && kinds.length > 0 });
  const resolve = trpc.vendors.payoutName.useMutation({
    onSuccess: (answer) => {
      onChecked(answer);
      form.setFieldValue("payout.accountName", answer.accountName ?? "");
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      form.setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k === "country" ? k : `payout.${k}`, v])));
    },
  });

  function checkName() {
    const { institutionCode, accountNumber } = form.getValues().payout;
    const parsed = vendorPayoutNameSchema.safeParse({ country: form.getValues().country, kind, institutionCode, accountNumber });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        form.setFieldError(field === "country" ? field : `payout.${field}`, issue.message);
      }
      return;
    }
    resolve.mutate(parsed.data);
  }

  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h4">
          {t("vendor.payout.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("vendor.payout.intro")}
        </Text>
      </div>
      {country === "" ? (
        <Text size="sm">{t("vendor.payout.countryFirst")}</Text>
      ) : kinds.length === 0 ? (
        <Alert color="ochre" role="status">
          {t("vendor.payout.notOffered")}
        </Alert>
      ) : (
        <>
          <PayoutInstitutionFields
            kinds={kinds}
            kind={kind}
            onKind={(next) => {
              form.setFieldValue("payout.kind", next);
              form.setFieldValue("payout.institutionCode", "");
            }}
            institutions={{ data: institutions.data, isPending: institutions.isLoading, isError: institutions.isError }}
            inputProps={form.getInputProps("payout.institutionCode")}
          />
          <TextInput
            label={t(`vendor.payout.number.${kind}`)}
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps("payout.accountNumber")}
          />
          {!checked && (
            <Button variant="light" w="fit-content" onClick={checkName} loading={resolve.isPending}>
              {t("vendor.payout.checkName")}
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
                <Text fw={600}>{t("vendor.payout.holder", { name: checked.accountName })}</Text>
              ) : (
                <TextInput
                  label={t("vendor.payout.holderName")}
                  autoComplete="name"
                  {...form.getInputProps("payout.accountName")}
                />
              )}
              <Checkbox label={t("vendor.payout.mine")} {...form.getInputProps("confirmName", { type: "checkbox" })} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

function ApplicationForm() {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const [serverError, setServerError] = useState<string | null>(null);
  // What the provider answered for the payout details as they were when checked; a change to them clears it.
  const [checked, setCheckedState] = useState<{ accountName: string | null } | null>(null);
  // The form's validation and change handlers read the latest answer, not the one of their first render.
  const checkedRef = useRef(checked);
  const setChecked = (answer: { accountName: string | null } | null) => {
    checkedRef.current = answer;
    setCheckedState(answer);
  };
  const cancelRedirect = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelRedirect.current?.(), []);

  const form = useForm<FormValues>({
    mode: "controlled",
    initialValues: {
      businessName: "",
      contactEmail: "",
      contactPhone: "",
      businessAddress: "",
      country: "",
      description: "",
      productTypes: [],
      taxId: "",
      businessRegistrationDoc: "",
      payout: { kind: "mobile_money", institutionCode: "", accountNumber: "", accountName: "" },
      confirmName: false,
    },
    validate: (values) => {
      const errors = inPageLanguage(schemaResolver(vendorApplicationSchema, { sync: true }), t)(values);
      if (!checkedRef.current) errors["payout.accountNumber"] ??= t("vendor.payout.checkNameFirst");
      else if (!values.confirmName) errors.confirmName = t("vendor.payout.confirmAccount");
      return errors;
    },
    onValuesChange: (values, previous) => {
      if (
        values.country !== previous.country ||
        values.payout.kind !== previous.payout.kind ||
        values.payout.institutionCode !== previous.payout.institutionCode ||
        values.payout.accountNumber !== previous.payout.accountNumber
      ) {
        if (checkedRef.current) {
          setChecked(null);
          form.setFieldValue("payout.accountName", "");
          form.setFieldValue("confirmName", false);
        }
      }
    },
  });

  const { upload, onFile } = useDocumentUpload(
    (url) => {
      form.setFieldValue("businessRegistrationDoc", url);
      form.clearFieldError("businessRegistrationDoc");
    },
    () => form.setFieldValue("businessRegistrationDoc", ""),
    REGISTRATION_DOCUMENT,
  );

  const submit = trpc.vendors.submit.useMutation({
    onSuccess: async () => {
      notify({ title: t("apply.submittedTitle"), message: t("vendor.underReview") }, "success");
      await utils.vendors.mine.invalidate();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        notify(messages.unauthorized, "destructive");
        cancelRedirect.current = redirectToLogin();
        return;
      }
      notify({ title: t("apply.failedTitle"), message: t("apply.failed") }, "destructive");
      if (error.data && error.data.httpStatus < 500) setServerError(error.message);
      // The provider's name no longer matches: the applicant checks it again.
      if (error.data?.code === "CONFLICT" && checkedRef.current) setChecked(null);
    },
  });

  const onSubmit = form.onSubmit((values) => {
    setServerError(null);
    submit.mutate(vendorApplicationSchema.parse(values));
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("vendor.form")}>
      <Stack gap="md">
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <BusinessFields form={form} />
        <DocumentField
          label={t("vendor.document")}
          description={t("vendor.documentHelp")}
          upload={upload}
          error={form.errors.businessRegistrationDoc}
          onFile={onFile}
        />
        <PayoutFields form={form} checked={checked} onChecked={setChecked} />
        <SubmitApplication pending={submit.isPending} disabled={upload.status === "uploading"} />
      </Stack>
    </form>
  );
}

/** /become-vendor (docs/product.md#vendors): the application, or where the signed-in person's application stands. */
export function BecomeVendorPage() {
  const { t } = useI18n();
  const mine = trpc.vendors.mine.useQuery();
  const application = mine.data?.application;
  return (
    <Container size="md" py={48}>
      <Title order={1}>{t("vendor.title")}</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        {t("vendor.intro")}
      </Text>
      {mine.isPending ? (
        <Loader aria-label={t("vendor.loading")} />
      ) : mine.isError ? (
        <Alert color="red" role="alert">
          {mine.error.message}
        </Alert>
      ) : mine.data.vendor ? (
        <Alert color="forest" title={t("vendor.approvedTitle")}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {t("vendor.approved", {
                businessName: mine.data.vendor.businessName,
                commission: formatDecimalText(mine.data.vendor.commissionPercentage),
              })}
            </Text>
            <Button component={Link} to="/vendor">
              {t("vendor.dashboardLink")}
            </Button>
          </Stack>
        </Alert>
      ) : application?.status === "pending" ? (
        <Alert color="ochre" title={t("apply.underReviewTitle")}>
          {t("vendor.underReview")} {t("vendor.sentOn", { date: formatDate(application.createdAt, "short") })}
        </Alert>
      ) : (
        <Stack gap="md">
          {application?.status === "rejected" && (
            <Alert color="gray" title={t("vendor.rejectedTitle")}>
              {t("vendor.rejected")}
            </Alert>
          )}
          <Paper withBorder p={{ base: "md", sm: "xl" }} radius="md">
            <ApplicationForm />
          </Paper>
        </Stack>
      )}
    </Container>
  );
}
