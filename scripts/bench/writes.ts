import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { openDatabase } from "../../db/client";
import { createProduct, createSeer, createUser } from "../../db/seed/factories";
import { buildBaseline } from "../lib/baseline";
import { mintSession } from "../lib/sessions";
import { startApp } from "../lib/serve";

// npm run bench:writes [-- BOOKINGS CHECKOUTS CONNECTIONS] [--against <git ref> [--rounds N]]: confirmed card
// payments per second through the public doors, on PostgreSQL (BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/postgres: a scratch database is made and dropped), the compiled server in
// production mode with the test-mode provider. Each booking is a hold (POST /api/create-payment-intent), the test
// card (payments.confirmTestCard) and the confirmation (POST /api/confirm-booking-payment); each checkout the same
// for an order of one product. Some slots and the last units of a product are wanted by several clients at once. Then
// the database is asked for anomalies: two live bookings in one slot, stock sold beyond what there was, a payment
// applied twice, a confirmed purchase whose payment did not succeed.
// A warm-up round of a tenth as many purchases (other slots, other shoppers) goes first and is not counted: the first
// seconds of a fresh process measure its compiler and each pooled connection's first preparation of each statement,
// not the steady rate a running marketplace has. The clients speak HTTP through node:http with kept-alive
// connections, lighter than fetch: on this machine they share the two cores with the server and PostgreSQL.
// With --against, that commit's build (made in a temporary worktree) and this checkout's run in turns, N rounds
// (default 3), which goes first alternating, each run the whole benchmark in a process of its own; the table puts
// each build's runs side by side. Compare the builds within one such run: these machines drift by a fifth from one
// half hour to the next.
const args = process.argv.slice(2);
const option = (flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const positional = args.filter((a, i) => !a.startsWith("--") && !["--against", "--rounds"].includes(args[i - 1] ?? ""));
const BOOKINGS = Number(positional[0] ?? 3000);
const CHECKOUTS = Number(positional[1] ?? 1500);
const CONNECTIONS = Number(positional[2] ?? 20);

/** This checkout's build and `ref`'s in turns; prints each build's figures side by side. Answers the exit code. */
function compareWith(ref: string, rounds: number): number {
  const baseline = buildBaseline(ref);
  const builds = [
    { name: "this checkout", root: undefined },
    { name: ref, root: baseline.root },
  ];
  /** Per build and purchase, the cells of each run's row: rate, server CPU, PostgreSQL CPU. */
  const runs = new Map<string, string[][]>();
  let failed = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
        const child = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), ...positional], {
          env: { ...process.env, ...(build.root ? { BENCH_APP_ROOT: build.root } : {}) },
          encoding: "utf8",
          stdio: ["ignore", "pipe", "inherit"],
          maxBuffer: 16 * 1024 * 1024,
        });
        // A run that found anomalies (or failed) exits 1: its output is shown whole.
        if (child.status !== 0) {
          failed++;
          console.error(`${build.name}, round ${round + 1}, exited ${child.status}:\n${child.stdout}`);
        }
        for (const line of child.stdout.split("\n")) {
          const cells = line.split("|").map((cell) => cell.trim());
          const purchase = cells[1];
          if (purchase !== "booking" && purchase !== "checkout") continue;
          const key = `${purchase}\u0000${build.name}`;
          runs.set(key, [...(runs.get(key) ?? []), [cells[6] ?? "", cells[7] ?? "", cells[8] ?? ""]]);
        }
        console.error(`round ${round + 1} of ${rounds}: ${build.name} done`);
      }
    }
  } finally {
    baseline.remove();
  }
  console.log(`\n${rounds} rounds in turns, ${CONNECTIONS} clients, ${BOOKINGS} bookings and ${CHECKOUTS} checkouts a run\n`);
  console.log("| purchase | build | confirmed per second | server CPU ms per attempt | PostgreSQL CPU ms per attempt |");
  console.log("| --- | --- | ---: | ---: | ---: |");
  for (const purchase of ["booking", "checkout"]) {
    for (const build of builds) {
      const rows = runs.get(`${purchase}\u0000${build.name}`) ?? [];
      const column = (i: number) => rows.map((row) => row[i]).join(", ");
      console.log(`| ${purchase} | ${build.name} | ${column(0)} | ${column(1)} | ${column(2)} |`);
    }
  }
  if (failed > 0) console.log(`\n${failed} run(s) found anomalies or failed: their output is above.`);
  return failed > 0 ? 1 : 0;
}

