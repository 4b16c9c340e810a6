import { Container, SimpleGrid, Stack } from "@mantine/core";
import type { SignedInUser } from "../../lib/auth";
import { useI18n } from "../../lib/i18n";
import { MyConsultations } from "../bookings/MyConsultations";
import { CalendarFeed } from "../calendars/CalendarFeed";
import { MyOrders } from "../shop/MyOrders";
import { AccountCard } from "./AccountCard";
import { AccountSettings } from "./AccountSettings";
import { PhoneSettings } from "./PhoneSettings";
import { PushSettings } from "./PushSettings";
import { SecuritySettings } from "./SecuritySettings";

/** /profile: the signed-in user's details, consultations and orders; docs/product.md#routes-and-screens links it but does not show it. */
export function ProfilePage({ user }: { user: SignedInUser }) {
  const { t } = useI18n();
  return (
    <Container size="lg" py={{ base: "lg", sm: "xl" }}>
      <Stack gap={40}>
        <AccountCard user={user} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40}>
          <MyConsultations />
          <MyOrders />
        </SimpleGrid>
        <CalendarFeed description={t("account.calendarFeed")} />
        <PushSettings />
        <PhoneSettings />
        <AccountSettings user={user} />
        <SecuritySettings admin={user.role === "admin"} />
      </Stack>
    </Container>
  );
}
