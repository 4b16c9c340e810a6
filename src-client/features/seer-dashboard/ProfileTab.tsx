import {
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  NumberInput,
  Progress,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useRef, useState } from "react";
import { formatMoney } from "../../../src/domain/money";
import { seerProfileUpdateSchema } from "../../../src/schemas/dashboard";
import { SeerAvatar } from "../../components/SeerAvatar";
import { formatRating } from "../../components/StarRating";
import { useI18n, type Translate } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { UploadError, uploadFile } from "../../lib/upload";
import { dashboardMessages, toastText } from "./format";
import type { DashboardSeer } from "./types";
import { inPageLanguage } from "../../lib/validation";

interface ProfileFormValues {
  price15Min: string;
  price30Min: string;
  price60Min: string;
  languages: string[];
  specializations: string[];
  biography: string;
  tradition: string;
  country: string;
  yearsOfPractice: number | string;
  profileImageUrl: string;
}

const toForm = (seer: DashboardSeer): ProfileFormValues => ({
  price15Min: seer.price15Min ?? "",
  price30Min: seer.price30Min ?? "",
  price60Min: seer.price60Min ?? "",
  languages: seer.languages,
  specializations: seer.specializations,
  biography: seer.biography,
  tradition: seer.tradition,
  country: seer.country,
  yearsOfPractice: seer.yearsOfPractice,
  profileImageUrl: seer.profileImageUrl ?? "",
});

const priceText = (t: Translate, price: string | null) => (price ? formatMoney(price) : t("dashboard.profile.notOffered"));

