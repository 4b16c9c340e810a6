import type { z } from "zod";
import { AppError } from "../../src/errors";

/**
 * A list's opaque page cursor (the directory's, the shop's): the value that says where the next page starts, as
 * base64url JSON. Opaque to the client, which only hands back the nextCursor it was given.
 */
export const encodeCursor = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url");

/**
 * The value of a cursor the server issued: one that `schema` accepts and that `fits` the list asked for (another
 * search's, say). Anything else, garbled or not, is refused with 400 and `message`.
 */
export function decodeCursor<T>(
  token: string,
  schema: z.ZodType<T>,
  message: string,
  fits: (value: T) => boolean = () => true,
): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    parsed = undefined;
  }
  const cursor = schema.safeParse(parsed);
  if (!cursor.success || !fits(cursor.data)) throw new AppError("BAD_REQUEST", message);
  return cursor.data;
}
