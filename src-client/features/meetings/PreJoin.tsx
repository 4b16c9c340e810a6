import { useEffect, useRef, useState } from "react";
import { Alert, Box, Button, Group, Paper, Progress, Select, Stack, Switch, Text } from "@mantine/core";
import { acquireMedia, MEDIA_PROBLEMS, stopMedia, useAudioLevel, useDevices, type LocalMedia } from "./media";
import { dataSaverOn, rememberDataSaver, type ChosenDevices } from "./rejoin";

/**
 * Before joining: the camera's preview, the microphone's level, device pickers, and Join. Without a camera or
 * microphone (refused or missing) the reason is said with its fix, and Join still works (audio only or listening).
 */
export function PreJoin({ canJoin, onJoin }: { canJoin: boolean; onJoin(media: LocalMedia, devices: ChosenDevices): void }) {
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
            aria-label="Your camera preview"
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
              {media ? "Camera off" : "Starting your camera…"}
            </Text>
          )}
        </Box>
        {media?.problem && (
          <Alert color="orange" title="Camera or microphone unavailable" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{MEDIA_PROBLEMS[media.problem]}</Text>
              {hasAudio && !hasVideo && <Text size="sm">You will join with audio only.</Text>}
              {!hasAudio && !hasVideo && <Text size="sm">You will join listening only.</Text>}
              <Button size="xs" variant="light" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {partial && (
          <Text size="sm">
            {hasAudio
              ? "No camera found: you will join with audio only."
              : "No microphone found: the other side will not hear you."}
          </Text>
        )}
        <div>
          <Text size="sm" fw={500} id="mic-level-label">
            Microphone level
          </Text>
          <Progress value={hasAudio ? level : 0} aria-labelledby="mic-level-label" transitionDuration={0} />
        </div>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Camera"
            placeholder={cameras.length ? "Default camera" : "No camera"}
            data={cameras.map((d, i) => ({ value: d.deviceId, label: d.label || `Camera ${i + 1}` }))}
            value={videoId ?? null}
            onChange={(v) => setVideoId(v ?? undefined)}
            disabled={!cameras.length}
            miw={200}
          />
          <Select
            label="Microphone"
            placeholder={microphones.length ? "Default microphone" : "No microphone"}
            data={microphones.map((d, i) => ({ value: d.deviceId, label: d.label || `Microphone ${i + 1}` }))}
            value={audioId ?? null}
            onChange={(v) => setAudioId(v ?? undefined)}
            disabled={!microphones.length}
            miw={200}
          />
        </Group>
        {/* The explanation beside the switch, not inside its label (Mantine's `description` would be read as its name). */}
        <div>
          <Switch
            label="Data saver"
            aria-describedby="data-saver-help"
            checked={dataSaver}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setDataSaver(on);
              rememberDataSaver(on);
            }}
          />
          <Text size="xs" c="dimmed" id="data-saver-help" mt={4}>
            Start calls with audio only. You can turn video on during the call.
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
          Join
        </Button>
      </Stack>
    </Paper>
  );
}
