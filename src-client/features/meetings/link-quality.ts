/**
 * Calls on weak links (issue #44, docs/product.md#meeting-room): what the call's statistics say about the link, and
 * what this side sends over it. Pure: fed one sample of `getStats()` at a time with its own clock (`at`), it decides a
 * level, `good` (full video) -> `reduced` (lower bitrate and resolution) -> an offer to switch to audio -> `audio`
 * (no video sent), and back up one level at a time when the link has been good for a while (docs/decisions.md).
 */

export type LinkLevel = "good" | "reduced" | "audio";
/** Why video is not sent: the weak link (`weak`, switched by the watcher or chosen from its offer) or Data saver. */
export type AudioReason = "weak" | "saver";

/** The cumulative figures of one `getStats()` report that the watcher reads. */
export interface LinkSample {
  /** Milliseconds on any clock that only goes forward (the session's `performance.now()`, a test's numbers). */
  at: number;
  /** The candidate pair's (else the remote report's) round trip, in ms. */
  roundTripMs: number | null;
  /** What the sending side's bandwidth estimate allows, in bits per second. */
  availableOutgoingBitrate: number | null;
  /** Why the video encoder sends less than it would (`bandwidth`, `cpu`, `none`, `other`). */
  videoLimitation: string | null;
  /** Packets this side sent, and those the other side reported lost (remote-inbound-rtp), all kinds. */
  packetsSent: number;
  remoteLost: number;
  /** Packets this side received and lost (inbound-rtp), all kinds. */
  packetsReceived: number;
  packetsLost: number;
  /** Audio packets received (inbound-rtp audio). */
  audioPacketsReceived: number;
}

/** Reads a `getStats()` report (an RTCStatsReport, or any map of its entries in tests). */
export function readLinkSample(report: { forEach(cb: (stats: RTCStats) => void): void }, at: number): LinkSample {
  const sample: LinkSample = {
    at,
    roundTripMs: null,
    availableOutgoingBitrate: null,
    videoLimitation: null,
    packetsSent: 0,
    remoteLost: 0,
    packetsReceived: 0,
    packetsLost: 0,
    audioPacketsReceived: 0,
  };
  let remoteRoundTrip: number | null = null;
  report.forEach((stats) => {
    switch (stats.type) {
      case "candidate-pair": {
        const pair = stats as RTCIceCandidatePairStats;
        if (!pair.nominated || pair.state !== "succeeded") return;
        if (typeof pair.currentRoundTripTime === "number") sample.roundTripMs = Math.round(pair.currentRoundTripTime * 1000);
        if (typeof pair.availableOutgoingBitrate === "number") sample.availableOutgoingBitrate = pair.availableOutgoingBitrate;
        return;
      }
      case "outbound-rtp": {
        const out = stats as RTCOutboundRtpStreamStats;
        sample.packetsSent += out.packetsSent ?? 0;
        if (out.kind === "video" && typeof out.qualityLimitationReason === "string")
          sample.videoLimitation = out.qualityLimitationReason;
        return;
      }
      case "remote-inbound-rtp": {
        const remote = stats as RTCStats & { packetsLost?: number; roundTripTime?: number };
        sample.remoteLost += Math.max(0, remote.packetsLost ?? 0);
        if (typeof remote.roundTripTime === "number")
          remoteRoundTrip = Math.max(remoteRoundTrip ?? 0, Math.round(remote.roundTripTime * 1000));
        return;
      }
      case "inbound-rtp": {
        const inbound = stats as RTCInboundRtpStreamStats;
        sample.packetsLost += Math.max(0, inbound.packetsLost ?? 0);
        sample.packetsReceived += inbound.packetsReceived ?? 0;
        if (inbound.kind === "audio") sample.audioPacketsReceived += inbound.packetsReceived ?? 0;
        return;
      }
      default:
        return;
    }
  });
  sample.roundTripMs ??= remoteRoundTrip;
  return sample;
}

