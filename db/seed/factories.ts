/**
 * One-row factories shared by the demo seed and the tests (ARCHITECTURE: "factories shared by seed and tests").
 * Each inserts a row with sensible defaults, lets a partial argument override any column and returns the row.
 * They accept the database or an open transaction.
 */
import { randomBytes } from "node:crypto";
import type { Queryable } from "../client";
import {
  articles,
  bookings,
  passwordCredentials,
  productCategories,
  products,
  reviews,
  seerApplications,
  seers,
  users,
  vendorApplications,
  vendors,
  type SessionType,
} from "../schema";
import { cents, percentOf, toCents, toDecimal } from "../../src/domain/money";
import { hashPassword } from "../passwords";

type UserRow = typeof users.$inferSelect;
type SeerRow = typeof seers.$inferSelect;
type SeerApplicationRow = typeof seerApplications.$inferSelect;
type CategoryRow = typeof productCategories.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type ArticleRow = typeof articles.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
type ReviewRow = typeof reviews.$inferSelect;
type VendorRow = typeof vendors.$inferSelect;
type VendorApplicationRow = typeof vendorApplications.$inferSelect;

let counter = 0;
/** A suffix unique within the process and, thanks to the random part, across processes sharing a database. */
export const uniqueSuffix = (): string => `${++counter}-${randomBytes(3).toString("hex")}`;

function first<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error("Insert returned no row");
  return row;
}

export const SESSION_MINUTES: Record<SessionType, number> = { "15min": 15, "30min": 30, "60min": 60 };
export const PLATFORM_FEE_PERCENT = 20;

export async function createUser(
  db: Queryable,
  overrides: Partial<typeof users.$inferInsert> = {},
  options: { password?: string } = {},
): Promise<UserRow> {
  const user = first(
    await db
      .insert(users)
      .values({
        firstName: "Test",
        lastName: "User",
        // Verified, as after the mailed link, so that paying, applying and publishing work in tests.
        emailVerifiedAt: new Date(),
        ...overrides,
        email: (overrides.email ?? `user-${uniqueSuffix()}@example.test`).toLowerCase(),
      })
      .returning(),
  );
  if (options.password !== undefined) {
    await db.insert(passwordCredentials).values({ userId: user.id, passwordHash: await hashPassword(options.password) });
  }
  return user;
}

export async function createSeer(db: Queryable, overrides: Partial<typeof seers.$inferInsert> = {}): Promise<SeerRow> {
  const fullName = overrides.fullName ?? "Ama Serwaa Owusu";
  const userId =
    overrides.userId ??
    (await createUser(db, { firstName: fullName.split(" ")[0], lastName: fullName.split(" ").slice(1).join(" "), role: "seer" }))
      .id;
  return first(
    await db
      .insert(seers)
      .values({
        fullName,
        country: "Ghana",
        languages: ["English", "Twi"],
        tradition: "Akan Akom",
        specializations: ["Divination", "Ancestral Healing"],
        biography: "A priestess of the Akan tradition who offers calm, grounded guidance.",
        yearsOfPractice: 10,
        verificationStatus: "approved",
        price15Min: "25.00",
        price30Min: "45.00",
        price60Min: "80.00",
        timezone: "UTC",
        ...overrides,
        userId,
      })
      .returning(),
  );
}

export async function createSeerApplication(
  db: Queryable,
  overrides: Partial<typeof seerApplications.$inferInsert> = {},
): Promise<SeerApplicationRow> {
  const userId = overrides.userId ?? (await createUser(db)).id;
  return first(
    await db
      .insert(seerApplications)
      .values({
        fullName: "Kwesi Appiah",
        country: "Ghana",
        contactEmail: `applicant-${uniqueSuffix()}@example.test`,
        tradition: "Akan Akom",
        lineageInfo: "Trained for seven years at a shrine in the Bono region under a senior okomfo.",
        yearsOfPractice: 7,
        specializations: ["Divination"],
        biography: "An initiated priest who reads for his community and teaches drumming.",
        ethicsStatement:
          "I never promise outcomes, I keep every consultation confidential and I refer people to doctors when needed.",
        idDocumentUrl: `upload:test-${uniqueSuffix()}`,
        ...overrides,
        userId,
      })
      .returning(),
  );
}

/** An approved vendor (issue #46), at the default 15.00% commission unless told otherwise. */
export async function createVendor(db: Queryable, overrides: Partial<typeof vendors.$inferInsert> = {}): Promise<VendorRow> {
  const userId = overrides.userId ?? (await createUser(db)).id;
  return first(
    await db
      .insert(vendors)
      .values({
        businessName: `Asante Carvers ${uniqueSuffix()}`,
        contactEmail: `vendor-${uniqueSuffix()}@example.test`,
        country: "Ghana",
        status: "approved",
        ...overrides,
        userId,
      })
      .returning(),
  );
}

