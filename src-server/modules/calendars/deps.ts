import type { Db } from "../../../db/client";
import type { Clock } from "../../platform/clock";
import type { CalendarConfig, Config } from "../../platform/config";
import type { JobQueue } from "../../platform/jobs";

/** What every calendars operation is given, built once by `createCalendarService` (index.ts). */
export interface CalendarDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  config: Pick<Config, "publicUrl">;
  calendars: CalendarConfig;
  log?: { warn(obj: object, msg: string): void };
}
