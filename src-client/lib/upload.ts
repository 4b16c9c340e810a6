import type { MessageId } from "../../src/i18n/messages/en";
import { pageI18n } from "./i18n";

/** Why an upload failed when the server's words do not say it: the network, a cancel, an answer without the address. */
export type UploadFailure = "network" | "cancelled" | "noAddress";

const FAILURE_IDS: Record<UploadFailure, MessageId> = {
  network: "upload.network",
  cancelled: "upload.cancelled",
  noAddress: "upload.noAddress",
};

/** A failed upload: the HTTP status (0 when the network failed) and the server's plain-text message, or ours. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Ours, when the server's answer is not the reason: `shown` says it in the page's language. */
    readonly failure?: UploadFailure,
  ) {
    super(`${status}: ${message}`);
    this.name = "UploadError";
  }
  /** The reason in English: the server's own words, without the status prefix, or ours. */
  get detail(): string {
    return this.message.replace(/^\d+: /, "");
  }
  /** The reason for showing under the field: ours in the page's language, the server's words as they come. */
  get shown(): string {
    return this.failure ? pageI18n().t(FAILURE_IDS[this.failure]) : this.detail;
  }
}

/**
 * Sends one file as multipart/form-data and resolves with the stored file's URL. XMLHttpRequest rather than fetch,
 * because only XHR reports upload progress.
 */
export function uploadFile(
  endpoint: string,
  field: string,
  file: File,
  onProgress: (percent: number) => void,
): { done: Promise<string>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<string>((resolve, reject) => {
    xhr.open("POST", endpoint);
    xhr.withCredentials = true;
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener("load", () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const body = JSON.parse(xhr.responseText) as { url?: unknown };
          if (typeof body.url === "string") {
            onProgress(100);
            resolve(body.url);
            return;
          }
        } catch {
          // Falls through to the error below: a 2xx without a URL is as useless as a failure.
        }
        reject(new UploadError(xhr.status, "The server did not return the file's address", "noAddress"));
        return;
      }
      reject(new UploadError(xhr.status, xhr.responseText || xhr.statusText));
    });
    xhr.addEventListener("error", () => reject(new UploadError(0, "Network error", "network")));
    xhr.addEventListener("abort", () => reject(new UploadError(0, "Upload cancelled", "cancelled")));
    const body = new FormData();
    body.append(field, file);
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
