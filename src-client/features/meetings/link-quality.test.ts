import { describe, expect, it } from "vitest";
import { encodingFor, LINK, LinkWatcher, readLinkSample, type LinkSample } from "./link-quality";

/**
 * A link fed one sample a second: `good` (localhost: 1 ms, 1.3 Mbit/s, nothing lost) or `weak` (issue #44's
 * 300 kbit/s, 300 ms each way, 3% loss, as Chromium measured it under CDP emulation: 600 ms, 280 kbit/s).
 */
function link(watcher = new LinkWatcher()) {
  let at = 0;
  let sent = 0;
  let lost = 0;
  let received = 0;
  const feed = (kind: "good" | "weak" | "fair", seconds = 1) => {
    for (let i = 0; i < seconds; i++) {
      at += 1000;
      sent += 100;
      received += 100;
      if (kind === "weak") lost += 3;
      const sample: LinkSample = {
        at,
        roundTripMs: kind === "good" ? 1 : kind === "fair" ? 300 : 600,
        availableOutgoingBitrate: kind === "good" ? 1_320_000 : kind === "fair" ? 500_000 : 280_000,
        videoLimitation: kind === "good" ? "none" : "bandwidth",
        packetsSent: sent,
        remoteLost: lost,
        packetsReceived: received,
        packetsLost: lost,
        audioPacketsReceived: received / 2,
      };
      watcher.feed(sample);
    }
    return watcher.current;
  };
  return { watcher, feed, seconds: () => at / 1000 };
}

describe("the weak-link watcher", () => {
  it("keeps full video on a good link", () => {
    const { feed } = link();
    expect(feed("good", 120)).toEqual({ level: "good", reason: null, offer: false });
  });

  it("on a weak link: reduces the video, then offers audio, then switches by itself, all within 20 seconds", () => {
    const { feed, seconds, watcher } = link();
    const levels: string[] = [];
    let last = "";
    for (let i = 0; i < 20; i++) {
      const s = feed("weak");
      const now = `${s.level}${s.offer ? "+offer" : ""}`;
      if (now !== last) levels.push(`${seconds()}s ${now}`);
      last = now;
    }
    // The connection's first 2 s are not judged; then 3 s poor reduce, 4 s more offer, and 6 s after the offer it
    // switches: 15 s after the first sample.
    expect(levels).toEqual(["1s good", "5s reduced", "9s reduced+offer", "15s audio"]);
    expect(LINK.graceMs + LINK.reduceAfterMs + LINK.offerAfterMs + LINK.switchAfterMs).toBe(15_000);
    expect(watcher.current).toEqual({ level: "audio", reason: "weak", offer: false });
  });

  it("a short bad spell changes nothing (hysteresis), nor does the middle ground", () => {
    const { feed } = link();
    feed("good", 5);
    expect(feed("weak", 2).level).toBe("good");
    expect(feed("good", 1).level).toBe("good");
    expect(feed("weak", 2).level).toBe("good");
    expect(feed("fair", 60).level).toBe("good");
  });

  it("Switch to audio switches at once; the link recovering brings video back one level at a time", () => {
    const { feed, watcher } = link();
    feed("good", 3);
    feed("weak", 8);
    expect(watcher.current).toEqual({ level: "reduced", reason: null, offer: true });
    expect(watcher.switchToAudio()).toEqual({ level: "audio", reason: "weak", offer: false });
    // Audio alone does not probe the link: the estimate is not judged there, only the round trip and the loss.
    expect(feed("good", 9).level).toBe("audio");
    expect(feed("good", 1).level).toBe("reduced");
    expect(feed("good", 9).level).toBe("reduced");
    expect(feed("good", 1).level).toBe("good");
  });

  it("a level that does not hold after stepping up waits twice as long before the next try", () => {
    const { feed, watcher } = link();
    feed("good", 3);
    watcher.switchToAudio();
    feed("good", 10);
    expect(watcher.current.level).toBe("reduced");
    // Weak again soon after: offered and switched again...
    feed("weak", 4 + 6);
    expect(watcher.current.level).toBe("audio");
    // ...and now 20 s of a good link are needed, not 10.
    expect(feed("good", 19).level).toBe("audio");
    expect(feed("good", 1).level).toBe("reduced");
  });

  it("Keep video withdraws the offer and never switches by itself until the link has been good", () => {
    const { feed, watcher } = link();
    feed("good", 3);
    feed("weak", 8);
    expect(watcher.current.offer).toBe(true);
    expect(watcher.keepVideo()).toEqual({ level: "reduced", reason: null, offer: false });
    expect(feed("weak", 60)).toEqual({ level: "reduced", reason: null, offer: false });
    // The person can still switch.
    expect(watcher.switchToAudio().level).toBe("audio");
  });

  it("the offer goes away when the link improves for a few seconds", () => {
    const { feed } = link();
    feed("good", 3);
    expect(feed("weak", 8).offer).toBe(true);
    expect(feed("good", 3)).toEqual({ level: "reduced", reason: null, offer: false });
  });

  it("Turn video back on sends full video again, and does not switch to audio by itself while the link stays weak", () => {
    const { feed, watcher } = link();
    feed("good", 3);
    feed("weak", 14);
    expect(watcher.current.level).toBe("audio");
    expect(watcher.turnVideoOn()).toEqual({ level: "good", reason: null, offer: false });
    expect(feed("weak", 60)).toEqual({ level: "reduced", reason: null, offer: false });
  });

  it("Data saver starts on audio, stays there on a good link, and Turn video on ends it", () => {
    const { feed, watcher } = link(new LinkWatcher({ dataSaver: true }));
    expect(watcher.current).toEqual({ level: "audio", reason: "saver", offer: false });
    expect(feed("good", 300).level).toBe("audio");
    expect(watcher.turnVideoOn()).toEqual({ level: "good", reason: null, offer: false });
    // Afterwards, an ordinary call: a weak link is watched as ever.
    expect(feed("weak", 14)).toEqual({ level: "audio", reason: "weak", offer: false });
  });

  it("a new connection's first seconds are not judged (the estimate ramps up)", () => {
    const { feed, watcher } = link();
    feed("good", 5);
    watcher.newConnection();
    expect(feed("weak", 4).level).toBe("good");
    expect(feed("weak", 1).level).toBe("reduced");
  });
});

