import { access } from "./access";
import { account } from "./account";
import { accountSecurity } from "./accountSecurity";
import { admin } from "./admin";
import { adminOps } from "./adminOps";
import { adminOrders } from "./adminOrders";
import { adminReview } from "./adminReview";
import { apply } from "./apply";
import { articles } from "./articles";
import { booking } from "./booking";
import { calendars } from "./calendars";
import { components } from "./components";
import { dashboard } from "./dashboard";
import { dashboardSchedule } from "./dashboardSchedule";
import { meeting } from "./meeting";
import { meetingCall } from "./meetingCall";
import { messages } from "./messages";
import { orders } from "./orders";
import { payment } from "./payment";
import { payoutDetails } from "./payoutDetails";
import { payoutSetup } from "./payoutSetup";
import { sessions } from "./sessions";
import { shop } from "./shop";
import { signIn } from "./signIn";
import { toasts } from "./toasts";
import { validation } from "./validation";
import { vendor } from "./vendor";

/**
 * The app's catalog (issue #45): the messages of the screens the server does not draw (signed-in pages, the booking
 * wizard, the dashboards, the admin console), one module per area, each with its English and its French. A page loads
 * it in its language when it first needs it (`ensureApp` in src-client/lib/i18n.ts); the public catalog (../en.ts,
 * ../fr.ts) is written into every page instead. Ids start with their area's name, so two areas never share one
 * (scripts/i18n-catalogs.test.ts). An area's module: `const en = {...} as const; const fr: Record<keyof typeof en,
 * string> = {...}; export const area = { en, fr };`, listed here.
 */
export const areas = {
  access,
  dashboard,
  dashboardSchedule,
  payoutDetails,
  booking,
  payment,
  sessions,
  admin,
  adminReview,
  adminOrders,
  adminOps,
  articles,
  toasts,
  payoutSetup,
  apply,
  vendor,
  meeting,
  meetingCall,
  messages,
  components,
  calendars,
  orders,
  shop,
  validation,
  account,
  accountSecurity,
  signIn,
} as const;

type Areas = typeof areas;
export type AppMessageId = { [K in keyof Areas]: keyof Areas[K]["en"] }[keyof Areas];
