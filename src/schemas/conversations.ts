import { z } from "zod";
import { CHAT_MESSAGE_MAX } from "../domain/meetings";
import { UPLOAD_URL_PATTERN } from "./applications";
import { bookingIdSchema } from "./bookings";

/** A message of a booking's conversation: text (at most 2,000 characters), an uploaded image, or both. */
export const sendMessageSchema = bookingIdSchema
  .extend({
    text: z
      .string()
      .trim()
      .max(CHAT_MESSAGE_MAX, `A message can be at most ${CHAT_MESSAGE_MAX} characters.`)
      .default(""),
    imageUrl: z.string().regex(UPLOAD_URL_PATTERN, "The image was not uploaded. Please choose it again.").optional(),
  })
  .refine((m) => m.text.length > 0 || m.imageUrl !== undefined, {
    message: "A message cannot be empty.",
    path: ["text"],
  });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;
