/**
 * The countries a phone number may be entered for on /profile (issue #44): every African country, then those where
 * many of the diaspora live. Each with its calling code, as the select shows it ("Ghana (+233)"); the codes are
 * checked against libphonenumber-js's metadata by a test (phone.test.ts), so the client needs none of it.
 */
export const PHONE_COUNTRIES = [
  ["DZ", "Algeria", "213"],
  ["AO", "Angola", "244"],
  ["BJ", "Benin", "229"],
  ["BW", "Botswana", "267"],
  ["BF", "Burkina Faso", "226"],
  ["BI", "Burundi", "257"],
  ["CM", "Cameroon", "237"],
  ["CV", "Cape Verde", "238"],
  ["CF", "Central African Republic", "236"],
  ["TD", "Chad", "235"],
  ["KM", "Comoros", "269"],
  ["CG", "Congo", "242"],
  ["CD", "Congo (DRC)", "243"],
  ["CI", "Côte d'Ivoire", "225"],
  ["DJ", "Djibouti", "253"],
  ["EG", "Egypt", "20"],
  ["GQ", "Equatorial Guinea", "240"],
  ["ER", "Eritrea", "291"],
  ["SZ", "Eswatini", "268"],
  ["ET", "Ethiopia", "251"],
  ["GA", "Gabon", "241"],
  ["GM", "Gambia", "220"],
  ["GH", "Ghana", "233"],
  ["GN", "Guinea", "224"],
  ["GW", "Guinea-Bissau", "245"],
  ["KE", "Kenya", "254"],
  ["LS", "Lesotho", "266"],
  ["LR", "Liberia", "231"],
  ["LY", "Libya", "218"],
  ["MG", "Madagascar", "261"],
  ["MW", "Malawi", "265"],
  ["ML", "Mali", "223"],
  ["MR", "Mauritania", "222"],
  ["MU", "Mauritius", "230"],
  ["MA", "Morocco", "212"],
  ["MZ", "Mozambique", "258"],
  ["NA", "Namibia", "264"],
  ["NE", "Niger", "227"],
  ["NG", "Nigeria", "234"],
  ["RW", "Rwanda", "250"],
  ["ST", "São Tomé and Príncipe", "239"],
  ["SN", "Senegal", "221"],
  ["SC", "Seychelles", "248"],
  ["SL", "Sierra Leone", "232"],
  ["SO", "Somalia", "252"],
  ["ZA", "South Africa", "27"],
  ["SS", "South Sudan", "211"],
  ["SD", "Sudan", "249"],
  ["TZ", "Tanzania", "255"],
  ["TG", "Togo", "228"],
  ["TN", "Tunisia", "216"],
  ["UG", "Uganda", "256"],
  ["ZM", "Zambia", "260"],
  ["ZW", "Zimbabwe", "263"],
  ["AU", "Australia", "61"],
  ["BE", "Belgium", "32"],
  ["BR", "Brazil", "55"],
  ["CA", "Canada", "1"],
  ["FR", "France", "33"],
  ["DE", "Germany", "49"],
  ["IE", "Ireland", "353"],
  ["IT", "Italy", "39"],
  ["JM", "Jamaica", "1"],
  ["NL", "Netherlands", "31"],
  ["PT", "Portugal", "351"],
  ["SA", "Saudi Arabia", "966"],
  ["ES", "Spain", "34"],
  ["SE", "Sweden", "46"],
  ["CH", "Switzerland", "41"],
  ["AE", "United Arab Emirates", "971"],
  ["GB", "United Kingdom", "44"],
  ["US", "United States", "1"],
] as const satisfies readonly (readonly [string, string, string])[];

export type PhoneCountry = (typeof PHONE_COUNTRIES)[number][0];

export const PHONE_COUNTRY_CODES = PHONE_COUNTRIES.map(([code]) => code) as [PhoneCountry, ...PhoneCountry[]];

/** The country the form starts on (the product's home). */
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = "GH";

/** How long a code sent by SMS may be entered, and how long a person waits after too many wrong ones. */
export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_WAIT_MINUTES = 15;
/** Wrong codes refused before the wait. */
export const PHONE_CODE_TRIES = 5;
