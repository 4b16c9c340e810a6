import { readFileSync } from "node:fs";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { chromium, type Page } from "playwright-core";
import WebSocket from "ws";
import type { Db } from "../../db/client";
import { migrate } from "../../db/migrate";
import { createBooking, createSeer, createUser } from "../../db/seed/factories";
import type { ServerSignal } from "../../src/domain/meetings";
import { CHROMIUM_ARGS, CHROMIUM_PATH, startApp } from "../lib/serve";
import { mintSession } from "../lib/sessions";

// npm run bench:meeting [-- ROOMS SECONDS RUNS]: the meeting room's two figures (issue #13), on PostgreSQL
// (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres: a scratch database is made and dropped):
// 1. Signaling load: ROOMS rooms (2 x ROOMS sockets) each sending a message a second for SECONDS through the app
//    (relayed through LISTEN/NOTIFY): relay latency p50/p99/max, sockets dropped, server memory before and after.
//    Goal: p99 at most 20 ms at 500 rooms for 60 s, no socket dropped.
// 2. Join to first frame: in Chromium with fake cameras, from the second party's Join to the first decoded remote
//    frame, RUNS times: median and worst. Goal: median at most 1.5 s. Needs a built client (`npm run build`).
const ROOMS = Number(process.argv[2] ?? 500);
const SECONDS = Number(process.argv[3] ?? 60);
const RUNS = Number(process.argv[4] ?? 10);
const SECRET = "m".repeat(40);

const base = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `seer_bench_meeting_${process.pid}`;
const admin = postgres(base, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = `${base.slice(0, base.lastIndexOf("/"))}/${name}`;
const client = postgres(url, { max: 10, onnotice: () => {} });
const db = drizzle({ client }) as unknown as Db;

const rss = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : 0;
};
/** One markdown table, as the README shows it. */
function printTable(row: Record<string, string | number>): void {
  console.log(`| ${Object.keys(row).join(" | ")} |`);
  console.log(
    `| ${Object.keys(row)
      .map(() => "---:")
      .join(" | ")} |`,
  );
  console.log(`| ${Object.values(row).join(" | ")} |`);
}
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const sessionFor = (userId: string) => mintSession(db, userId, SECRET);

