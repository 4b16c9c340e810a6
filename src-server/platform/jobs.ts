import { createHash } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { PgBoss, fromPglite, type ConstructorOptions, type Db as IDatabase, type Job } from "pg-boss";
import { runText, type Database, type Queryable } from "../../db/client";
import type { Clock } from "./clock";
import { metrics } from "./metrics";

/**
 * Durable jobs on the application's own database (pg-boss): every deferred, scheduled or retried side effect.
 * A job is stored before it runs, so it survives restarts; retries back off; a job sent with a key exists once
 * however often it is sent; periodic work runs once across all instances.
 */
export interface JobOptions {
  /** When the job is due, by the app's clock; at once when missing. */
  at?: Date;
  /** One job per key and queue: sending the same key again while it is stored adds nothing. */
  key?: string;
  /** Store the job in this open transaction, so it exists exactly when the transaction commits. */
  tx?: Queryable;
}

export interface JobDefinition<T extends object> {
  name: string;
  run(data: T): Promise<void>;
  /** Attempts after the first, with exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A cron expression (UTC): the queue also gets one job at every tick, across all instances. */
  every?: string;
}

export interface JobLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobQueue {
  define<T extends object>(definition: JobDefinition<T>): void;
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<void>;
  /**
   * Several jobs of one queue stored in one statement (as `send` each, with its own `at` and `key`): in a transaction,
   * one statement where each `send` is one, and pg-boss's insert is among the heaviest a purchase runs.
   */
  sendMany<T extends object>(
    name: string,
    jobs: { data: T; at?: Date; key?: string }[],
    options?: Pick<JobOptions, "tx">,
  ): Promise<void>;
  /** Withdraws a keyed job that has not run yet; nothing happens when there is none. */
  cancel(name: string, key: string): Promise<void>;
  /** Creates the queues and schedules; with `work`, this process also runs jobs as they fall due. */
  start(options: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
  /**
   * Runs now every job due by the app's clock (tests, scripts): the way a test's fake clock reaches jobs.
   * Returns how many ran; failures count too and stay queued for their retry.
   */
  runDue(options?: { retries?: boolean; periodic?: boolean }): Promise<number>;
}

/** Where pg-boss keeps its tables: the embedded database's one connection, or its own pool on PostgreSQL. */
export type JobDatabase = { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };

export function jobDatabaseOf(database: Database): JobDatabase {
  if (database.pglite) return { kind: "pglite", client: database.pglite };
  if (!database.url) throw new Error("A PostgreSQL database needs its URL for the job queue");
  return { kind: "postgres", url: database.url };
}

const DUE_AT = "__dueAt";

/** pg-boss's statements in the caller's transaction, as text to its driver (pg-boss's drizzle adapter rebuilds each). */
function inTransaction(tx: Queryable): IDatabase {
  return { executeSql: async (text, values) => ({ rows: await runText(tx, text, values) }) };
}

/** A stable job id for a key: pg-boss ids are UUIDs, and one id can be stored only once. */
export function jobIdFor(name: string, key: string): string {
  const h = createHash("sha256").update(`${name}\u0000${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

function bossOptions(target: JobDatabase, work: boolean): ConstructorOptions {
  const common = { supervise: work, schedule: work, migrate: true, persistWarnings: false } as const;
  return target.kind === "pglite"
    ? { ...common, db: fromPglite(target.client), backend: "pglite" }
    : { ...common, connectionString: target.url, max: 4, application_name: "seer-jobs" };
}

/** Installs (or upgrades) pg-boss's tables, once: the test template and `npm start` call it before serving. */
export async function installJobTables(target: JobDatabase): Promise<void> {
  const boss = new PgBoss(bossOptions(target, false));
  boss.on("error", () => {});
  await boss.start();
  await boss.stop({ graceful: false });
}

export function createJobQueue(target: JobDatabase, clock: Clock, log: JobLogger): JobQueue {
  const definitions = new Map<string, JobDefinition<object>>();
  let boss: PgBoss | null = null;

  const started = (): PgBoss => {
    if (!boss) throw new Error("The job queue is not started");
    return boss;
  };

  const runOne = async (definition: JobDefinition<object>, job: Job<object>): Promise<void> => {
    const { [DUE_AT]: _dueAt, ...data } = job.data as Record<string, unknown>;
    try {
      await definition.run(data);
    } catch (err) {
      log.warn({ err, job: definition.name, id: job.id }, "job failed; it will be retried");
      metrics.jobsFailed.inc({ job: definition.name });
      throw err;
    }
  };

  /** A job as pg-boss stores it: the payload (with its due time), when it may start, and its id for a key. */
  const jobOf = <T extends object>(name: string, data: T, { at, key }: Pick<JobOptions, "at" | "key">) => {
    const delayMs = at ? at.getTime() - clock.now().getTime() : 0;
    return {
      data: { ...data, ...(at ? { [DUE_AT]: at.toISOString() } : {}) },
      ...(delayMs > 0 ? { startAfter: Math.ceil(delayMs / 1000) } : {}),
      ...(key ? { id: jobIdFor(name, key) } : {}),
    };
  };

  return {
    define(definition) {
      if (definitions.has(definition.name)) throw new Error(`Job ${definition.name} is defined twice`);
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    },

    async send(name, data, options = {}) {
      if (!definitions.has(name)) throw new Error(`No job named ${name}`);
      const { data: payload, ...placement } = jobOf(name, data, options);
      await started().send(name, payload, { ...placement, ...(options.tx ? { db: inTransaction(options.tx) } : {}) });
    },

    async sendMany(name, jobs, options = {}) {
      if (!definitions.has(name)) throw new Error(`No job named ${name}`);
      if (jobs.length === 0) return;
      await started().insert(
        name,
        jobs.map(({ data, ...job }) => jobOf(name, data, job)),
        options.tx ? { db: inTransaction(options.tx) } : {},
      );
    },

    async cancel(name, key) {
      const b = started();
      const id = jobIdFor(name, key);
      const job = await b.getJobById(name, id);
      if (job && (job.state === "created" || job.state === "retry")) await b.cancel(name, id);
    },

    async start({ work }) {
      if (boss) return;
      const b = new PgBoss(bossOptions(target, work));
      b.on("error", (err) => log.error({ err }, "job queue error"));
      await b.start();
      // Set before the workers start: a job that sends another job needs the queue.
      boss = b;
      for (const d of definitions.values()) {
        await b.createQueue(d.name, {
          retryLimit: d.retryLimit ?? 5,
          retryDelay: d.retryDelaySeconds ?? 30,
          retryBackoff: true,
          expireInSeconds: 300,
        });
        if (d.every) await b.schedule(d.name, d.every, {}, { tz: "UTC" });
        else await b.unschedule(d.name).catch(() => {});
        if (work) {
          await b.work<object>(d.name, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
            if (job) await runOne(d, job);
          });
        }
      }
    },

    async stop() {
      const b = boss;
      boss = null;
      if (b) await b.stop({ graceful: true, timeout: 10_000 });
    },

    async runDue({ retries = false, periodic = false } = {}) {
      const b = started();
      const now = clock.now().getTime();
      let ran = 0;
      for (const d of definitions.values()) {
        // A test's tick of every schedule at once; in production the schedules' own jobs do this.
        if (periodic && d.every) {
          await d.run({});
          ran++;
        }
        // Jobs due by the app's clock but not yet by the database's are brought forward first.
        for (const job of await b.findJobs<Record<string, unknown>>(d.name, { queued: true })) {
          const dueAt = job.data[DUE_AT];
          const due = (retries && job.state === "retry") || (typeof dueAt === "string" && Date.parse(dueAt) <= now);
          if (due && job.startAfter.getTime() > Date.now())
            await b.update(d.name, undefined, { id: job.id, startAfter: new Date(0) });
        }
        for (;;) {
          const jobs = await b.fetch<object>(d.name, { batchSize: 20 });
          if (jobs.length === 0) break;
          for (const job of jobs) {
            ran++;
            try {
              await runOne(d, job);
              await b.complete(d.name, job.id);
            } catch (err) {
              await b.fail(d.name, job.id, { message: err instanceof Error ? err.message : String(err) });
            }
          }
        }
      }
      return ran;
    },
  };
}
