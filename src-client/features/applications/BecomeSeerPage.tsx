import { Alert, Container, Loader, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { schemaResolver, useForm, type UseFormReturnType } from "@mantine/form";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { seerApplicationSchema, type SeerApplication } from "../../../src/schemas/applications";
import { isUnauthorizedError, redirectToLogin } from "../../lib/auth";
import { useI18n } from "../../lib/i18n";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { ContactFields, SubmitApplication } from "./ApplicationParts";
import { SpecializationsInput } from "./SpecializationsInput";
import { DocumentField, useDocumentUpload } from "./DocumentUpload";
import { inPageLanguage } from "../../lib/validation";

interface FormValues {
  fullName: string;
  country: string;
  contactEmail: string;
  contactPhone: string;
  tradition: string;
  yearsOfPractice: number | string;
  specializations: string[];
  lineageInfo: string;
  biography: string;
  ethicsStatement: string;
  idDocumentUrl: string;
}

/** The application's own fields, bound to the form; the ID document and the submit button are the form's. */
function ApplicationFields({ form }: { form: UseFormReturnType<FormValues> }) {
  const { t } = useI18n();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("apply.fullName")}
          placeholder={t("apply.fullNamePlaceholder")}
          autoComplete="name"
          required
          {...form.getInputProps("fullName")}
        />
        <ContactFields inputProps={(field) => form.getInputProps(field)} />
        <TextInput
          label={t("apply.tradition")}
          placeholder={t("apply.traditionPlaceholder")}
          required
          {...form.getInputProps("tradition")}
        />
        <NumberInput
          label={t("apply.years")}
          placeholder={t("apply.yearsPlaceholder")}
          min={1}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          required
          {...form.getInputProps("yearsOfPractice")}
        />
      </SimpleGrid>
      <SpecializationsInput
        label={t("apply.specializations")}
        placeholder={t("apply.specializationsPlaceholder")}
        addedLabel={t("apply.specializationsAdded")}
        value={form.values.specializations}
        onChange={(value) => {
          form.setFieldValue("specializations", value);
          if (value.length > 0) form.clearFieldError("specializations");
        }}
        error={form.errors.specializations}
      />
      <Textarea
        label={t("apply.lineage")}
        placeholder={t("apply.lineagePlaceholder")}
        rows={3}
        required
        {...form.getInputProps("lineageInfo")}
      />
      <Textarea
        label={t("apply.biography")}
        placeholder={t("apply.biographyPlaceholder")}
        rows={5}
        required
        {...form.getInputProps("biography")}
      />
      <Textarea
        label={t("apply.ethics")}
        placeholder={t("apply.ethicsPlaceholder")}
        rows={3}
        required
        {...form.getInputProps("ethicsStatement")}
      />
    </>
  );
}

function ApplicationForm() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const cancelRedirect = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelRedirect.current?.(), []);

  const form = useForm<FormValues>({
    mode: "controlled",
    initialValues: {
      fullName: "",
      country: "",
      contactEmail: "",
      contactPhone: "",
      tradition: "",
      yearsOfPractice: "",
      specializations: [],
      lineageInfo: "",
      biography: "",
      ethicsStatement: "",
      idDocumentUrl: "",
    },
    validate: inPageLanguage(schemaResolver(seerApplicationSchema, { sync: true }), t),
  });

  const submit = trpc.applications.submit.useMutation({
    onSuccess: () => {
      notify({ title: t("apply.submittedTitle"), message: t("apply.underReview") }, "success");
      void navigate({ to: "/" });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        notify(messages.unauthorized, "destructive");
        cancelRedirect.current = redirectToLogin();
        return;
      }
      notify({ title: t("apply.failedTitle"), message: t("apply.failed") }, "destructive");
      if (error.data && error.data.httpStatus < 500) setServerError(error.message);
    },
  });

  const { upload, onFile } = useDocumentUpload(
    (url) => {
      form.setFieldValue("idDocumentUrl", url);
      form.clearFieldError("idDocumentUrl");
    },
    () => form.setFieldValue("idDocumentUrl", ""),
  );

  const onSubmit = form.onSubmit((values) => {
    setServerError(null);
    submit.mutate(seerApplicationSchema.parse(values) satisfies SeerApplication);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("apply.form")}>
      <Stack gap="md">
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <ApplicationFields form={form} />
        <DocumentField
          label={t("apply.idDocument")}
          description={t("apply.idDocumentHelp")}
          upload={upload}
          error={form.errors.idDocumentUrl}
          onFile={onFile}
        />
        <SubmitApplication pending={submit.isPending} disabled={upload.status === "uploading"} />
      </Stack>
    </form>
  );
}

export function BecomeSeerPage() {
  const { t } = useI18n();
  const mine = trpc.applications.mine.useQuery();
  return (
    <Container size="md" py={48}>
      <Title order={1}>{t("apply.title")}</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        {t("apply.intro")}
      </Text>
      {mine.isPending ? (
        <Loader aria-label={t("apply.loading")} />
      ) : mine.data?.status === "pending" ? (
        <Alert color="ochre" title={t("apply.underReviewTitle")}>
          {t("apply.underReview")}
        </Alert>
      ) : (
        <Paper withBorder p={{ base: "md", sm: "xl" }} radius="md">
          <ApplicationForm />
        </Paper>
      )}
    </Container>
  );
}
