import { getTRPCErrorFromUnknown, getTRPCErrorShape } from "@trpc/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CONFIRM_IT_IS_YOU } from "../../../src/domain/second-factor";
import { AppError } from "../../../src/errors";
import type { Locale } from "../../../src/i18n/locales";
import { systemClock } from "../clock";
import { requestLocale } from "../i18n";
import type { AppServices, Context } from "./context";
import { httpErrorOf } from "./errors";
import { createCallerFactory, publicProcedure, router } from "./init";

// Issue #45: the server's refusals and zod's messages in the request's language, found by their English.

const testRouter = router({
  refused: publicProcedure.query(() => {
    throw new AppError("NOT_FOUND", "Seer Not Found");
  }),
  templated: publicProcedure.query(() => {
    throw new AppError("BAD_REQUEST", "You can book at most 30 days ahead. Please choose an earlier date.");
  }),
  built: publicProcedure.query(() => {
    throw new AppError("CONFLICT", "Only 2 of Moon Oil are in stock. Please update your cart.");
  }),
  notice: publicProcedure.query(() => {
    throw new AppError("BAD_REQUEST", "This Seer needs 2 hours notice. Please choose a later time.");
  }),
  signal: publicProcedure.query(() => {
    throw new AppError("FORBIDDEN", CONFIRM_IT_IS_YOU);
  }),
  unknown: publicProcedure.query(() => {
    throw new AppError("BAD_REQUEST", "A text no catalog holds.");
  }),
  form: publicProcedure
    .input(
      z.object({
        fullName: z.string().min(1, "Full name is required"),
        businessName: z.string().min(1, "Business name is required"),
        code: z.string().max(3),
        age: z.number(),
      }),
    )
    .mutation(() => "ok"),
});

const createCaller = createCallerFactory(testRouter);
type Caller = ReturnType<typeof createCaller>;

const ctxIn = (locale: Locale): Context => ({
  services: {} as AppServices,
  clock: systemClock,
  req: { id: "req-1" } as FastifyRequest,
  res: {} as FastifyReply,
  user: null,
  locale,
});

/** What the client receives for a failed call: the error formatter's shape. */
async function answer(locale: Locale, call: (caller: Caller) => Promise<unknown>) {
  const ctx = ctxIn(locale);
  try {
    await call(createCaller(ctx));
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    return getTRPCErrorShape({ config: testRouter._def._config, error, type: "query", path: "x", input: undefined, ctx });
  }
  throw new Error("the call did not fail");
}

const badForm = { fullName: "", businessName: "", code: "12345", age: "old" } as unknown as {
  fullName: string;
  businessName: string;
  code: string;
  age: number;
};

describe("the error formatter", () => {
  it("answers a refusal in French, and in English as it was thrown", async () => {
    expect((await answer("fr", (c) => c.refused())).message).toBe("Seer introuvable");
    expect((await answer("en", (c) => c.refused())).message).toBe("Seer Not Found");
  });

  it("answers a templated refusal with its values in French", async () => {
    expect((await answer("fr", (c) => c.templated())).message).toBe(
      "Vous pouvez réserver au plus 30\u00a0jours à l’avance. Veuillez choisir une date plus proche.",
    );
    expect((await answer("en", (c) => c.templated())).message).toBe(
      "You can book at most 30 days ahead. Please choose an earlier date.",
    );
  });

  it("translates a value that is itself a message: the reason in a refusal, a Seer's notice", async () => {
    expect((await answer("fr", (c) => c.built())).message).toBe(
      "Il ne reste que 2 exemplaires de Moon Oil en stock. Veuillez mettre à jour votre panier.",
    );
    expect((await answer("fr", (c) => c.notice())).message).toBe(
      "Ce Seer demande un préavis de 2\u00a0heures. Veuillez choisir un horaire plus tardif.",
    );
  });

  it("keeps a text the client recognises, and a text no catalog holds, as they are", async () => {
    expect((await answer("fr", (c) => c.signal())).message).toBe(CONFIRM_IT_IS_YOU);
    expect((await answer("fr", (c) => c.unknown())).message).toBe("A text no catalog holds.");
  });

  it("answers the field errors in French: the schema's own, built from a label, and zod's defaults", async () => {
    const shape = await answer("fr", (c) => c.form(badForm));
    expect(shape.data.zodError?.fieldErrors).toEqual({
      fullName: ["Le nom complet est obligatoire"],
      businessName: ["Le champ «\u00a0Nom de l’entreprise\u00a0» est obligatoire"],
      code: ["Trop grand\u00a0: chaîne de caractères doit avoir <=3 caractères"],
      age: ["Entrée invalide\u00a0: nombre attendu, chaîne de caractères reçu"],
    });
    expect(JSON.parse(shape.message)).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: ["fullName"], message: "Le nom complet est obligatoire" })]),
    );
  });

  it("answers the field errors in English as zod gives them", async () => {
    const shape = await answer("en", (c) => c.form(badForm));
    expect(shape.data.zodError?.fieldErrors).toEqual({
      fullName: ["Full name is required"],
      businessName: ["Business name is required"],
      code: ["Too big: expected string to have <=3 characters"],
      age: ["Invalid input: expected number, received string"],
    });
  });
});

describe("a REST shim's refusal", () => {
  it("is in the request's language, and English by default", () => {
    const refusal = new AppError("NOT_FOUND", "Order not found");
    expect(httpErrorOf(refusal, "r", "fr")).toEqual({ status: 404, message: "Commande introuvable" });
    expect(httpErrorOf(refusal)).toEqual({ status: 404, message: "Order not found" });
  });
});

describe("a request's language", () => {
  const req = (headers: Record<string, string>, cookies: Record<string, string> = {}) =>
    ({ headers, cookies }) as unknown as Pick<FastifyRequest, "headers" | "cookies">;

  it("is the page's, then the chosen one, then the browser's, then English", () => {
    expect(requestLocale(req({ "x-seer-locale": "fr", "accept-language": "en" }, { locale: "en" }))).toBe("fr");
    expect(requestLocale(req({ "x-seer-locale": "de", "accept-language": "en" }, { locale: "fr" }))).toBe("fr");
    expect(requestLocale(req({ "accept-language": "fr-FR, en;q=0.5" }))).toBe("fr");
    expect(requestLocale(req({}))).toBe("en");
  });
});
