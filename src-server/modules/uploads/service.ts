import { and, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Readable } from "node:stream";
import type { Db, Queryable } from "../../../db/client";
import { products, seers, uploads, type UploadKind } from "../../../db/schema";
import { AppError } from "../../../src/errors";
import { ID_DOCUMENT_MAX_BYTES, uploadIdFromUrl } from "../../../src/schemas/applications";
import { MESSAGE_IMAGE_MAX_BYTES } from "../../../src/domain/conversations";
import {
  ID_DOCUMENT_TYPES,
  PROFILE_PHOTO_TYPES,
  extensionOf,
  judgeFileType,
  type JudgedMimeType,
} from "../../platform/storage/file-types";
import type { Clock } from "../../platform/clock";
import { lockInTransaction } from "../../platform/locks";
import { MissingFileError, type FileStorage } from "../../platform/storage/storage";
import type { SessionUser as CurrentUser } from "../../platform/trpc/context";
import { normaliseProfilePhoto } from "./photo";

/** Per kind: what the content may be, how large it may be, and what the refusal says. */
export const uploadRules: Record<UploadKind, { types: readonly JudgedMimeType[]; maxBytes: number; typeMessage: string }> = {
  "id-document": {
    types: ID_DOCUMENT_TYPES,
    maxBytes: ID_DOCUMENT_MAX_BYTES,
    typeMessage: "Only JPEG, PNG or PDF files are accepted for the ID document.",
  },
  "profile-photo": {
    types: PROFILE_PHOTO_TYPES,
    maxBytes: ID_DOCUMENT_MAX_BYTES,
    typeMessage: "Only JPEG or PNG images are accepted for the profile photo.",
  },
  // Checked as ID documents are (the bytes judged, never the name); private to the shopper and admins.
  "return-photo": {
    types: PROFILE_PHOTO_TYPES,
    maxBytes: ID_DOCUMENT_MAX_BYTES,
    typeMessage: "Only JPEG or PNG photos are accepted.",
  },
  // An image sent in a booking's conversation: readable by its two parties and admins (the `sharedWith` hook).
  "message-image": {
    types: PROFILE_PHOTO_TYPES,
    maxBytes: MESSAGE_IMAGE_MAX_BYTES,
    typeMessage: "Only JPEG or PNG images can be sent.",
  },
  // A vendor's product image (issue #46): private to the vendor and admins until the product is listed.
  "product-image": {
    types: PROFILE_PHOTO_TYPES,
    maxBytes: ID_DOCUMENT_MAX_BYTES,
    typeMessage: "Only JPEG or PNG images are accepted for the product's image.",
  },
};

/** The largest file any upload route accepts; the multipart limit is set from it. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(uploadRules).map((r) => r.maxBytes));

export const FILE_TOO_LARGE = "The file is larger than 10 MB. Please choose a smaller file.";
export const IMAGE_TOO_LARGE = "The image is larger than 5 MB. Please choose a smaller one.";
export const FILE_EMPTY = "The file is empty. Please choose another file.";
export const UPLOAD_NOT_FOUND = "File not found";
/** Per user, over any 24 hours (docs/product.md#constants-and-limits). */
export const UPLOAD_QUOTA_FILES = 20;
export const UPLOAD_QUOTA_BYTES = 50 * 1024 * 1024;
export const UPLOAD_QUOTA_REACHED = "You have reached the upload limit of 20 files or 50 MB a day. Please try again tomorrow.";

export const uploadUrl = (id: string): string => `/api/uploads/${id}`;

export interface StoredUpload {
  id: string;
  url: string;
  kind: UploadKind;
  mimeType: string;
  sizeBytes: number;
}

export interface UploadToRead {
  stream: Readable;
  mimeType: string;
  sizeBytes: number;
  /** A name made by the server (never the uploader's), for Content-Disposition. */
  filename: string;
}

/** Keeps the uploader's file name for display only: no path, no control characters. */
function displayName(name: string | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? "";
  // Control characters would garble the admin's display and any header the name might reach.
  const clean = [...base]
    .filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127)
    .join("")
    .trim();
  return clean ? clean.slice(0, 255) : null;
}

/** Whether an upload is shared with a user by another module (a conversation's image with the booking's other party). */
export type SharedWith = (uploadId: string, userId: string) => Promise<boolean>;

/**
 * Whether anyone may read an upload: a profile photo once an approved Seer's profile shows it (a photo is meant to be
 * seen, but one nobody has published, or a suspended Seer's, stays private to its uploader), and a product image once
 * a listed product shows it (active and, for a vendor's, approved: issue #46).
 */
async function isPublic(db: Db, kind: UploadKind, id: string): Promise<boolean> {
  if (kind === "profile-photo") {
    const [seer] = await db
      .select({ id: seers.id })
      .from(seers)
      .where(and(eq(seers.profileImageUrl, uploadUrl(id)), eq(seers.verificationStatus, "approved")))
      .limit(1);
    return !!seer;
  }
  if (kind === "product-image") {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.imageUrl, uploadUrl(id)),
          eq(products.isActive, true),
          or(isNull(products.vendorId), isNotNull(products.approvedAt)),
        ),
      )
      .limit(1);
    return !!product;
  }
  return false;
}

