import sharp from "sharp";

/** A profile photo as the site keeps it: a square, this many pixels a side (docs/product.md#seer-dashboard). */
export const PROFILE_PHOTO_SIZE = 512;
/** Pictures larger than this are refused before they are decoded (a small file can expand to a huge bitmap). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Crops a profile photo to a centred square, turns it the way the camera meant (EXIF orientation), scales it to
 * 512 x 512 and writes it again as a JPEG. Whatever the original carried (GPS position, camera, other metadata)
 * is left behind. Returns null when the bytes cannot be read as an image.
 */
export async function normaliseProfilePhoto(content: Uint8Array): Promise<Uint8Array | null> {
  try {
    const out = await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(PROFILE_PHOTO_SIZE, PROFILE_PHOTO_SIZE, { fit: "cover", position: "centre" })
      .flatten({ background: "#fbf6ee" })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return new Uint8Array(out);
  } catch {
    return null;
  }
}
