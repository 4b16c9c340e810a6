import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBooking, createReview, createSeer, createUser } from "../../../db/seed/factories";
import { createTestApp, signUp, trpcData, trpcError, trpcQuery, type TestApp } from "../../test/app";
import type { PublicSeer, SeerFilterOptions, SeerPage } from "./service";

let t: TestApp;
const ids: Record<string, string> = {};

/** The superjson-wrapped result of a successful tRPC call. */
const names = (seers: { fullName: string }[]) => seers.map((s) => s.fullName);
const list = async (input: Record<string, unknown> = {}) => trpcData<SeerPage>(await trpcQuery(t.app, "seers.list", input));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const seed = async (key: string, overrides: Parameters<typeof createSeer>[1]) => {
    ids[key] = (await createSeer(db, overrides)).id;
  };
  await seed("ama", {
    fullName: "Ama Serwaa Owusu",
    country: "Ghana",
    languages: ["English", "Twi"],
    specializations: ["Divination", "Ancestral Healing"],
    biography: "A priestess of the Akan tradition who reads by the River Pra.",
    averageRating: "4.80",
    totalReviews: 3,
    stripeAccountId: "acct_private_ama",
  });
  await seed("babatunde", {
    fullName: "Babatunde Adeyemi",
    tradition: "Ifá",
    country: "Nigeria",
    languages: ["Yoruba", "English"],
    specializations: ["Ifa Divination", "Herbalism"],
    biography: "A babalawo whose lineage reaches back over 100 years.",
    averageRating: "4.90",
    totalReviews: 12,
    horizonDays: 200,
  });
  await seed("chiamaka", {
    fullName: "Chiamaka Obi",
    country: "Nigeria",
    languages: ["Igbo", "English", "French"],
    specializations: ["Dream Interpretation"],
    biography: "I give 100% of my attention to each person who comes to me.",
    averageRating: "4.50",
    totalReviews: 4,
  });
  await seed("dumisani", {
    fullName: "Dumisani Zulu",
    country: "South Africa",
    languages: ["Zulu", "English"],
    specializations: ["Herbalism", "Ancestral Healing", "Bone Throwing"],
    biography: "A sangoma who throws the bones.",
    averageRating: "0",
    totalReviews: 0,
    price15Min: null,
  });
  await seed("efua", {
    fullName: "Efua Mensah",
    country: "Ghana",
    languages: ["Fante"],
    specializations: ["Divination"],
    biography: "Reads cowries for her community.",
    averageRating: "4.50",
    totalReviews: 2,
  });
  // Never public, whatever their rating.
  await seed("pending", {
    fullName: "Fatou Pending",
    country: "Senegal",
    languages: ["Wolof"],
    specializations: ["Marabout Prayer"],
    biography: "Awaiting review, with a river in her name.",
    averageRating: "5.00",
    verificationStatus: "pending",
  });
  // Approved but with no price yet: not listed until they set one.
  await seed("unpriced", {
    fullName: "Hawa Unpriced",
    country: "Ghana",
    languages: ["Twi"],
    specializations: ["Herbal Healing"],
    averageRating: "5.00",
    price15Min: null,
    price30Min: null,
    price60Min: null,
  });
  await seed("rejected", {
    fullName: "Gideon Rejected",
    country: "Benin",
    languages: ["Fon"],
    specializations: ["Vodun Rites"],
    verificationStatus: "rejected",
    averageRating: "5.00",
  });

  // Three reviews of Ama, written on different days, by clients whose e-mails must never be published.
  const reviewers = [
    { firstName: "Kofi", lastName: "Boateng", at: "2026-10-01T10:00:00Z", rating: 4, comment: "Thoughtful." },
    { firstName: "Abena", lastName: "mensah", at: "2026-11-01T10:00:00Z", rating: 5, comment: "Deeply moving." },
    { firstName: "Yaw", lastName: "Darko", at: "2026-10-15T10:00:00Z", rating: 5, comment: null },
  ];
  for (const [i, r] of reviewers.entries()) {
    const client = await createUser(db, {
      firstName: r.firstName,
      lastName: r.lastName,
      email: `${r.firstName.toLowerCase()}@private.example`,
    });
    const booking = await createBooking(db, {
      clientId: client.id,
      seerId: ids.ama ?? "",
      scheduledTime: `1${i}:00`,
      status: "confirmed",
    });
    await createReview(db, {
      bookingId: booking.id,
      seerId: ids.ama ?? "",
      clientId: client.id,
      rating: r.rating,
      comment: r.comment,
      createdAt: new Date(r.at),
    });
  }
});
afterAll(async () => {
  await t.close();
});

