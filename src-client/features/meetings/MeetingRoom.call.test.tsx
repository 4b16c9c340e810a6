import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerSignal } from "../../../src/domain/meetings";
import {
  FakePeer,
  FakeSocket,
  FakeStream,
  FakeTrack,
  installFakes,
  linkStats,
  welcome,
  type FakeSender,
} from "../../test/call-fakes";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { signedInClient } from "../../test/users";
import { roomData } from "./testData";

const room = roomData();
const REMEMBERED = "meeting-joined:b-1";

// The chat's autosizing textarea (Mantine) listens for fonts loading; jsdom has no document.fonts.
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", { value: new EventTarget(), configurable: true });
}

/** The browser's camera and microphone API, answering as `getUserMedia` says (and `getDisplayMedia` for a screen). */
function devices(getUserMedia: (constraints: MediaStreamConstraints) => Promise<FakeStream>, display?: FakeStream) {
  const mediaDevices = {
    getUserMedia: vi.fn(getUserMedia),
    getDisplayMedia: vi.fn(() => (display ? Promise.resolve(display) : Promise.reject(new DOMException("", "NotAllowedError")))),
    enumerateDevices: vi.fn(() => Promise.resolve([])),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  Object.defineProperty(navigator, "mediaDevices", { value: mediaDevices, configurable: true });
  return mediaDevices;
}
const refuse = (name: string) => () => Promise.reject(new DOMException("refused", name));

beforeEach(async () => {
  // The previous test's call ends a moment after its page is unmounted (and forgets its Join then).
  await new Promise((resolve) => setTimeout(resolve, 10));
  sessionStorage.clear();
  localStorage.clear();
  installFakes();
  server.use(
    ...trpcHandlers({
      "account.me": () => signedInClient,
      "cart.list": () => [],
      "meetings.room": () => room,
      "meetings.messages": () => [],
    }),
  );
});
afterEach(() => {
  Reflect.deleteProperty(navigator, "mediaDevices");
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const signal = (s: ServerSignal) => act(() => FakeSocket.latest().receive(s));

/** Past Join: the socket opens, the server welcomes the client, and the Seer is there. */
async function meetSeer() {
  await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1), { timeout: 5000 });
  expect(FakeSocket.latest().url).toMatch(/\/api\/meetings\/b-1\/socket$/);
  act(() => FakeSocket.latest().open());
  signal(welcome(true));
  expect(await screen.findByText("Waiting for Ama Serwaa Owusu to join")).toBeInTheDocument();
  signal({ type: "peer-joined" });
  expect(await screen.findByText("Connecting…")).toBeInTheDocument();
  const pc = FakePeer.latest();
  act(() => pc.become("connected"));
  expect(await screen.findByText("Connected")).toBeInTheDocument();
  return pc;
}

describe("before joining, without a camera or microphone", () => {
  it("a refused permission says how to allow it, and Join still joins the call, listening only", async () => {
    const media = devices(refuse("NotAllowedError"));
    renderApp("/meeting/b-1");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Camera or microphone unavailable")).toBeInTheDocument();
    expect(
      within(alert).getByText(
        "Camera and microphone access is blocked for this site. Allow it from the icon beside the address bar (or in your browser's site settings), then choose Try again. You can still join and listen.",
      ),
    ).toBeInTheDocument();
    expect(within(alert).getByText("You will join listening only.")).toBeInTheDocument();
    // A refusal is not asked again and again.
    expect(media.getUserMedia).toHaveBeenCalledTimes(1);

    // Try again asks the browser once more.
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(media.getUserMedia).toHaveBeenCalledTimes(2));

    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    const pc = await meetSeer();
    // Nothing to send, everything to receive.
    expect(pc.senders).toEqual([]);
    expect(pc.transceivers.map((t) => [t.kind, t.direction])).toEqual([
      ["audio", "recvonly"],
      ["video", "sendrecv"],
    ]);
    expect(screen.getByRole("button", { name: "Unmute" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Turn camera on" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Leave" })).toBeEnabled();
  });

  it("no camera: the microphone alone is used, and Join joins with audio only", async () => {
    const microphone = new FakeTrack("audio");
    const media = devices((constraints) =>
      constraints.video
        ? Promise.reject(new DOMException("none", "NotFoundError"))
        : Promise.resolve(new FakeStream([microphone])),
    );
    renderApp("/meeting/b-1");
    const alert = await screen.findByRole("alert");
    expect(
      within(alert).getByText("No camera or microphone was found. Connect one and choose Try again, or join to listen only."),
    ).toBeInTheDocument();
    expect(within(alert).getByText("You will join with audio only.")).toBeInTheDocument();
    expect(media.getUserMedia).toHaveBeenNthCalledWith(1, { audio: true, video: true });
    expect(media.getUserMedia).toHaveBeenNthCalledWith(2, { audio: true });

    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    const pc = await meetSeer();
    expect(pc.senders.map((s) => s.track)).toEqual([microphone]);
    expect(pc.transceivers.map((t) => [t.kind, t.direction])).toEqual([["video", "sendrecv"]]);
    await userEvent.click(screen.getByRole("button", { name: "Mute" }));
    expect(microphone.enabled).toBe(false);
    expect(screen.getByRole("button", { name: "Unmute" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Turn camera on" })).toBeDisabled();
  });

  it("no device at all: says so, and Join joins listening only", async () => {
    devices(refuse("NotFoundError"));
    renderApp("/meeting/b-1");
    const alert = await screen.findByRole("alert");
    expect(
      within(alert).getByText("No camera or microphone was found. Connect one and choose Try again, or join to listen only."),
    ).toBeInTheDocument();
    expect(within(alert).getByText("You will join listening only.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    const pc = await meetSeer();
    expect(pc.senders).toEqual([]);
  });
});

describe("in the call", () => {
  it("turns the camera off and on, and shares the screen in its place without a new offer", async () => {
    const camera = new FakeTrack("video");
    const screenTrack = new FakeTrack("video");
    const media = devices(() => Promise.resolve(new FakeStream([new FakeTrack("audio"), camera])), new FakeStream([screenTrack]));
    renderApp("/meeting/b-1");
    await userEvent.click(await screen.findByRole("button", { name: "Join" }));
    const pc = await meetSeer();
    const socket = FakeSocket.latest();
    const sender = pc.senders.find((s) => s.track === camera);
    expect(sender).toBeDefined();
    const offers = pc.offersMade;

    await userEvent.click(screen.getByRole("button", { name: "Turn camera off" }));
    expect(camera.enabled).toBe(false);
    expect(socket.sent.at(-1)).toEqual({ type: "media", media: { audio: true, video: false, screen: false } });
    await userEvent.click(screen.getByRole("button", { name: "Turn camera on" }));
    expect(camera.enabled).toBe(true);

    await userEvent.click(screen.getByRole("button", { name: "Share screen" }));
    expect(await screen.findByRole("button", { name: "Stop sharing" })).toBeInTheDocument();
    expect(media.getDisplayMedia).toHaveBeenCalledTimes(1);
    expect(sender?.track).toBe(screenTrack);
    expect(socket.sent.at(-1)).toEqual({ type: "media", media: { audio: true, video: true, screen: true } });
    // The browser's own "Stop sharing" ends the track: the camera comes back.
    await act(async () => screenTrack.end());
    expect(await screen.findByRole("button", { name: "Share screen" })).toBeInTheDocument();
    expect(sender?.track).toBe(camera);
    expect(screenTrack.stopped).toBe(true);
    expect(socket.sent.at(-1)).toEqual({ type: "media", media: { audio: true, video: true, screen: false } });
    expect(pc.offersMade).toBe(offers);
    expect(socket.sent.filter((s) => s.type === "description")).toEqual([]);
    expect(FakePeer.all).toEqual([pc]);
  });

  it("shows 'Reconnecting…' while the socket is down, and is back on its own", async () => {
    devices(() => Promise.resolve(new FakeStream([new FakeTrack("audio"), new FakeTrack("video")])));
    renderApp("/meeting/b-1");
    await userEvent.click(await screen.findByRole("button", { name: "Join" }));
    await meetSeer();
    act(() => FakeSocket.latest().drop(1006));
    expect(await screen.findByText("Reconnecting…")).toBeInTheDocument();
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3000 });
    act(() => FakeSocket.latest().open());
    signal(welcome(true));
    expect(await screen.findByText("Waiting for Ama Serwaa Owusu to join")).toBeInTheDocument();
    signal({ type: "peer-joined" });
    act(() => FakePeer.latest().become("connected"));
    expect(await screen.findByText("Connected")).toBeInTheDocument();
  });
});

describe("a reload during the call", () => {
  it("joins again on its own with the devices chosen before, without the device check", async () => {
    sessionStorage.setItem(REMEMBERED, JSON.stringify({ audioId: "mic-2", videoId: "cam-2" }));
    const media = devices(() => Promise.resolve(new FakeStream([new FakeTrack("audio"), new FakeTrack("video")])));
    renderApp("/meeting/b-1");
    await meetSeer();
    expect(media.getUserMedia).toHaveBeenCalledWith({
      audio: { deviceId: { exact: "mic-2" } },
      video: { deviceId: { exact: "cam-2" } },
    });
    expect(screen.queryByRole("button", { name: "Join" })).not.toBeInTheDocument();
  });

  it("falls back to the default devices when the chosen ones are gone", async () => {
    sessionStorage.setItem(REMEMBERED, JSON.stringify({ videoId: "unplugged" }));
    const media = devices((constraints) =>
      typeof constraints.video === "object"
        ? Promise.reject(new DOMException("gone", "OverconstrainedError"))
        : Promise.resolve(new FakeStream([new FakeTrack("audio"), new FakeTrack("video")])),
    );
    renderApp("/meeting/b-1");
    const pc = await meetSeer();
    expect(media.getUserMedia).toHaveBeenLastCalledWith({ audio: true, video: true });
    expect(pc.senders.map((s) => s.track?.kind)).toEqual(["audio", "video"]);
  });

  it("Leave forgets the call: the next visit shows the device check and Join", async () => {
    devices(() => Promise.resolve(new FakeStream([new FakeTrack("audio"), new FakeTrack("video")])));
    const first = renderApp("/meeting/b-1");
    await userEvent.click(await screen.findByRole("button", { name: "Join" }));
    expect(JSON.parse(sessionStorage.getItem(REMEMBERED) ?? "null")).toEqual({});
    await meetSeer();
    await userEvent.click(screen.getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("You left the call.")).toBeInTheDocument();
    expect(sessionStorage.getItem(REMEMBERED)).toBeNull();
    first.unmount();

    renderApp("/meeting/b-1");
    expect(await screen.findByRole("button", { name: "Join" })).toBeInTheDocument();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("a room that refuses or has closed is not joined again on the next visit", async () => {
    devices(() => Promise.resolve(new FakeStream([new FakeTrack("audio"), new FakeTrack("video")])));
    sessionStorage.setItem(REMEMBERED, "{}");
    renderApp("/meeting/b-1");
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1), { timeout: 5000 });
    act(() => FakeSocket.latest().drop(4409));
    expect(await screen.findByText("The session has ended and the room is closed.")).toBeInTheDocument();
    expect(sessionStorage.getItem(REMEMBERED)).toBeNull();
  });
});

describe("a weak link (issue #44)", () => {
  const videoSender = (pc: FakePeer): FakeSender => {
    const sender = pc.senders.find((s) => s.track?.kind === "video");
    if (!sender) throw new Error("no video sender");
    return sender;
  };
  /** The session's statistics are read on an interval: faked (with its clock), the rest of the page runs as ever. */
  const seconds = (n: number) => act(() => vi.advanceTimersByTimeAsync(n * 1000));

  it("lowers the video quietly, then offers audio; Switch to audio switches at once, Turn video back on undoes it", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "performance"] });
    devices(() => Promise.resolve(new FakeStream([new FakeTrack("audio"), new FakeTrack("video")])));
    renderApp("/meeting/b-1");
    await userEvent.click(await screen.findByRole("button", { name: "Join" }));
    const pc = await meetSeer();
    const socket = FakeSocket.latest();
    pc.stats = linkStats(() => "weak");

    await seconds(5);
    expect(screen.getByText("Weak connection: video quality lowered")).toBeInTheDocument();
    expect(videoSender(pc).encodings).toEqual([{ active: true, maxBitrate: 150_000, scaleResolutionDownBy: 2 }]);
    expect(screen.queryByText("Weak connection. Switch to audio?")).not.toBeInTheDocument();

    await seconds(4);
    const offer = screen.getByRole("alert");
    expect(within(offer).getByText("Weak connection. Switch to audio?")).toBeInTheDocument();
    await userEvent.click(within(offer).getByRole("button", { name: "Switch to audio" }));
    expect(await screen.findByText("Weak connection: switched to audio")).toBeInTheDocument();
    expect(screen.queryByText("Weak connection. Switch to audio?")).not.toBeInTheDocument();
    expect(videoSender(pc).encodings).toEqual([{ active: false, scaleResolutionDownBy: 1 }]);
    expect(socket.sent.at(-1)).toEqual({ type: "media", media: { audio: true, video: true, screen: false, audioOnly: "weak" } });

    await userEvent.click(screen.getByRole("button", { name: "Turn video back on" }));
    expect(screen.queryByText("Weak connection: switched to audio")).not.toBeInTheDocument();
    expect(videoSender(pc).encodings).toEqual([{ active: true, scaleResolutionDownBy: 1 }]);
    expect(socket.sent.at(-1)).toEqual({ type: "media", media: { audio: true, video: true, screen: false } });
  });

  it("switches to audio by itself when nothing is chosen and the link stays weak; Keep video keeps it", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "performance"] });
    devices(() => Promise.resolve(new FakeStream([new FakeTrack("audio"), new FakeTrack("video")])));
    renderApp("/meeting/b-1");
    await userEvent.click(await screen.findByRole("button", { name: "Join" }));
    const pc = await meetSeer();
    pc.stats = linkStats(() => "weak");
    await seconds(9);
    expect(screen.getByText("Weak connection. Switch to audio?")).toBeInTheDocument();
    await seconds(6);
    expect(screen.getByText("Weak connection: switched to audio")).toBeInTheDocument();
    expect(videoSender(pc).encodings[0]?.active).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Turn video back on" }));
    // Turned back on by the person: lowered again, offered never again by itself while the link stays weak.
    await seconds(30);
    expect(screen.getByText("Weak connection: video quality lowered")).toBeInTheDocument();
    expect(screen.queryByText("Weak connection. Switch to audio?")).not.toBeInTheDocument();
    expect(videoSender(pc).encodings[0]?.active).toBe(true);
  });

  it("Keep video withdraws the offer and the video stays", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "performance"] });
    devices(() => Promise.resolve(new FakeStream([new FakeTrack("audio"), new FakeTrack("video")])));
    renderApp("/meeting/b-1");
    await userEvent.click(await screen.findByRole("button", { name: "Join" }));
    const pc = await meetSeer();
    pc.stats = linkStats(() => "weak");
    await seconds(9);
    await userEvent.click(screen.getByRole("button", { name: "Keep video" }));
    await seconds(30);
    expect(screen.queryByText("Weak connection. Switch to audio?")).not.toBeInTheDocument();
    expect(screen.queryByText("Weak connection: switched to audio")).not.toBeInTheDocument();
    expect(videoSender(pc).encodings[0]?.active).toBe(true);
  });

  it("shows why the other side's video stopped", async () => {
    devices(() => Promise.resolve(new FakeStream([new FakeTrack("audio"), new FakeTrack("video")])));
    renderApp("/meeting/b-1");
    await userEvent.click(await screen.findByRole("button", { name: "Join" }));
    const pc = await meetSeer();
    act(() => pc.ontrack?.({ track: new FakeTrack("audio") }));
    signal({ type: "media", media: { audio: true, video: true, screen: false, audioOnly: "weak" } });
    expect(await screen.findByText("Ama Serwaa Owusu has a weak connection: audio only")).toBeInTheDocument();
    signal({ type: "media", media: { audio: true, video: true, screen: false, audioOnly: "saver" } });
    expect(await screen.findByText("Ama Serwaa Owusu is using Data saver: audio only")).toBeInTheDocument();
    signal({ type: "media", media: { audio: true, video: true, screen: false } });
    await vi.waitFor(() => expect(screen.queryByTestId("peer-video-note")).not.toBeInTheDocument());
  });

  it("Data saver, switched on before joining, is remembered and starts the call without sending video", async () => {
    devices(() => Promise.resolve(new FakeStream([new FakeTrack("audio"), new FakeTrack("video")])));
    const first = renderApp("/meeting/b-1");
    const saver = await screen.findByRole("switch", { name: "Data saver" });
    expect(saver).not.toBeChecked();
    expect(saver).toHaveAccessibleDescription("Start calls with audio only. You can turn video on during the call.");
    await userEvent.click(saver);
    expect(saver).toBeChecked();
    expect(localStorage.getItem("meeting-data-saver")).toBe("on");
    first.unmount();

    renderApp("/meeting/b-1");
    expect(await screen.findByRole("switch", { name: "Data saver" })).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Join" }));
    const pc = await meetSeer();
    expect(videoSender(pc).encodings).toEqual([{ active: false, scaleResolutionDownBy: 1 }]);
    expect(screen.getByText("Data saver: audio only")).toBeInTheDocument();
    expect(FakeSocket.latest().sent.filter((s) => s.type === "media")).toEqual([
      { type: "media", media: { audio: true, video: true, screen: false, audioOnly: "saver" } },
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Turn video on" }));
    expect(screen.queryByText("Data saver: audio only")).not.toBeInTheDocument();
    expect(videoSender(pc).encodings).toEqual([{ active: true, scaleResolutionDownBy: 1 }]);
  });
});
