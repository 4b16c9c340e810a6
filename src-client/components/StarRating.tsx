import { Group, type MantineSize } from "@mantine/core";
import { intlLocale } from "../../src/i18n/format-locale";
import { useI18n } from "../lib/i18n";
import { Glyph } from "./Glyph";
import classes from "./StarRating.module.css";

const iconSize: Record<MantineSize, number> = { xs: 12, sm: 14, md: 18, lg: 22, xl: 28 };

/** The number shown beside stars: one decimal (docs/product.md#routes-and-screens), "4.8" (French "4,8"). */
export const formatRating = (value: number): string =>
  value.toLocaleString(intlLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Read-only five stars, filled to the rating rounded to the nearest whole star. */
export function StarRating({ value, size = "sm" }: { value: number; size?: MantineSize }) {
  const clamped = Math.min(5, Math.max(0, Number.isFinite(value) ? value : 0));
  const filled = Math.round(clamped);
  const px = iconSize[size];
  const { t } = useI18n();
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={t("rating.label", { rating: formatRating(clamped) })} display="inline-flex">
      {[1, 2, 3, 4, 5].map((star) =>
        star <= filled ? (
          <Glyph key={star} icon={classes.filled} size={px} color="var(--mantine-color-ochre-6)" data-star="filled" />
        ) : (
          <Glyph key={star} icon={classes.star} size={px} color="var(--mantine-color-gray-5)" data-star="empty" />
        ),
      )}
    </Group>
  );
}
