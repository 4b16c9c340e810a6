import { randomBytes } from "node:crypto";
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Queryable } from "../../../db/client";
import { productCategories, products, vendors } from "../../../db/schema";
import { slugify } from "../../../src/domain/articles";
import { AppError } from "../../../src/errors";
import { uploadIdFromUrl } from "../../../src/schemas/applications";
import {
  NOT_A_VENDOR,
  PRODUCT_ALREADY_APPROVED,
  PRODUCT_IMAGE_REQUIRED,
  VENDOR_PRODUCT_NOT_FOUND,
  type updateVendorProductSchema,
  type vendorProductSchema,
} from "../../../src/schemas/vendors";
import { recordAdminAction, type AdminActor } from "../../platform/audit";
import type { Clock } from "../../platform/clock";
import type { UploadService } from "../uploads";

export const UNKNOWN_CATEGORY = "Choose a category from the list";

/** The signed-in user's vendor, approved and active; anyone else is told they have none (NOT_FOUND, as payouts tells a non-Seer). */
export async function vendorOf(q: Queryable, userId: string) {
  const [vendor] = await q
    .select({ id: vendors.id, businessName: vendors.businessName, commissionPercentage: vendors.commissionPercentage })
    .from(vendors)
    .where(and(eq(vendors.userId, userId), eq(vendors.status, "approved"), eq(vendors.isActive, true)))
    .limit(1);
  if (!vendor) throw new AppError("NOT_FOUND", NOT_A_VENDOR);
  return vendor;
}

const productColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  price: products.price,
  stockQuantity: products.stockQuantity,
  lowStockThreshold: products.lowStockThreshold,
  categoryId: products.categoryId,
  origin: products.origin,
  imageUrl: products.imageUrl,
  isActive: products.isActive,
  approvedAt: products.approvedAt,
  createdAt: products.createdAt,
} as const;

/** The vendor's own products, newest first, each with whether it is approved (listed when also active). */
export async function myProducts(db: Db, userId: string) {
  const vendor = await vendorOf(db, userId);
  return db.select(productColumns).from(products).where(eq(products.vendorId, vendor.id)).orderBy(desc(products.createdAt));
}

async function checkCategory(q: Queryable, categoryId: string | null) {
  if (!categoryId) return;
  const [category] = await q.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, categoryId));
  if (!category) throw new AppError("BAD_REQUEST", UNKNOWN_CATEGORY);
}

/** An uploaded image must be the vendor's own upload of a product image; an https:// address is taken as it is. */
async function checkImage(q: Queryable, uploads: UploadService, userId: string, imageUrl: string | null) {
  if (!imageUrl || !uploadIdFromUrl(imageUrl)) return;
  if (!(await uploads.findOwned(q, userId, imageUrl, "product-image"))) throw new AppError("BAD_REQUEST", PRODUCT_IMAGE_REQUIRED);
}

/** A new product of the vendor's: not listed until an admin approves it (docs/product.md#vendors). */
export async function createProduct(
  { db, clock, uploads }: { db: Db; clock: Clock; uploads: UploadService },
  userId: string,
  input: z.output<typeof vendorProductSchema>,
) {
  const vendor = await vendorOf(db, userId);
  await Promise.all([checkCategory(db, input.categoryId), checkImage(db, uploads, userId, input.imageUrl)]);
  const [row] = await db
    .insert(products)
    .values({
      ...input,
      origin: input.origin ?? null,
      // A suffix keeps two vendors' "Kente Stole" apart; the slug never changes after.
      slug: `${slugify(input.name).slice(0, 200)}-${randomBytes(4).toString("hex")}`,
      vendorId: vendor.id,
      currency: "USD",
      createdAt: clock.now(),
    })
    .returning(productColumns);
  if (!row) throw new Error("Insert returned no row");
  return row;
}

/** Edits one of the vendor's own products; another's (or a missing one) answers NOT_FOUND. Approval stays once given. */
export async function updateProduct(
  { db, uploads }: { db: Db; uploads: UploadService },
  userId: string,
  input: z.output<typeof updateVendorProductSchema>,
) {
  const vendor = await vendorOf(db, userId);
  await Promise.all([checkCategory(db, input.categoryId), checkImage(db, uploads, userId, input.imageUrl)]);
  const { id, ...fields } = input;
  const [row] = await db
    .update(products)
    .set({ ...fields, origin: fields.origin ?? null })
    .where(and(eq(products.id, id), eq(products.vendorId, vendor.id)))
    .returning(productColumns);
  if (!row) throw new AppError("NOT_FOUND", VENDOR_PRODUCT_NOT_FOUND);
  return row;
}

/** The admins' queue: vendors' products never approved, oldest first. */
export function pendingProducts(db: Db) {
  return db
    .select({ ...productColumns, vendorId: vendors.id, businessName: vendors.businessName })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(isNull(products.approvedAt))
    .orderBy(products.createdAt)
    .limit(200);
}

/** An admin lists a vendor's product for the first time, with its audit row; approving it again is refused. */
export async function approveProduct({ db, clock }: { db: Db; clock: Clock }, admin: AdminActor, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ approvedAt: clock.now(), approvedBy: admin.id })
      .where(and(eq(products.id, id), isNotNull(products.vendorId), isNull(products.approvedAt)))
      .returning({ id: products.id, name: products.name, approvedAt: products.approvedAt });
    if (!row) {
      const [existing] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, id), isNotNull(products.vendorId)));
      throw existing ? new AppError("CONFLICT", PRODUCT_ALREADY_APPROVED) : new AppError("NOT_FOUND", VENDOR_PRODUCT_NOT_FOUND);
    }
    await recordAdminAction(tx, admin, {
      targetKind: "product",
      targetId: id,
      change: { id, before: { approvedAt: null }, after: { approvedAt: row.approvedAt } },
    });
    return row;
  });
}
