/**
 * Stand-ins for the browser's WebSocket, RTCPeerConnection and MediaStream (jsdom has none of the last two), so the
 * call's logic runs in tests: each records what the call did and lets the test play the network's part.
 */
import { vi } from "vitest";
import type { ClientSignal, ServerSignal } from "../../src/domain/meetings";

export class FakeTrack {
  enabled = true;
  stopped = false;
  private listeners = new Map<string, (() => void)[]>();
  constructor(
    readonly kind: "audio" | "video",
    readonly id = `${kind}-${Math.random().toString(36).slice(2)}`,
  ) {}
  stop() {
    this.stopped = true;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener() {}
  /** The browser's own end of a track (a screen share stopped from the browser's bar). */
  end() {
    for (const listener of this.listeners.get("ended") ?? []) listener();
  }
}

export class FakeStream {
  private tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === "audio");
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === "video");
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
}

/** One encoding of a sender's parameters, as Chromium gives it before and after negotiation. */
export interface FakeEncoding {
  active: boolean;
  maxBitrate?: number;
  scaleResolutionDownBy?: number;
}

export class FakeSender {
  replaced: (FakeTrack | null)[] = [];
  /** What setParameters was last given (Chromium answers one encoding from addTrack on). */
  encodings: FakeEncoding[] = [{ active: true }];
  constructor(public track: FakeTrack | null) {}
  getParameters() {
    return { encodings: this.encodings.map((e) => ({ ...e })) };
  }
  setParameters(parameters: { encodings: FakeEncoding[] }) {
    this.encodings = parameters.encodings.map((e) => ({ ...e }));
    return Promise.resolve();
  }
  replaceTrack(track: FakeTrack | null) {
    this.track = track;
    this.replaced.push(track);
    return Promise.resolve();
  }
}

export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** The call's sockets, in the order opened. */
  static all: FakeSocket[] = [];
  /** Any other socket the page opens meanwhile (the header's messages socket, issue #43): not the call's. */
  static others: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: ClientSignal[] = [];
  closedWith: number | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    (/\/api\/messages\/socket/.test(url) ? FakeSocket.others : FakeSocket.all).push(this);
  }
  static latest(): FakeSocket {
    const socket = FakeSocket.all[FakeSocket.all.length - 1];
    if (!socket) throw new Error("no socket was opened");
    return socket;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as ClientSignal);
  }
  /** The page closing its own socket. */
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = FakeSocket.CLOSED;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
  }
  receive(signal: ServerSignal) {
    this.onmessage?.({ data: JSON.stringify(signal) });
  }
  /** The connection going away under the page: the network (1006), the server, a refusal. */
  drop(code = 1006) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
}

export class FakePeer {
  static all: FakePeer[] = [];
  connectionState: RTCPeerConnectionState = "new";
  signalingState: RTCSignalingState = "stable";
  senders: FakeSender[] = [];
  transceivers: { kind: string; direction: string; sender: FakeSender }[] = [];
  localDescription: { type: "offer" | "answer"; sdp: string } | null = null;
  offersMade = 0;
  restarts = 0;
  ontrack: ((event: { track: FakeTrack }) => void) | null = null;
  onicecandidate: ((event: { candidate: null }) => void) | null = null;
  onnegotiationneeded: (() => Promise<void>) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor(readonly config: RTCConfiguration) {
    FakePeer.all.push(this);
  }
  static latest(): FakePeer {
    const pc = FakePeer.all[FakePeer.all.length - 1];
    if (!pc) throw new Error("no RTCPeerConnection was made");
    return pc;
  }
  addTrack(track: FakeTrack) {
    const sender = new FakeSender(track);
    this.senders.push(sender);
    return sender;
  }
  addTransceiver(kind: string, init: { direction: string }) {
    const sender = new FakeSender(null);
    this.transceivers.push({ kind, direction: init.direction, sender });
    return { sender };
  }
  setLocalDescription() {
    this.offersMade++;
    this.localDescription = { type: "offer", sdp: "v=0\r\n" };
    return Promise.resolve();
  }
  remoteDescription: RTCSessionDescriptionInit | null = null;
  /** The candidates added, in order (null: the end of the other side's candidates). */
  candidates: (RTCIceCandidateInit | null)[] = [];
  setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
    return Promise.resolve();
  }
  addIceCandidate(candidate?: RTCIceCandidateInit) {
    if (!this.remoteDescription) return Promise.reject(new DOMException("No remote description", "InvalidStateError"));
    this.candidates.push(candidate ?? null);
    return Promise.resolve();
  }
  restartIce() {
    this.restarts++;
  }
  /** What getStats() answers: set by a test to play a link (see weakLinkStats). */
  stats: () => Map<string, RTCStats> = () => new Map();
  getStats() {
    return Promise.resolve(this.stats());
  }
  close() {
    this.connectionState = "closed";
  }
  /** The browser's ICE reporting a new state of the link. */
  become(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

/** Puts the fakes in the browser's place for one test (vi.unstubAllGlobals undoes it). */
export function installFakes(): void {
  FakeSocket.all = [];
  FakeSocket.others = [];
  FakePeer.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("RTCPeerConnection", FakePeer);
  vi.stubGlobal("MediaStream", FakeStream);
}

/** A camera and a microphone, as getUserMedia gives them. */
export function cameraAndMicrophone(): { stream: MediaStream; audio: FakeTrack; video: FakeTrack } {
  const audio = new FakeTrack("audio");
  const video = new FakeTrack("video");
  return { stream: new FakeStream([audio, video]) as unknown as MediaStream, audio, video };
}

export const welcome = (polite: boolean): ServerSignal => ({
  type: "welcome",
  role: polite ? "client" : "seer",
  polite,
  peerName: "Ama Serwaa Owusu",
  iceServers: [],
  closesAt: "2026-11-23T11:15:00.000Z",
});

/**
 * A link's getStats() reports, one per call, their counters rising: `weak` as Chromium measured issue #44's link under
 * CDP emulation (300 kbit/s, 300 ms each way, 3% loss: 600 ms round trip, a 280 kbit/s estimate), `good` as localhost.
 */
export function linkStats(kind: () => "good" | "weak"): () => Map<string, RTCStats> {
  let sent = 0;
  let lost = 0;
  return () => {
    const weak = kind() === "weak";
    sent += 100;
    if (weak) lost += 3;
    const entries = [
      {
        type: "candidate-pair",
        nominated: true,
        state: "succeeded",
        currentRoundTripTime: weak ? 0.6 : 0.001,
        availableOutgoingBitrate: weak ? 280_000 : 1_320_000,
      },
      { type: "outbound-rtp", kind: "video", packetsSent: sent, qualityLimitationReason: weak ? "bandwidth" : "none" },
      { type: "remote-inbound-rtp", kind: "video", packetsLost: lost, roundTripTime: weak ? 0.6 : 0.001 },
      { type: "inbound-rtp", kind: "audio", packetsReceived: sent, packetsLost: lost },
    ];
    return new Map(entries.map((e, i) => [String(i), { id: String(i), timestamp: 0, ...e } as RTCStats]));
  };
}