/** A pending vendor application, paid out to MTN Mobile Money in Ghana. */
export async function createVendorApplication(
  db: Queryable,
  overrides: Partial<typeof vendorApplications.$inferInsert> = {},
): Promise<VendorApplicationRow> {
  const userId = overrides.userId ?? (await createUser(db)).id;
  return first(
    await db
      .insert(vendorApplications)
      .values({
        businessName: `Bonwire Weavers ${uniqueSuffix()}`,
        contactEmail: `vendor-applicant-${uniqueSuffix()}@example.test`,
        businessAddress: "Bonwire, Ashanti Region",
        country: "Ghana",
        description: "Kente woven on the loom by our family.",
        productTypes: ["Textiles"],
        businessRegistrationDoc: `upload:test-${uniqueSuffix()}`,
        bankAccountInfo: JSON.stringify({
          rail: "paystack",
          kind: "mobile_money",
          country: "GH",
          currency: "GHS",
          institutionCode: "MTN",
          institutionName: "MTN Mobile Money",
          accountNumber: "0244120000",
          accountName: "Kwame Asante",
        }),
        ...overrides,
        userId,
      })
      .returning(),
  );
}

export async function createCategory(
  db: Queryable,
  overrides: Partial<typeof productCategories.$inferInsert> = {},
): Promise<CategoryRow> {
  const suffix = uniqueSuffix();
  return first(
    await db
      .insert(productCategories)
      .values({ name: `Category ${suffix}`, slug: `category-${suffix}`, description: "A test category.", ...overrides })
      .returning(),
  );
}

export async function createProduct(db: Queryable, overrides: Partial<typeof products.$inferInsert> = {}): Promise<ProductRow> {
  const suffix = uniqueSuffix();
  return first(
    await db
      .insert(products)
      .values({
        name: `Calabash Bowl ${suffix}`,
        slug: `calabash-bowl-${suffix}`,
        description: "A hand-carved calabash bowl for offerings.",
        price: "24.00",
        origin: "Ghana",
        spiritualUse: "Holds water or grain offered to the ancestors.",
        stockQuantity: 10,
        ...overrides,
      })
      .returning(),
  );
}

export async function createArticle(db: Queryable, overrides: Partial<typeof articles.$inferInsert> = {}): Promise<ArticleRow> {
  const suffix = uniqueSuffix();
  const authorId = overrides.authorId ?? (await createUser(db)).id;
  const isPublished = overrides.isPublished ?? true;
  return first(
    await db
      .insert(articles)
      .values({
        title: `Notes on Ancestral Wisdom ${suffix}`,
        slug: `notes-on-ancestral-wisdom-${suffix}`,
        content: "<p>Our ancestors walk with us.</p><p>We remember them with water, with names spoken aloud and with good conduct.</p>",
        excerpt: "How remembrance keeps the living and the ancestors close.",
        category: "Ancestral Wisdom",
        tags: ["ancestors"],
        ...overrides,
        authorId,
        isPublished,
        publishedAt: overrides.publishedAt !== undefined ? overrides.publishedAt : isPublished ? new Date() : null,
      })
      .returning(),
  );
}

/** Tomorrow (UTC) as YYYY-MM-DD, the default booking date. */
const tomorrow = (): string => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/**
 * Money is split exactly in cents: 20% platform fee (rounded half up), the rest to the Seer, so the two always
 * add up to the amount. startsAt/endsAt are scheduledDate + scheduledTime read as UTC unless given.
 */
export async function createBooking(
  db: Queryable,
  input: Partial<typeof bookings.$inferInsert> & { clientId: string; seerId: string },
): Promise<BookingRow> {
  const { amount = "45.00", sessionType = "30min", scheduledDate = tomorrow(), scheduledTime = "10:00", ...rest } = input;
  const total = toCents(amount);
  const fee = percentOf(total, PLATFORM_FEE_PERCENT);
  const startsAt = rest.startsAt ?? new Date(`${scheduledDate}T${scheduledTime}:00Z`);
  return first(
    await db
      .insert(bookings)
      .values({
        endsAt: new Date(startsAt.getTime() + SESSION_MINUTES[sessionType] * 60_000),
        ...rest,
        sessionType,
        scheduledDate,
        scheduledTime,
        startsAt,
        amount: toDecimal(total),
        platformFee: toDecimal(fee),
        seerEarnings: toDecimal(cents(total - fee)),
      })
      .returning(),
  );
}

export async function createReview(
  db: Queryable,
  input: Partial<typeof reviews.$inferInsert> & { bookingId: string; seerId: string; clientId: string },
): Promise<ReviewRow> {
  return first(
    await db
      .insert(reviews)
      .values({ rating: 5, comment: "A wise and caring reading.", ...input })
      .returning(),
  );
}
