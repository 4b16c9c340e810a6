import { fileTypeFromBuffer } from "file-type";

export type JudgedMimeType = "image/jpeg" | "image/png" | "application/pdf";

/** What each kind of upload may be, judged by content (magic bytes), never by name or declared type. */
export const ID_DOCUMENT_TYPES: readonly JudgedMimeType[] = ["image/jpeg", "image/png", "application/pdf"];
export const PROFILE_PHOTO_TYPES: readonly JudgedMimeType[] = ["image/jpeg", "image/png"];

const extensions: Record<JudgedMimeType, string> = { "image/jpeg": "jpg", "image/png": "png", "application/pdf": "pdf" };

export interface JudgedFile {
  mimeType: JudgedMimeType;
  extension: string;
}

/** The file's real type when its content is one of `allowed`, else null. */
export async function judgeFileType(content: Uint8Array, allowed: readonly JudgedMimeType[]): Promise<JudgedFile | null> {
  if (content.length === 0) return null;
  const detected = await fileTypeFromBuffer(content);
  const mime = detected?.mime as string | undefined;
  const match = allowed.find((type) => type === mime);
  return match ? { mimeType: match, extension: extensions[match] } : null;
}

export const extensionOf = (mimeType: string): string => extensions[mimeType as JudgedMimeType] ?? "bin";