function PhotoUpload({
  value,
  name,
  onUploaded,
  onBusy,
}: {
  value: string;
  name: string;
  onUploaded: (url: string) => void;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useI18n();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<(() => void) | null>(null);
  const start = (file: File | null) => {
    abort.current?.();
    setError(null);
    if (!file) return;
    setPercent(0);
    onBusy(true);
    const upload = uploadFile("/api/upload/profile-photo", "profilePhoto", file, setPercent);
    abort.current = upload.abort;
    upload.done.then(
      (url) => {
        setPercent(null);
        onBusy(false);
        onUploaded(url);
      },
      (failure: unknown) => {
        setPercent(null);
        onBusy(false);
        setError(failure instanceof UploadError ? failure.detail : t("dashboard.profile.photoFailed"));
      },
    );
  };
  return (
    <Group align="flex-end" wrap="nowrap">
      <SeerAvatar name={name} src={value || null} size={64} />
      <Stack gap={4} style={{ flex: 1 }}>
        <FileInput
          label={t("dashboard.profile.photo")}
          description={t("dashboard.profile.photoDescription")}
          accept="image/jpeg,image/png"
          clearable
          onChange={start}
          error={error}
        />
        {percent !== null && <Progress value={percent} animated aria-label={t("dashboard.profile.photoProgress")} />}
      </Stack>
    </Group>
  );
}

function ProfileForm({ seer, onDone }: { seer: DashboardSeer; onDone: () => void }) {
  const utils = trpc.useUtils();
  const { t } = useI18n();
  const [uploading, setUploading] = useState(false);
  const form = useForm<ProfileFormValues>({
    mode: "controlled",
    initialValues: toForm(seer),
    validate: inPageLanguage(schemaResolver(seerProfileUpdateSchema, { sync: true }), t),
  });
  const update = trpc.seerDashboard.updateProfile.useMutation({
    onSuccess: () => {
      notify(toastText(t, dashboardMessages.profileUpdated), "success");
      void utils.seerDashboard.overview.invalidate();
      void utils.seers.invalidate();
      onDone();
    },
    onError: (error) => {
      const fieldErrors: Record<string, string[] | undefined> = error.data?.zodError?.fieldErrors ?? {};
      const entries = Object.entries(fieldErrors).flatMap(([field, errors]) =>
        errors?.[0] ? [[field, errors[0]] as const] : [],
      );
      if (entries.length > 0) form.setErrors(Object.fromEntries(entries));
      notify(
        { title: t(dashboardMessages.profileFailed.title), message: error.message || t(dashboardMessages.profileFailed.message) },
        "destructive",
      );
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => update.mutate(values))} noValidate aria-label={t("dashboard.profile.form")}>
      <Stack gap="md">
        <PhotoUpload
          value={form.values.profileImageUrl}
          name={seer.fullName}
          onUploaded={(url) => form.setFieldValue("profileImageUrl", url)}
          onBusy={setUploading}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {([15, 30, 60] as const).map((minutes) => (
            <TextInput
              key={minutes}
              label={t("dashboard.profile.price", { minutes })}
              description={t("dashboard.profile.priceBlank")}
              inputMode="decimal"
              {...form.getInputProps(`price${minutes}Min`)}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t("dashboard.profile.tradition")} required {...form.getInputProps("tradition")} />
          <TextInput label={t("dashboard.profile.country")} required {...form.getInputProps("country")} />
          <NumberInput
            label={t("dashboard.profile.years")}
            required
            min={1}
            allowDecimal={false}
            {...form.getInputProps("yearsOfPractice")}
          />
        </SimpleGrid>
        <TagsInput
          label={t("dashboard.profile.languages")}
          description={t("dashboard.profile.pressEnter")}
          required
          {...form.getInputProps("languages")}
        />
        <TagsInput
          label={t("dashboard.profile.specializations")}
          description={t("dashboard.profile.pressEnter")}
          required
          {...form.getInputProps("specializations")}
        />
        <Textarea label={t("dashboard.profile.biography")} required rows={5} {...form.getInputProps("biography")} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            {t("dashboard.profile.cancel")}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={uploading}>
            {t("dashboard.profile.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** docs/product.md#routes-and-screens Profile tab, with a working 'Update Profile'. */
export function ProfileTab({ seer }: { seer: DashboardSeer }) {
  const [editing, setEditing] = useState(false);
  const { t } = useI18n();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Group>
            <SeerAvatar name={seer.fullName} src={seer.profileImageUrl} size={64} />
            <div>
              <Title order={2} size="h3">
                {seer.fullName}
              </Title>
              <Text c="dimmed">{seer.tradition}</Text>
            </div>
          </Group>
          {!editing && <Button onClick={() => setEditing(true)}>{t("dashboard.profile.update")}</Button>}
        </Group>
        {editing ? (
          <ProfileForm seer={seer} onDone={() => setEditing(false)} />
        ) : (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Text>
                <strong>{t("dashboard.profile.traditionLine")}</strong> {seer.tradition}
              </Text>
              <Text>
                <strong>{t("dashboard.profile.countryLine")}</strong> {seer.country}
              </Text>
              <Text>
                <strong>{t("dashboard.profile.yearsLine")}</strong> {seer.yearsOfPractice}
              </Text>
              <Text>
                <strong>{t("dashboard.profile.ratingLine")}</strong> {formatRating(Number(seer.averageRating))}{" "}
                {t("dashboard.profile.reviews", { count: seer.totalReviews })}
              </Text>
              <Text>
                <strong>{t("dashboard.profile.languagesLine")}</strong> {seer.languages.join(", ")}
              </Text>
            </SimpleGrid>
            <Group gap="xs">
              <Text fw={700}>{t("dashboard.profile.specializationsLine")}</Text>
              {seer.specializations.map((s) => (
                <Badge key={s} variant="light">
                  {s}
                </Badge>
              ))}
            </Group>
            <Title order={3} size="h4">
              {t("dashboard.profile.prices")}
            </Title>
            <SimpleGrid cols={3}>
              {([15, 30, 60] as const).map((minutes) => (
                <Text key={minutes}>
                  {t("dashboard.profile.priceLine", { minutes, price: priceText(t, seer[`price${minutes}Min`]) })}
                </Text>
              ))}
            </SimpleGrid>
            <Text style={{ whiteSpace: "pre-line" }}>{seer.biography}</Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
