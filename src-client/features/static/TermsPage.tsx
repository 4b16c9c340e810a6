import { Anchor, List, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { SUPPORT_EMAIL } from "./ContactPage";
import { useI18n } from "../../lib/i18n";
import { StaticPage, TextSection, type LegalSection } from "./StaticPage";
import { TERMS_LAST_UPDATED_FR, termsSectionsFr } from "./TermsPageFr";

export const TERMS_LAST_UPDATED = "Last updated: 30 October 2025";

/** docs/product.md#routes-and-screens "/terms": 14 sections carrying the platform's business rules (docs/product.md#constants-and-limits). */
export const termsSections: LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptance of Terms",
    body: (
      <Text>
        These Terms of Service govern your use of Seer, including the Seer directory, consultations, the Sacred Market and the
        Wisdom Hub. By creating an account, booking a consultation or placing an order you agree to these terms. If you do not
        agree, please do not use the platform.
      </Text>
    ),
  },
  {
    id: "eligibility",
    title: "Eligibility",
    body: (
      <Text>
        You must be at least 18 years old to create an account, book a consultation, buy from the Sacred Market or apply as a
        Seer. The minimum age is 18. By using the platform you confirm that you meet this requirement.
      </Text>
    ),
  },
  {
    id: "accounts",
    title: "Your Account",
    body: (
      <Text>
        You are responsible for keeping your sign-in details secret and for everything done through your account. Give accurate
        information and keep it up to date. Tell us at once at {SUPPORT_EMAIL} if you believe someone else has used your account.
      </Text>
    ),
  },
  {
    id: "services",
    title: "Our Services",
    body: (
      <Text>
        Seer is a marketplace that connects clients with independent spiritual guides ("Seers") for video consultations, and sells
        sacred goods in the Sacred Market. Seers are not our employees. Spiritual guidance is offered for personal, cultural and
        spiritual purposes; it is not a substitute for medical, psychological, legal or financial advice.
      </Text>
    ),
  },
  {
    id: "seer-verification",
    title: "Seer Verification",
    body: (
      <Text>
        Every Seer applies with details of their tradition, lineage, years of practice, ethics statement and an identity document,
        and is reviewed by our team before their profile is published. Verification confirms identity and background; it does not
        guarantee any particular outcome of a consultation.
      </Text>
    ),
  },
  {
    id: "bookings-payments",
    title: "Bookings, Payments and Commission",
    body: (
      <>
        <Text>
          Consultations last 15, 30 or 60 minutes at the price shown on the Seer's profile. Payment is taken by card through our
          payment processor when you book, and the booking is confirmed once the payment succeeds.
        </Text>
        <Text>
          Seer charges a 20% platform commission on every consultation fee to run the platform, verify Seers and process payments.
          The Seer receives the remaining 80%.
        </Text>
      </>
    ),
  },
  {
    id: "cancellations-refunds",
    title: "Cancellations and Refunds",
    body: (
      <List spacing="xs">
        <List.Item>Cancellation more than 24 hours before the session: full refund.</List.Item>
        <List.Item>
          Cancellation within 24 hours of the session: a 50% cancellation fee applies and the rest is refunded.
        </List.Item>
        <List.Item>No-shows: if you do not attend a booked session, the full fee is forfeited.</List.Item>
        <List.Item>If a Seer cancels or does not attend, you receive a full refund or may rebook at no cost.</List.Item>
      </List>
    ),
  },
  {
    id: "conduct",
    title: "Consultations and Conduct",
    body: (
      <Text>
        Treat Seers, clients and our team with respect. Harassment, threats, requests for harmful or illegal acts, recording a
        session without consent, and arranging payment outside the platform are not allowed and may lead to suspension of your
        account. Seers must not promise guaranteed results or ask for additional payments.
      </Text>
    ),
  },
  {
    id: "sacred-market",
    title: "Sacred Market Purchases",
    body: (
      <Text>
        Products are described as accurately as we can; handmade items vary slightly from their pictures. Prices are charged at
        checkout together with shipping: standard shipping costs $10 and express shipping $25. Orders usually ship within 2-3
        business days and tracking details are sent by e-mail.
      </Text>
    ),
  },
  {
    id: "returns",
    title: "Returns",
    body: (
      <Text>
        You may ask to return a product within 7 days of delivery. Returns must be requested with photo evidence of the item and
        of any damage or defect, sent to {SUPPORT_EMAIL}. Items must be unused and in their original packaging unless they arrived
        damaged. Approved returns are refunded to the original card.
      </Text>
    ),
  },
  {
    id: "content",
    title: "Content and Intellectual Property",
    body: (
      <Text>
        The Seer name, design and software belong to us. Articles you publish in the Wisdom Hub remain yours, but you allow us to
        display them on the platform. Do not publish content that you do not have the right to share, or that is unlawful, hateful
        or misleading; we may remove such content.
      </Text>
    ),
  },
  {
    id: "liability",
    title: "Disclaimers and Limitation of Liability",
    body: (
      <Text>
        The platform is provided "as is". To the extent the law allows, we are not liable for decisions you make based on a
        consultation or for indirect or consequential losses, and our total liability for any claim is limited to the amount you
        paid us for the consultation or order concerned.
      </Text>
    ),
  },
  {
    id: "disputes",
    title: "Disputes and Governing Law",
    body: (
      <Text>
        Please contact us first so that we can try to resolve any problem. These terms are governed by the laws of the Republic of
        Ghana. Any legal action arising from these terms or your use of the platform must be brought within one year of the events
        that gave rise to it; after that one-year limit, the claim is barred.
      </Text>
    ),
  },
  {
    id: "contact",
    title: "Contact and Support",
    body: (
      <Text>
        Questions about these terms? Write to {SUPPORT_EMAIL} or use our{" "}
        <Anchor underline="always" component={Link} to="/contact">
          contact page
        </Anchor>
        . Support hours are Monday to Friday, 9AM to 6PM GMT. We may update these terms; the date above shows the latest version,
        and significant changes are announced by e-mail.
      </Text>
    ),
  },
];

/** The Terms in the page's language (both are in this page's code: they are the page, not the catalog's messages). */
export function TermsPage() {
  const { locale, t } = useI18n();
  const french = locale === "fr";
  const sections = french ? termsSectionsFr : termsSections;
  return (
    <StaticPage title={french ? t("footer.terms") : "Terms of Service"} intro={french ? TERMS_LAST_UPDATED_FR : TERMS_LAST_UPDATED}>
      {sections.map((section, index) => (
        <TextSection key={section.id} id={section.id} title={`${index + 1}. ${section.title}`}>
          {section.body}
        </TextSection>
      ))}
    </StaticPage>
  );
}
