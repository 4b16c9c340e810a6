import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { UPLOAD_KINDS, type UploadKind } from "../../src/domain/enums";
import { createdAt, id, oneOf } from "./columns";
import { users } from "./users";

export type { UploadKind } from "../../src/domain/enums";

/**
 * Uploaded files: stored on disk under a random key outside every public folder; this row says whose
 * the file is and what its content was judged to be. Read only through an authorized route.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 30 }).$type<UploadKind>().notNull(),
    storageKey: varchar("storage_key", { length: 100 }).notNull().unique(),
    mimeType: varchar("mime_type", { length: 100 }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    originalName: varchar("original_name", { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [
    check("uploads_kind_check", oneOf(t.kind, UPLOAD_KINDS)),
    check("uploads_size_check", sql`${t.sizeBytes} > 0`),
    index("uploads_user_idx").on(t.userId, t.kind),
    index("uploads_user_created_idx").on(t.userId, t.createdAt),
  ],
);
