import { z } from "zod";
import { emailSchema } from "./auth";

import { APPLICATION_STATUSES } from "../domain/enums";

/** docs/product.md#constants-and-limits: the ID file limit stated in the label, and enforced by the server. */
export const ID_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** docs/product.md#routes-and-screens: "jpeg, png, jpg or pdf". */
export const ID_DOCUMENT_ACCEPT = ".jpeg,.jpg,.png,.pdf";

/** The app URL an uploaded file is read from: `/api/uploads/<uploadId>`. */
export const UPLOAD_URL_PATTERN = /^\/api\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
export const uploadIdFromUrl = (url: string): string | null => UPLOAD_URL_PATTERN.exec(url)?.[1] ?? null;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

const specialization = z.string().trim().min(1).max(100, "Specialization is too long");

/** The Seer application (docs/product.md#validation), the same schema for the form and for the procedure input. */
export const seerApplicationSchema = z.object({
  fullName: required("Full name", 200),
  country: required("Country", 100),
  contactEmail: emailSchema,
  contactPhone: z
    .string()
    .trim()
    .max(50, "Phone number is too long")
    .optional()
    .transform((value) => (value ? value : undefined)),
  tradition: required("Tradition", 200),
  lineageInfo: required("Lineage information", 5000),
  yearsOfPractice: z.coerce
    .number({ error: "Must be at least 1 year" })
    .int("Enter a whole number of years")
    .min(1, "Must be at least 1 year")
    .max(100, "Enter a realistic number of years"),
  specializations: z
    .array(specialization)
    .min(1, "Add at least one specialization")
    .max(20, "Add at most 20 specializations")
    .transform((list) => [...new Set(list)]),
  biography: required("Biography", 5000),
  ethicsStatement: required("Ethics statement", 5000),
  idDocumentUrl: z
    .string({ error: "Please upload your ID document" })
    .trim()
    .min(1, "Please upload your ID document")
    .regex(UPLOAD_URL_PATTERN, "Please upload your ID document"),
});
export type SeerApplicationInput = z.input<typeof seerApplicationSchema>;
export type SeerApplication = z.output<typeof seerApplicationSchema>;

export const applicationStatusFilterSchema = z.object({
  status: z.enum(APPLICATION_STATUSES).optional(),
});

export const reviewApplicationSchema = z.object({
  id: z.string().trim().min(1).max(100),
  status: z.enum(["approved", "rejected"], { error: "Status must be approved or rejected" }),
  reviewNotes: z
    .string()
    .trim()
    .max(2000, "Review notes are too long")
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type ReviewApplicationInput = z.input<typeof reviewApplicationSchema>;
