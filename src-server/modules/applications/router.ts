import { seerApplicationSchema } from "../../../src/schemas/applications";
import { authedProcedure, router, verifiedProcedure } from "../../platform/trpc/init";

export const applicationsRouter = router({
  /** The userId is the session's; a userId in the body is not part of the schema and is dropped. */
  submit: verifiedProcedure
    .input(seerApplicationSchema)
    .mutation(({ ctx, input }) => ctx.services.applications.submit(ctx.user.id, input)),

  mine: authedProcedure.query(({ ctx }) => ctx.services.applications.latest(ctx.user.id)),
});
