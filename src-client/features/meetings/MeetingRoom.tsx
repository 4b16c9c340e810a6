import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { Alert, Badge, Container, Grid, Group, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { SESSION_MINUTES } from "../../../src/domain/consultations";
import { intlLocale } from "../../../src/i18n/format-locale";
import { useAuth } from "../../lib/auth";
import { formatCalendarDate } from "../../lib/format";
import { useI18n } from "../../lib/i18n";
import { trpc, type RouterOutputs } from "../../trpc";
import { CallSession, meetingSocketUrl, type CallEnd } from "./call";
import { CallView } from "./CallView";
import { ChatPanel } from "./ChatPanel";
import { reacquireMedia, stopMedia, type LocalMedia } from "./media";
import { PreJoin } from "./PreJoin";
import { dataSaverOn, forgetJoin, joinedBefore, rememberJoin, type ChosenDevices } from "./rejoin";

type Room = RouterOutputs["meetings"]["room"];

function Message({ title, text }: { title: string; text: string }) {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Container>
  );
}

/** A moment in the browser's timezone, in the page's language ("10:50 AM GMT", "10:50 UTC"). */
const clock = (d: Date) => d.toLocaleTimeString(intlLocale(), { hour: "2-digit", minute: "2-digit", timeZoneName: "short" });

/** Why the call ended, as the room says it. */
const END_TEXT = {
  left: "meeting.end.left",
  closed: "meeting.end.closed",
  replaced: "meeting.end.replaced",
  refused: "meeting.noAccess",
} as const satisfies Record<CallEnd, string>;

/** The call and its chat, from Join to Leave; the page's other parts stay around it. */
function Call({ room, media, onEnd }: { room: Room; media: LocalMedia; onEnd(reason: CallEnd): void }) {
  const session = useMemo(
    () => new CallSession(meetingSocketUrl(room.bookingId), media.stream, { dataSaver: dataSaverOn() }),
    [room.bookingId, media.stream],
  );
  const call = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const stored = trpc.meetings.messages.useQuery({ bookingId: room.bookingId });
  const mounted = useRef(false);
  const pageHidden = useRef(false);
  useEffect(() => {
    mounted.current = true;
    if (session.getSnapshot().status === "joining") session.start();
    const leave = () => {
      pageHidden.current = true;
      session.leave();
    };
    window.addEventListener("pagehide", leave);
    return () => {
      mounted.current = false;
      window.removeEventListener("pagehide", leave);
      // Leaving the page ends the call; a development re-mount (StrictMode) comes straight back and keeps it. (A
      // reload unmounts nothing: 'pagehide' leaves, and the Join stays remembered for the page that comes back.)
      setTimeout(() => {
        if (mounted.current) return;
        if (!pageHidden.current) forgetJoin(room.bookingId);
        session.leave();
        stopMedia(media.stream);
      }, 0);
    };
  }, [session, media.stream, room.bookingId]);
  useEffect(() => {
    if (call.ended) onEnd(call.ended);
  }, [call.ended, onEnd]);

  const messages = useMemo(() => {
    const seen = new Set<string>();
    return [...(stored.data ?? []), ...call.chat].filter((m) => !seen.has(m.id) && seen.add(m.id));
  }, [stored.data, call.chat]);

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <CallView
          session={session}
          local={media.stream}
          peerName={room.peerName}
          startsAt={room.startsAt}
          minutes={SESSION_MINUTES[room.sessionType]}
          onLeave={() => {
            forgetJoin(room.bookingId);
            session.leave();
          }}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ChatPanel messages={messages} me={room.viewer} onSend={(text) => session.sendChat(text)} failed={call.chatFailed} />
      </Grid.Col>
    </Grid>
  );
}

/** The room while the call is possible: the device check, then the call; after leaving, the way back in. */
function Live({ room, onRoomChange }: { room: Room; onRoomChange(): void }) {
  const { t } = useI18n();
  const [media, setMedia] = useState<LocalMedia | null>(null);
  const [ended, setEnded] = useState<CallEnd | null>(null);
  const open = room.roomState === "open";
  // Joined in this tab before a reload: straight back into the call with the same devices, without the device check.
  const [rejoin, setRejoin] = useState<ChosenDevices | null>(() => (open ? joinedBefore(room.bookingId) : null));

  useEffect(() => {
    if (!rejoin) return;
    let live = true;
    void reacquireMedia(rejoin).then((result) => {
      if (!live) return stopMedia(result.stream);
      setRejoin(null);
      setMedia(result);
    });
    return () => {
      live = false;
    };
  }, [rejoin]);

  // The room opens (or closes) on its own time: ask again then.
  useEffect(() => {
    const next = room.roomState === "early" ? room.opensAt : room.closesAt;
    const wait = next.getTime() - Date.now();
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(onRoomChange, wait + 500);
    return () => clearTimeout(timer);
  }, [room.roomState, room.opensAt, room.closesAt, onRoomChange]);

  if (media) {
    const end = (reason: CallEnd) => {
      // Closed, refused or replaced: a reload no longer rejoins. ('left' is the Leave button, which forgot it
      // already, or the page going away, which must keep it.)
      if (reason !== "left") forgetJoin(room.bookingId);
      stopMedia(media.stream);
      setMedia(null);
      setEnded(reason);
    };
    return <Call room={room} media={media} onEnd={end} />;
  }
  if (rejoin) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Group gap="sm" justify="center">
          <Loader size="sm" aria-hidden />
          <Text role="status">{t("meeting.rejoining")}</Text>
        </Group>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      {room.roomState === "early" && (
        <Alert color="blue" title={t("meeting.opensAt", { time: clock(room.opensAt) })}>
          {t("meeting.opensAtText")}
        </Alert>
      )}
      {ended && (
        <Alert color={ended === "left" ? "gray" : "orange"} title={t("meeting.callEnded")}>
          {t(END_TEXT[ended])}
        </Alert>
      )}
      <PreJoin
        canJoin={open}
        onJoin={(m, devices) => {
          rememberJoin(room.bookingId, devices);
          setEnded(null);
          setMedia(m);
        }}
      />
    </Stack>
  );
}

