/** docs/product.md#vendors: the vendor screens' own words, each written once. */
export const vendorTexts = {
  intro:
    "Sell your craft in the Sacred Market. Tell us about your business; our team reviews every application and replies by email.",
  payoutTitle: "Payout details",
  payoutIntro: "Where your share of each sale is paid: mobile money or a bank account in your country.",
  payoutCountryFirst: "Enter your country above to choose how you are paid.",
  payoutNotOffered: "Vendor payouts go to mobile money or a local bank account, which your country does not offer yet.",
  checkNameFirst: "Check the account holder's name first.",
  confirmAccount: "Confirm that this is your account",
  submittedTitle: "Application Submitted",
  underReview: "Your vendor application has been submitted for review. We'll contact you via email.",
  sentOn: (date: string) => `Sent on ${date}.`,
  rejectedTitle: "Your last application was not approved",
  rejected: "You are welcome to apply again.",
  approvedTitle: "You sell in the Sacred Market",
  approved: (businessName: string, commission: string) =>
    `${businessName} is an approved vendor, at a commission of ${commission}% on each sale.`,
} as const;
