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
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";
import { UploadError, uploadFile } from "../../lib/upload";
import { dashboardMessages } from "./format";
import type { DashboardSeer } from "./types";

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

const priceText = (price: string | null) => (price ? formatMoney(price) : "Not offered");

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
        setError(failure instanceof UploadError ? failure.detail : "The photo could not be uploaded. Please try again.");
      },
    );
  };
  return (
    <Group align="flex-end" wrap="nowrap">
      <SeerAvatar name={name} src={value || null} size={64} />
      <Stack gap={4} style={{ flex: 1 }}>
        <FileInput
          label="Profile Photo"
          description="JPEG or PNG, up to 10 MB. Uploads as soon as you choose it, cropped to a square around its centre."
          accept="image/jpeg,image/png"
          clearable
          onChange={start}
          error={error}
        />
        {percent !== null && <Progress value={percent} animated aria-label="Photo upload progress" />}
      </Stack>
    </Group>
  );
}

function ProfileForm({ seer, onDone }: { seer: DashboardSeer; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [uploading, setUploading] = useState(false);
  const form = useForm<ProfileFormValues>({
    mode: "controlled",
    initialValues: toForm(seer),
    validate: schemaResolver(seerProfileUpdateSchema, { sync: true }),
  });
  const update = trpc.seerDashboard.updateProfile.useMutation({
    onSuccess: () => {
      notify(dashboardMessages.profileUpdated, "success");
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
        { title: dashboardMessages.profileFailed.title, message: error.message || dashboardMessages.profileFailed.message },
        "destructive",
      );
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => update.mutate(values))} noValidate aria-label="Update Profile">
      <Stack gap="md">
        <PhotoUpload
          value={form.values.profileImageUrl}
          name={seer.fullName}
          onUploaded={(url) => form.setFieldValue("profileImageUrl", url)}
          onBusy={setUploading}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="15 Minute Price"
            description="Blank if not offered"
            inputMode="decimal"
            {...form.getInputProps("price15Min")}
          />
          <TextInput
            label="30 Minute Price"
            description="Blank if not offered"
            inputMode="decimal"
            {...form.getInputProps("price30Min")}
          />
          <TextInput
            label="60 Minute Price"
            description="Blank if not offered"
            inputMode="decimal"
            {...form.getInputProps("price60Min")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Tradition" required {...form.getInputProps("tradition")} />
          <TextInput label="Country" required {...form.getInputProps("country")} />
          <NumberInput
            label="Years of Practice"
            required
            min={1}
            allowDecimal={false}
            {...form.getInputProps("yearsOfPractice")}
          />
        </SimpleGrid>
        <TagsInput label="Languages" description="Press Enter to add" required {...form.getInputProps("languages")} />
        <TagsInput label="Specializations" description="Press Enter to add" required {...form.getInputProps("specializations")} />
        <Textarea label="Biography" required rows={5} {...form.getInputProps("biography")} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={uploading}>
            Save Profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** docs/product.md#routes-and-screens Profile tab, with a working 'Update Profile'. */
export function ProfileTab({ seer }: { seer: DashboardSeer }) {
  const [editing, setEditing] = useState(false);
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
          {!editing && <Button onClick={() => setEditing(true)}>Update Profile</Button>}
        </Group>
        {editing ? (
          <ProfileForm seer={seer} onDone={() => setEditing(false)} />
        ) : (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Text>
                <strong>Tradition:</strong> {seer.tradition}
              </Text>
              <Text>
                <strong>Country:</strong> {seer.country}
              </Text>
              <Text>
                <strong>Years of practice:</strong> {seer.yearsOfPractice}
              </Text>
              <Text>
                <strong>Rating:</strong> {formatRating(Number(seer.averageRating))} ({seer.totalReviews} reviews)
              </Text>
              <Text>
                <strong>Languages:</strong> {seer.languages.join(", ")}
              </Text>
            </SimpleGrid>
            <Group gap="xs">
              <Text fw={700}>Specializations:</Text>
              {seer.specializations.map((s) => (
                <Badge key={s} variant="light">
                  {s}
                </Badge>
              ))}
            </Group>
            <Title order={3} size="h4">
              Session Prices
            </Title>
            <SimpleGrid cols={3}>
              <Text>15 minutes: {priceText(seer.price15Min)}</Text>
              <Text>30 minutes: {priceText(seer.price30Min)}</Text>
              <Text>60 minutes: {priceText(seer.price60Min)}</Text>
            </SimpleGrid>
            <Text style={{ whiteSpace: "pre-line" }}>{seer.biography}</Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