describe("the video's encoding per level", () => {
  it("full, then capped and halved, then not sent", () => {
    expect(encodingFor("good")).toEqual({ active: true, scaleResolutionDownBy: 1 });
    expect(encodingFor("reduced")).toEqual({ active: true, maxBitrate: 150_000, scaleResolutionDownBy: 2 });
    expect(encodingFor("audio")).toEqual({ active: false, scaleResolutionDownBy: 1 });
  });
});

describe("reading getStats()", () => {
  it("takes the nominated pair's round trip and estimate, the video's limitation, and the packets both ways", () => {
    const report = new Map<string, RTCStats>(
      [
        { type: "candidate-pair", nominated: false, state: "succeeded", currentRoundTripTime: 9, availableOutgoingBitrate: 1 },
        {
          type: "candidate-pair",
          nominated: true,
          state: "succeeded",
          currentRoundTripTime: 0.6064,
          availableOutgoingBitrate: 304_191,
        },
        { type: "outbound-rtp", kind: "video", packetsSent: 400, qualityLimitationReason: "bandwidth" },
        { type: "outbound-rtp", kind: "audio", packetsSent: 900 },
        { type: "remote-inbound-rtp", kind: "video", packetsLost: 11, roundTripTime: 0.607 },
        { type: "remote-inbound-rtp", kind: "audio", packetsLost: 33, roundTripTime: 0.609 },
        { type: "inbound-rtp", kind: "audio", packetsReceived: 843, packetsLost: 35 },
        { type: "inbound-rtp", kind: "video", packetsReceived: 468, packetsLost: 11 },
      ].map((s, i) => [String(i), { id: String(i), timestamp: 0, ...s } as RTCStats]),
    );
    expect(readLinkSample(report, 42)).toEqual({
      at: 42,
      roundTripMs: 606,
      availableOutgoingBitrate: 304_191,
      videoLimitation: "bandwidth",
      packetsSent: 1300,
      remoteLost: 44,
      packetsReceived: 1311,
      packetsLost: 46,
      audioPacketsReceived: 843,
    });
  });

  it("falls back to the remote reports' round trip before the pair has one", () => {
    const report = new Map<string, RTCStats>([
      ["a", { id: "a", timestamp: 0, type: "remote-inbound-rtp", packetsLost: 0, roundTripTime: 0.25 } as RTCStats],
    ]);
    expect(readLinkSample(report, 0).roundTripMs).toBe(250);
  });
});
