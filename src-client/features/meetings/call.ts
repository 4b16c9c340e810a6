import {
  callQuality,
  FINAL_CLOSE_CODES,
  SOCKET_CLOSE,
  type CallQuality,
  type ChatMessage,
  type ClientSignal,
  type IceServer,
  type MediaState,
  type ServerSignal,
} from "../../../src/domain/meetings";
import { applyLevel, LinkWatcher, readLinkSample, receivedLoss, type LinkSample, type LinkState } from "./link-quality";

export type CallStatus = "joining" | "waiting" | "connecting" | "connected" | "reconnecting" | "ended";
/** Why a call ended: the user left, the room closed, the user joined elsewhere, or the room refused them. */
export type CallEnd = "left" | "closed" | "replaced" | "refused";

export interface CallSnapshot {
  status: CallStatus;
  ended: CallEnd | null;
  remoteStream: MediaStream | null;
  peerMedia: MediaState;
  quality: CallQuality;
  roundTripMs: number | null;
  lossRatio: number | null;
  /** Messages that arrived during this call (the page merges them with the stored ones). */
  chat: ChatMessage[];
  /** A chat message that could not be sent (the connection was down). */
  chatFailed: boolean;
  /** What this side sends for the link (link-quality.ts): full video, reduced, or audio only, and the offer. */
  link: LinkState;
}

const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 5000];
/** The statistics are read every second: for the quality shown, and for the weak-link watcher. */
const STATS_INTERVAL_MS = 1000;
/** A connection that stays 'disconnected' this long gets an ICE restart ('failed' gets one at once). */
const DISCONNECTED_RESTART_MS = 2500;
/**
 * How long a new connection may go without its offer and answer exchanged before this side makes its offer, or sends
 * it again: a negotiation the browser never started, or a description lost on the way, would otherwise leave both
 * people on `Connecting…` for good.
 */
const NEGOTIATION_RETRY_MS = 4000;

/**
 * One person's side of the room's 1:1 call: the signaling socket (reconnecting on its own) and the
 * RTCPeerConnection, with perfect negotiation (docs/decisions.md): the client is polite, the Seer is not, so two
 * offers at once never deadlock. A peer that reloads or drops out is met with a fresh connection when it returns.
 */
export class CallSession {
  private socket: WebSocket | null = null;
  private pc: RTCPeerConnection | null = null;
  private polite = false;
  private iceServers: IceServer[] = [];
  private makingOffer = false;
  private ignoreOffer = false;
  private settingAnswer = false;
  /** ICE candidates that arrived before the remote description was set, added right after it. */
  private earlyCandidates: (RTCIceCandidateInit | null)[] = [];
  private videoSender: RTCRtpSender | null = null;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private negotiationTimer: ReturnType<typeof setTimeout> | undefined;
  private lastSample: LinkSample | null = null;
  private readonly watcher: LinkWatcher;
  private listeners = new Set<() => void>();
  private media: MediaState;
  private state: CallSnapshot = {
    status: "joining",
    ended: null,
    remoteStream: null,
    peerMedia: { audio: true, video: true, screen: false },
    quality: "unknown",
    roundTripMs: null,
    lossRatio: null,
    chat: [],
    chatFailed: false,
    link: { level: "good", reason: null, offer: false },
  };

