import {
  Alert,
  Avatar,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  FileInput,
  Modal,
  Textarea,
} from "@mantine/core";
import {
  IconCalendarEvent,
  IconCalendarRepeat,
  IconClock,
  IconHourglass,
  IconLogout,
  IconPackage,
  IconStar,
  IconMessages,
  IconVideo,
} from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { canReschedule } from "../../../src/domain/after-payment";
import { SESSION_MINUTES } from "../../../src/domain/consultations";
import { formatMoney, toCents } from "../../../src/domain/money";
import { RETURN_ADDRESS, RETURN_WINDOW_DAYS } from "../../../src/domain/shipping";
import { RETURN_PHOTOS_MAX } from "../../../src/schemas/shop";
import { uploadFile } from "../../lib/upload";
import { StarRating } from "../../components/StarRating";
import { notify } from "../../lib/notify";
import { CancelBookingDialog } from "../bookings/CancelBookingDialog";
import { RescheduleDialog, formatInZone } from "../bookings/RescheduleDialog";
import { ReviewDialog } from "../bookings/ReviewDialog";
import { notifyActionError } from "../../lib/actionError";
import type { SignedInUser } from "../../lib/auth";
import { trpc } from "../../trpc";
import { formatCalendarDate, formatDate } from "../../lib/format";

import type { Consultation, Order } from "./types";
import { SignOutButton } from "../../components/SignOutButton";
import { AccountSettings } from "./AccountSettings";
import { CalendarButton } from "../bookings/CalendarButton";

const roleLabel: Record<SignedInUser["role"], string> = { client: "Client", seer: "Seer", admin: "Admin" };

function fullName(user: SignedInUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
}

function AccountCard({ user }: { user: SignedInUser }) {
  const name = fullName(user);
  return (
    <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }}>
      <Group justify="space-between" align="flex-start" gap="lg">
        <Group gap="md" wrap="nowrap" miw={0}>
          <Avatar src={user.profileImageUrl} alt="" size={72} radius="xl" color="terracotta" name={name}>
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={4} miw={0}>
            <Title order={1} fz={{ base: "h2", sm: "h1" }} lh={1.1}>
              {name}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: "anywhere" }} data-testid="profile-email">
              {user.email}
            </Text>
            <Badge variant="light" color="forest" w="fit-content" data-testid="profile-role">
              {roleLabel[user.role]}
            </Badge>
          </Stack>
        </Group>
        <Group gap="sm">
          {user.role === "seer" && (
            <Button component={Link} to="/seer/dashboard" variant="light">
              Seer Dashboard
            </Button>
          )}
          {user.role === "admin" && (
            <Button component={Link} to="/admin" variant="light">
              Admin
            </Button>
          )}
          <SignOutButton variant="outline" color="dark" leftSection={<IconLogout size={18} aria-hidden />}>
            Sign Out
          </SignOutButton>
        </Group>
      </Group>
    </Paper>
  );
}

function MeetingRoomLink({ consultation }: { consultation: Consultation }) {
  const link = consultation.meetingLink;
  if (!link) return null;
  const label = `Join Meeting Room`;
  if (link === `/meeting/${consultation.id}`) {
    return (
      <Button
        renderRoot={(props) => <Link {...props} to="/meeting/$bookingId" params={{ bookingId: consultation.id }} />}
        leftSection={<IconVideo size={18} aria-hidden />}
        size="sm"
      >
        {label}
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      leftSection={<IconVideo size={18} aria-hidden />}
      size="sm"
    >
      {label}
    </Button>
  );
}

type BadgeSpec = { label: string; color: string };

/** docs/product.md#profile: the badge of each state; a confirmed booking that was moved says so. */
function statusBadge(c: Consultation, past: boolean): BadgeSpec {
  switch (c.status) {
    case "pending":
      return { label: "Awaiting Payment", color: "ochre" };
    case "cancelled":
      return { label: "Cancelled", color: "red" };
    case "completed":
      return { label: "Completed", color: "gray" };
    case "no_show":
      return { label: "No-show", color: "gray" };
    case "confirmed":
      if (past) return { label: "Ended", color: "gray" };
      return c.calendarSequence > 0 ? { label: "Rescheduled", color: "forest" } : { label: "Confirmed", color: "forest" };
    default:
      return { label: c.status, color: "gray" };
  }
}

function cancelledByText(c: Consultation): string {
  const on = c.cancelledAt ? ` on ${formatDate(c.cancelledAt, "short")}` : "";
  if (c.cancelledBy === "client") return `Cancelled by you${on}`;
  if (c.cancelledBy === "seer") return `Cancelled by ${c.seerName}${on}`;
  return `Cancelled by our support team${on}`;
}

function RefundLine({ consultation: c }: { consultation: Consultation }) {
  const refunded = toCents(c.refundedAmount);
  const due = toCents(c.refundDue);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} data-testid="refund">
        {due > refunded
          ? `Refund of ${formatMoney(c.refundDue)} on its way`
          : refunded > 0
            ? `Refunded ${formatMoney(c.refundedAmount)}`
            : "No refund"}
      </Text>
      <Text size="xs" c="dimmed">
        {cancelledByText(c)}
      </Text>
    </Stack>
  );
}

