/**
 * Sets `key` in `map`, then lets the oldest entries (in insertion order) go while more than `capacity` are kept: the
 * bound of the in-memory caches (the session cookie's signer, remembered sessions, sanitized article HTML).
 */
export function setKeepingAtMost<K, V>(map: Map<K, V>, key: K, value: V, capacity: number): void {
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= capacity) break;
    map.delete(oldest);
  }
}
