import { Center, Image } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";

/** A product's picture, or a neutral placeholder when it has none. */
/** Lazy unless above the fold (`eager`); the demo artwork is square, so width and height reserve its space. */
export function ProductImage({
  src,
  alt,
  h,
  eager = false,
}: {
  src: string | null;
  alt: string;
  h: number | string;
  eager?: boolean;
}) {
  if (!src) {
    return (
      <Center h={h} bg="gray.1" role="img" aria-label={alt}>
        <IconPhoto size={40} color="var(--mantine-color-gray-5)" aria-hidden />
      </Center>
    );
  }
  return (
    <Image src={src} alt={alt} h={h} fit="cover" width={600} height={600} loading={eager ? "eager" : "lazy"} decoding="async" />
  );
}
