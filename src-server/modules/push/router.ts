import { pushDeviceIdSchema, pushSubscribeSchema } from "../../../src/schemas/push";
import { authedProcedure, publicProcedure, router } from "../../platform/trpc/init";

export const pushRouter = router({
  /** The VAPID public key a browser subscribes with. */
  publicKey: publicProcedure.query(({ ctx }) => ({ publicKey: ctx.services.push.publicKey })),
  /** This device opts in to notifications. */
  subscribe: authedProcedure.input(pushSubscribeSchema).mutation(({ ctx, input }) => ctx.services.push.subscribe(ctx.user, input)),
  /** The person's devices that get notifications. */
  devices: authedProcedure.query(({ ctx }) => ctx.services.push.devices(ctx.user)),
  /** Turns one device off. */
  unsubscribe: authedProcedure
    .input(pushDeviceIdSchema)
    .mutation(({ ctx, input }) => ctx.services.push.unsubscribe(ctx.user, input.id)),
});
