import { useEffect, useRef, useState } from "react";
import { Alert, Box, Button, Group, Paper, Progress, Select, Stack, Switch, Text } from "@mantine/core";
import { useI18n } from "../../lib/i18n";
import { acquireMedia, stopMedia, useAudioLevel, useDevices, type LocalMedia } from "./media";
import { dataSaverOn, rememberDataSaver, type ChosenDevices } from "./rejoin";

/**
 * Before joining: the camera's preview, the microphone's level, device pickers, and Join. Without a camera or
 * microphone (refused or missing) the reason is said with its fix, and Join still works (audio only or listening).
 */
export function PreJoin({ canJoin, onJoin }: { canJoin: boolean; onJoin(media: LocalMedia, devices: ChosenDevices): void }) {
  const { t } = useI18n();
  const [media, setMedia] = useState<LocalMedia | null>(null);
  const [audioId, setAudioId] = useState<string | undefined>();
  const [videoId, setVideoId] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  const [dataSaver, setDataSaver] = useState(dataSaverOn);
  const video = useRef<HTMLVideoElement>(null);
  const handedOver = useRef(false);
  const level = useAudioLevel(media?.stream ?? null);
  const { cameras, microphones } = useDevices(media);

  useEffect(() => {
    let live = true;
    let acquired: MediaStream | null = null;
    void acquireMedia({ audioId, videoId }).then((result) => {
      acquired = result.stream;
      if (live) setMedia(result);
      else stopMedia(result.stream);
    });
    return () => {
      live = false;
      // The stream goes on into the call when joining; otherwise it is released.
      if (!handedOver.current) stopMedia(acquired);
    };
  }, [audioId, videoId, attempt]);

  useEffect(() => {
    if (video.current) video.current.srcObject = media?.stream ?? null;
  }, [media]);

  const hasVideo = !!media?.stream?.getVideoTracks().length;
  const hasAudio = !!media?.stream?.getAudioTracks().length;
  const partial = media && !media.problem && (!hasVideo || !hasAudio);

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Box pos="relative" bg="dark.8" style={{ aspectRatio: "16 / 9", borderRadius: 8, overflow: "hidden" }}>
          <video
            ref={video}
            autoPlay
            playsInline
            muted
            aria-label={t("meeting.preview")}
            style={{
              width: "100%",
              height: "100%",
              objectFit: "cover",
              transform: "scaleX(-1)",
              display: hasVideo ? "block" : "none",
            }}
          />
          {!hasVideo && (
            <Text c="gray.3" ta="center" pos="absolute" top="45%" left={0} right={0}>
              {media ? t("meeting.cameraOff") : t("meeting.startingCamera")}
            </Text>
          )}
        </Box>
        {media?.problem && (
          <Alert color="orange" title={t("meeting.unavailable")} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t(`meeting.problem.${media.problem}`)}</Text>
              {hasAudio && !hasVideo && <Text size="sm">{t("meeting.audioOnly")}</Text>}
              {!hasAudio && !hasVideo && <Text size="sm">{t("meeting.listenOnly")}</Text>}
              <Button size="xs" variant="light" onClick={() => setAttempt((n) => n + 1)}>
                {t("meeting.tryAgain")}
              </Button>
            </Stack>
          </Alert>
        )}
        {partial && <Text size="sm">{hasAudio ? t("meeting.noCameraFound") : t("meeting.noMicrophoneFound")}</Text>}
        <div>
          <Text size="sm" fw={500} id="mic-level-label">
            {t("meeting.micLevel")}
          </Text>
          <Progress value={hasAudio ? level : 0} aria-labelledby="mic-level-label" transitionDuration={0} />
        </div>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t("meeting.camera")}
            placeholder={cameras.length ? t("meeting.defaultCamera") : t("meeting.noCamera")}
            data={cameras.map((d, i) => ({ value: d.deviceId, label: d.label || t("meeting.cameraNumber", { number: i + 1 }) }))}
            value={videoId ?? null}
            onChange={(v) => setVideoId(v ?? undefined)}
            disabled={!cameras.length}
            miw={200}
          />
          <Select
            label={t("meeting.microphone")}
            placeholder={microphones.length ? t("meeting.defaultMicrophone") : t("meeting.noMicrophone")}
            data={microphones.map((d, i) => ({
              value: d.deviceId,
              label: d.label || t("meeting.microphoneNumber", { number: i + 1 }),
            }))}
            value={audioId ?? null}
            onChange={(v) => setAudioId(v ?? undefined)}
            disabled={!microphones.length}
            miw={200}
          />
        </Group>
        {/* The explanation beside the switch, not inside its label (Mantine's `description` would be read as its name). */}
        <div>
          <Switch
            label={t("meeting.dataSaver")}
            aria-describedby="data-saver-help"
            checked={dataSaver}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setDataSaver(on);
              rememberDataSaver(on);
            }}
          />
          <Text size="xs" c="dimmed" id="data-saver-help" mt={4}>
            {t("meeting.dataSaverHelp")}
          </Text>
        </div>
        <Button
          size="md"
          disabled={!canJoin || !media}
          onClick={() => {
            if (!media) return;
            handedOver.current = true;
            onJoin(media, { audioId, videoId });
          }}
        >
          {t("meeting.join")}
        </Button>
      </Stack>
    </Paper>
  );
}
