import { accountMail } from "./accountMail";
import { adminMail } from "./adminMail";
import { applicationMail } from "./applicationMail";
import { bookingMail } from "./bookingMail";
import { bookingPush } from "./bookingPush";
import { errors } from "./errors";
import { errorsBookings } from "./errorsBookings";
import { errorsShop } from "./errorsShop";
import { mail } from "./mail";
import { messageMail } from "./messageMail";
import { pages } from "./pages";
import { payoutMail } from "./payoutMail";
import { phoneSms } from "./phoneSms";
import { shopMail } from "./shopMail";
import { vendorMail } from "./vendorMail";

/**
 * The server's catalog (issue #45): what only the server writes, in its recipient's language (mails, calendar invites,
 * the answers of its procedures), one module per area, each with its English and its French, like ../app. Never loaded
 * by a browser. Ids start with their area's name (scripts/i18n-catalogs.test.ts).
 */
export const areas = {
  mail,
  bookingMail,
  bookingPush,
  accountMail,
  messageMail,
  payoutMail,
  applicationMail,
  shopMail,
  vendorMail,
  adminMail,
  phoneSms,
  pages,
  errors,
  errorsBookings,
  errorsShop,
} as const;

type Areas = typeof areas;
export type ServerMessageId = { [K in keyof Areas]: keyof Areas[K]["en"] }[keyof Areas];
