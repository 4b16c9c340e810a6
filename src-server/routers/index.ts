import { router } from "../trpc/init";
import { adminRouter } from "./admin";
import { applicationsRouter } from "./applications";
import { articlesRouter } from "./articles";
import { authRouter } from "./auth";
import { bookingsRouter } from "./bookings";
import { paymentsRouter } from "./payments";
import { cartRouter } from "./cart";
import { catalogRouter } from "./catalog";
import { ordersRouter } from "./orders";
import { profileRouter } from "./profile";
import { seersRouter } from "./seers";
import { dashboardRouter } from "./dashboard";

export const appRouter = router({
  auth: authRouter,
  bookings: bookingsRouter,
  payments: paymentsRouter,
  applications: applicationsRouter,
  admin: adminRouter,
  cart: cartRouter,
  catalog: catalogRouter,
  orders: ordersRouter,
  profile: profileRouter,
  seers: seersRouter,
  dashboard: dashboardRouter,
  articles: articlesRouter,
});

export type AppRouter = typeof appRouter;
