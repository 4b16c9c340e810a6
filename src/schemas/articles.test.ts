import { describe, expect, it } from "vitest";
import { z } from "zod";
import { articleFormSchema, articleInputSchema, emptyArticleForm, toArticleForm, toArticleInput } from "./articles";

const content = "Water remembers. We pour libation to call the names of those who came before us.";
const valid = { ...emptyArticleForm, title: "Libation", content, category: "Ancestral Wisdom" };

const fieldErrors = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
};

describe("articleFormSchema", () => {
  it("gives docs/product.md#validation's exact messages", () => {
    const errors = fieldErrors(articleFormSchema, { ...emptyArticleForm, title: "ab", content: "too short" });
    expect(errors).toEqual({
      title: ["Title must be at least 3 characters"],
      content: ["Content must be at least 50 characters"],
      category: ["Category is required"],
    });
  });

  it("does not count surrounding spaces towards the minimums", () => {
    const errors = fieldErrors(articleFormSchema, { ...valid, title: "  ab  ", category: "   " });
    expect(errors).toEqual({ title: ["Title must be at least 3 characters"], category: ["Category is required"] });
  });

  it("limits title to 255 and category to 100 characters", () => {
    const errors = fieldErrors(articleFormSchema, { ...valid, title: "t".repeat(256), category: "c".repeat(101) });
    expect(Object.keys(errors).sort()).toEqual(["category", "title"]);
    expect(articleFormSchema.safeParse({ ...valid, title: "t".repeat(255), category: "c".repeat(100) }).success).toBe(true);
  });

  it("accepts empty or http(s) URLs and refuses javascript:, data: and malformed ones", () => {
    expect(articleFormSchema.safeParse({ ...valid, videoUrl: "", featuredImageUrl: "" }).success).toBe(true);
    expect(
      articleFormSchema.safeParse({
        ...valid,
        videoUrl: "https://youtu.be/dQw4w9WgXcQ",
        featuredImageUrl: "https://example.com/a.png",
      }).success,
    ).toBe(true);
    const errors = fieldErrors(articleFormSchema, {
      ...valid,
      videoUrl: "javascript:alert(1)",
      featuredImageUrl: "data:image/svg+xml,<svg onload=alert(1)>",
    });
    expect(errors).toEqual({
      videoUrl: ["Video URL must be a valid URL starting with http:// or https://"],
      featuredImageUrl: ["Image URL must start with https:// or be an image uploaded to this site"],
    });
    expect(fieldErrors(articleFormSchema, { ...valid, videoUrl: "not a url" })).toHaveProperty("videoUrl");
  });
});

describe("articleInputSchema", () => {
  it("takes tags as an array, trimmed, empty ones dropped", () => {
    const parsed = articleInputSchema.parse({ ...valid, tags: [" water ", "", "  ", "names"] });
    expect(parsed.tags).toEqual(["water", "names"]);
  });

  it("turns empty optional fields into null and defaults isPublished to false", () => {
    const parsed = articleInputSchema.parse({
      title: "Libation",
      content,
      category: "Ancestral Wisdom",
      excerpt: "",
      videoUrl: "",
    });
    expect(parsed).toMatchObject({ excerpt: null, videoUrl: null, featuredImageUrl: null, tags: [], isPublished: false });
  });

  it("drops an authorId from the body", () => {
    const parsed = articleInputSchema.parse({ ...toArticleInput(valid), authorId: "someone-else" });
    expect(parsed).not.toHaveProperty("authorId");
  });

  it("refuses a javascript: video URL", () => {
    expect(articleInputSchema.safeParse({ ...toArticleInput(valid), videoUrl: "javascript:alert(1)" }).success).toBe(false);
  });
});

describe("form <-> input", () => {
  it("turns the tag pills (one typed with commas counts as several) into the array and back", () => {
    const input = toArticleInput({ ...valid, tags: [" water", "", "names ,water"] });
    expect(input.tags).toEqual(["water", "names"]);
    const form = toArticleForm({ ...articleInputSchema.parse(input), excerpt: null, videoUrl: null });
    expect(form.tags).toEqual(["water", "names"]);
    expect(form.excerpt).toBe("");
    expect(form.videoUrl).toBe("");
  });

  it("takes as a featured image only https URLs and our own images, never a path that does something", () => {
    const image = (featuredImageUrl: string) => articleFormSchema.safeParse({ ...valid, featuredImageUrl }).success;
    expect(image("https://images.example.com/a.jpg")).toBe(true);
    expect(image("/api/uploads/0b5c3a5e-8a2f-4a55-9d1e-1c2f3a4b5c6d")).toBe(true);
    expect(image("/images/articles/preparing-for-your-first-consultation.svg")).toBe(true);
    expect(image("/api/logout")).toBe(false);
    expect(image("/api/auth/user")).toBe(false);
    expect(image("/trpc/account.signOut")).toBe(false);
    expect(image("/images/../api/logout")).toBe(false);
    expect(image("/api/uploads/0b5c3a5e-8a2f-4a55-9d1e-1c2f3a4b5c6d?x=1")).toBe(false);
    expect(image("http://example.com/a.png")).toBe(false);
    expect(image("https://user:pw@example.com/a.png")).toBe(false);
  });
});
