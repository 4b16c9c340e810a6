import { z } from "zod";
import { CONTACT_STATUSES } from "../domain/enums";
import { emailSchema } from "./auth";


export const contactTexts = {
  name: "Please enter your name",
  subject: "Please enter a subject",
  message: "Please write your message",
  tooMany: "You have sent several messages in a short time. Please wait an hour, or write to support@seer.local.",
} as const;

/** The contact form (docs/product.md#static-pages): every field required, with the form's own length limits. */
export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, contactTexts.name).max(200),
  email: emailSchema,
  subject: z.string().trim().min(1, contactTexts.subject).max(200),
  message: z.string().trim().min(1, contactTexts.message).max(5000),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export const contactListSchema = z.object({ status: z.enum(CONTACT_STATUSES).optional() });
export const contactStatusSchema = z.object({ id: z.string().min(1).max(100), status: z.enum(CONTACT_STATUSES) });
