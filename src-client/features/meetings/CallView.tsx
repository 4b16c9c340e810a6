import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { ActionIcon, Alert, Badge, Box, Button, Group, Paper, Stack, Text } from "@mantine/core";
import {
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconScreenShare,
  IconScreenShareOff,
  IconVideo,
  IconVideoOff,
} from "@tabler/icons-react";
import { formatElapsed, type CallQuality, type MediaState } from "../../../src/domain/meetings";
import { intlLocale } from "../../../src/i18n/format-locale";
import { useI18n, type Translate } from "../../lib/i18n";
import type { CallSession, CallStatus } from "./call";

const STATUS_COLOR: Record<CallStatus, string> = {
  joining: "gray",
  waiting: "yellow",
  connecting: "blue",
  connected: "forest",
  reconnecting: "orange",
  ended: "gray",
};
const QUALITY_COLOR: Record<CallQuality, string> = { good: "forest", fair: "yellow", poor: "red", unknown: "gray" };

function Video({
  stream,
  muted,
  label,
  mirror,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
  mirror?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    // A live call has no caption track to offer; the chat beside it carries text.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      style={{
        width: "100%",
        height: "100%",
        objectFit: "cover",
        transform: mirror ? "scaleX(-1)" : undefined,
        background: "#111",
      }}
    />
  );
}

/**
 * What this side sends, kept in step with the session: microphone and camera (when the device has them) and a shared
 * screen, which replaces the camera's video until it is stopped here, in the browser, or by leaving.
 */
function useCallMedia(session: CallSession, local: MediaStream | null) {
  const hasAudio = !!local?.getAudioTracks().length;
  const hasCamera = !!local?.getVideoTracks().length;
  const [media, setMedia] = useState<MediaState>({ audio: hasAudio, video: hasCamera, screen: false });
  const screen = useRef<MediaStream | null>(null);
  useEffect(() => () => screen.current?.getTracks().forEach((t) => t.stop()), []);

  const update = (next: MediaState) => {
    setMedia(next);
    session.setMedia(next);
  };

  const stopSharing = async () => {
    screen.current?.getTracks().forEach((t) => t.stop());
    screen.current = null;
    await session.replaceVideo(null);
    update({ ...media, screen: false });
  };
  const share = async () => {
    if (media.screen) return stopSharing();
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const track = display.getVideoTracks()[0];
      if (!track) return;
      screen.current = display;
      track.addEventListener("ended", () => void stopSharing());
      await session.replaceVideo(track);
      update({ ...media, screen: true });
    } catch {
      // The person cancelled the browser's picker.
    }
  };
  return { media, hasAudio, hasCamera, update, share };
}

/**
 * What this side sends over a weak link (issue #44): a quiet line while the video is reduced, the offer to switch to
 * audio, and once on audio (a weak link or Data saver) the way to turn video on again.
 */