/** Thresholds (docs/decisions.md): a link is poor for a level when it cannot carry it, good when it has room. */
export const LINK = {
  /** Full video needs at least this estimate; the reduced level is capped at REDUCED_BITRATE and needs MIN_REDUCED. */
  minFullBitrate: 350_000,
  reducedBitrate: 150_000,
  reducedScale: 2,
  minReducedBitrate: 120_000,
  /** Poor at any level: a round trip or a loss that freezes video. */
  poorRoundTripMs: 400,
  poorLoss: 0.05,
  /** Good: room to step up. */
  goodRoundTripMs: 250,
  goodLoss: 0.02,
  /** The estimate's ramp-up after a connection is made is not judged. */
  graceMs: 2_000,
  /** Poor this long at full video: reduce. Poor this long reduced: offer audio. Offered this long: switch. */
  reduceAfterMs: 3_000,
  offerAfterMs: 4_000,
  switchAfterMs: 6_000,
  /** Good this long: one level up; doubled each time a level stepped up to falls back within `unstableMs`. */
  recoverAfterMs: 10_000,
  maxRecoverAfterMs: 120_000,
  unstableMs: 30_000,
} as const;

export interface LinkState {
  level: LinkLevel;
  /** Why video is not sent, at the `audio` level. */
  reason: AudioReason | null;
  /** `Weak connection. Switch to audio?` is shown. */
  offer: boolean;
}

type Verdict = "poor" | "fair" | "good";

const ratio = (part: number, whole: number) => (whole > 0 ? Math.max(0, part) / whole : null);

/** The share of the packets this side should have received between two samples that were lost (null: none came). */
export function receivedLoss(previous: LinkSample | null, sample: LinkSample): number | null {
  const lost = Math.max(0, sample.packetsLost - (previous?.packetsLost ?? 0));
  return ratio(lost, lost + Math.max(0, sample.packetsReceived - (previous?.packetsReceived ?? 0)));
}

export class LinkWatcher {
  private state: LinkState;
  private previous: LinkSample | null = null;
  private connectedAt: number | null = null;
  private poorSince: number | null = null;
  private goodSince: number | null = null;
  private offeredAt: number | null = null;
  /** The person kept video (declined the offer, or turned it back on): no switch by itself until the link is good. */
  private keptVideo = false;
  private recoverAfterMs: number = LINK.recoverAfterMs;
  private steppedUpAt: number | null = null;

  constructor(options: { dataSaver?: boolean } = {}) {
    this.state = options.dataSaver
      ? { level: "audio", reason: "saver", offer: false }
      : { level: "good", reason: null, offer: false };
  }

  get current(): LinkState {
    return this.state;
  }

  /** A new connection to the other side: its counters start again, and its first seconds are not judged. */
  newConnection(): void {
    this.previous = null;
    this.connectedAt = null;
    this.poorSince = null;
    this.goodSince = null;
  }

  /** What one sample says of the link for the current level. */
  private verdict(sample: LinkSample, previous: LinkSample): Verdict {
    const outLoss = ratio(sample.remoteLost - previous.remoteLost, sample.packetsSent - previous.packetsSent);
    const loss = Math.max(outLoss ?? 0, receivedLoss(previous, sample) ?? 0);
    const rtt = sample.roundTripMs;
    const level = this.state.level;
    // Audio alone does not probe the link: its estimate says nothing of what video would get.
    const bitrate = level === "audio" ? null : sample.availableOutgoingBitrate;
    const needed = level === "good" ? LINK.minFullBitrate : LINK.minReducedBitrate;
    if ((rtt !== null && rtt > LINK.poorRoundTripMs) || loss > LINK.poorLoss || (bitrate !== null && bitrate < needed)) {
      return "poor";
    }
    const roomFor = level === "reduced" ? LINK.minFullBitrate : LINK.minReducedBitrate;
    if ((rtt === null || rtt < LINK.goodRoundTripMs) && loss < LINK.goodLoss && (bitrate === null || bitrate >= roomFor)) {
      return "good";
    }
    return "fair";
  }

