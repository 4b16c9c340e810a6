import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeer, createUser } from "../../../db/seed/factories";
import { seers } from "../../../db/schema";
import {
  NOT_AVAILABLE_MESSAGE,
  PRICE_FORMAT_MESSAGE,
  PRICE_POSITIVE_MESSAGE,
  PRICE_REQUIRED_MESSAGE,
  TIMEZONE_MESSAGE,
} from "../../../src/schemas/dashboard";
import { FakeClock } from "../../platform/clock";
import { createTestApp, signIn, signUp, trpcData, trpcError, trpcMutation, trpcQuery, type TestApp } from "../../test/app";
import { fixtures, multipart } from "../../test/uploads";
import { PROFILE_PHOTO_MESSAGE } from "./profile";

const NOW = new Date("2026-11-22T10:00:00Z");
let t: TestApp;
let seerId: string;
let seerCookie: string;
let otherSeerId: string;
let otherSeerCookie: string;
let client: { cookie: string };

async function seerAccount(email: string, overrides: Parameters<typeof createSeer>[1] = {}) {
  const user = await createUser(t.database.db, { role: "seer", email }, { password: "seer password 1" });
  const seer = await createSeer(t.database.db, { userId: user.id, ...overrides });
  return { seerId: seer.id, cookie: await signIn(t.app, email, "seer password 1") };
}

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock(NOW) });
  ({ seerId, cookie: seerCookie } = await seerAccount("dash-seer@example.com", { timezone: "Africa/Lagos" }));
  ({ seerId: otherSeerId, cookie: otherSeerCookie } = await seerAccount("dash-other@example.com"));
  client = await signUp(t.app, { email: "dash-client@example.com", firstName: "Kofi", lastName: "Mensah" });
});
afterAll(async () => {
  await t.close();
});

describe("PUT /api/seers/{id}/timezone", () => {
  const put = (id: string, body: unknown, cookie?: string) =>
    t.app.inject({
      method: "PUT",
      url: `/api/seers/${id}/timezone`,
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
    });

  it("lets the Seer set their own timezone to one of the 12 zones", async () => {
    const response = await put(otherSeerId, { timezone: "Asia/Dubai" }, otherSeerCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: otherSeerId, timezone: "Asia/Dubai" });
    const [row] = await t.database.db.select({ timezone: seers.timezone }).from(seers).where(eq(seers.id, otherSeerId));
    expect(row?.timezone).toBe("Asia/Dubai");
  });

  it("answers 403 for someone else's Seer, 404 for a missing one, 401 for visitors, 400 for other zones", async () => {
    expect((await put(seerId, { timezone: "UTC" }, otherSeerCookie)).statusCode).toBe(403);
    expect((await put(seerId, { timezone: "UTC" }, client.cookie)).statusCode).toBe(403);
    expect((await put("missing-seer", { timezone: "UTC" }, otherSeerCookie)).statusCode).toBe(404);
    expect((await put(seerId, { timezone: "UTC" })).statusCode).toBe(401);
    const bad = await put(otherSeerId, { timezone: "Asia/Tokyo" }, otherSeerCookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(TIMEZONE_MESSAGE);
    const [row] = await t.database.db.select({ timezone: seers.timezone }).from(seers).where(eq(seers.id, seerId));
    expect(row?.timezone).toBe("Africa/Lagos");
  });
});

const profile = {
  price15Min: "30",
  price30Min: "",
  price60Min: "99.5",
  languages: ["English", " Yoruba ", "English", ""],
  specializations: ["Divination"],
  biography: "A new biography.",
  tradition: "Ifá",
  country: "Nigeria",
  yearsOfPractice: "12",
  profileImageUrl: "",
};