describe("seers.list", () => {
  it("lists only approved Seers, best rated first, then by name", async () => {
    const page = await list();
    expect(names(page.items)).toEqual(["Babatunde Adeyemi", "Ama Serwaa Owusu", "Chiamaka Obi", "Efua Mensah", "Dumisani Zulu"]);
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 12, nextCursor: null });
  });

  it("returns the public shape only: no payment account, no status or timestamps", async () => {
    const page = await list();
    const ama = page.items.find((s) => s.id === ids.ama);
    expect(Object.keys(ama ?? {}).sort()).toEqual(
      [
        "averageRating",
        "biography",
        "country",
        "fullName",
        "horizonDays",
        "id",
        "languages",
        "price15Min",
        "price30Min",
        "price60Min",
        "profileImageUrl",
        "specializations",
        "timezone",
        "totalReviews",
        "tradition",
        "userId",
        "yearsOfPractice",
      ].sort(),
    );
    expect(ama).toMatchObject({ averageRating: "4.80", totalReviews: 3, price15Min: "25.00", languages: ["English", "Twi"] });
  });

  it("searches names and biographies case-insensitively", async () => {
    expect(names((await list({ search: "OWUSU" })).items)).toEqual(["Ama Serwaa Owusu"]);
    expect(names((await list({ search: "river pra" })).items)).toEqual(["Ama Serwaa Owusu"]);
    expect(names((await list({ search: "  sangoma " })).items)).toEqual(["Dumisani Zulu"]);
    // "river" is also in the pending Seer's biography, who stays hidden.
    expect(names((await list({ search: "River" })).items)).toEqual(["Ama Serwaa Owusu"]);
  });

  it("forgives accents, case and small typos, closest matches first", async () => {
    // Babatunde practises Ifá: 'ifa' and 'IFA' find him, and the accented query finds the plain text too.
    expect(names((await list({ search: "ifa" })).items)).toContain("Babatunde Adeyemi");
    expect(names((await list({ search: "IFÁ" })).items)).toContain("Babatunde Adeyemi");
    expect(names((await list({ search: "Owúsu" })).items)).toEqual(["Ama Serwaa Owusu"]);
    expect(names((await list({ search: "sangomma" })).items)).toEqual(["Dumisani Zulu"]);
    expect(names((await list({ search: "owussu" })).items)[0]).toBe("Ama Serwaa Owusu");
    expect((await list({ search: "qqqzzz" })).total).toBe(0);
  });

  it("treats % and _ in the search literally", async () => {
    // The literal "100%" comes first; "100 years" is a near match of its words.
    expect(names((await list({ search: "100%" })).items)[0]).toBe("Chiamaka Obi");
    expect((await list({ search: "100" })).total).toBe(2);
    expect((await list({ search: "_" })).total).toBe(0);
    expect((await list({ search: "%" })).total).toBe(1);
  });

  it("filters by country, specialization and language, alone and together", async () => {
    expect(names((await list({ country: "Nigeria" })).items)).toEqual(["Babatunde Adeyemi", "Chiamaka Obi"]);
    expect(names((await list({ specialization: "Herbalism" })).items)).toEqual(["Babatunde Adeyemi", "Dumisani Zulu"]);
    // Containment of a whole value: "Divination" does not match "Ifa Divination".
    expect(names((await list({ specialization: "Divination" })).items)).toEqual(["Ama Serwaa Owusu", "Efua Mensah"]);
    expect(names((await list({ language: "English" })).items)).toEqual([
      "Babatunde Adeyemi",
      "Ama Serwaa Owusu",
      "Chiamaka Obi",
      "Dumisani Zulu",
    ]);
    expect(names((await list({ country: "Ghana", specialization: "Divination", language: "Fante" })).items)).toEqual([
      "Efua Mensah",
    ]);
    expect(names((await list({ country: "Ghana", search: "cowries", language: "Twi" })).items)).toEqual([]);
    expect((await list({ country: "Senegal" })).total).toBe(0);
    expect((await list({ language: "Wolof" })).total).toBe(0);
  });

  it("treats blank filters as all", async () => {
    expect((await list({ search: "  ", country: "", specialization: "", language: "" })).total).toBe(5);
  });

  it("pages with a total and the next cursor", async () => {
    const first = await list({ pageSize: 2 });
    expect(names(first.items)).toEqual(["Babatunde Adeyemi", "Ama Serwaa Owusu"]);
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list({ pageSize: 2, cursor: first.nextCursor });
    expect(names(second.items)).toEqual(["Chiamaka Obi", "Efua Mensah"]);
    expect(second).toMatchObject({ total: 5, page: 2 });
    const last = await list({ pageSize: 2, cursor: second.nextCursor });
    expect(names(last.items)).toEqual(["Dumisani Zulu"]);
    expect(last).toMatchObject({ total: 5, page: 3, nextCursor: null });
    // The infinite-query client also sends a direction, which the input ignores.
    expect(names((await list({ pageSize: 2, cursor: first.nextCursor, direction: "forward" })).items)).toEqual([
      "Chiamaka Obi",
      "Efua Mensah",
    ]);
    const filtered = await list({ pageSize: 1, country: "Nigeria" });
    expect(filtered).toMatchObject({ total: 2, nextCursor: expect.any(String) });
    expect(names((await list({ pageSize: 1, country: "Nigeria", cursor: filtered.nextCursor })).items)).toEqual(["Chiamaka Obi"]);
  });

  it("refuses a page size above 50 or below 1", async () => {
    expect((await trpcQuery(t.app, "seers.list", { pageSize: 51 })).statusCode).toBe(400);
    expect((await trpcQuery(t.app, "seers.list", { pageSize: 0 })).statusCode).toBe(400);
    expect((await list({ pageSize: 50 })).total).toBe(5);
  });
});