export function createUploadService({
  db,
  storage,
  clock,
  sharedWith,
}: {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  sharedWith?: SharedWith;
}) {
  /** Refuses an upload that would take the user past the day's quota (a rolling 24 hours), in files or bytes. */
  async function checkQuota(userId: string, bytes: number, q: Queryable = db): Promise<void> {
    const since = new Date(clock.now().getTime() - 24 * 60 * 60 * 1000);
    const [used] = await q
      .select({ files: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${uploads.sizeBytes}), 0)::bigint` })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, since)));
    if ((used?.files ?? 0) + 1 > UPLOAD_QUOTA_FILES || Number(used?.bytes ?? 0) + bytes > UPLOAD_QUOTA_BYTES)
      throw new AppError("TOO_MANY_REQUESTS", UPLOAD_QUOTA_REACHED);
  }

  /** Judges the bytes, writes them under a random key and records whose they are; nothing is kept on refusal. */
  async function store(input: {
    userId: string;
    kind: UploadKind;
    content: Uint8Array;
    originalName?: string;
  }): Promise<StoredUpload> {
    const rules = uploadRules[input.kind];
    if (input.content.length === 0) throw new AppError("BAD_REQUEST", FILE_EMPTY);
    if (input.content.length > rules.maxBytes)
      throw new AppError("PAYLOAD_TOO_LARGE", input.kind === "message-image" ? IMAGE_TOO_LARGE : FILE_TOO_LARGE);
    const sent = await judgeFileType(input.content, rules.types);
    if (!sent) throw new AppError("UNPROCESSABLE_CONTENT", rules.typeMessage);
    let content = input.content;
    let mimeType: JudgedMimeType = sent.mimeType;
    if (input.kind === "profile-photo") {
      // Kept as a 512 px square JPEG with no metadata, whatever was sent; unreadable pictures are refused.
      const photo = await normaliseProfilePhoto(content);
      if (!photo) throw new AppError("UNPROCESSABLE_CONTENT", rules.typeMessage);
      content = photo;
      mimeType = "image/jpeg";
    }
    // A quick refusal before the bytes are written; the binding check is below, under the user's lock.
    await checkQuota(input.userId, content.length);

    const storageKey = await storage.put(content);
    try {
      const [row] = await db.transaction(async (tx) => {
        // Parallel uploads of one user queue here, so that count-then-insert cannot let several past the quota.
        await lockInTransaction(tx, `uploads-quota:${input.userId}`);
        await checkQuota(input.userId, content.length, tx);
        return tx
          .insert(uploads)
          .values({
            userId: input.userId,
            kind: input.kind,
            storageKey,
            mimeType,
            sizeBytes: content.length,
            originalName: displayName(input.originalName),
            createdAt: clock.now(),
          })
          .returning({ id: uploads.id, kind: uploads.kind, mimeType: uploads.mimeType, sizeBytes: uploads.sizeBytes });
      });
      if (!row) throw new Error("Insert returned no row");
      return { ...row, url: uploadUrl(row.id) };
    } catch (error) {
      await storage.remove(storageKey);
      throw error;
    }
  }

  /**
   * The uploader and admins may read a file (anyone, a published profile photo; the booking's other party, an image sent
   * in its conversation); others get the answer for a missing one.
   */
  async function openForRead(id: string, user: Pick<CurrentUser, "id" | "role"> | null): Promise<UploadToRead> {
    // Ids are UUID text; anything else (a NUL, a huge string) names no file and never reaches SQL.
    if (!/^[0-9a-f-]{36}$/i.test(id))
      throw new AppError(user ? "NOT_FOUND" : "UNAUTHORIZED", user ? UPLOAD_NOT_FOUND : "Unauthorized");
    const [row] = await db
      .select({
        userId: uploads.userId,
        kind: uploads.kind,
        storageKey: uploads.storageKey,
        mimeType: uploads.mimeType,
        sizeBytes: uploads.sizeBytes,
      })
      .from(uploads)
      .where(eq(uploads.id, id))
      .limit(1);
    const published = !!row && (await isPublic(db, row.kind, id));
    if (!row || (!published && !user))
      throw new AppError(user ? "NOT_FOUND" : "UNAUTHORIZED", user ? UPLOAD_NOT_FOUND : "Unauthorized");
    const shared =
      row.kind === "message-image" && !!user && row.userId !== user.id && !!sharedWith && (await sharedWith(id, user.id));
    if (!published && !shared && row.userId !== user?.id && user?.role !== "admin")
      throw new AppError("NOT_FOUND", UPLOAD_NOT_FOUND);
    let stream: Readable;
    try {
      stream = await storage.open(row.storageKey);
    } catch (error) {
      // A file whose bytes are gone is missing; a storage outage is an error (logged, answered 500), not a 404.
      if (error instanceof MissingFileError) throw new AppError("NOT_FOUND", UPLOAD_NOT_FOUND);
      throw error;
    }
    return { stream, mimeType: row.mimeType, sizeBytes: row.sizeBytes, filename: `${row.kind}.${extensionOf(row.mimeType)}` };
  }

  /** The upload behind an app URL, when it is of `kind` and belongs to `userId`. */
  async function findOwned(q: Queryable, userId: string, url: string, kind: UploadKind): Promise<{ id: string } | null> {
    const id = uploadIdFromUrl(url);
    if (!id) return null;
    const [row] = await q
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.userId, userId), eq(uploads.kind, kind)))
      .limit(1);
    return row ?? null;
  }

  return { store, openForRead, findOwned };
}

export type UploadService = ReturnType<typeof createUploadService>;
