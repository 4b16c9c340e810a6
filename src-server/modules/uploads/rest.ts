import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { UploadKind } from "../../../src/domain/enums";
import { AppError } from "../../../src/errors";
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from "./service";
import { restRoute, sendError } from "../../platform/rest";

const isTooLarge = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE";

/** Reads the one file of a multipart request from `field`, refusing more than the limit without storing anything. */
async function readSingleFile(req: FastifyRequest, field: string): Promise<{ content: Buffer; filename: string }> {
  if (!req.isMultipart()) throw new AppError("BAD_REQUEST", `Send the file as multipart/form-data in the field ${field}.`);
  try {
    const file = await req.file();
    if (!file) throw new AppError("BAD_REQUEST", "Choose a file to upload.");
    if (file.fieldname !== field) {
      file.file.resume();
      throw new AppError("BAD_REQUEST", `Send the file in the field ${field}.`);
    }
    const content = await file.toBuffer();
    // Belt and braces: busboy marks a stream cut at the size limit as truncated.
    if (file.file.truncated) throw new AppError("PAYLOAD_TOO_LARGE", FILE_TOO_LARGE);
    return { content, filename: file.filename };
  } catch (error) {
    if (isTooLarge(error)) throw new AppError("PAYLOAD_TOO_LARGE", FILE_TOO_LARGE);
    if (error instanceof AppError) throw error;
    // Only parsing happens here: any other failure (too many parts, a malformed body) is the request's fault.
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (status === 413)
      throw new AppError("PAYLOAD_TOO_LARGE", `The upload has too many parts. Send only the file in the field ${field}.`, {
        cause: error,
      });
    throw new AppError(
      "BAD_REQUEST",
      `The upload could not be read. Send the file as multipart/form-data in the field ${field}.`,
      { cause: error },
    );
  }
}

/** Uploads are plain HTTP (multipart in, a stream out), so these routes use the request's context, not a caller. */
const route = restRoute(() => null);

export function registerUploadRoutes(app: FastifyInstance): void {
  // Multipart parsing exists only inside this plugin, for the upload routes.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
      throwFileSizeLimit: true,
    });

    const uploadRoute = (kind: UploadKind, field: string) =>
      route(async (_caller, req, ctx) => {
        if (!ctx.user) throw new AppError("UNAUTHORIZED", "Unauthorized");
        const { content, filename } = await readSingleFile(req, field);
        const stored = await ctx.services.uploads.store({ userId: ctx.user.id, kind, content, originalName: filename });
        return { url: stored.url };
      });

    scope.post("/api/upload/id-document", uploadRoute("id-document", "idDocument"));
    scope.post("/api/upload/profile-photo", uploadRoute("profile-photo", "profilePhoto"));
    scope.post("/api/upload/return-photo", uploadRoute("return-photo", "returnPhoto"));
    scope.post("/api/upload/message-image", uploadRoute("message-image", "image"));
    scope.post("/api/upload/product-image", uploadRoute("product-image", "productImage"));
  });

  // Streams a stored file to its uploader or an admin (and a photo in use on an approved Seer's profile, or an image of
  // a listed product, to anyone);
  // anyone else is told it does not exist.
  app.get<{ Params: { id: string } }>("/api/uploads/:id", async (req, reply) => {
    try {
      const ctx = await req.server.createContext(req, reply);
      const file = await ctx.services.uploads.openForRead(req.params.id, ctx.user);
      return (
        reply
          .code(200)
          .type(file.mimeType)
          .header("content-length", file.sizeBytes)
          .header("content-disposition", `inline; filename="${file.filename}"`)
          .header("x-content-type-options", "nosniff")
          .header("cache-control", "private, no-store")
          // The app's CSP has object-src 'none', which would stop the browser's PDF viewer; this response runs no script.
          .header(
            "content-security-policy",
            "default-src 'none'; img-src 'self'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
          )
          .send(file.stream)
      );
    } catch (error) {
      return sendError(req, reply, error);
    }
  });
}