function LinkNotice({ session }: { session: CallSession }) {
  const { t } = useI18n();
  const { link } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  if (link.level === "audio") {
    const saver = link.reason === "saver";
    return (
      <Alert
        color={saver ? "blue" : "orange"}
        title={saver ? t("meetingCall.saverTitle") : t("meetingCall.weakTitle")}
        role="status"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{saver ? t("meetingCall.saverText") : t("meetingCall.weakText")}</Text>
          <Button size="xs" variant="light" onClick={() => session.turnVideoOn()}>
            {saver ? t("meetingCall.videoOn") : t("meetingCall.videoBackOn")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (link.offer) {
    return (
      <Alert color="orange" title={t("meetingCall.offerTitle")} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t("meetingCall.offerText")}</Text>
          <Group gap="xs">
            <Button size="xs" onClick={() => session.switchToAudio()}>
              {t("meetingCall.switchToAudio")}
            </Button>
            <Button size="xs" variant="default" onClick={() => session.keepVideo()}>
              {t("meetingCall.keepVideo")}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (link.level === "reduced") {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t("meetingCall.reduced")}
      </Text>
    );
  }
  return null;
}

const PEER_AUDIO_ONLY = { weak: "meetingCall.peerWeak", saver: "meetingCall.peerSaver" } as const;

/** The link's quality as measured, in the page's language: "Connection: good (80 ms, 1.0% loss)". */
function qualityText(t: Translate, quality: CallQuality, roundTripMs: number | null, lossRatio: number | null): string {
  if (quality === "unknown") return t("meetingCall.measuring");
  const number = new Intl.NumberFormat(intlLocale(), { useGrouping: false });
  const percent = new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const details = [
    roundTripMs !== null ? t("meetingCall.roundTrip", { ms: number.format(roundTripMs) }) : "",
    lossRatio !== null ? t("meetingCall.loss", { percent: percent.format(lossRatio * 100) }) : null,
  ];
  return t("meetingCall.connection", {
    quality: t(`meetingCall.quality.${quality}`),
    details: details.filter((part) => part !== null).join(", "),
  });
}

/** The call: the other party large, oneself small, controls, the timer against the booked time, the link's quality. */
export function CallView({
  session,
  local,
  peerName,
  startsAt,
  minutes,
  onLeave,
}: {
  session: CallSession;
  local: MediaStream | null;
  peerName: string;
  startsAt: Date;
  minutes: number;
  onLeave(): void;
}) {
  const { t } = useI18n();
  const call = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const { media, hasAudio, hasCamera, update, share } = useCallMedia(session, local);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const elapsed = now - startsAt.getTime();
  const timer =
    elapsed < 0
      ? t("meetingCall.startsIn", { time: formatElapsed(-elapsed) })
      : `${formatElapsed(elapsed)} / ${formatElapsed(minutes * 60_000)}`;
  const peerCamera = call.peerMedia.video || call.peerMedia.screen;
  const peerAudioOnly = call.peerMedia.audioOnly;
  const quality = qualityText(t, call.quality, call.roundTripMs, call.lossRatio);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Badge color={STATUS_COLOR[call.status]} size="lg" variant="light" role="status" aria-live="polite">
            {t(`meetingCall.status.${call.status}`, { peer: peerName })}
          </Badge>
          <Group gap="xs">
            <Text size="sm" fw={600} aria-label={t("meetingCall.sessionTime")}>
              {timer}
            </Text>
            <Badge color={QUALITY_COLOR[call.quality]} variant="dot" data-testid="call-quality">
              {quality}
            </Badge>
          </Group>
        </Group>
        <LinkNotice session={session} />
        <Box pos="relative" bg="dark.8" style={{ aspectRatio: "16 / 9", borderRadius: 8, overflow: "hidden" }}>
          <Video stream={call.remoteStream} muted={false} label={t("meetingCall.peerVideo", { peer: peerName })} />
          {(!call.remoteStream || !peerCamera || peerAudioOnly) && (
            <Text c="gray.3" ta="center" pos="absolute" top="45%" left={0} right={0} size="lg" data-testid="peer-video-note">
              {!call.remoteStream
                ? peerName
                : peerAudioOnly
                  ? t(PEER_AUDIO_ONLY[peerAudioOnly], { peer: peerName })
                  : t("meetingCall.peerCameraOff", { peer: peerName })}
            </Text>
          )}
          <Group pos="absolute" left={8} bottom={8} gap={6}>
            <Badge color="dark" variant="filled">
              {peerName}
            </Badge>
            {call.remoteStream && !call.peerMedia.audio && (
              <Badge color="red" variant="filled" data-testid="peer-muted">
                {t("meetingCall.muted")}
              </Badge>
            )}
            {call.peerMedia.screen && (
              <Badge color="blue" variant="filled">
                {t("meetingCall.sharing")}
              </Badge>
            )}
          </Group>
          <Box
            pos="absolute"
            right={8}
            bottom={8}
            w={{ base: 96, sm: 176 }}
            style={{ aspectRatio: "16 / 9", borderRadius: 6, overflow: "hidden", border: "2px solid white" }}
          >
            <Video stream={local} muted label={t("meetingCall.yourVideo")} mirror={!media.screen} />
          </Box>
        </Box>
        <Group justify="center" gap="sm">
          <ActionIcon
            size="xl"
            radius="xl"
            variant={media.audio ? "default" : "filled"}
            color={media.audio ? undefined : "red"}
            aria-label={media.audio ? t("meetingCall.mute") : t("meetingCall.unmute")}
            disabled={!hasAudio}
            onClick={() => update({ ...media, audio: !media.audio })}
          >
            {media.audio ? <IconMicrophone aria-hidden /> : <IconMicrophoneOff aria-hidden />}
          </ActionIcon>
          <ActionIcon
            size="xl"
            radius="xl"
            variant={media.video ? "default" : "filled"}
            color={media.video ? undefined : "red"}
            aria-label={media.video ? t("meetingCall.cameraOff") : t("meetingCall.cameraOn")}
            disabled={!hasCamera}
            onClick={() => update({ ...media, video: !media.video })}
          >
            {media.video ? <IconVideo aria-hidden /> : <IconVideoOff aria-hidden />}
          </ActionIcon>
          <ActionIcon
            size="xl"
            radius="xl"
            variant={media.screen ? "filled" : "default"}
            aria-label={media.screen ? t("meetingCall.stopSharing") : t("meetingCall.share")}
            disabled={typeof navigator === "undefined" || !navigator.mediaDevices?.getDisplayMedia}
            onClick={() => void share()}
          >
            {media.screen ? <IconScreenShareOff aria-hidden /> : <IconScreenShare aria-hidden />}
          </ActionIcon>
          <ActionIcon size="xl" radius="xl" color="red" variant="filled" aria-label={t("meetingCall.leave")} onClick={onLeave}>
            <IconPhoneOff aria-hidden />
          </ActionIcon>
        </Group>
      </Stack>
    </Paper>
  );
}
