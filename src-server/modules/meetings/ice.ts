import { createHmac } from "node:crypto";
import type { IceServer } from "../../../src/domain/meetings";
import type { Clock } from "../../platform/clock";
import type { IceConfig } from "../../platform/config";

/**
 * STUN and TURN servers for one join. TURN credentials follow the TURN REST API convention that coturn's
 * use-auth-secret implements: username `expiry:userId`, password base64(HMAC-SHA1(secret, username)).
 */
export function iceServers({ clock, ice }: { clock: Clock; ice?: IceConfig }, userId: string): IceServer[] {
  if (!ice) return [];
  const servers: IceServer[] = [];
  if (ice.stunUrls.length) servers.push({ urls: ice.stunUrls });
  if (ice.turnUrls.length && ice.turnSecret) {
    const expiry = Math.floor(clock.now().getTime() / 1000) + ice.turnTtlSeconds;
    const username = `${expiry}:${userId}`;
    const credential = createHmac("sha1", ice.turnSecret).update(username).digest("base64");
    servers.push({ urls: ice.turnUrls, username, credential });
  }
  return servers;
}