describe("updating the profile", () => {
  it("stores prices as two-decimal amounts, cleans the lists, and shows the change in the public directory", async () => {
    const response = await trpcMutation(t.app, "seerDashboard.updateProfile", profile, otherSeerCookie);
    expect(response.statusCode).toBe(200);
    const publicSeer = trpcData(await trpcQuery(t.app, "seers.byId", { id: otherSeerId })) as Record<string, unknown>;
    expect(publicSeer).toMatchObject({
      price15Min: "30.00",
      price30Min: null,
      price60Min: "99.50",
      languages: ["English", "Yoruba"],
      tradition: "Ifá",
      country: "Nigeria",
      yearsOfPractice: 12,
      profileImageUrl: null,
    });
  });

  it("refuses bad prices, no price at all, and too few years with clear messages, changing nothing", async () => {
    const fieldErrors = async (input: Record<string, unknown>) => {
      const response = await trpcMutation(t.app, "seerDashboard.updateProfile", { ...profile, ...input }, otherSeerCookie);
      expect(response.statusCode).toBe(400);
      return trpcError(response).data.zodError?.fieldErrors ?? {};
    };
    expect((await fieldErrors({ price15Min: "12.345" })).price15Min).toEqual([PRICE_FORMAT_MESSAGE]);
    expect((await fieldErrors({ price15Min: "-5" })).price15Min).toEqual([PRICE_FORMAT_MESSAGE]);
    expect((await fieldErrors({ price60Min: "0.00" })).price60Min).toEqual([PRICE_POSITIVE_MESSAGE]);
    expect((await fieldErrors({ price15Min: "", price60Min: "" })).price15Min).toEqual([PRICE_REQUIRED_MESSAGE]);
    expect((await fieldErrors({ yearsOfPractice: "0" })).yearsOfPractice).toEqual(["Must be at least 1 year"]);
    expect((await fieldErrors({ specializations: [" "] })).specializations).toEqual(["Add at least one specialization"]);
    const publicSeer = trpcData(await trpcQuery(t.app, "seers.byId", { id: otherSeerId })) as Record<string, unknown>;
    expect(publicSeer.price15Min).toBe("30.00");
  });

  it("is for Seers only", async () => {
    expect((await trpcMutation(t.app, "seerDashboard.updateProfile", profile, client.cookie)).statusCode).toBe(403);
  });

  it("takes a photo only from the Seer's own profile-photo upload, which then anyone may see", async () => {
    const upload = async (cookie: string, content: Buffer, filename: string) => {
      const body = multipart("profilePhoto", filename, "image/png", content);
      return t.app.inject({
        method: "POST",
        url: "/api/upload/profile-photo",
        headers: { ...body.headers, cookie },
        payload: body.payload,
      });
    };
    const pdf = await upload(otherSeerCookie, fixtures.pdf(), "me.png");
    expect(pdf.statusCode).toBe(422);
    // JPEG's first bytes and nothing that decodes: refused as well.
    const broken = await upload(otherSeerCookie, fixtures.fakeJpeg(), "me.jpg");
    expect(broken.statusCode).toBe(422);
    expect(broken.body).toBe("Only JPEG or PNG images are accepted for the profile photo.");
    const mine = await upload(otherSeerCookie, fixtures.png(), "me.png");
    expect(mine.statusCode).toBe(200);
    const url = mine.json<{ url: string }>().url;
    const someoneElses = (await upload(seerCookie, fixtures.jpeg(), "them.jpg")).json<{ url: string }>().url;

    // Private until it is on an approved Seer's profile.
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    const refused = await trpcMutation(
      t.app,
      "seerDashboard.updateProfile",
      { ...profile, profileImageUrl: someoneElses },
      otherSeerCookie,
    );
    expect(refused.statusCode).toBe(400);
    expect(trpcError(refused).message).toBe(PROFILE_PHOTO_MESSAGE);
    const idDoc = await trpcMutation(
      t.app,
      "seerDashboard.updateProfile",
      { ...profile, profileImageUrl: "/images/elsewhere.png" },
      otherSeerCookie,
    );
    expect(idDoc.statusCode).toBe(400);

    expect(
      (await trpcMutation(t.app, "seerDashboard.updateProfile", { ...profile, profileImageUrl: url }, otherSeerCookie))
        .statusCode,
    ).toBe(200);
    const publicPhoto = await t.app.inject({ method: "GET", url });
    expect(publicPhoto.statusCode).toBe(200);
    // Kept as the site keeps every profile photo: a 512 px square JPEG.
    expect(publicPhoto.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(publicPhoto.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 512, height: 512 });
    // The other Seer's unpublished upload stays private.
    expect((await t.app.inject({ method: "GET", url: someoneElses, headers: { cookie: client.cookie } })).statusCode).toBe(404);
  });
});