  constructor(
    private readonly socketUrl: string,
    private readonly local: MediaStream | null,
    options: { dataSaver?: boolean } = {},
  ) {
    this.watcher = new LinkWatcher({ dataSaver: options.dataSaver && !!local?.getVideoTracks().length });
    this.state.link = this.watcher.current;
    this.media = {
      audio: !!local?.getAudioTracks().some((t) => t.enabled),
      video: !!local?.getVideoTracks().some((t) => t.enabled),
      screen: false,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallSnapshot => this.state;

  private set(patch: Partial<CallSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  start(): void {
    if (this.state.status === "ended") this.set({ status: "joining", ended: null });
    this.connect();
    this.statsTimer ??= setInterval(() => void this.readStats(), STATS_INTERVAL_MS);
  }

  /** Leaves the call for good (the page's Leave button, or the page going away). */
  leave(): void {
    this.send({ type: "leave" });
    this.finish("left");
  }

  private finish(reason: CallEnd): void {
    clearTimeout(this.retryTimer);
    clearInterval(this.statsTimer);
    this.statsTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(SOCKET_CLOSE.normal);
    this.closePeer();
    this.set({ status: "ended", ended: reason, remoteStream: null });
  }

  private connect(): void {
    const socket = new WebSocket(this.socketUrl);
    this.socket = socket;
    socket.onmessage = (event: MessageEvent<string>) => {
      let signal: ServerSignal;
      try {
        signal = JSON.parse(event.data) as ServerSignal;
      } catch {
        return;
      }
      void this.onSignal(signal).catch(() => undefined);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === SOCKET_CLOSE.replaced) return this.finish("replaced");
      if (event.code === SOCKET_CLOSE.notFound || event.code === SOCKET_CLOSE.notSignedIn) return this.finish("refused");
      if (event.code === SOCKET_CLOSE.notOpen || FINAL_CLOSE_CODES.has(event.code)) return this.finish("closed");
      // Anything else (the network, a restarting server): try again, a little later each time.
      this.set({ status: "reconnecting" });
      const delay = RECONNECT_DELAYS_MS[Math.min(this.attempts++, RECONNECT_DELAYS_MS.length - 1)];
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  private send(signal: ClientSignal): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(signal));
    return true;
  }

  private async onSignal(signal: ServerSignal): Promise<void> {
    switch (signal.type) {
      case "welcome":
        this.attempts = 0;
        this.polite = signal.polite;
        this.iceServers = signal.iceServers;
        this.closePeer();
        this.set({ status: "waiting", remoteStream: null });
        return;
      case "peer-joined":
        // A fresh connection for every meeting of the two: whatever the other side had before is gone.
        this.createPeer();
        this.sendMedia();
        this.set({ status: "connecting" });
        return;
      case "peer-left":
        this.closePeer();
        this.set({ status: "waiting", remoteStream: null, quality: "unknown", roundTripMs: null, lossRatio: null });
        return;
      case "description":
        return this.onDescription(signal.description);
      case "candidate": {
        const pc = this.pc;
        if (!pc) return;
        // A candidate can only be added once the description it belongs to is set; one that overtook it waits, and
        // those behind it keep their order.
        if (!pc.remoteDescription || this.earlyCandidates.length) {
          this.earlyCandidates.push(signal.candidate);
          return;
        }
        try {
          await pc.addIceCandidate(signal.candidate ?? undefined);
        } catch (error) {
          if (!this.ignoreOffer) throw error;
        }
        return;
      }
      case "media":
        this.set({ peerMedia: signal.media });
        return;
      case "chat":
        if (!this.state.chat.some((m) => m.id === signal.message.id)) this.set({ chat: [...this.state.chat, signal.message] });
        return;
      case "pong":
        return;
    }
  }

  /** Perfect negotiation's receiving half (W3C WebRTC 1.0, section 10.7). */
  private async onDescription(description: RTCSessionDescriptionInit): Promise<void> {
    const pc = this.pc ?? this.createPeer();
    const readyForOffer = !this.makingOffer && (pc.signalingState === "stable" || this.settingAnswer);
    const collision = description.type === "offer" && !readyForOffer;
    this.ignoreOffer = !this.polite && collision;
    if (this.ignoreOffer) return;
    this.settingAnswer = description.type === "answer";
    await pc.setRemoteDescription(description);
    this.settingAnswer = false;
    while (this.pc === pc && this.earlyCandidates.length) {
      await pc.addIceCandidate(this.earlyCandidates[0] ?? undefined).catch(() => undefined);
      this.earlyCandidates.shift();
    }
    if (description.type === "offer") {
      await pc.setLocalDescription();
      this.sendDescription(pc);
    }
  }

  private sendDescription(pc: RTCPeerConnection): void {
    const d = pc.localDescription;
    if (d && (d.type === "offer" || d.type === "answer"))
      this.send({ type: "description", description: { type: d.type, sdp: d.sdp } });
  }

  private createPeer(): RTCPeerConnection {
    this.closePeer();
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    this.pc = pc;
    this.makingOffer = false;
    this.ignoreOffer = false;
    this.settingAnswer = false;
    this.earlyCandidates = [];
    this.lastSample = null;
    this.watcher.newConnection();
    const stream = this.local;
    for (const track of stream?.getTracks() ?? []) {
      const sender = pc.addTrack(track, stream as MediaStream);
      if (track.kind === "video") this.videoSender = sender;
    }
    // Data saver, or a weak link met before: the new connection sends what the level allows from its first packet.
    if (this.videoSender && this.state.link.level !== "good") void applyLevel(this.videoSender, this.state.link.level);
    // Without a microphone or camera one still hears and sees the other side (and can share a screen).
    if (!stream?.getAudioTracks().length) pc.addTransceiver("audio", { direction: "recvonly" });
    if (!stream?.getVideoTracks().length) this.videoSender = pc.addTransceiver("video", { direction: "sendrecv" }).sender;

    const remote = new MediaStream();
    pc.ontrack = ({ track }) => {
      if (this.pc !== pc) return;
      remote.addTrack(track);
      this.set({ remoteStream: new MediaStream(remote.getTracks()) });
    };
    pc.onicecandidate = ({ candidate }) => {
      if (this.pc !== pc) return;
      const c = candidate?.toJSON();
      this.send({
        type: "candidate",
        candidate: c?.candidate
          ? {
              candidate: c.candidate,
              sdpMid: c.sdpMid ?? null,
              sdpMLineIndex: c.sdpMLineIndex ?? null,
              usernameFragment: c.usernameFragment ?? null,
            }
          : null,
      });
    };
    pc.onnegotiationneeded = () => this.offer(pc);
    this.watchNegotiation(pc);
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      clearTimeout(this.restartTimer);
      switch (pc.connectionState) {
        case "connected":
          this.set({ status: "connected" });
          return;
        case "disconnected":
          this.set({ status: "reconnecting" });
          this.restartTimer = setTimeout(() => pc.connectionState === "disconnected" && pc.restartIce(), DISCONNECTED_RESTART_MS);
          return;
        case "failed":
          this.set({ status: "reconnecting" });
          pc.restartIce();
          return;
        default:
          return;
      }
    };
    return pc;
  }

  /** Perfect negotiation's sending half: an offer, made when the browser says one is needed (or the watch below). */
  private async offer(pc: RTCPeerConnection): Promise<void> {
    try {
      this.makingOffer = true;
      await pc.setLocalDescription();
      if (this.pc === pc) this.sendDescription(pc);
    } catch {
      // A newer negotiation replaced this one.
    } finally {
      this.makingOffer = false;
    }
  }

  /**
   * Until the connection is up, every few seconds: an offer still unanswered is sent again (the other side answers a
   * repeated offer as a new one), and a connection that never negotiated makes its offer. Collisions are perfect
   * negotiation's to settle.
   */
  private watchNegotiation(pc: RTCPeerConnection): void {
    clearTimeout(this.negotiationTimer);
    this.negotiationTimer = setTimeout(() => {
      if (this.pc !== pc || pc.connectionState === "connected" || pc.connectionState === "closed") return;
      if (pc.signalingState === "have-local-offer") this.sendDescription(pc);
      else if (pc.signalingState === "stable" && !pc.remoteDescription && !this.makingOffer) void this.offer(pc);
      this.watchNegotiation(pc);
    }, NEGOTIATION_RETRY_MS);
  }

  private closePeer(): void {
    clearTimeout(this.restartTimer);
    clearTimeout(this.negotiationTimer);
    const pc = this.pc;
    this.pc = null;
    this.videoSender = null;
    pc?.close();
  }

  /** Mute, camera off, and the screen shared instead of the camera, told to the other side. */
  setMedia(media: MediaState): void {
    this.media = media;
    for (const t of this.local?.getAudioTracks() ?? []) t.enabled = media.audio;
    for (const t of this.local?.getVideoTracks() ?? []) t.enabled = media.video;
    this.sendMedia();
  }

  /** What this side sends, with why its video is not sent (a weak link, Data saver) for the other side's notice. */
  private sendMedia(): void {
    const { level, reason } = this.state.link;
    // (An undefined `audioOnly` is left out of the JSON.)
    this.send({ type: "media", media: { ...this.media, audioOnly: level === "audio" && reason ? reason : undefined } });
  }

  /** `Switch to audio` (from the offer), `Keep video`, and `Turn video back on` / `Turn video on`. */
  switchToAudio = (): void => this.setLink(this.watcher.switchToAudio());
  keepVideo = (): void => this.setLink(this.watcher.keepVideo());
  turnVideoOn = (): void => this.setLink(this.watcher.turnVideoOn());

  private setLink(link: LinkState): void {
    const previous = this.state.link;
    if (link === previous) return;
    this.set({ link });
    if (link.level === previous.level) return;
    if (this.videoSender) void applyLevel(this.videoSender, link.level);
    this.sendMedia();
  }

  /** Sends `track` instead of the camera (a shared screen), or the camera again with null; no renegotiation. */
  async replaceVideo(track: MediaStreamTrack | null): Promise<void> {
    const camera = this.local?.getVideoTracks()[0] ?? null;
    await this.videoSender?.replaceTrack(track ?? camera);
  }

  sendChat(text: string): boolean {
    const sent = this.send({ type: "chat", text });
    this.set({ chatFailed: !sent });
    return sent;
  }

  /** The quality shown (round trip, loss of what this side receives), and the weak-link watcher's sample. */
  private async readStats(): Promise<void> {
    const pc = this.pc;
    if (!pc || pc.connectionState !== "connected") return;
    const sample = readLinkSample(await pc.getStats(), performance.now());
    if (this.pc !== pc) return;
    const lossRatio = receivedLoss(this.lastSample, sample);
    this.lastSample = sample;
    this.set({ roundTripMs: sample.roundTripMs, lossRatio, quality: callQuality(sample.roundTripMs, lossRatio) });
    this.setLink(this.watcher.feed(sample));
  }
}

export function meetingSocketUrl(bookingId: string): string {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/api/meetings/${encodeURIComponent(bookingId)}/socket`;
}