try {
  await migrate(db);
  // Every room is a Seer of its own (a Seer's sessions never overlap) and one client, all happening now.
  const person = await createUser(db, { email: "bench-client@example.com", firstName: "Bench", lastName: "Client" });
  const startsAt = new Date(Date.now() - 5 * 60_000);
  const rooms: { bookingId: string; seerCookie: string }[] = [];
  for (let i = 0; i < Math.max(ROOMS, 1); i++) {
    const user = await createUser(db, { role: "seer", email: `bench-seer-${i}@example.com` });
    const seer = await createSeer(db, { userId: user.id, fullName: `Bench Seer ${i}` });
    const booking = await createBooking(db, {
      clientId: person.id,
      seerId: seer.id,
      status: "confirmed",
      sessionType: "60min",
      scheduledDate: startsAt.toISOString().slice(0, 10),
      scheduledTime: startsAt.toISOString().slice(11, 16),
      startsAt,
    });
    rooms.push({ bookingId: booking.id, seerCookie: await sessionFor(user.id) });
  }
  const clientCookie = await sessionFor(person.id);

  const app = await startApp(
    {
      NODE_ENV: "production",
      DATABASE_URL: url,
      SEED_DEMO: "false",
      SESSION_SECRET: SECRET,
      LOG_LEVEL: "warn",
    },
    { compiled: true },
  );
  const host = app.baseURL.replace(/^http:\/\//, "");
  try {
    // 1. Signaling load.
    const memoryBefore = rss(app.pid);
    const latencies: number[] = [];
    let dropped = 0;
    let sent = 0;
    let stopping = false;
    const sockets: WebSocket[] = [];
    const open = (bookingId: string, cookie: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`ws://${host}/api/meetings/${bookingId}/socket`, { headers: { origin: app.baseURL, cookie } });
        ws.on("message", (data: Buffer) => {
          const signal = JSON.parse(data.toString("utf8")) as ServerSignal;
          if (signal.type === "welcome") resolve(ws);
          if (signal.type === "candidate" && signal.candidate)
            latencies.push(Date.now() - Number(signal.candidate.candidate.split(" ")[1]));
        });
        ws.on("close", () => {
          if (!stopping) dropped++;
        });
        ws.on("error", reject);
      });
    for (const room of rooms.slice(0, ROOMS)) {
      sockets.push(await open(room.bookingId, clientCookie), await open(room.bookingId, room.seerCookie));
    }
    const memoryConnected = rss(app.pid);
    const started = Date.now();
    // Each socket sends once a second, spread evenly over the second.
    const timers = sockets.map((ws, i) =>
      setTimeout(
        () => {
          const tick = () => {
            if (ws.readyState !== WebSocket.OPEN) return;
            ws.send(
              JSON.stringify({
                type: "candidate",
                candidate: { candidate: `bench ${Date.now()}`, sdpMid: "0", sdpMLineIndex: 0 },
              }),
            );
            sent++;
          };
          tick();
          timers[i] = setInterval(tick, 1000);
        },
        (i * 1000) / sockets.length,
      ),
    );
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    timers.forEach((t) => clearInterval(t));
    await new Promise((r) => setTimeout(r, 1000));
    const memoryAfter = rss(app.pid);
    stopping = true;
    sockets.forEach((ws) => ws.close());
    latencies.sort((a, b) => a - b);
    console.log(`\nSignaling: ${ROOMS} rooms (${sockets.length} sockets), a message a second each for ${SECONDS} s`);
    printTable({
      sent,
      relayed: latencies.length,
      "per s": Math.round(latencies.length / ((Date.now() - started) / 1000)),
      "p50 ms": percentile(latencies, 50),
      "p99 ms": percentile(latencies, 99),
      "max ms": latencies[latencies.length - 1] ?? 0,
      dropped,
      "server MB before": memoryBefore,
      connected: memoryConnected,
      after: memoryAfter,
    });

    // 2. Join to first frame, in Chromium with fake cameras.
    if (RUNS > 0) {
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
      });
      const [first] = rooms;
      if (!first) throw new Error("no room");
      const cookieOf = (header: string) => {
        const value = decodeURIComponent(header.slice("seer_session=".length));
        return [{ name: "seer_session", value, url: app.baseURL }];
      };
      const contextFor = async (cookie: string) => {
        const context = await browser.newContext({ baseURL: app.baseURL });
        await context.addCookies(cookieOf(cookie));
        await context.addInitScript(() => {
          const Original = window.RTCPeerConnection;
          const seen: RTCPeerConnection[] = [];
          (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = seen;
          window.RTCPeerConnection = class extends Original {
            constructor(config?: RTCConfiguration) {
              super(config);
              seen.push(this);
            }
          };
        });
        return context.newPage();
      };
      const ready = async (page: Page) => {
        await page.goto(`/meeting/${first.bookingId}`);
        await page.getByRole("button", { name: "Join" }).waitFor();
        await page.waitForFunction(() => !document.querySelector("button[disabled]")?.textContent?.includes("Join"));
      };
      const waiting = await contextFor(clientCookie);
      await ready(waiting);
      await waiting.getByRole("button", { name: "Join" }).click();
      const joiner = await contextFor(first.seerCookie);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        await ready(joiner);
        const ms = await joiner.evaluate(async () => {
          const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Join");
          if (!button) throw new Error("no Join button");
          const t0 = performance.now();
          button.click();
          const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
          for (;;) {
            // The newest connection that is still open (a Leave closes the previous run's).
            const pc = pcs.findLast((c) => c.connectionState !== "closed");
            if (pc) {
              let frames = 0;
              (await pc.getStats()).forEach((s: RTCStats) => {
                const r = s as RTCInboundRtpStreamStats;
                if (s.type === "inbound-rtp" && r.kind === "video") frames += r.framesDecoded ?? 0;
              });
              if (frames > 0) return performance.now() - t0;
            }
            if (performance.now() - t0 > 15_000) return -1;
            await new Promise((r) => setTimeout(r, 10));
          }
        });
        times.push(ms);
        await joiner.getByRole("button", { name: "Leave" }).click();
      }
      await browser.close();
      const ok = times.filter((t) => t >= 0).sort((a, b) => a - b);
      console.log(`\nJoin to first decoded remote frame, ${RUNS} runs (Chromium, fake cameras, one machine)`);
      printTable({
        "median ms": Math.round(percentile(ok, 50)),
        "worst ms": Math.round(ok[ok.length - 1] ?? 0),
        "best ms": Math.round(ok[0] ?? 0),
        failed: times.length - ok.length,
      });
    }
  } finally {
    await app.stop();
  }
} finally {
  await client.end({ timeout: 2 });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end({ timeout: 2 });
}