  /** Feeds one sample; returns the state, a new object when it changed. */
  feed(sample: LinkSample): LinkState {
    const previous = this.previous;
    this.previous = sample;
    this.connectedAt ??= sample.at;
    if (!previous || sample.at - this.connectedAt < LINK.graceMs) return this.state;
    const verdict = this.verdict(sample, previous);
    this.poorSince = verdict === "poor" ? (this.poorSince ?? previous.at) : null;
    this.goodSince = verdict === "good" ? (this.goodSince ?? previous.at) : null;
    const poorFor = this.poorSince === null ? 0 : sample.at - this.poorSince;
    const goodFor = this.goodSince === null ? 0 : sample.at - this.goodSince;
    const { level, reason, offer } = this.state;

    if (goodFor >= this.recoverAfterMs) {
      this.keptVideo = false;
      if (level === "audio" && reason === "weak") return this.step("reduced", sample.at, true);
      if (level === "reduced") return this.step("good", sample.at, true);
    }
    if (offer && goodFor >= LINK.reduceAfterMs) return this.set({ ...this.state, offer: false });
    if (level === "good" && poorFor >= LINK.reduceAfterMs) return this.step("reduced", sample.at, false);
    if (level === "reduced" && !offer && !this.keptVideo && poorFor >= LINK.offerAfterMs) {
      this.offeredAt = sample.at;
      return this.set({ ...this.state, offer: true });
    }
    if (
      level === "reduced" &&
      offer &&
      this.offeredAt !== null &&
      sample.at - this.offeredAt >= LINK.switchAfterMs &&
      poorFor > 0
    ) {
      return this.step("audio", sample.at, false);
    }
    return this.state;
  }

  private step(level: LinkLevel, at: number, up: boolean): LinkState {
    if (up) this.steppedUpAt = at;
    else if (this.steppedUpAt !== null && at - this.steppedUpAt < LINK.unstableMs) {
      // The level stepped up to did not hold: wait longer before the next try.
      this.recoverAfterMs = Math.min(this.recoverAfterMs * 2, LINK.maxRecoverAfterMs);
      this.steppedUpAt = null;
    }
    this.poorSince = null;
    this.goodSince = null;
    this.offeredAt = null;
    return this.set({ level, reason: level === "audio" ? "weak" : null, offer: false });
  }

  private set(state: LinkState): LinkState {
    this.state = state;
    return state;
  }

  /** `Switch to audio`, from the offer. */
  switchToAudio(): LinkState {
    return this.step("audio", this.previous?.at ?? 0, false);
  }

  /** `Keep video`: the offer goes, and video stays (reduced) until the person switches or the link recovers. */
  keepVideo(): LinkState {
    this.keptVideo = true;
    this.offeredAt = null;
    return this.set({ ...this.state, offer: false });
  }

  /** `Turn video back on` (after a weak link) or `Turn video on` (Data saver): full video, kept until the link is good. */
  turnVideoOn(): LinkState {
    this.keptVideo = this.state.reason === "weak";
    this.poorSince = null;
    this.goodSince = null;
    this.offeredAt = null;
    return this.set({ level: "good", reason: null, offer: false });
  }
}

/** The video sender's first encoding for a level: full, capped and scaled down, or not sent. */
export function encodingFor(level: LinkLevel): { active: boolean; maxBitrate?: number; scaleResolutionDownBy: number } {
  if (level === "audio") return { active: false, scaleResolutionDownBy: 1 };
  if (level === "reduced") return { active: true, maxBitrate: LINK.reducedBitrate, scaleResolutionDownBy: LINK.reducedScale };
  return { active: true, scaleResolutionDownBy: 1 };
}

/** Gives the video sender the level's encoding: no renegotiation, whatever track it sends (camera or screen). */
export async function applyLevel(sender: RTCRtpSender, level: LinkLevel): Promise<void> {
  const parameters = sender.getParameters();
  const first = parameters.encodings[0];
  if (!first) return;
  const wanted = encodingFor(level);
  first.active = wanted.active;
  first.scaleResolutionDownBy = wanted.scaleResolutionDownBy;
  if (wanted.maxBitrate === undefined) delete first.maxBitrate;
  else first.maxBitrate = wanted.maxBitrate;
  try {
    await sender.setParameters(parameters);
  } catch {
    // A connection closed or renegotiating meanwhile: the next level change, or the next connection, applies it.
  }
}