function ProposalNotice({ consultation: c }: { consultation: Consultation }) {
  const utils = trpc.useUtils();
  const respond = trpc.bookings.respondToProposal.useMutation();
  if (!c.proposedStartsAt) return null;
  const answer = (accept: boolean) =>
    respond.mutate(
      { bookingId: c.id, accept, sequence: c.calendarSequence },
      {
        onSuccess: () => {
          notify(
            accept
              ? {
                  title: "Consultation Rescheduled",
                  message: `Your new time is ${formatInZone(c.proposedStartsAt ?? c.startsAt, c.clientTimezone)}.`,
                }
              : { title: "Time Kept", message: "Your consultation stays at its current time." },
            "success",
          );
          void utils.account.consultations.invalidate();
        },
        onError: notifyActionError,
      },
    );
  return (
    <Alert color="ochre" variant="light" title={`${c.seerName} proposed a new time`} data-testid="proposal">
      <Stack gap="xs">
        <Text size="sm">{formatInZone(c.proposedStartsAt, c.clientTimezone)}</Text>
        <Group gap="xs">
          <Button size="xs" onClick={() => answer(true)} disabled={respond.isPending}>
            Accept New Time
          </Button>
          <Button size="xs" variant="default" onClick={() => answer(false)} disabled={respond.isPending}>
            Keep Current Time
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function OwnReviewView({ consultation: c }: { consultation: Consultation }) {
  if (!c.review) return null;
  return (
    <Stack gap={4} data-testid="own-review">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Your review
        </Text>
        <StarRating value={c.review.rating} />
      </Group>
      {c.review.comment && (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {c.review.comment}
        </Text>
      )}
      {c.review.seerReply && (
        <Paper bg="var(--mantine-color-default-hover)" p="xs" radius="sm">
          <Text size="xs" fw={600}>
            Reply from {c.seerName}
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {c.review.seerReply}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

type Dialog = "cancel" | "reschedule" | "review" | null;

function ConsultationCard({ consultation, past }: { consultation: Consultation; past: boolean }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const now = new Date();
  const badge = statusBadge(consultation, past);
  const changeable = consultation.status === "confirmed" && new Date(consultation.startsAt).getTime() > now.getTime();
  const movable = changeable && canReschedule(new Date(consultation.startsAt), now);
  const reviewable =
    consultation.status === "completed" &&
    (!consultation.review || new Date(consultation.review.editableUntil).getTime() > now.getTime());
  return (
    <Card withBorder radius="md" padding="lg" component="li" data-testid="consultation">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              Consultation with
            </Text>
            <Title order={3} fz="h4" style={{ overflowWrap: "anywhere" }}>
              {consultation.seerName}
            </Title>
          </div>
          <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <Group gap={6} wrap="nowrap">
            <IconCalendarEvent size={18} aria-hidden />
            <Text size="sm">{formatCalendarDate(consultation.scheduledDate, "weekdayShort")}</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconClock size={18} aria-hidden />
            <Text size="sm">
              {consultation.scheduledTime}{" "}
              <Text span c="dimmed" size="xs">
                ({consultation.clientTimezone})
              </Text>
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconHourglass size={18} aria-hidden />
            <Text size="sm">{SESSION_MINUTES[consultation.sessionType]} minutes</Text>
          </Group>
        </SimpleGrid>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Text size="sm" fw={600}>
            {formatMoney(consultation.amount)}
          </Text>
          {consultation.status === "cancelled" && <RefundLine consultation={consultation} />}
          {!past && <MeetingRoomLink consultation={consultation} />}
          {(consultation.status === "completed" || consultation.status === "no_show") && (
            <Button
              renderRoot={(props) => <Link {...props} to="/meeting/$bookingId" params={{ bookingId: consultation.id }} />}
              leftSection={<IconMessages size={16} aria-hidden />}
              size="xs"
              variant="subtle"
            >
              Session chat
            </Button>
          )}
        </Group>
        {changeable && <ProposalNotice consultation={consultation} />}
        <OwnReviewView consultation={consultation} />
        {(changeable || reviewable) && (
          <Group gap="xs" data-testid="consultation-actions">
            {movable && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCalendarRepeat size={16} aria-hidden />}
                onClick={() => setDialog("reschedule")}
              >
                Reschedule
              </Button>
            )}
            {changeable && <CalendarButton bookingId={consultation.id} size="xs" />}
            {changeable && (
              <Button size="xs" variant="subtle" color="red" onClick={() => setDialog("cancel")}>
                Cancel Booking
              </Button>
            )}
            {reviewable && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconStar size={16} aria-hidden />}
                onClick={() => setDialog("review")}
              >
                {consultation.review ? "Edit Review" : "Write a Review"}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {changeable && (
        <CancelBookingDialog
          bookingId={consultation.id}
          opened={dialog === "cancel"}
          onClose={() => setDialog(null)}
          audience="client"
        />
      )}
      {movable && (
        <RescheduleDialog
          booking={consultation}
          timeZone={consultation.clientTimezone}
          opened={dialog === "reschedule"}
          onClose={() => setDialog(null)}
          mode="client"
        />
      )}
      {reviewable && dialog === "review" && (
        <ReviewDialog
          bookingId={consultation.id}
          seerName={consultation.seerName}
          opened
          onClose={() => setDialog(null)}
          initial={consultation.review}
        />
      )}
    </Card>
  );
}

function ConsultationList({ items, past, empty }: { items: Consultation[]; past: boolean; empty: string }) {
  if (items.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {empty}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
      {items.map((c) => (
        <ConsultationCard key={c.id} consultation={c} past={past} />
      ))}
    </Stack>
  );
}

function Consultations() {
  const consultations = trpc.account.consultations.useQuery();
  return (
    <Stack component="section" aria-labelledby="consultations-title" gap="md">
      <Title order={2} id="consultations-title">
        My Consultations
      </Title>
      {consultations.isPending && <Loader aria-label="Loading consultations" />}
      {consultations.isError && <Alert color="red" title="Your consultations could not be loaded. Please try again later." />}
      {consultations.data && (
        <Tabs defaultValue="upcoming" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="upcoming">Upcoming ({consultations.data.upcoming.length})</Tabs.Tab>
            <Tabs.Tab value="past">Past ({consultations.data.past.length})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="upcoming" pt="md">
            <ConsultationList items={consultations.data.upcoming} past={false} empty="No upcoming consultations." />
            <Button component={Link} to="/seers" variant="subtle" mt="sm">
              Book a Consultation
            </Button>
          </Tabs.Panel>
          <Tabs.Panel value="past" pt="md">
            <ConsultationList items={consultations.data.past} past empty="No past consultations yet." />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

const orderStatus: Record<string, { label: string; color: string }> = {
  paid: { label: "Paid", color: "forest" },
  pending: { label: "Awaiting Payment", color: "ochre" },
  shipped: { label: "Shipped", color: "blue" },
  delivered: { label: "Delivered", color: "forest" },
  refunded: { label: "Refunded", color: "gray" },
};

const RETURN_TEXT: Record<string, (note: string | null) => string> = {
  requested: () => "Return requested: we will e-mail you our decision.",
  accepted: () => `Return accepted: please send the items to ${RETURN_ADDRESS}. We refund your card when they arrive.`,
  declined: (note) => `Return declined${note ? `: ${note}` : "."}`,
  received: () => "Return received and refunded.",
};

/** Within 7 days of delivery: why, and photos of the items (uploaded first, checked like ID documents). */
function ReturnDialog({ order, onClose }: { order: Order; onClose(): void }) {
  const utils = trpc.useUtils();
  const [reason, setReason] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = trpc.orders.requestReturn.useMutation({
    onSuccess: () => {
      void utils.account.orders.invalidate();
      notify({ title: "Return requested", message: "We will e-mail you our decision." }, "success");
      onClose();
    },
    onError: (e) => setError(e.message),
  });
  const submit = async () => {
    setError(null);
    if (!files.length) return setError("Add at least one photo.");
    setUploading(true);
    try {
      const photoUrls: string[] = [];
      for (const file of files.slice(0, RETURN_PHOTOS_MAX)) {
        photoUrls.push(await uploadFile("/api/upload/return-photo", "returnPhoto", file, () => {}).done);
      }
      request.mutate({ orderId: order.id, reason, photoUrls });
    } catch (e) {
      setError(e instanceof Error ? e.message : "The photos could not be uploaded. Please try again.");
    } finally {
      setUploading(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Return order ${order.orderNumber}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Returns are accepted within 7 days of delivery. Tell us what is wrong and add photos of the items.
          </Text>
          <Textarea
            label="Reason"
            required
            maxLength={2000}
            autosize
            minRows={3}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <FileInput
            label={`Photos (up to ${RETURN_PHOTOS_MAX}, JPEG or PNG)`}
            multiple
            accept="image/jpeg,image/png"
            value={files}
            onChange={(value) => setFiles(value.slice(0, RETURN_PHOTOS_MAX))}
            required
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" loading={uploading || request.isPending}>
              Ask for a return
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function OrderCard({ order }: { order: Order }) {
  const status = orderStatus[order.status] ?? { label: order.status, color: "gray" };
  const [returning, setReturning] = useState(false);
  // The moment the card was shown: the 7-day window is judged against it (and, finally, by the server).
  const [shownAt] = useState(() => Date.now());
  const returnable =
    order.status === "delivered" &&
    !order.returnStatus &&
    !!order.deliveredAt &&
    shownAt - new Date(order.deliveredAt).getTime() <= RETURN_WINDOW_DAYS * 86_400_000;
  return (
    <Card withBorder radius="md" padding="lg" component="li" data-testid="order">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={3} fz="h4">
              Order {order.orderNumber}
            </Title>
            <Text size="sm" c="dimmed">
              Placed {formatDate(order.createdAt, "short")}
            </Text>
          </div>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        </Group>
        <Stack
          component="ul"
          gap={4}
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-label={`Items in order ${order.orderNumber}`}
        >
          {order.items.map((item) => (
            <Group component="li" key={item.productId} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">
                {item.productName} x {item.quantity}
              </Text>
              <Text size="sm">{formatMoney(item.price, order.currency)}</Text>
            </Group>
          ))}
        </Stack>
        <Group justify="space-between" pt="xs" style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}>
          <Stack gap={2}>
            {order.trackingNumber && (
              <Text size="sm" c="dimmed" data-testid="order-tracking">
                Tracking: {[order.trackingCarrier, order.trackingNumber].filter(Boolean).join(" ")}
                {order.trackingUrl && (
                  <>
                    {" "}
                    <Anchor href={order.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm">
                      Track parcel
                    </Anchor>
                  </>
                )}
              </Text>
            )}
            {order.deliveredAt && (
              <Text size="sm" c="dimmed">
                Delivered {formatDate(order.deliveredAt, "short")}
              </Text>
            )}
            {order.status !== "refunded" && Number(order.refundedAmount) > 0 && (
              <Text size="sm" c="dimmed">
                Refunded {formatMoney(order.refundedAmount, order.currency)}
              </Text>
            )}
            {order.returnStatus && (
              <Text size="sm" data-testid="order-return">
                {RETURN_TEXT[order.returnStatus]?.(order.returnNote)}
              </Text>
            )}
            {returnable && (
              <Button size="xs" variant="light" onClick={() => setReturning(true)} w="fit-content">
                Ask for a return
              </Button>
            )}
          </Stack>
          <Text fw={700} data-testid="order-total">
            Total {formatMoney(order.total, order.currency)}
          </Text>
        </Group>
      </Stack>
      {returning && <ReturnDialog order={order} onClose={() => setReturning(false)} />}
    </Card>
  );
}

function Orders() {
  const orders = trpc.account.orders.useQuery();
  return (
    <Stack component="section" aria-labelledby="orders-title" gap="md">
      <Title order={2} id="orders-title">
        My Orders
      </Title>
      {orders.isPending && <Loader aria-label="Loading orders" />}
      {orders.isError && <Alert color="red" title="Your orders could not be loaded. Please try again later." />}
      {orders.data && orders.data.length === 0 && (
        <Group gap="sm">
          <IconPackage size={20} aria-hidden />
          <Text c="dimmed">No orders yet.</Text>
          <Button component={Link} to="/shop" variant="subtle">
            Visit the Sacred Market
          </Button>
        </Group>
      )}
      {orders.data && orders.data.length > 0 && (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }}>
          {orders.data.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** /profile: the signed-in user's details, consultations and orders; docs/product.md#routes-and-screens links it but does not show it. */
export function ProfilePage({ user }: { user: SignedInUser }) {
  return (
    <Container size="lg" py={{ base: "lg", sm: "xl" }}>
      <Stack gap={40}>
        <AccountCard user={user} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40}>
          <Consultations />
          <Orders />
        </SimpleGrid>
        <AccountSettings user={user} />
      </Stack>
    </Container>
  );
}
