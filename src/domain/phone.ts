import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { PhoneCountry } from "./phone-countries";

/**
 * A number as a person types it for a country ("024 123 4567", "+233 24 123 4567"), in E.164 ("+233241234567"), if
 * it is a valid number of that country (libphonenumber-js's full metadata, which knows each country's mobile and
 * fixed ranges); null otherwise. Kept out of the client's code: the server parses, the client only sends.
 */
export function toE164(country: PhoneCountry, typed: string): string | null {
  const parsed = parsePhoneNumberFromString(typed, country);
  if (!parsed?.isValid() || parsed.country !== country) return null;
  return parsed.number;
}

/** How a stored number is shown back: international format ("+233 24 123 4567"). */
export function showPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