const against = option("--against");
if (against !== undefined) {
  const rounds = Number(option("--rounds") ?? 3);
  if (!Number.isInteger(rounds) || rounds < 1) {
    console.error("--rounds takes a whole number of rounds, 1 or more.");
    process.exit(1);
  }
  process.exit(compareWith(against, rounds));
}
const SEERS = 10;
const SECRET = "w".repeat(40);
const base = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `seer_bench_writes_${process.pid}`;
const admin = postgres(base, { max: 1, onnotice: () => {} });
const url = new URL(base);
url.pathname = `/${name}`;

type Job = () => Promise<boolean>;

/**
 * CPU seconds (user and system, all threads) the processes have used so far, from Linux's /proc (clock ticks of
 * 1/100 s); null elsewhere. `which` picks processes by their id or their command name. Seconds of CPU per purchase
 * move less from run to run than purchases per second, which shift with whatever else the two cores are doing.
 */
function cpuSeconds(which: (pid: string, command: string) => boolean): number | null {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let ticks = 0;
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    if (!which(pid, command)) continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

interface Round {
  ok: number;
  failed: number;
  seconds: number;
  /** CPU seconds the server(s) and PostgreSQL (every backend on the machine) used during the round; null off Linux. */
  serverCpu: number | null;
  postgresCpu: number | null;
}

/** Runs the jobs with at most `connections` at a time; answers how many succeeded, how long it took, what CPU. */
async function run(jobs: Job[], connections: number, serverPids: number[]): Promise<Round> {
  let next = 0;
  let ok = 0;
  let failed = 0;
  const servers = () => cpuSeconds((pid) => serverPids.includes(Number(pid)));
  const postgresBackends = () => cpuSeconds((_, command) => command === "postgres");
  const [server0, postgres0] = [servers(), postgresBackends()];
  const started = performance.now();
  await Promise.all(
    [...Array(connections).keys()].map(async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (!job) break;
        if (await job().catch(() => false)) ok++;
        else failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [server1, postgres1] = [servers(), postgresBackends()];
  const used = (from: number | null, to: number | null) => (from === null || to === null ? null : to - from);
  return { ok, failed, seconds, serverCpu: used(server0, server1), postgresCpu: used(postgres0, postgres1) };
}

await admin.unsafe(`create database ${name}`);
// BENCH_INSTANCES=N: N instances of the server on the one database (as behind a load balancer), the clients spread
// over them; started one after the other, so that only the first migrates.
const instances = Math.max(1, Number(process.env.BENCH_INSTANCES ?? 1));
// DATABASE_POOL_SIZE, when set, reaches the server(s) with the rest of the environment.
const apps: Awaited<ReturnType<typeof startApp>>[] = [];
for (let i = 0; i < instances; i++) {
  apps.push(
    await startApp(
      { NODE_ENV: "production", DATABASE_URL: url.toString(), SEED_DEMO: "false", SESSION_SECRET: SECRET, LOG_LEVEL: "warn" },
      // BENCH_APP_ROOT: another checkout's build (the baseline of --against).
      { compiled: true, timeoutMs: 120_000, root: process.env.BENCH_APP_ROOT },
    ),
  );
}
const database = await openDatabase({ url: url.toString(), maxConnections: 4 });
try {
  const db = database.db;
  const seers: { id: string }[] = [];
  for (let i = 0; i < SEERS; i++) seers.push(await createSeer(db, { fullName: `Bench Seer ${i}`, timezone: "UTC" }));
  const clients: string[] = [];
  for (let i = 0; i < CONNECTIONS * 2; i++) clients.push(await mintSession(db, (await createUser(db)).id, SECRET));
  // Products: most plentiful, a few with the last units wanted by many.
  const plenty = await createProduct(db, { name: "Bench Beads", price: "12.00", stockQuantity: 1_000_000 });
  const scarce = await createProduct(db, { name: "Bench Last Bowl", price: "30.00", stockQuantity: 5 });

  /** The instance a client's requests go to: always the same one for one client. */
  const baseFor = (client: number) => (apps[client % apps.length] ?? apps[0])?.baseURL ?? "";
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const post = (base: string, path: string, cookie: string, body: unknown) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = request(
        `${base}${path}`,
        {
          method: "POST",
          agent,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), cookie, origin: base },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (part: string) => (text += part));
          response.on("end", () => {
            let answer: Record<string, unknown>;
            try {
              answer = JSON.parse(text) as Record<string, unknown>;
            } catch {
              answer = { error: text };
            }
            resolve({ status: response.statusCode ?? 0, body: answer });
          });
          response.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  const payTestCard = async (base: string, cookie: string, clientSecret: string) => {
    const paid = await post(base, "/trpc/payments.confirmTestCard", cookie, {
      json: { clientSecret, cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
    });
    return paid.status === 200;
  };

  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const times = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00"];
  /** The i-th booking; `first` is the first slot of its round (the warm-up's slots come after the measured ones). */
  const booking = (i: number, contested: boolean, first = 0): Job => {
    // Contested ones: every fifth job aims at one of a few slots that many want.
    const slot = first + (contested ? i % 4 : i);
    const seer = seers[slot % SEERS];
    const date = day(2 + Math.floor(slot / (SEERS * times.length)));
    const time = times[Math.floor(slot / SEERS) % times.length];
    const cookie = clients[i % clients.length] ?? "";
    const base = baseFor(i % clients.length);
    return async () => {
      const held = await post(base, "/api/create-payment-intent", cookie, {
        seerId: seer?.id,
        sessionType: "30min",
        scheduledDate: date,
        scheduledTime: time,
        clientTimezone: "UTC",
        notes: "",
      });
      if (held.status !== 200 || !held.body) return false;
      if (!(await payTestCard(base, cookie, String(held.body.clientSecret)))) return false;
      const confirmed = await post(base, "/api/confirm-booking-payment", cookie, { paymentIntentId: held.body.paymentIntentId });
      return confirmed.status === 200 && confirmed.body?.status === "confirmed";
    };
  };
  // A shopper's new checkout replaces their unpaid one, so each checkout is a shopper of its own.
  const WARM_BOOKINGS = Math.ceil(BOOKINGS / 10);
  const WARM_CHECKOUTS = Math.ceil(CHECKOUTS / 10);
  const shoppers: string[] = [];
  for (let i = 0; i < CHECKOUTS + WARM_CHECKOUTS; i++) shoppers.push(await mintSession(db, (await createUser(db)).id, SECRET));
  /** The i-th checkout; the warm-up's (i at CHECKOUTS and beyond) buy only the plentiful product. */
  const checkout = (i: number): Job => {
    const product = i % 10 === 0 && i < CHECKOUTS ? scarce : plenty;
    const cookie = shoppers[i] ?? "";
    const base = baseFor(i);
    return async () => {
      const added = await post(base, "/trpc/cart.add", cookie, { json: { productId: product.id, quantity: 1 } });
      if (added.status !== 200) return false;
      const total = Number(product.price) + 10;
      const created = await post(base, "/api/create-order-payment", cookie, {
        shippingName: "Bench Buyer",
        shippingEmail: "bench@example.test",
        shippingPhone: "+233 20 000 0000",
        shippingAddress: "1 Bench Road\nAccra",
        shippingMethod: "standard",
        subtotal: product.price,
        shippingCost: "10.00",
        total: total.toFixed(2),
        items: [{ productId: product.id, productName: product.name, quantity: 1, price: product.price }],
      });
      if (created.status !== 200 || !created.body) {
        if (process.env.BENCH_DEBUG) console.log(created.status, JSON.stringify(created.body));
        return false;
      }
      if (!(await payTestCard(base, cookie, String(created.body.clientSecret)))) return false;
      const confirmed = await post(base, "/api/confirm-order-payment", cookie, { paymentIntentId: created.body.paymentIntentId });
      return confirmed.status === 200;
    };
  };

  const bookingJobs = [...Array(BOOKINGS).keys()].map((i) => booking(i, i % 5 === 0));
  const checkoutJobs = [...Array(CHECKOUTS).keys()].map((i) => checkout(i));
  const serverPids = apps.map((app) => app.pid);
  await run(
    [...Array(WARM_BOOKINGS).keys()].map((i) => booking(i, i % 5 === 0, BOOKINGS)),
    CONNECTIONS,
    serverPids,
  );
  await run(
    [...Array(WARM_CHECKOUTS).keys()].map((i) => checkout(CHECKOUTS + i)),
    CONNECTIONS,
    serverPids,
  );
  const b = await run(bookingJobs, CONNECTIONS, serverPids);
  const c = await run(checkoutJobs, CONNECTIONS, serverPids);

  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const [overlaps] = await sql`select count(*)::int as n from bookings a join bookings b on a.seer_id = b.seer_id and a.id < b.id
    and a.status in ('pending', 'confirmed') and b.status in ('pending', 'confirmed') and a.starts_at < b.ends_at and b.starts_at < a.ends_at
    and (a.status = 'confirmed' or a.hold_expires_at > now()) and (b.status = 'confirmed' or b.hold_expires_at > now())`;
  const [oversold] = await sql`select count(*)::int as n from products where stock_quantity < 0`;
  const [scarceSold] =
    await sql`select coalesce(sum((i->>'quantity')::int), 0)::int as n from orders o, jsonb_array_elements(o.items) i
    where o.status = 'paid' and i->>'productId' = ${scarce.id}`;
  const [twice] =
    await sql`select count(*)::int as n from (select payment_intent_id from bookings where payment_intent_id is not null
    group by 1 having count(*) > 1) x`;
  const [unpaid] =
    await sql`select count(*)::int as n from bookings b left join test_payment_intents p on p.id = b.payment_intent_id
    where b.status = 'confirmed' and (p.status is null or p.status <> 'succeeded')`;
  const [ordersUnpaid] =
    await sql`select count(*)::int as n from orders o left join test_payment_intents p on p.id = o.payment_intent_id
    where o.status = 'paid' and (p.status is null or p.status <> 'succeeded')`;
  await sql.end();

  const rate = (n: number, s: number) => (n / s).toFixed(1);
  const pool = process.env.DATABASE_POOL_SIZE ?? "10 (the default)";
  const servers = `${instances === 1 ? "compiled server" : `${instances} instances of the compiled server`}, pool of ${pool}`;
  console.log(`\n${CONNECTIONS} clients at once, ${servers}, PostgreSQL, test-mode payments, after a warm-up of`);
  console.log(`${WARM_BOOKINGS} bookings and ${WARM_CHECKOUTS} checkouts (not counted)\n`);
  /** CPU milliseconds per attempt (a refused one costs too), or a dash where /proc is not there to read. */
  const perAttempt = (cpu: number | null, attempts: number) => (cpu === null ? "-" : ((cpu * 1000) / attempts).toFixed(2));
  const row = (purchase: string, attempts: number, r: Round) =>
    `| ${purchase} | ${attempts} | ${r.ok} | ${r.failed} | ${r.seconds.toFixed(1)} | ${rate(r.ok, r.seconds)} | ` +
    `${perAttempt(r.serverCpu, attempts)} | ${perAttempt(r.postgresCpu, attempts)} |`;
  console.log(
    "| purchase | attempts | confirmed | refused or lost the race | seconds | confirmed per second | server CPU ms per attempt | PostgreSQL CPU ms per attempt |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  console.log(row("booking", BOOKINGS, b));
  console.log(row("checkout", CHECKOUTS, c));
  console.log(`\nAnomalies (each should be 0): two live bookings in one slot ${overlaps?.n}; stock below zero ${oversold?.n};`);
  console.log(`the last 5 bowls sold ${scarceSold?.n} times (at most 5); a payment on two bookings ${twice?.n};`);
  console.log(
    `confirmed bookings whose payment did not succeed ${unpaid?.n}; paid orders whose payment did not succeed ${ordersUnpaid?.n}.`,
  );
  const anomalies =
    (overlaps?.n ?? 0) +
    (oversold?.n ?? 0) +
    (twice?.n ?? 0) +
    (unpaid?.n ?? 0) +
    (ordersUnpaid?.n ?? 0) +
    ((scarceSold?.n ?? 0) > 5 ? 1 : 0);
  if (anomalies > 0) process.exitCode = 1;
} finally {
  await database.close();
  for (const app of apps) await app.stop();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