describe("seers.filterOptions", () => {
  it("offers the distinct, sorted values of approved Seers only", async () => {
    const options = trpcData<SeerFilterOptions>(await trpcQuery(t.app, "seers.filterOptions"));
    expect(options).toEqual({
      countries: ["Ghana", "Nigeria", "South Africa"],
      specializations: [
        "Ancestral Healing",
        "Bone Throwing",
        "Divination",
        "Dream Interpretation",
        "Herbalism",
        "Ifa Divination",
      ],
      languages: ["English", "Fante", "French", "Igbo", "Twi", "Yoruba", "Zulu"],
    });
  });
});

describe("seers.byId", () => {
  it("returns an approved Seer, with how far ahead clients may book them (the booking calendars stop there)", async () => {
    const seer = trpcData<PublicSeer>(await trpcQuery(t.app, "seers.byId", { id: ids.babatunde }));
    expect(seer).toMatchObject({
      id: ids.babatunde,
      fullName: "Babatunde Adeyemi",
      country: "Nigeria",
      averageRating: "4.90",
      horizonDays: 200,
    });
    expect(seer).not.toHaveProperty("stripeAccountId");
  });

  it("answers NOT_FOUND 'Seer Not Found' for pending, rejected and unknown Seers", async () => {
    for (const id of [ids.pending, ids.rejected, ids.unpriced, "no-such-seer"]) {
      const response = await trpcQuery(t.app, "seers.byId", { id });
      expect(response.statusCode).toBe(404);
      expect(trpcError(response).message).toBe("Seer Not Found");
    }
  });
});

