import { wantedFlag } from "./wanted";

/** A new version of the app is installed and waiting: the layout then shows `New version available: Reload`. */
export const updateWaiting = wantedFlag();
