import { Button, type ButtonProps } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useI18n } from "../../lib/i18n";

/** 'Add to Calendar': the booking's .ics file (GET /api/bookings/{id}/calendar.ics), to its client and its Seer. */
export function CalendarButton({ bookingId, ...props }: { bookingId: string } & Pick<ButtonProps, "size" | "mt">) {
  const { t } = useI18n();
  return (
    <Button
      variant="default"
      component="a"
      href={`/api/bookings/${bookingId}/calendar.ics`}
      download
      leftSection={<IconDownload size={16} aria-hidden />}
      {...props}
    >
      {t("booking.addToCalendar")}
    </Button>
  );
}
