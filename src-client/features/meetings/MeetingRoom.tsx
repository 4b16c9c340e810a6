import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { Alert, Badge, Container, Grid, Group, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { SESSION_MINUTES } from "../../../src/domain/consultations";
import { useAuth } from "../../lib/auth";
import { formatCalendarDate } from "../../lib/format";
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

const clock = (d: Date) => d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", timeZoneName: "short" });

const END_TEXT: Record<CallEnd, string> = {
  left: "You left the call.",
  closed: "The session has ended and the room is closed.",
  replaced: "You joined this room from another window or device.",
  refused: "This meeting room doesn't exist or you don't have access to it.",
};

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
          <Text role="status">Rejoining the call…</Text>
        </Group>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      {room.roomState === "early" && (
        <Alert color="blue" title={`The room opens at ${clock(room.opensAt)}`}>
          10 minutes before the session starts. You can check your camera and microphone now.
        </Alert>
      )}
      {ended && (
        <Alert color={ended === "left" ? "gray" : "orange"} title="The call has ended">
          {END_TEXT[ended]}
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
  return (
    <Paper withBorder p="lg" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <div>
          <Text size="sm" c="dimmed">
            Date
          </Text>
          <Text fw={600}>{formatCalendarDate(room.scheduledDate)}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            Time
          </Text>
          <Text fw={600}>
            {room.scheduledTime} ({room.clientTimezone})
          </Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            Duration
          </Text>
          <Text fw={600}>{SESSION_MINUTES[room.sessionType]} minutes</Text>
        </div>
      </SimpleGrid>
    </Paper>
  );
}

function Transcript({ room }: { room: Room }) {
  const messages = trpc.meetings.messages.useQuery({ bookingId: room.bookingId });
  return <ChatPanel messages={messages.data ?? []} me={room.viewer} />;
}

/**
 * docs/product.md#meeting-room /meeting/{bookingId}: the booking's client and Seer hold the call here inside the
 * room's window; admins read the page and the chat; anyone else gets 'Meeting Not Found'.
 */
export function MeetingRoom({ bookingId }: { bookingId: string }) {
  const auth = useAuth();
  const room = trpc.meetings.room.useQuery({ bookingId }, { enabled: auth.status === "signed-in", retry: false });

  if (auth.status === "loading" || auth.status === "unreachable" || (auth.status === "signed-in" && room.isPending)) {
    return (
      <Container py={80} ta="center">
        <Loader aria-label="Loading meeting room" />
      </Container>
    );
  }
  if (auth.status === "signed-out" || !room.data) {
    return <Message title="Meeting Not Found" text="This meeting room doesn't exist or you don't have access to it." />;
  }
  const r = room.data;
  const held =
    r.status === "completed" ||
    r.status === "no_show" ||
    r.status === "seer_no_show" ||
    (r.status === "confirmed" && r.roomState === "closed");
  if (r.status === "cancelled") return <Message title="Booking Cancelled" text="This consultation was cancelled." />;
  if (r.status !== "confirmed" && !held) {
    return <Message title="Booking Pending" text="This consultation is not yet confirmed. Please complete payment first." />;
  }
  const party = r.viewer !== "admin";
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Badge color={held ? "gray" : "forest"} mb="xs">
            {held ? "Ended" : "Confirmed"}
          </Badge>
          <Title order={1}>Consultation Meeting Room</Title>
          <Text c="dimmed">{party ? `Your session with ${r.peerName}` : `The session of ${r.peerName}`}</Text>
        </div>
        <Details room={r} />
        {held ? (
          <Stack gap="md">
            <Alert color="gray" title="This session has ended">
              The room closed 15 minutes after the session's end. The chat stays here.
            </Alert>
            <Transcript room={r} />
          </Stack>
        ) : party ? (
          <Live room={r} onRoomChange={() => void room.refetch()} />
        ) : (
          <Stack gap="md">
            <Alert color="gray" title="Only the client and the Seer join the call">
              Admins can read the session's details and its chat here.
            </Alert>
            <Transcript room={r} />
          </Stack>
        )}
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="xs">
            Session Notes
          </Title>
          <Text>{r.notes?.trim() ? r.notes : "No notes were added for this session."}</Text>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="xs">
            Guidelines
          </Title>
          <List spacing="xs">
            <List.Item>Join a few minutes early from a quiet, private place.</List.Item>
            <List.Item>Check your camera, microphone and internet connection beforehand.</List.Item>
            <List.Item>Have your questions or intentions ready.</List.Item>
            <List.Item>Treat your Seer and their tradition with respect.</List.Item>
          </List>
        </Paper>
      </Stack>
    </Container>
  );
}