describe("profile photos", () => {
  it("are cropped to a centred square, scaled to 512 px and stripped of their metadata", async () => {
    // A wide picture whose left half is red and right half blue, with a copyright and a camera in its EXIF.
    const wide = await sharp({ create: { width: 900, height: 300, channels: 3, background: "#ff0000" } })
      .composite([{ input: { create: { width: 450, height: 300, channels: 3, background: "#0000ff" } }, left: 450, top: 0 }])
      .withExif({ IFD0: { Copyright: "Ama, private", Make: "PhoneCam" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(wide).metadata()).exif).toBeDefined();
    const body = multipart("profilePhoto", "wide.jpg", "image/jpeg", wide);
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/upload/profile-photo",
      headers: { ...body.headers, cookie: otherSeerCookie },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const got = await t.app.inject({
      method: "GET",
      url: sent.json<{ url: string }>().url,
      headers: { cookie: otherSeerCookie },
    });
    const kept = await sharp(got.rawPayload).metadata();
    expect(kept).toMatchObject({ format: "jpeg", width: 512, height: 512 });
    expect(kept.exif).toBeUndefined();
    // The centre of the picture was kept: its left edge is red, its right edge blue.
    const { data } = await sharp(got.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number) => [...data.subarray((256 * 512 + x) * 3, (256 * 512 + x) * 3 + 3)];
    expect(pixel(5)[0]).toBeGreaterThan(200);
    expect(pixel(506)[2]).toBeGreaterThan(200);
  });
});

describe("availability and booking", () => {
  const intent = (body: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: { "content-type": "application/json", cookie: client.cookie },
      payload: JSON.stringify({ sessionType: "30min", notes: "", ...body }),
    });
  const slots = async (id: string, scheduledDate: string, clientTimezone: string) =>
    trpcData(await trpcQuery(t.app, "bookings.takenSlots", { seerId: id, scheduledDate, clientTimezone })) as {
      taken: string[];
      notOffered: string[];
    };
  const offered = async (id: string, date: string, zone: string) => {
    const { notOffered } = await slots(id, date, zone);
    return ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00"].filter(
      (s) => !notOffered.includes(s),
    );
  };

  it("validates and stores the weekly slots; a closed Monday offers nothing and refuses bookings", async () => {
    const bad = await trpcMutation(t.app, "seerDashboard.updateAvailability", { days: { "1": ["08:00"] } }, seerCookie);
    expect(bad.statusCode).toBe(400);
    const saved = await trpcMutation(
      t.app,
      "seerDashboard.updateAvailability",
      { days: { "1": [], "2": ["12:00", "10:00", "10:00"] } },
      seerCookie,
    );
    expect(saved.statusCode).toBe(200);
    expect(trpcData(saved)).toMatchObject({ "0": [], "1": [], "2": ["10:00", "12:00"] });
    expect((await trpcMutation(t.app, "seerDashboard.updateAvailability", { days: {} }, client.cookie)).statusCode).toBe(403);

    // The Seer is in Lagos (UTC+1): Tuesday 10:00 and 12:00 Lagos are 09:00 and 11:00 for a client in UTC.
    expect(await offered(seerId, "2026-11-23", "UTC")).toEqual([]);
    expect(await offered(seerId, "2026-11-24", "UTC")).toEqual(["09:00", "11:00"]);
    const monday = await intent({ seerId, scheduledDate: "2026-11-23", scheduledTime: "10:00", clientTimezone: "UTC" });
    expect(monday.statusCode).toBe(400);
    expect(monday.body).toBe(NOT_AVAILABLE_MESSAGE);
    const tuesdayWrong = await intent({ seerId, scheduledDate: "2026-11-24", scheduledTime: "10:00", clientTimezone: "UTC" });
    expect(tuesdayWrong.body).toBe(NOT_AVAILABLE_MESSAGE);
    expect(
      (await intent({ seerId, scheduledDate: "2026-11-24", scheduledTime: "11:00", clientTimezone: "UTC" })).statusCode,
    ).toBe(200);
  });

  it("follows both daylight-saving changes: a New York 09:00 seen from London in March 2027", async () => {
    // Within the 90-day bookable horizon of those March dates; the client's 30-day session is renewed on the way.
    const signedIn = client.cookie;
    for (const day of ["2026-12-10", "2027-01-02", "2027-01-25", "2027-02-01"]) {
      t.clock.set(new Date(`${day}T10:00:00Z`));
      expect((await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: signedIn } })).statusCode).toBe(200);
    }
    try {
      const { seerId: nySeer } = await seerAccount("dash-ny@example.com", {
        timezone: "America/New_York",
        availability: {
          "0": ["09:00"],
          "1": ["09:00"],
          "2": ["09:00"],
          "3": ["09:00"],
          "4": ["09:00"],
          "5": ["09:00"],
          "6": ["09:00"],
        },
      });
      // Before 14 March both are on winter time (5 hours apart); until 28 March only New York has moved (4 hours).
      expect(await offered(nySeer, "2027-03-10", "Europe/London")).toEqual(["14:00"]);
      expect(await offered(nySeer, "2027-03-17", "Europe/London")).toEqual(["13:00"]);
      expect(await offered(nySeer, "2027-03-31", "Europe/London")).toEqual(["14:00"]);
      const gap = await intent({
        seerId: nySeer,
        scheduledDate: "2027-03-17",
        scheduledTime: "14:00",
        clientTimezone: "Europe/London",
      });
      expect(gap.statusCode).toBe(400);
      expect(gap.body).toBe(NOT_AVAILABLE_MESSAGE);
      const ok = await intent({
        seerId: nySeer,
        scheduledDate: "2027-03-17",
        scheduledTime: "13:00",
        clientTimezone: "Europe/London",
      });
      expect(ok.statusCode).toBe(200);
      // And in November (within the horizon of a day in October): New York falls back on the 7th, London already did
      // on 31 October.
      t.clock.set(new Date("2027-10-20T10:00:00Z"));
      expect(await offered(nySeer, "2027-11-03", "Europe/London")).toEqual(["13:00"]);
      expect(await offered(nySeer, "2027-11-10", "Europe/London")).toEqual(["14:00"]);
    } finally {
      t.clock.set(NOW);
    }
  });

  it("offers all 12 slots of the Seer's own clock when no availability is set", async () => {
    const { seerId: open } = await seerAccount("dash-open@example.com", { timezone: "Africa/Nairobi", availability: null });
    // 09:00-20:00 in Nairobi (UTC+3) is 06:00-17:00 UTC: the client in UTC sees 09:00 to 17:00.
    expect(await offered(open, "2026-12-01", "UTC")).toEqual([
      "09:00",
      "10:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
    ]);
  });
});
