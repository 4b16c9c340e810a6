import { Button, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { ChangeEvent } from "react";
import { useI18n } from "../../lib/i18n";

/** The fields both applications ask for, by their names in either form. */
export type ContactField = "country" | "contactEmail" | "contactPhone";
type InputProps = ReturnType<UseFormReturnType<Record<ContactField, string>>["getInputProps"]>;

/**
 * The country and the contact details, as the Seer and the vendor applications both ask for them (decision 186):
 * `inputProps` binds each to its form; `onCountry` hears the country as it is typed.
 */
export function ContactFields({
  inputProps,
  onCountry,
}: {
  inputProps: (field: ContactField) => InputProps;
  onCountry?: (country: string) => void;
}) {
  const { t } = useI18n();
  const country = inputProps("country");
  return (
    <>
      <TextInput
        label={t("apply.country")}
        placeholder={t("apply.countryPlaceholder")}
        autoComplete="country-name"
        required
        {...country}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const next = event.currentTarget.value;
          country.onChange(event);
          onCountry?.(next);
        }}
      />
      <TextInput
        label={t("apply.contactEmail")}
        type="email"
        placeholder={t("apply.contactEmailPlaceholder")}
        autoComplete="email"
        required
        {...inputProps("contactEmail")}
      />
      <TextInput
        label={t("apply.contactPhone")}
        type="tel"
        placeholder={t("apply.contactPhonePlaceholder")}
        autoComplete="tel"
        {...inputProps("contactPhone")}
      />
    </>
  );
}

/** An application's submit button: `Submitting...` while it is sent, and not while its document is still uploading. */
export function SubmitApplication({ pending, disabled }: { pending: boolean; disabled: boolean }) {
  const { t } = useI18n();
  return (
    <Button type="submit" size="md" disabled={pending || disabled}>
      {pending ? t("apply.submitting") : t("apply.submit")}
    </Button>
  );
}
