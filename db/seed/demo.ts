import { randomUUID } from "node:crypto";
import type { Queryable } from "../client";
import { exchangeRates, meetingAttendance, type SessionType, type UserRole } from "../schema";
import { ROOM_CLOSES_MINUTES_AFTER_END } from "../../src/domain/after-payment";
import { toCents } from "../../src/domain/money";
import { DEFAULT_RATES } from "../../src/domain/currencies";
import { textToHtml } from "../../src/domain/articles";
import { articleImageUrl, demoArticles, type ArticleAuthor } from "./data/articles";
import { communityClients, demoAccounts, demoApplications, reviewComments, type DemoAccount } from "./data/people";
import { demoCategories, demoProducts, productImageUrl } from "./data/products";
import { demoSeers, seerPortraitUrl, type DemoSeer } from "./data/seers";
import {
  createArticle,
  createBooking,
  createCategory,
  createProduct,
  createReview,
  createSeer,
  createSeerApplication,
  createUser,
  SESSION_MINUTES,
} from "./factories";

const DAY = 86_400_000;

/**
 * The demo client's own consultations, relative to the day seeding runs (UTC). A past one is stored as the product
 * settles it (issue #47): `confirmed` in the past means held and completed (both joined the room), `no_show` that the
 * Seer waited and the client never came. Only completed sessions carry reviews; the latest completed one has none, so
 * that a person trying the demo can write one.
 */
interface ClientBooking {
  seer: string;
  days: number;
  time: string;
  type: SessionType;
  status: "confirmed" | "pending" | "no_show";
  notes?: string;
  review?: { rating: 3 | 4 | 5; comment: string };
}

const clientBookings: readonly ClientBooking[] = [
  {
    seer: "demo",
    days: -45,
    time: "11:00",
    type: "30min",
    status: "confirmed",
    notes: "I would like to learn how to honour my grandmother, who passed last year.",
    review: { rating: 5, comment: "Nana Akosua helped me find words for my grief. I now pour libation every Sunday." },
  },
  {
    seer: "demo",
    days: -20,
    time: "14:00",
    type: "60min",
    status: "confirmed",
    review: { rating: 5, comment: "A beautiful follow-up session. She remembered everything from our first meeting." },
  },
  {
    seer: "ifa",
    days: -30,
    time: "16:00",
    type: "30min",
    status: "confirmed",
    notes: "Question about a job offer abroad.",
    review: { rating: 5, comment: "The verse he recited fit my situation perfectly. Clear and practical advice." },
  },
  {
    seer: "sangoma",
    days: -12,
    time: "09:00",
    type: "60min",
    status: "confirmed",
    review: { rating: 4, comment: "Gentle and insightful about my dreams. I would have liked a little more time." },
  },
  { seer: "serer", days: -5, time: "18:00", type: "30min", status: "confirmed", notes: "A dream that keeps coming back." },
  { seer: "vodun", days: -8, time: "10:00", type: "15min", status: "no_show" },
  { seer: "demo", days: 2, time: "10:00", type: "30min", status: "confirmed", notes: "Follow-up on the family altar." },
  { seer: "vodun", days: 5, time: "15:00", type: "60min", status: "confirmed" },
  { seer: "demo", days: 9, time: "13:00", type: "15min", status: "confirmed" },
  { seer: "laibon", days: 3, time: "12:00", type: "30min", status: "pending" },
  { seer: "demo", days: 6, time: "17:00", type: "60min", status: "pending", notes: "Blessing for a new home." },
];

const COMMUNITY_TIMES = ["09:00", "11:00", "13:00", "15:00", "17:00"] as const;

/** YYYY-MM-DD of the UTC day `days` away from `now`. */
const utcDay = (now: Date, days: number): string => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

function priceFor(seer: DemoSeer, type: SessionType): string {
  const price = type === "15min" ? seer.price15Min : type === "30min" ? seer.price30Min : seer.price60Min;
  if (!price) throw new Error(`${seer.fullName} does not offer ${type}`);
  return price;
}

