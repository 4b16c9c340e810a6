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
import { payoutsFor, type PayoutMethodKind } from "../../../src/domain/payout-rails";
import { vendorApplicationSchema, vendorPayoutNameSchema } from "../../../src/schemas/vendors";
import { isUnauthorizedError, redirectToLogin } from "../../lib/auth";
import { formatDate } from "../../lib/format";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { DocumentField, useDocumentUpload, type UploadTarget } from "../applications/DocumentUpload";
import { SpecializationsInput } from "../applications/SpecializationsInput";
import { fieldErrorsOf, NUMBER_LABEL, PayoutInstitutionFields } from "../seer-dashboard/PayoutDetailsForm";
import { vendorTexts } from "./texts";
import { inPageLanguage } from "../../lib/validation";

/** The registration document is an upload of the ID document kind (decision 162), with its own words when it fails. */
const REGISTRATION_DOCUMENT: UploadTarget = {
  endpoint: "/api/upload/id-document",
  field: "idDocument",
  failed: { title: "Upload Failed", message: "Failed to upload the document. Please try again." },
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

/** The business's own fields, bound to the form. */
function BusinessFields({ form }: { form: UseFormReturnType<FormValues> }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Business Name"
          placeholder="e.g., Bonwire Kente Weavers"
          required
          {...form.getInputProps("businessName")}
        />
        <TextInput
          label="Country"
          placeholder="e.g., Ghana"
          autoComplete="country-name"
          required
          {...form.getInputProps("country")}
        />
        <TextInput
          label="Contact Email"
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
          required
          {...form.getInputProps("contactEmail")}
        />
        <TextInput
          label="Contact Phone"
          type="tel"
          placeholder="+233 20 000 0000 (optional)"
          autoComplete="tel"
          {...form.getInputProps("contactPhone")}
        />
        <TextInput label="Tax ID" placeholder="Optional" {...form.getInputProps("taxId")} />
      </SimpleGrid>
      <Textarea
        label="Business Address"
        placeholder="Where your workshop or shop is"
        rows={2}
        required
        {...form.getInputProps("businessAddress")}
      />
      <Textarea
        label="Description"
        placeholder="Your craft, how your goods are made and by whom"
        rows={4}
        required
        {...form.getInputProps("description")}
      />
      <SpecializationsInput
        label="Product Types"
        placeholder="e.g., Textiles, Carvings, Herbs"
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
  // A new country offers its own kinds and institutions: its first kind (mobile money where there is any), none chosen.
  const firstKind = kinds[0];
  useEffect(() => {
    if (!firstKind) return;
    form.setFieldValue("payout.kind", firstKind);
    form.setFieldValue("payout.institutionCode", "");
    // Only the country's change resets them, not each render's new form object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [country, firstKind]);

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
          {vendorTexts.payoutTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {vendorTexts.payoutIntro}
        </Text>
      </div>
      {country === "" ? (
        <Text size="sm">{vendorTexts.payoutCountryFirst}</Text>
      ) : kinds.length === 0 ? (
        <Alert color="ochre" role="status">
          {vendorTexts.payoutNotOffered}
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
            label={NUMBER_LABEL[kind]}
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps("payout.accountNumber")}
          />
          {!checked && (
            <Button variant="light" w="fit-content" onClick={checkName} loading={resolve.isPending}>
              Check name
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
                <Text fw={600}>Account holder: {checked.accountName}</Text>
              ) : (
                <TextInput label="Account holder's name" autoComplete="name" {...form.getInputProps("payout.accountName")} />
              )}
              <Checkbox label="This is my account" {...form.getInputProps("confirmName", { type: "checkbox" })} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

function ApplicationForm() {
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
      const errors = inPageLanguage(schemaResolver(vendorApplicationSchema, { sync: true }))(values);
      if (!checkedRef.current) errors["payout.accountNumber"] ??= vendorTexts.checkNameFirst;
      else if (!values.confirmName) errors.confirmName = vendorTexts.confirmAccount;
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
      notify({ title: vendorTexts.submittedTitle, message: vendorTexts.underReview }, "success");
      await utils.vendors.mine.invalidate();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        notify(messages.unauthorized, "destructive");
        cancelRedirect.current = redirectToLogin();
        return;
      }
      notify(messages.applicationFailed, "destructive");
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
    <form onSubmit={onSubmit} noValidate aria-label="Vendor application">
      <Stack gap="md">
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <BusinessFields form={form} />
        <DocumentField
          label="Business Registration Document (JPEG, PNG or PDF, max 10MB)"
          description="Your certificate of registration. Only our review team can see it."
          upload={upload}
          error={form.errors.businessRegistrationDoc}
          onFile={onFile}
        />
        <PayoutFields form={form} checked={checked} onChecked={setChecked} />
        <Button type="submit" size="md" disabled={submit.isPending || upload.status === "uploading"}>
          {submit.isPending ? "Submitting..." : "Submit Application"}
        </Button>
      </Stack>
    </form>
  );
}

/** /become-vendor (docs/product.md#vendors): the application, or where the signed-in person's application stands. */
export function BecomeVendorPage() {
  const mine = trpc.vendors.mine.useQuery();
  const application = mine.data?.application;
  return (
    <Container size="md" py={48}>
      <Title order={1}>Become a Vendor</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        {vendorTexts.intro}
      </Text>
      {mine.isPending ? (
        <Loader aria-label="Loading" />
      ) : mine.isError ? (
        <Alert color="red" role="alert">
          {mine.error.message}
        </Alert>
      ) : mine.data.vendor ? (
        <Alert color="forest" title={vendorTexts.approvedTitle}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{vendorTexts.approved(mine.data.vendor.businessName, mine.data.vendor.commissionPercentage)}</Text>
            <Button component={Link} to="/vendor">
              Vendor dashboard
            </Button>
          </Stack>
        </Alert>
      ) : application?.status === "pending" ? (
        <Alert color="ochre" title="Application under review">
          {vendorTexts.underReview} {vendorTexts.sentOn(formatDate(application.createdAt, "short"))}
        </Alert>
      ) : (
        <Stack gap="md">
          {application?.status === "rejected" && (
            <Alert color="gray" title={vendorTexts.rejectedTitle}>
              {vendorTexts.rejected}
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
