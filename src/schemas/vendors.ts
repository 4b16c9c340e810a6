import { z } from "zod";
import { APPLICATION_STATUSES } from "../domain/enums";
import { PAYOUT_METHOD_KINDS } from "../domain/payout-rails";
import { UPLOAD_URL_PATTERN } from "./applications";

export const PRODUCT_IMAGE_REQUIRED = "Upload the product's image again.";

const isHttpsAddress = (value: string): boolean => {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
};
import { emailSchema } from "./auth";

/** docs/product.md#vendors: what the vendor's pages and the server answer. */
export const VENDOR_ALREADY_PENDING = "You already have a vendor application under review. We'll contact you via email.";
export const ALREADY_VENDOR = "You are already a vendor in the Sacred Market.";
export const REGISTRATION_DOCUMENT_REQUIRED = "Please upload your business registration document";
export const NOT_A_VENDOR = "This is only accessible to approved vendors.";
export const VENDOR_PRODUCT_NOT_FOUND = "Product not found";
export const VENDOR_APPLICATION_NOT_FOUND = "Application not found";
export const VENDOR_APPLICATION_REVIEWED = "This application has already been reviewed";
export const PRODUCT_ALREADY_APPROVED = "This product has already been approved";
export const VENDOR_ORDER_NOT_FOUND = "Order not found";
export const PART_ALREADY_SHIPPED = "Your part of this order has already been marked as shipped.";
export const PART_NOT_SHIPPABLE = "Only a paid order can be marked as shipped.";
export const PART_NOT_DELIVERABLE = "Only a shipped part that has not been delivered can be marked as delivered.";
/** The commission an approval suggests, in percent with two decimals. */
export const DEFAULT_VENDOR_COMMISSION = "15.00";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** Payout details as the rails of issue #23 take them (checked by the provider on the server, as a Seer's are). */
export const vendorPayoutSchema = z.object({
  kind: z.enum(PAYOUT_METHOD_KINDS, { message: "Choose mobile money or a bank account" }),
  institutionCode: z.string().trim().min(1, "Choose your network or bank").max(40),
  accountNumber: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s\-().+]/g, ""))
    .pipe(z.string().regex(/^\d{6,20}$/, "Enter the number with its digits only (6 to 20)")),
  accountName: z.string().trim().min(2, "Enter the account holder's name").max(200),
});

/** The vendor application (docs/product.md#vendors): the fields of `vendor_applications`, the same schema for the form. */
export const vendorApplicationSchema = z.object({
  businessName: required("Business name", 255),
  contactEmail: emailSchema,
  contactPhone: optionalText("Phone number", 50),
  businessAddress: required("Business address", 1000),
  country: required("Country", 100),
  description: required("Description", 5000),
  productTypes: z
    .array(z.string().trim().min(1).max(100, "Product type is too long"))
    .min(1, "Add at least one product type")
    .max(20, "Add at most 20 product types")
    .transform((list) => [...new Set(list)]),
  taxId: optionalText("Tax ID", 100),
  businessRegistrationDoc: z
    .string({ error: REGISTRATION_DOCUMENT_REQUIRED })
    .trim()
    .min(1, REGISTRATION_DOCUMENT_REQUIRED)
    .regex(UPLOAD_URL_PATTERN, REGISTRATION_DOCUMENT_REQUIRED),
  payout: vendorPayoutSchema,
});
export type VendorApplication = z.output<typeof vendorApplicationSchema>;

/** The institutions a country offers for a kind, for the form's list. */
export const vendorPayoutOptionsSchema = z.object({
  country: required("Country", 100),
  kind: z.enum(PAYOUT_METHOD_KINDS, { message: "Choose mobile money or a bank account" }),
});

/** `Check name`: the holder's name as the provider of the country's rail reports it, before the application is sent. */
export const vendorPayoutNameSchema = vendorPayoutOptionsSchema.extend({
  institutionCode: vendorPayoutSchema.shape.institutionCode,
  accountNumber: vendorPayoutSchema.shape.accountNumber,
});

export const vendorApplicationFilterSchema = z.object({ status: z.enum(APPLICATION_STATUSES).optional() });

/** A commission in percent with at most two decimals, between 0 and 100. */
const commission = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, "Enter the commission as a percentage, like 15.00")
  .refine((v) => Number(v) <= 100, "The commission is at most 100%")
  .transform((v) => Number(v).toFixed(2));

export const reviewVendorApplicationSchema = z.object({
  id: z.string().trim().min(1).max(100),
  status: z.enum(["approved", "rejected"], { error: "Status must be approved or rejected" }),
  commissionPercentage: commission.default(DEFAULT_VENDOR_COMMISSION),
  reviewNotes: z
    .string()
    .trim()
    .max(2000, "Review notes are too long")
    .nullish()
    .transform((value) => (value ? value : null)),
});

const price = z
  .string()
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, "Enter the price in US dollars, like 25.00")
  .refine((v) => Number(v) > 0, "The price must be more than 0")
  .transform((v) => Number(v).toFixed(2));

const count = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`);

/** A vendor's product (docs/product.md#vendors): the catalogue's fields a vendor sets. */
export const vendorProductSchema = z.object({
  name: required("Name", 255),
  description: required("Description", 5000),
  price,
  stockQuantity: count("Stock"),
  lowStockThreshold: count("Low-stock threshold"),
  categoryId: z.string().trim().min(1).max(100).nullish().transform((v) => v ?? null),
  origin: optionalText("Origin", 100),
  // An image uploaded by the vendor (`/api/uploads/{id}`, checked as theirs on the server), or an https:// address.
  imageUrl: z
    .string()
    .trim()
    .max(500, "The image address is too long")
    .refine(
      (v) => UPLOAD_URL_PATTERN.test(v) || isHttpsAddress(v),
      "Enter the image's address (https://...)",
    )
    .nullish()
    .transform((v) => v ?? null),
  isActive: z.boolean().default(true),
});

export const updateVendorProductSchema = vendorProductSchema.extend({ id: z.string().trim().min(1).max(100) });
export const vendorProductIdSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** A vendor's part of an order: the admin marks it delivered (`vendors.markDelivered`). */
export const vendorPartSchema = z.object({
  orderId: z.string().trim().min(1).max(100),
  vendorId: z.string().trim().min(1).max(100),
});