/**
 * The community ratings that, together with the demo client's, make exactly `reviews.count` ratings whose
 * average rounds (half up) to `reviews.average`. Lower ratings are spread deterministically through the list.
 */
export function communityRatings(seer: DemoSeer, fixed: readonly number[]): number[] {
  const { count, average } = seer.reviews;
  const target = Math.round((toCents(average) * count) / 100);
  const m = count - fixed.length;
  let deficit = 5 * m - (target - fixed.reduce((a, b) => a + b, 0));
  const roundedAverage = Math.floor((target * 200 + count) / (2 * count));
  if (roundedAverage !== toCents(average) || deficit < 0 || deficit > 2 * m) {
    throw new Error(`No ratings give ${seer.fullName} an average of ${average} over ${count} reviews`);
  }
  const ratings = Array.from({ length: m }, () => 5);
  const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => ((a * 7 + 3) % 11) - ((b * 7 + 3) % 11) || a - b);
  for (let pass = 0; deficit > 0; pass++) {
    for (const i of order) {
      if (deficit === 0) break;
      if (ratings[i] === 5 - pass) {
        ratings[i] = 4 - pass;
        deficit--;
      }
    }
  }
  return ratings;
}

/** Everything the demo shows, inserted through the shared factories. Call inside one transaction. */
export async function insertDemoData(
  db: Queryable,
  now: Date = new Date(),
  accountsToCreate: ReadonlyArray<DemoAccount> = demoAccounts,
): Promise<void> {
  const ago = (days: number): Date => new Date(now.getTime() - days * DAY);

  // Accounts.
  const accounts = new Map<UserRole, string>();
  const seerAccountUser = demoSeers.find((s) => s.key === "demo");
  for (const a of accountsToCreate) {
    const user = await createUser(
      db,
      {
        email: a.email,
        firstName: a.firstName,
        lastName: a.lastName,
        role: a.role,
        profileImageUrl: a.role === "seer" && seerAccountUser ? seerPortraitUrl(seerAccountUser) : null,
        createdAt: ago(720),
      },
      { password: a.password },
    );
    accounts.set(a.role, user.id);
  }
  const account = (role: UserRole): string => {
    const id = accounts.get(role);
    if (!id) throw new Error(`Missing demo ${role}`);
    return id;
  };

  const community: string[] = [];
  for (const [i, c] of communityClients.entries()) {
    community.push((await createUser(db, { ...c, createdAt: ago(400 - i * 7) })).id);
  }

  // Seers with their users; stats match the review rows created below.
  const seerIds = new Map<string, string>();
  const seerUserIds = new Map<string, string>();
  for (const [i, s] of demoSeers.entries()) {
    const createdAt = ago(600 - i * 25);
    const portrait = s.portrait ? seerPortraitUrl(s) : null;
    const userId =
      s.key === "demo"
        ? account("seer")
        : (
            await createUser(db, {
              email: s.email,
              firstName: s.firstName,
              lastName: s.lastName,
              role: "seer",
              profileImageUrl: portrait,
              createdAt,
            })
          ).id;
    const seer = await createSeer(db, {
      userId,
      fullName: s.fullName,
      country: s.country,
      languages: s.languages,
      tradition: s.tradition,
      specializations: s.specializations,
      biography: s.biography,
      yearsOfPractice: s.yearsOfPractice,
      profileImageUrl: portrait,
      price15Min: s.price15Min,
      price30Min: s.price30Min,
      price60Min: s.price60Min,
      timezone: s.timezone,
      availability: s.availability,
      averageRating: s.reviews.average,
      totalReviews: s.reviews.count,
      createdAt,
    });
    seerIds.set(s.key, seer.id);
    seerUserIds.set(s.key, userId);
  }
  const seerId = (key: string): string => {
    const id = seerIds.get(key);
    if (!id) throw new Error(`Unknown demo Seer ${key}`);
    return id;
  };
  const seerUserId = (key: string): string => {
    const id = seerUserIds.get(key);
    if (!id) throw new Error(`Unknown demo Seer ${key}`);
    return id;
  };

  // Seer applications: three pending, one rejected, each from its own client.
  for (const [i, a] of demoApplications.entries()) {
    const createdAt = ago(a.daysAgo);
    const user = await createUser(db, {
      email: a.email,
      firstName: a.firstName,
      lastName: a.lastName,
      createdAt: ago(a.daysAgo + 3),
    });
    await createSeerApplication(db, {
      userId: user.id,
      fullName: a.fullName,
      country: a.country,
      contactEmail: a.email,
      contactPhone: a.contactPhone,
      tradition: a.tradition,
      lineageInfo: a.lineageInfo,
      yearsOfPractice: a.yearsOfPractice,
      specializations: a.specializations,
      biography: a.biography,
      ethicsStatement: a.ethicsStatement,
      idDocumentUrl: `upload:demo-${i + 1}`,
      status: a.status,
      createdAt,
      ...(a.status === "rejected"
        ? {
            reviewNotes: a.reviewNotes ?? null,
            reviewedAt: new Date(createdAt.getTime() + 3 * DAY),
            reviewedBy: account("admin"),
          }
        : {}),
    });
  }

  // Shop.
  const categoryIds = new Map<string, string>();
  for (const [i, c] of demoCategories.entries()) {
    categoryIds.set(c.slug, (await createCategory(db, { ...c, createdAt: new Date(ago(90).getTime() + i * 60_000) })).id);
  }
  for (const [i, p] of demoProducts.entries()) {
    const { category, isActive = true, ...fields } = p;
    const createdAt = new Date(ago(60).getTime() + i * 3_600_000);
    await createProduct(db, {
      ...fields,
      categoryId: categoryIds.get(category) ?? null,
      imageUrl: productImageUrl(p),
      isActive,
      lowStockThreshold: 5,
      createdAt,
      updatedAt: createdAt,
    });
  }

  // Wisdom Hub.
  const authorId = (author: ArticleAuthor): string => {
    if (author === "client" || author === "admin") return account(author);
    return seerUserId(author.slice("seer:".length));
  };
  for (const a of demoArticles) {
    const publishedAt = a.publishedDaysAgo === null ? null : ago(a.publishedDaysAgo);
    const createdAt = publishedAt ? new Date(publishedAt.getTime() - 2 * DAY) : ago(1);
    await createArticle(db, {
      authorId: authorId(a.author),
      title: a.title,
      slug: a.slug,
      content: textToHtml(a.paragraphs.join("\n")),
      excerpt: a.excerpt,
      category: a.category,
      tags: a.tags,
      videoUrl: a.videoUrl,
      featuredImageUrl: a.featuredImage ? articleImageUrl(a) : null,
      isPublished: publishedAt !== null,
      publishedAt,
      viewCount: a.viewCount,
      createdAt,
      updatedAt: publishedAt ?? createdAt,
    });
  }

  // Bookings and reviews.
  const book = async (input: {
    seer: DemoSeer;
    clientId: string;
    date: string;
    time: string;
    type: SessionType;
    status: "confirmed" | "pending" | "no_show";
    paymentIntentId: string | null;
    notes?: string;
  }) => {
    const id = randomUUID();
    const startsAt = new Date(`${input.date}T${input.time}:00Z`);
    const endsAt = new Date(startsAt.getTime() + SESSION_MINUTES[input.type] * 60_000);
    const createdAt = new Date(Math.min(now.getTime(), startsAt.getTime()) - 3 * DAY);
    const confirmed = input.status !== "pending";
    // A paid session whose room has closed is settled, as the completion job would have settled it then.
    const closedAt = new Date(endsAt.getTime() + ROOM_CLOSES_MINUTES_AFTER_END * 60_000);
    const settled = confirmed && closedAt <= now;
    const status = !settled ? input.status : input.status === "no_show" ? "no_show" : "completed";
    const booking = await createBooking(db, {
      id,
      clientId: input.clientId,
      seerId: seerId(input.seer.key),
      sessionType: input.type,
      scheduledDate: input.date,
      scheduledTime: input.time,
      clientTimezone: "UTC",
      seerTimezone: input.seer.timezone,
      amount: priceFor(input.seer, input.type),
      status,
      completedAt: settled ? closedAt : null,
      consultationLink: confirmed ? `/meeting/${id}` : null,
      paymentIntentId: input.paymentIntentId,
      notes: input.notes ?? null,
      confirmedAt: confirmed ? new Date(createdAt.getTime() + 5 * 60_000) : null,
      // An abandoned checkout: its 15-minute hold lapsed long ago, so the slot is free again.
      holdExpiresAt: confirmed ? null : new Date(createdAt.getTime() + 15 * 60_000),
      createdAt,
      updatedAt: settled ? closedAt : createdAt,
    });
    // The room's record that settles it: the Seer was there; the client too, unless they never came.
    if (settled) {
      const parties: { userId: string; role: "seer" | "client" }[] = [{ userId: seerUserId(input.seer.key), role: "seer" }];
      if (status === "completed") parties.push({ userId: input.clientId, role: "client" });
      await db.insert(meetingAttendance).values(
        parties.map(({ userId, role }) => ({ bookingId: id, userId, role, joinedAt: startsAt, leftAt: endsAt })),
      );
    }
    return booking;
  };
  const seerByKey = (key: string): DemoSeer => {
    const seer = demoSeers.find((s) => s.key === key);
    if (!seer) throw new Error(`Unknown demo Seer ${key}`);
    return seer;
  };
  const reviewedAt = (startsAt: Date, type: SessionType): Date =>
    new Date(startsAt.getTime() + SESSION_MINUTES[type] * 60_000 + DAY / 2);

  const clientId = account("client");
  for (const [i, b] of clientBookings.entries()) {
    const seer = seerByKey(b.seer);
    const booking = await book({
      seer,
      clientId,
      date: utcDay(now, b.days),
      time: b.time,
      type: b.type,
      status: b.status,
      paymentIntentId: b.status === "confirmed" ? `pi_demo_client_${i + 1}` : null,
      ...(b.notes ? { notes: b.notes } : {}),
    });
    if (b.review) {
      await createReview(db, {
        bookingId: booking.id,
        seerId: booking.seerId,
        clientId,
        ...b.review,
        createdAt: reviewedAt(booking.startsAt, b.type),
      });
    }
  }

  for (const [si, seer] of demoSeers.entries()) {
    const fixed = clientBookings.filter((b) => b.seer === seer.key && b.review).map((b) => b.review?.rating ?? 5);
    const types: SessionType[] = seer.price15Min ? ["30min", "60min", "15min"] : ["30min", "60min"];
    for (const [k, rating] of communityRatings(seer, fixed).entries()) {
      const type = types[k % types.length] ?? "30min";
      const reviewer = community[(si * 3 + k) % community.length] ?? clientId;
      const booking = await book({
        seer,
        clientId: reviewer,
        date: utcDay(now, -(15 + k * 11 + (si % 3))),
        time: COMMUNITY_TIMES[(k + si) % COMMUNITY_TIMES.length] ?? "09:00",
        type,
        status: "confirmed",
        paymentIntentId: `pi_demo_${seer.key}_${k + 1}`,
      });
      const pool = reviewComments[rating === 5 ? 5 : rating === 4 ? 4 : 3];
      await createReview(db, {
        bookingId: booking.id,
        seerId: booking.seerId,
        clientId: reviewer,
        rating,
        comment: (k + si) % 6 === 5 ? null : (pool[(si * 5 + k) % pool.length] ?? null),
        createdAt: reviewedAt(booking.startsAt, type),
      });
    }
  }

  await db.insert(exchangeRates).values(
    Object.entries(DEFAULT_RATES).map(([toCurrency, rate]) => ({ fromCurrency: "USD", toCurrency, rate, lastUpdated: now })),
  );
}
