import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { calendarFeeds, users } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import type { SessionUser } from "../../platform/trpc/context";
import { bookingsFeed } from "../bookings";
import type { CalendarDeps } from "./deps";

/** The answer of an address that is not (or no longer) a feed's. */
const FEED_NOT_FOUND = "Calendar not found";

export interface FeedAddress {
  httpsUrl: string;
  webcalUrl: string;
}

const newToken = () => randomBytes(32).toString("base64url");

function addressOf(publicUrl: string, token: string): FeedAddress {
  const httpsUrl = `${publicUrl}/calendar/${token}.ics`;
  return { httpsUrl, webcalUrl: httpsUrl.replace(/^https?:\/\//, "webcal://") };
}

/** calendars.feed: the person's private feed address, made on first ask (the same one after, until a reset). */
export async function feedAddress({ db, config }: CalendarDeps, user: SessionUser): Promise<FeedAddress> {
  await db
    .insert(calendarFeeds)
    .values({ userId: user.id, token: newToken() })
    .onConflictDoNothing({ target: calendarFeeds.userId });
  const [row] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
  if (!row) throw new Error("The calendar feed was not stored");
  return addressOf(config.publicUrl, row.token);
}

/** calendars.resetFeed: a new secret address; the old one answers 404 from now on. */
export async function resetFeed({ db, config }: CalendarDeps, user: SessionUser): Promise<FeedAddress> {
  const token = newToken();
  await db
    .insert(calendarFeeds)
    .values({ userId: user.id, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
  return addressOf(config.publicUrl, token);
}

/** GET /calendar/{token}.ics: the feed of the person the token is theirs, no session needed; any other token 404. */
export async function feedFile({ db, clock, config }: CalendarDeps, token: string): Promise<string> {
  const [row] = /^[A-Za-z0-9_-]{43}$/.test(token)
    ? await db
        .select({ userId: calendarFeeds.userId, locale: users.locale })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(eq(calendarFeeds.token, token))
        .limit(1)
    : [];
  if (!row) throw new AppError("NOT_FOUND", FEED_NOT_FOUND);
  // In its owner's language (issue #45).
  return bookingsFeed(db, { userId: row.userId, publicUrl: config.publicUrl, now: clock.now(), locale: row.locale });
}
