import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SOCKET_CLOSE } from "../../../src/domain/meetings";
import {
  cameraAndMicrophone,
  FakePeer,
  FakeSocket,
  FakeStream,
  FakeTrack,
  installFakes,
  linkStats,
  welcome,
} from "../../test/call-fakes";
import { CallSession } from "./call";

beforeEach(() => {
  vi.useFakeTimers();
  installFakes();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A session in a call with its peer: the socket welcomed it, the peer joined, the link is up. */
function inCall(local: MediaStream | null = cameraAndMicrophone().stream, polite = true) {
  const session = new CallSession("ws://room/socket", local);
  session.start();
  const socket = FakeSocket.latest();
  socket.open();
  socket.receive(welcome(polite));
  socket.receive({ type: "peer-joined" });
  const pc = FakePeer.latest();
  pc.become("connected");
  return { session, socket, pc };
}

const sentOf = (socket: FakeSocket, type: string) => socket.sent.filter((s) => s.type === type);

describe("CallSession: the network dropping", () => {
  it("reconnects its socket on its own, a little later each time, shown as 'reconnecting', and meets the peer afresh", () => {
    const { session, socket, pc } = inCall();
    expect(session.getSnapshot().status).toBe("connected");

    // The network goes: the socket closes abnormally (1006).
    socket.drop(1006);
    expect(session.getSnapshot().status).toBe("reconnecting");
    expect(session.getSnapshot().ended).toBeNull();
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // Still down: the next try waits longer (backoff), and a server restarting (1012) is tried again too.
    FakeSocket.latest().drop(1006);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.latest().drop(SOCKET_CLOSE.restart);
    expect(session.getSnapshot().status).toBe("reconnecting");
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(4);

    // Back: the server welcomes it; the old connection is closed and the call waits for the peer, then is made afresh.
    const back = FakeSocket.latest();
    expect(back.url).toBe("ws://room/socket");
    back.open();
    back.receive(welcome(true));
    expect(pc.connectionState).toBe("closed");
    expect(session.getSnapshot().status).toBe("waiting");
    back.receive({ type: "peer-joined" });
    expect(session.getSnapshot().status).toBe("connecting");
    const fresh = FakePeer.latest();
    expect(fresh).not.toBe(pc);
    expect(sentOf(back, "media")).toEqual([{ type: "media", media: { audio: true, video: true, screen: false } }]);
    fresh.become("connected");
    expect(session.getSnapshot().status).toBe("connected");

    // A welcome starts the delays over: the next drop is retried after the first delay again.
    back.drop(1006);
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(5);
    session.leave();
  });

  it("the delays stop growing at 5 s, and the retries go on while the network is down", () => {
    const { session } = inCall();
    const delays = [500, 1000, 2000, 4000, 5000, 5000, 5000];
    for (const [i, delay] of delays.entries()) {
      FakeSocket.latest().drop(1006);
      vi.advanceTimersByTime(delay - 1);
      expect(FakeSocket.all, `try ${i + 1}`).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all, `try ${i + 1}`).toHaveLength(i + 2);
    }
    expect(session.getSnapshot().status).toBe("reconnecting");
    session.leave();
  });

  it("does not try again after a final close: replaced, refused, the room closed, or Leave", () => {
    const cases = [
      [SOCKET_CLOSE.replaced, "replaced"],
      [SOCKET_CLOSE.notFound, "refused"],
      [SOCKET_CLOSE.notSignedIn, "refused"],
      [SOCKET_CLOSE.notOpen, "closed"],
      [SOCKET_CLOSE.normal, "closed"],
    ] as const;
    for (const [code, reason] of cases) {
      installFakes();
      const { session, socket, pc } = inCall();
      socket.drop(code);
      expect(session.getSnapshot(), String(code)).toMatchObject({ status: "ended", ended: reason, remoteStream: null });
      expect(pc.connectionState).toBe("closed");
      vi.advanceTimersByTime(30_000);
      expect(FakeSocket.all, String(code)).toHaveLength(1);
    }

    installFakes();
    const { session, socket } = inCall();
    session.leave();
    expect(sentOf(socket, "leave")).toHaveLength(1);
    expect(socket.closedWith).toBe(SOCKET_CLOSE.normal);
    expect(session.getSnapshot()).toMatchObject({ status: "ended", ended: "left" });
    vi.advanceTimersByTime(30_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("restarts ICE at once when the link fails, and after 2.5 s of 'disconnected' unless it comes back", () => {
    const { session, pc } = inCall();
    pc.become("failed");
    expect(session.getSnapshot().status).toBe("reconnecting");
    expect(pc.restarts).toBe(1);
    pc.become("connected");
    expect(session.getSnapshot().status).toBe("connected");

    // A short blip that heals by itself needs no restart.
    pc.become("disconnected");
    expect(session.getSnapshot().status).toBe("reconnecting");
    vi.advanceTimersByTime(1000);
    pc.become("connected");
    vi.advanceTimersByTime(5000);
    expect(pc.restarts).toBe(1);

    pc.become("disconnected");
    vi.advanceTimersByTime(2499);
    expect(pc.restarts).toBe(1);
    vi.advanceTimersByTime(1);
    expect(pc.restarts).toBe(2);
    session.leave();
  });

  it("the peer leaving (its reload) closes the connection and waits; its return makes a new one", () => {
    const { session, socket, pc } = inCall();
    socket.receive({ type: "peer-left" });
    expect(session.getSnapshot()).toMatchObject({ status: "waiting", remoteStream: null });
    expect(pc.connectionState).toBe("closed");
    socket.receive({ type: "peer-joined" });
    expect(FakePeer.all).toHaveLength(2);
    expect(session.getSnapshot().status).toBe("connecting");
    session.leave();
  });
});

describe("CallSession: camera, microphone and screen", () => {
  it("mutes and turns the camera off and on by switching the tracks, and tells the other side each time", () => {
    const { stream, audio, video } = cameraAndMicrophone();
    const { session, socket } = inCall(stream);
    session.setMedia({ audio: true, video: false, screen: false });
    expect(video.enabled).toBe(false);
    expect(audio.enabled).toBe(true);
    session.setMedia({ audio: false, video: false, screen: false });
    expect(audio.enabled).toBe(false);
    session.setMedia({ audio: true, video: true, screen: false });
    expect(video.enabled).toBe(true);
    expect(audio.enabled).toBe(true);
    expect(sentOf(socket, "media").slice(1)).toEqual([
      { type: "media", media: { audio: true, video: false, screen: false } },
      { type: "media", media: { audio: false, video: false, screen: false } },
      { type: "media", media: { audio: true, video: true, screen: false } },
    ]);
    // A reconnection tells the new peer the current state, not the one at Join.
    session.setMedia({ audio: false, video: true, screen: false });
    socket.receive({ type: "peer-left" });
    socket.receive({ type: "peer-joined" });
    expect(sentOf(socket, "media").at(-1)).toEqual({ type: "media", media: { audio: false, video: true, screen: false } });
    session.leave();
  });

  it("shares a screen by replacing the camera's track on the same sender, with no new offer, and puts the camera back", async () => {
    const { stream, video } = cameraAndMicrophone();
    const { session, socket, pc } = inCall(stream);
    const sender = pc.senders.find((s) => s.track?.kind === "video");
    expect(sender?.track).toBe(video);
    const offersBefore = pc.offersMade;
    const screen = new FakeTrack("video");

    await session.replaceVideo(screen as unknown as MediaStreamTrack);
    expect(sender?.track).toBe(screen);
    await session.replaceVideo(null);
    expect(sender?.track).toBe(video);
    expect(sender?.replaced).toEqual([screen, video]);
    // No renegotiation: no new offer, no description sent, the same connection.
    expect(pc.offersMade).toBe(offersBefore);
    expect(sentOf(socket, "description")).toEqual([]);
    expect(FakePeer.all).toEqual([pc]);
    session.leave();
  });

  it("without a camera, a screen still goes out on the video sender kept for it; without a microphone, one still hears", async () => {
    const { session, pc } = inCall(new FakeStream([]) as unknown as MediaStream);
    expect(pc.transceivers.map((t) => [t.kind, t.direction])).toEqual([
      ["audio", "recvonly"],
      ["video", "sendrecv"],
    ]);
    const screen = new FakeTrack("video");
    await session.replaceVideo(screen as unknown as MediaStreamTrack);
    expect(pc.transceivers[1]?.sender.track).toBe(screen);
    await session.replaceVideo(null);
    expect(pc.transceivers[1]?.sender.track).toBeNull();
    session.leave();
  });
});

describe("CallSession: candidates and their description", () => {
  it("keeps an ICE candidate that arrives before the other side's offer, and adds it once the offer is set", async () => {
    const session = new CallSession("ws://room/socket", cameraAndMicrophone().stream);
    session.start();
    const socket = FakeSocket.latest();
    socket.open();
    socket.receive(welcome(true));
    socket.receive({ type: "peer-joined" });
    const pc = FakePeer.latest();
    const early = {
      candidate: "candidate:1 1 udp 1 192.0.2.1 5000 typ host",
      sdpMid: "0",
      sdpMLineIndex: 0,
      usernameFragment: null,
    };
    socket.receive({ type: "candidate", candidate: early });
    await vi.advanceTimersByTimeAsync(0);
    expect(pc.candidates).toEqual([]);

    socket.receive({ type: "description", description: { type: "offer", sdp: "v=0\r\n" } });
    socket.receive({ type: "candidate", candidate: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(pc.remoteDescription).toEqual({ type: "offer", sdp: "v=0\r\n" });
    expect(pc.candidates).toEqual([early, null]);
    expect(sentOf(socket, "description")).toHaveLength(1);
    session.leave();
  });

  it("makes its offer when the browser never asked for one, sends an unanswered offer again, and stops once connected", async () => {
    const session = new CallSession("ws://room/socket", cameraAndMicrophone().stream);
    session.start();
    const socket = FakeSocket.latest();
    socket.open();
    socket.receive(welcome(false));
    socket.receive({ type: "peer-joined" });
    const pc = FakePeer.latest();
    // No negotiation started, no description came: after 4 s this side makes its offer.
    await vi.advanceTimersByTimeAsync(3999);
    expect(sentOf(socket, "description")).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(pc.offersMade).toBe(1);
    expect(sentOf(socket, "description")).toHaveLength(1);
    // The offer got no answer (lost on the way): it goes again, the same one.
    pc.signalingState = "have-local-offer";
    await vi.advanceTimersByTimeAsync(4000);
    expect(sentOf(socket, "description")).toHaveLength(2);
    expect(pc.offersMade).toBe(1);
    // Connected: nothing more.
    pc.become("connected");
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sentOf(socket, "description")).toHaveLength(2);
    session.leave();
  });
});

describe("CallSession: a weak link", () => {
  const videoSender = (pc: FakePeer) => {
    const sender = pc.senders.find((s) => s.track?.kind === "video");
    if (!sender) throw new Error("no video sender");
    return sender;
  };

  it("reads the statistics every second and steps the video down, then to audio by itself, telling the other side", async () => {
    const { session, socket, pc } = inCall();
    let link: "good" | "weak" = "weak";
    pc.stats = linkStats(() => link);
    await vi.advanceTimersByTimeAsync(5000);
    expect(session.getSnapshot().link).toEqual({ level: "reduced", reason: null, offer: false });
    expect(videoSender(pc).encodings).toEqual([{ active: true, maxBitrate: 150_000, scaleResolutionDownBy: 2 }]);
    await vi.advanceTimersByTimeAsync(4000);
    expect(session.getSnapshot().link.offer).toBe(true);
    await vi.advanceTimersByTimeAsync(6000);
    expect(session.getSnapshot().link).toEqual({ level: "audio", reason: "weak", offer: false });
    expect(videoSender(pc).encodings).toEqual([{ active: false, scaleResolutionDownBy: 1 }]);
    expect(sentOf(socket, "media").at(-1)).toEqual({
      type: "media",
      media: { audio: true, video: true, screen: false, audioOnly: "weak" },
    });
    // The audio kept flowing: the round trip and loss shown are still read.
    expect(session.getSnapshot().roundTripMs).toBe(600);

    // The other side reloads: its new connection sends no video from the start either.
    socket.receive({ type: "peer-left" });
    socket.receive({ type: "peer-joined" });
    const next = FakePeer.latest();
    expect(next).not.toBe(pc);
    await vi.advanceTimersByTimeAsync(0);
    expect(videoSender(next).encodings).toEqual([{ active: false, scaleResolutionDownBy: 1 }]);
    expect(sentOf(socket, "media").at(-1)).toMatchObject({ media: { audioOnly: "weak" } });

    // The link recovers for 10 s: reduced video; 10 s more: full video, and the other side is told.
    next.become("connected");
    next.stats = linkStats(() => link);
    link = "good";
    await vi.advanceTimersByTimeAsync(13_000);
    expect(session.getSnapshot().link.level).toBe("reduced");
    expect(videoSender(next).encodings).toEqual([{ active: true, maxBitrate: 150_000, scaleResolutionDownBy: 2 }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(session.getSnapshot().link.level).toBe("good");
    expect(videoSender(next).encodings).toEqual([{ active: true, scaleResolutionDownBy: 1 }]);
    expect(sentOf(socket, "media").at(-1)).toEqual({ type: "media", media: { audio: true, video: true, screen: false } });
    session.leave();
  });

  it("Data saver: the video is never sent from the first packet until Turn video on; without a camera it is moot", async () => {
    const session = new CallSession("ws://room/socket", cameraAndMicrophone().stream, { dataSaver: true });
    session.start();
    const socket = FakeSocket.latest();
    socket.open();
    socket.receive(welcome(true));
    socket.receive({ type: "peer-joined" });
    const pc = FakePeer.latest();
    await vi.advanceTimersByTimeAsync(0);
    expect(videoSender(pc).encodings).toEqual([{ active: false, scaleResolutionDownBy: 1 }]);
    expect(sentOf(socket, "media")).toEqual([
      { type: "media", media: { audio: true, video: true, screen: false, audioOnly: "saver" } },
    ]);
    pc.become("connected");
    pc.stats = linkStats(() => "good");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(session.getSnapshot().link).toEqual({ level: "audio", reason: "saver", offer: false });
    session.turnVideoOn();
    await vi.advanceTimersByTimeAsync(0);
    expect(videoSender(pc).encodings).toEqual([{ active: true, scaleResolutionDownBy: 1 }]);
    expect(sentOf(socket, "media").at(-1)).toEqual({ type: "media", media: { audio: true, video: true, screen: false } });
    session.leave();

    const microphoneOnly = new CallSession(
      "ws://room/socket",
      new FakeStream([new FakeTrack("audio")]) as unknown as MediaStream,
      {
        dataSaver: true,
      },
    );
    expect(microphoneOnly.getSnapshot().link.level).toBe("good");
  });
});
