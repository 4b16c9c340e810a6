import {
  Alert,
  Button,
  Container,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm, type UseFormReturnType } from "@mantine/form";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { seerApplicationSchema, type SeerApplication } from "../../../src/schemas/applications";
import { isUnauthorizedError, redirectToLogin } from "../../lib/auth";
import { messages } from "../../lib/messages";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
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
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Full Name"
          placeholder="Your full name"
          autoComplete="name"
          required
          {...form.getInputProps("fullName")}
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
        <TextInput
          label="Spiritual Tradition"
          placeholder="e.g., Ifá, Vodun, Sangoma, Akan"
          required
          {...form.getInputProps("tradition")}
        />
        <NumberInput
          label="Years of Practice"
          placeholder="e.g., 10"
          min={1}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          required
          {...form.getInputProps("yearsOfPractice")}
        />
      </SimpleGrid>
      <SpecializationsInput
        value={form.values.specializations}
        onChange={(value) => {
          form.setFieldValue("specializations", value);
          if (value.length > 0) form.clearFieldError("specializations");
        }}
        error={form.errors.specializations}
      />
      <Textarea
        label="Lineage Information"
        placeholder="Your teachers, initiation and the lineage you belong to"
        rows={3}
        required
        {...form.getInputProps("lineageInfo")}
      />
      <Textarea
        label="Biography"
        placeholder="Tell seekers about yourself and your practice"
        rows={5}
        required
        {...form.getInputProps("biography")}
      />
      <Textarea
        label="Ethics Statement"
        placeholder="How you practise ethically: confidentiality, honesty, referrals"
        rows={3}
        required
        {...form.getInputProps("ethicsStatement")}
      />
    </>
  );
}

function ApplicationForm() {
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
    validate: inPageLanguage(schemaResolver(seerApplicationSchema, { sync: true })),
  });

  const submit = trpc.applications.submit.useMutation({
    onSuccess: () => {
      notify(messages.applicationSubmitted, "success");
      void navigate({ to: "/" });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        notify(messages.unauthorized, "destructive");
        cancelRedirect.current = redirectToLogin();
        return;
      }
      notify(messages.applicationFailed, "destructive");
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
    <form onSubmit={onSubmit} noValidate aria-label="Seer application">
      <Stack gap="md">
        {serverError && (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        )}
        <ApplicationFields form={form} />
        <DocumentField
          label="ID Document (JPEG, PNG or PDF, max 10MB)"
          description="A government-issued ID. Only our review team can see it."
          upload={upload}
          error={form.errors.idDocumentUrl}
          onFile={onFile}
        />
        <Button type="submit" size="md" disabled={submit.isPending || upload.status === "uploading"}>
          {submit.isPending ? "Submitting..." : "Submit Application"}
        </Button>
      </Stack>
    </form>
  );
}

export function BecomeSeerPage() {
  const mine = trpc.applications.mine.useQuery();
  return (
    <Container size="md" py={48}>
      <Title order={1}>Become a Seer</Title>
      <Text c="dimmed" mt="xs" mb="lg">
        Share your gifts with seekers around the world. Tell us about your tradition and practice; our team reviews every
        application and replies by email.
      </Text>
      {mine.isPending ? (
        <Loader aria-label="Loading" />
      ) : mine.data?.status === "pending" ? (
        <Alert color="ochre" title="Application under review">
          Your application has been submitted for review. We&apos;ll contact you via email.
        </Alert>
      ) : (
        <Paper withBorder p={{ base: "md", sm: "xl" }} radius="md">
          <ApplicationForm />
        </Paper>
      )}
    </Container>
  );
}
