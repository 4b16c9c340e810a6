import type { FastifyInstance } from "fastify";

const BOUNDARY = "----seer-test-boundary-7d93a1";

/** A multipart/form-data body with one file part, for app.inject. */
export function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const TWO_PIXEL_JPEG =
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJgAsy//2Q==";
const ONE_PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** Small files whose content is what they claim (or, for elf and mz, executables). */
export const fixtures = {
  pdf(size = 0): Buffer {
    const body = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    return size > body.length ? Buffer.concat([body, Buffer.alloc(size - body.length, 0x20)]) : body;
  },
  /** A real 2 x 2 JPEG: profile photos are decoded, so their bytes must make a picture. */
  jpeg(): Buffer {
    return Buffer.from(TWO_PIXEL_JPEG, "base64");
  },
  /** Starts like a JPEG and is nothing more: passes the type check, never decodes. */
  fakeJpeg(): Buffer {
    return Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
      Buffer.alloc(64, 0),
      Buffer.from([0xff, 0xd9]),
    ]);
  },
  png(): Buffer {
    return Buffer.from(ONE_PIXEL_PNG, "base64");
  },
  elf(): Buffer {
    return Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]);
  },
  mz(): Buffer {
    return Buffer.concat([Buffer.from("MZ"), Buffer.alloc(126, 0x90)]);
  },
};

/** POSTs a file to /api/upload/id-document as the browser's FormData would. */
export function uploadIdDocument(
  app: FastifyInstance,
  cookie: string | undefined,
  file: { filename: string; content: Buffer; contentType?: string },
) {
  const body = multipart("idDocument", file.filename, file.contentType ?? "application/octet-stream", file.content);
  return app.inject({
    method: "POST",
    url: "/api/upload/id-document",
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}