describe("seers.reviews", () => {
  it("lists reviews newest first, with the client's first name and last initial and no e-mail", async () => {
    const response = await trpcQuery(t.app, "seers.reviews", { id: ids.ama });
    const reviews =
      trpcData<{ rating: number; comment: string | null; createdAt: string; client: Record<string, unknown> }[]>(response);
    expect(reviews.map((r) => [r.client.firstName, r.client.lastName, r.rating, r.comment])).toEqual([
      ["Abena", "M", 5, "Deeply moving."],
      ["Yaw", "D", 5, null],
      ["Kofi", "B", 4, "Thoughtful."],
    ]);
    expect(reviews[0]?.client).toEqual({ firstName: "Abena", lastName: "M", email: null, profileImageUrl: null });
    expect(reviews[0]?.createdAt).toEqual(new Date("2026-11-01T10:00:00.000Z"));
    expect(response.body).not.toContain("@private.example");
    expect(response.body).not.toContain("Boateng");
  });

  it("is empty for an approved Seer without reviews and NOT_FOUND for a hidden one", async () => {
    expect(trpcData<unknown[]>(await trpcQuery(t.app, "seers.reviews", { id: ids.dumisani }))).toEqual([]);
    const hidden = await trpcQuery(t.app, "seers.reviews", { id: ids.pending });
    expect(hidden.statusCode).toBe(404);
    expect(trpcError(hidden).message).toBe("Seer Not Found");
  });
});

describe("seers.featured", () => {
  it("is the top 3 approved Seers by averageRating", async () => {
    expect(names(trpcData<PublicSeer[]>(await trpcQuery(t.app, "seers.featured")))).toEqual([
      "Babatunde Adeyemi",
      "Ama Serwaa Owusu",
      "Chiamaka Obi",
    ]);
  });
});

describe("seers.mine", () => {
  it("needs a session", async () => {
    expect((await trpcQuery(t.app, "seers.mine")).statusCode).toBe(401);
  });

  it("returns the signed-in user's own profile whatever its status, else null", async () => {
    const { cookie } = await signUp(t.app);
    expect(trpcData<unknown>(await trpcQuery(t.app, "seers.mine", undefined, cookie))).toBeNull();
    const me = (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).json<{ id: string }>();
    const own = await createSeer(t.database.db, {
      userId: me.id,
      fullName: "New Applicant",
      verificationStatus: "pending",
      stripeAccountId: "acct_own",
    });
    const mine = trpcData<Record<string, unknown>>(await trpcQuery(t.app, "seers.mine", undefined, cookie));
    expect(mine).toMatchObject({ id: own.id, userId: me.id, fullName: "New Applicant", verificationStatus: "pending" });
    expect(mine).not.toHaveProperty("stripeAccountId");
    // Still not public while pending.
    expect((await list({ search: "New Applicant" })).total).toBe(0);
  });
});

describe("REST shims", () => {
  it("GET /api/seers answers every approved Seer as a JSON array, without private columns", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/seers" });
    expect(response.statusCode).toBe(200);
    const seers = response.json<PublicSeer[]>();
    expect(names(seers)).toEqual(["Babatunde Adeyemi", "Ama Serwaa Owusu", "Chiamaka Obi", "Efua Mensah", "Dumisani Zulu"]);
    expect(response.body).not.toContain("acct_");
    expect(response.body).not.toContain("verificationStatus");
  });

  it("GET /api/seers/:id answers one Seer, or 404 with the plain text 'Seer Not Found'", async () => {
    const found = await t.app.inject({ method: "GET", url: `/api/seers/${ids.efua}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: ids.efua, fullName: "Efua Mensah" });
    for (const id of [ids.pending, "missing"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/seers/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("text/plain");
      expect(response.body).toBe("Seer Not Found");
    }
  });

  it("GET /api/seers/:id/reviews answers the reviews without e-mails, or 404", async () => {
    const response = await t.app.inject({ method: "GET", url: `/api/seers/${ids.ama}/reviews` });
    expect(response.statusCode).toBe(200);
    const reviews = response.json<{ client: { firstName: string; email: null } }[]>();
    expect(reviews.map((r) => r.client.firstName)).toEqual(["Abena", "Yaw", "Kofi"]);
    expect(reviews.every((r) => r.client.email === null)).toBe(true);
    expect(response.body).not.toContain("@");
    const hidden = await t.app.inject({ method: "GET", url: `/api/seers/${ids.rejected}/reviews` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe("Seer Not Found");
  });
});
