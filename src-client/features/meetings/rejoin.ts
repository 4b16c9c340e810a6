/**
 * A call joined in this tab comes back on its own after a reload (docs/product.md#meeting-room): the Join is
 * remembered per booking in sessionStorage (this tab only, gone with it) with the devices chosen, and forgotten on
 * Leave, when the call ends otherwise, or when the page is left inside the app.
 */
export interface ChosenDevices {
  audioId?: string;
  videoId?: string;
}

const key = (bookingId: string) => `meeting-joined:${bookingId}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage blocked by the browser's settings: no automatic rejoin, the Join button still works.
    return null;
  }
}

export function rememberJoin(bookingId: string, devices: ChosenDevices): void {
  try {
    storage()?.setItem(key(bookingId), JSON.stringify(devices));
  } catch {
    // Full or blocked: the call goes on, only the automatic rejoin is lost.
  }
}

export function forgetJoin(bookingId: string): void {
  storage()?.removeItem(key(bookingId));
}

/** The devices of this tab's earlier Join of the booking's call, or null when it was not joined (or was left). */
export function joinedBefore(bookingId: string): ChosenDevices | null {
  const raw = storage()?.getItem(key(bookingId));
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return {};
    const { audioId, videoId } = value as Record<string, unknown>;
    return {
      audioId: typeof audioId === "string" ? audioId : undefined,
      videoId: typeof videoId === "string" ? videoId : undefined,
    };
  } catch {
    return {};
  }
}

/**
 * `Data saver` (issue #44): calls start audio-first, remembered on this device (localStorage) for every call until
 * it is switched off.
 */
const DATA_SAVER_KEY = "meeting-data-saver";

export function dataSaverOn(): boolean {
  try {
    return typeof window !== "undefined" && window.localStorage.getItem(DATA_SAVER_KEY) === "on";
  } catch {
    return false;
  }
}

export function rememberDataSaver(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(DATA_SAVER_KEY, "on");
    else window.localStorage.removeItem(DATA_SAVER_KEY);
  } catch {
    // Storage refused: the switch holds for this call only.
  }
}
