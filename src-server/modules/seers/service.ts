import type { Db } from "../../../db/client";
import { createSeerDirectory } from "./directory";
import { createSeerProfiles } from "./profiles";

export { listedSeer, type OwnSeer, type PublicSeer } from "./columns";
export type { SeerFilterOptions, SeerPage } from "./directory";

/**
 * The Seers' public reads, one file each: the directory (directory.ts) and a Seer's profile and reviews (profiles.ts).
 * `searchTotalCap`: how far a search counts (tests pass a small one).
 */
export function createSeerService(deps: { db: Db; searchTotalCap?: number }) {
  return { ...createSeerDirectory(deps), ...createSeerProfiles(deps) };
}
