import { useEffect, useState } from "react";

/**
 * Why the camera or microphone could not be used; the words that say how to fix it are the catalog's
 * (`meeting.problem.{problem}`, src/i18n/messages/app/meeting.ts).
 */
export type MediaProblem = "denied" | "no-device" | "in-use" | "insecure" | "unknown";

export interface LocalMedia {
  stream: MediaStream | null;
  /** Why one or both devices are missing; null when both work. */
  problem: MediaProblem | null;
}

function problemOf(error: unknown): MediaProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "no-device";
  if (name === "NotReadableError" || name === "AbortError") return "in-use";
  return "unknown";
}

const pick = (deviceId: string | undefined): MediaTrackConstraints | boolean =>
  deviceId ? { deviceId: { exact: deviceId } } : true;

/**
 * The camera and microphone, or as much of them as works: both, then the microphone alone, then the camera alone,
 * then nothing (listening only). The first refusal says why.
 */
export async function acquireMedia(devices: { audioId?: string; videoId?: string } = {}): Promise<LocalMedia> {
  if (typeof navigator === "undefined" || !navigator.mediaDevices?.getUserMedia) return { stream: null, problem: "insecure" };
  const attempts: MediaStreamConstraints[] = [
    { audio: pick(devices.audioId), video: pick(devices.videoId) },
    { audio: pick(devices.audioId) },
    { video: pick(devices.videoId) },
  ];
  let first: MediaProblem | null = null;
  for (const constraints of attempts) {
    try {
      const stream = await navigator.mediaDevices.getUserMedia(constraints);
      return { stream, problem: first };
    } catch (error) {
      first ??= problemOf(error);
      // Blocked permission blocks every attempt: no need to ask again.
      if (first === "denied") break;
    }
  }
  return { stream: null, problem: first ?? "unknown" };
}

/** The devices chosen before (a rejoin after a reload), or the default ones when those are gone or refused. */
export async function reacquireMedia(devices: { audioId?: string; videoId?: string }): Promise<LocalMedia> {
  const chosen = await acquireMedia(devices);
  if (!chosen.problem || (!devices.audioId && !devices.videoId)) return chosen;
  stopMedia(chosen.stream);
  return acquireMedia();
}

export function stopMedia(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The cameras and microphones the browser offers (their names appear once access is allowed). */
export function useDevices(refreshKey: unknown): { cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] } {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    const media = typeof navigator === "undefined" ? undefined : navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    let live = true;
    const load = () => void media.enumerateDevices().then((list) => live && setDevices(list));
    load();
    media.addEventListener?.("devicechange", load);
    return () => {
      live = false;
      media.removeEventListener?.("devicechange", load);
    };
  }, [refreshKey]);
  return {
    cameras: devices.filter((d) => d.kind === "videoinput" && d.deviceId),
    microphones: devices.filter((d) => d.kind === "audioinput" && d.deviceId),
  };
}

/** The microphone's loudness, 0 to 100, updated every animation frame while `stream` has audio. */
export function useAudioLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const track = stream?.getAudioTracks()[0];
    if (!stream || !track || typeof AudioContext === "undefined") return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += ((s - 128) / 128) ** 2;
      setLevel(Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 300)));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      void context.close();
    };
  }, [stream]);
  return stream?.getAudioTracks().length ? level : 0;
}