function Details({ room }: { room: Room }) {
  const { t } = useI18n();
  return (
    <Paper withBorder p="lg" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <div>
          <Text size="sm" c="dimmed">
            {t("meeting.date")}
          </Text>
          <Text fw={600}>{formatCalendarDate(room.scheduledDate)}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            {t("meeting.time")}
          </Text>
          <Text fw={600}>
            {room.scheduledTime} ({room.clientTimezone})
          </Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            {t("meeting.duration")}
          </Text>
          <Text fw={600}>{t("meeting.minutes", { count: SESSION_MINUTES[room.sessionType] })}</Text>
        </div>
      </SimpleGrid>
    </Paper>
  );
}

const GUIDELINES = [
  "meeting.guideline.early",
  "meeting.guideline.check",
  "meeting.guideline.ready",
  "meeting.guideline.respect",
] as const;

function Transcript({ room }: { room: Room }) {
  const messages = trpc.meetings.messages.useQuery({ bookingId: room.bookingId });
  return <ChatPanel messages={messages.data ?? []} me={room.viewer} />;
}

/**
 * docs/product.md#meeting-room /meeting/{bookingId}: the booking's client and Seer hold the call here inside the
 * room's window; admins read the page and the chat; anyone else gets 'Meeting Not Found'.
 */
export function MeetingRoom({ bookingId }: { bookingId: string }) {
  const { t } = useI18n();
  const auth = useAuth();
  const room = trpc.meetings.room.useQuery({ bookingId }, { enabled: auth.status === "signed-in", retry: false });

  if (auth.status === "loading" || auth.status === "unreachable" || (auth.status === "signed-in" && room.isPending)) {
    return (
      <Container py={80} ta="center">
        <Loader aria-label={t("meeting.loading")} />
      </Container>
    );
  }
  if (auth.status === "signed-out" || !room.data) {
    return <Message title={t("meeting.notFound")} text={t("meeting.noAccess")} />;
  }
  const r = room.data;
  const held =
    r.status === "completed" ||
    r.status === "no_show" ||
    r.status === "seer_no_show" ||
    (r.status === "confirmed" && r.roomState === "closed");
  if (r.status === "cancelled") return <Message title={t("meeting.cancelled")} text={t("meeting.cancelledText")} />;
  if (r.status !== "confirmed" && !held) {
    return <Message title={t("meeting.pending")} text={t("meeting.pendingText")} />;
  }
  const party = r.viewer !== "admin";
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Badge color={held ? "gray" : "forest"} mb="xs">
            {held ? t("meeting.ended") : t("meeting.confirmed")}
          </Badge>
          <Title order={1}>{t("meeting.title")}</Title>
          <Text c="dimmed">{t(party ? "meeting.yourSession" : "meeting.sessionOf", { name: r.peerName })}</Text>
        </div>
        <Details room={r} />
        {held ? (
          <Stack gap="md">
            <Alert color="gray" title={t("meeting.heldTitle")}>
              {t("meeting.heldText")}
            </Alert>
            <Transcript room={r} />
          </Stack>
        ) : party ? (
          <Live room={r} onRoomChange={() => void room.refetch()} />
        ) : (
          <Stack gap="md">
            <Alert color="gray" title={t("meeting.adminTitle")}>
              {t("meeting.adminText")}
            </Alert>
            <Transcript room={r} />
          </Stack>
        )}
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="xs">
            {t("meeting.notes")}
          </Title>
          <Text>{r.notes?.trim() ? r.notes : t("meeting.noNotes")}</Text>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="xs">
            {t("meeting.guidelines")}
          </Title>
          <List spacing="xs">
            {GUIDELINES.map((id) => (
              <List.Item key={id}>{t(id)}</List.Item>
            ))}
          </List>
        </Paper>
      </Stack>
    </Container>
  );
}
