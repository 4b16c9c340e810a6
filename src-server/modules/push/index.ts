import { createPushNotifier, type PushSender } from "../../platform/push";
import type { Db } from "../../../db/client";
import type { JobQueue } from "../../platform/jobs";
import { devices, subscribe, unsubscribe, type PushDeps } from "./devices";

export { pushRouter } from "./router";

/**
 * Web push (issue #44): the devices people opt in from, and the notifier other modules are given (modules/index.ts),
 * which sends each notification to each device as a job of its own.
 */
export function createPushService({ db, jobs, sender }: { db: Db; jobs: JobQueue; sender: PushSender }) {
  const deps: PushDeps = { db, sender };
  return {
    publicKey: sender.publicKey,
    notifier: createPushNotifier({ db, jobs, sender }),
    subscribe: (...args: Parameters<typeof subscribe> extends [PushDeps, ...infer R] ? R : never) => subscribe(deps, ...args),
    devices: (...args: Parameters<typeof devices> extends [PushDeps, ...infer R] ? R : never) => devices(deps, ...args),
    unsubscribe: (...args: Parameters<typeof unsubscribe> extends [PushDeps, ...infer R] ? R : never) => unsubscribe(deps, ...args),
  };
}
