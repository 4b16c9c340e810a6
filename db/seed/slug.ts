/** "Gogo Nomvula Dlamini" -> "gogo-nomvula-dlamini"; accents dropped, anything else becomes a single dash. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
