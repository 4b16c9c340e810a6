import { describe, expect, it } from "vitest";
import { authorName, isHttpUrl, isImageUrl, parseTags, previewOf, slugCandidate, slugify, videoEmbedUrl } from "./articles";

describe("slugify", () => {
  it("folds accents to ASCII, lower-cases and joins words with single hyphens", () => {
    expect(slugify("Ọ̀ṣun & the River: Notes")).toBe("osun-the-river-notes");
    expect(slugify("  Café   Crème -- Élan!  ")).toBe("cafe-creme-elan");
    expect(slugify("Honouring the Ancestors: A Beginner's Guide")).toBe("honouring-the-ancestors-a-beginners-guide");
  });

  it("never returns an empty slug", () => {
    expect(slugify("!!! 🙏 ???")).toBe("article");
  });

  it("keeps at most 255 characters and never ends with a hyphen", () => {
    const slug = slugify(`${"a".repeat(254)} bcd`);
    expect(slug).toBe("a".repeat(254));
    expect(slugify("word ".repeat(100)).length).toBeLessThanOrEqual(255);
    expect(slugify("word ".repeat(100))).not.toMatch(/-$/);
  });
});

describe("slugCandidate", () => {
  it("is the base first, then base-2, base-3", () => {
    expect(slugCandidate("libation", 1)).toBe("libation");
    expect(slugCandidate("libation", 2)).toBe("libation-2");
    expect(slugCandidate("libation", 3)).toBe("libation-3");
  });

  it("cuts a long base so that the suffix still fits in 255 characters", () => {
    const base = "b".repeat(255);
    expect(slugCandidate(base, 2)).toBe(`${"b".repeat(253)}-2`);
    expect(slugCandidate(base, 12)).toHaveLength(255);
    expect(slugCandidate(`${"c".repeat(252)}-xy`, 2)).toBe(`${"c".repeat(252)}-2`);
  });
});

describe("previewOf", () => {
  it("uses the excerpt when there is one", () => {
    expect(previewOf({ excerpt: "  Short summary ", content: "x".repeat(400) })).toBe("Short summary");
  });

  it("else takes the first 150 characters of the content", () => {
    const content = `${"a".repeat(150)}REST`;
    expect(previewOf({ excerpt: null, content })).toBe(`${"a".repeat(150)}...`);
    expect(previewOf({ excerpt: "   ", content: "Short content." })).toBe("Short content.");
    expect(previewOf({ excerpt: null, content: "z".repeat(150) })).toBe("z".repeat(150));
  });

  it("counts an emoji as one character and never cuts it in half", () => {
    const preview = previewOf({ excerpt: null, content: "🌿".repeat(200) });
    expect(preview).toBe(`${"🌿".repeat(150)}...`);
  });
});

describe("isHttpUrl", () => {
  it("accepts http and https only", () => {
    expect(isHttpUrl("https://example.com/a.jpg")).toBe(true);
    expect(isHttpUrl("http://example.com")).toBe(true);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpUrl("data:text/html,<script>alert(1)</script>")).toBe(false);
    expect(isHttpUrl("ftp://example.com/file")).toBe(false);
    expect(isHttpUrl("/images/a.svg")).toBe(false);
    expect(isHttpUrl("not a url")).toBe(false);
  });
});

describe("isImageUrl", () => {
  it("also accepts a path on this site, never another site or a script", () => {
    expect(isImageUrl("https://example.com/a.jpg")).toBe(true);
    expect(isImageUrl("/images/articles/libation.svg")).toBe(true);
    expect(isImageUrl("//evil.example/a.jpg")).toBe(false);
    expect(isImageUrl("/\\evil.example/a.jpg")).toBe(false);
    expect(isImageUrl("javascript:alert(1)")).toBe(false);
    expect(isImageUrl("data:image/png;base64,AAAA")).toBe(false);
    expect(isImageUrl("images/a.jpg")).toBe(false);
  });
});

describe("videoEmbedUrl", () => {
  it("turns every YouTube form into the no-cookie embed URL", () => {
    const embed = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
    expect(videoEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe(embed);
    expect(videoEmbedUrl("https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s")).toBe(embed);
    expect(videoEmbedUrl("https://m.youtube.com/watch?v=dQw4w9WgXcQ")).toBe(embed);
    expect(videoEmbedUrl("https://youtu.be/dQw4w9WgXcQ?si=abc")).toBe(embed);
    expect(videoEmbedUrl("https://www.youtube.com/shorts/dQw4w9WgXcQ")).toBe(embed);
    expect(videoEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe(embed);
  });

  it("turns a Vimeo page into its player URL", () => {
    expect(videoEmbedUrl("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(videoEmbedUrl("https://player.vimeo.com/video/76979871")).toBe("https://player.vimeo.com/video/76979871");
  });

  it("answers null (a plain link) for anything else", () => {
    expect(videoEmbedUrl("https://example.com/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(videoEmbedUrl("https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=bad"id><x')).toBeNull();
    expect(videoEmbedUrl("https://www.youtube.com/channel/UC123")).toBeNull();
    expect(videoEmbedUrl("https://vimeo.com/channels/staffpicks")).toBeNull();
    expect(videoEmbedUrl("javascript:alert('https://youtu.be/dQw4w9WgXcQ')")).toBeNull();
    expect(videoEmbedUrl("")).toBeNull();
    expect(videoEmbedUrl(null)).toBeNull();
  });
});

describe("parseTags", () => {
  it("splits on commas, trims, drops empty ones and repeats", () => {
    expect(parseTags(" ancestors, libation ,, , water,ancestors ")).toEqual(["ancestors", "libation", "water"]);
    expect(parseTags("")).toEqual([]);
  });
});

describe("authorName", () => {
  it("is first and last name, else 'Anonymous'", () => {
    expect(authorName({ firstName: "Ama", lastName: "Mensah" })).toBe("Ama Mensah");
    expect(authorName({ firstName: "Ama", lastName: null })).toBe("Ama");
    expect(authorName({ firstName: null, lastName: " " })).toBe("Anonymous");
  });
});
