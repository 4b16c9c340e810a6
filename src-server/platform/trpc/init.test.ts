import { describe, expect, it } from "vitest";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../../src/errors";
import { systemClock } from "../clock";
import type { AppServices, Context, SessionUser } from "./context";
import { adminProcedure, authedProcedure, createCallerFactory, publicProcedure, router, seerProcedure } from "./init";

const testRouter = router({
  open: publicProcedure.query(() => "open"),
  mine: authedProcedure.query(({ ctx }) => ctx.user.id),
  seerOnly: seerProcedure.query(() => "seer"),
  adminOnly: adminProcedure.query(() => "admin"),
  missing: publicProcedure.query(() => {
    throw new AppError("NOT_FOUND", "Seer Not Found");
  }),
});
const createCaller = createCallerFactory(testRouter);

const as = (role: SessionUser["role"] | null) =>
  createCaller({
    services: {} as AppServices,
    clock: systemClock,
    req: {} as FastifyRequest,
    res: {} as FastifyReply,
    locale: "en",
    user: role ? { id: `u-${role}`, email: `${role}@x.co`, firstName: null, lastName: null, profileImageUrl: null, role, emailVerified: true, secondFactor: true } : null,
  } satisfies Context);

describe("the procedure ladder", () => {
  it("lets anyone call a public procedure", async () => {
    expect(await as(null).open()).toBe("open");
  });

  it("answers UNAUTHORIZED without a session and FORBIDDEN for the wrong role", async () => {
    await expect(as(null).mine()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(as(null).adminOnly()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(as("client").seerOnly()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(as("seer").adminOnly()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(as("client").adminOnly()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("lets each role through its own door", async () => {
    expect(await as("client").mine()).toBe("u-client");
    expect(await as("seer").seerOnly()).toBe("seer");
    expect(await as("admin").adminOnly()).toBe("admin");
  });

  it("maps AppError codes to tRPC codes with their message", async () => {
    await expect(as(null).missing()).rejects.toMatchObject({ code: "NOT_FOUND", message: "Seer Not Found" });
  });
});
