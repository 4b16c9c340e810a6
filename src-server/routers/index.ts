import { router } from "../trpc/init";
import { authRouter } from "./auth";
import { cartRouter } from "./cart";

export const appRouter = router({
  auth: authRouter,
  cart: cartRouter,
});

export type AppRouter = typeof appRouter;
