import { Anchor, List, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { SUPPORT_EMAIL } from "./ContactPage";
import { useI18n } from "../../lib/i18n";
import { PrivacyPageFr } from "./PrivacyPageFr";
import { StaticPage, TextSection } from "./StaticPage";

export const PRIVACY_LAST_UPDATED = "Last updated: 30 October 2025";

/** The Privacy Policy in the page's language (both are in this page's code: they are the page, not catalog messages). */
export function PrivacyPage() {
  const { locale } = useI18n();
  if (locale === "fr") return <PrivacyPageFr />;
  return (
    <StaticPage title="Privacy Policy" intro={PRIVACY_LAST_UPDATED}>
      <TextSection id="introduction" title="1. Who We Are">
        <Text>
          Seer is a marketplace for video consultations with verified African spiritual guides and for sacred goods in the Sacred
          Market. This policy explains what personal information we collect, why, how long we keep it and the rights you have. A
          consultation is often personal; we treat what you share with the care it deserves.
        </Text>
      </TextSection>

      <TextSection id="collected" title="2. What We Collect">
        <List spacing="xs">
          <List.Item>
            <strong>Account:</strong> your name, e-mail address, a securely hashed password (never the password itself), your role
            and, if you add one, a profile picture.
          </List.Item>
          <List.Item>
            <strong>Bookings:</strong> the Seer you booked, the date, time, length and timezone of the session, the amount paid
            and any notes you write for the Seer.
          </List.Item>
          <List.Item>
            <strong>Orders:</strong> the items you bought, the amounts, and the shipping name, e-mail, phone number and address
            you give at checkout.
          </List.Item>
          <List.Item>
            <strong>Seer applications:</strong> the details you submit (tradition, lineage, experience, biography, contact
            details) and an identity document. ID documents are used only to verify the applicant and can be opened only by our
            admins and by the applicant; they are never shown on the site.
          </List.Item>
          <List.Item>
            <strong>Wisdom Hub:</strong> the articles you write, and your first and last name as their author.
          </List.Item>
          <List.Item>
            <strong>Technical data:</strong> a session cookie that keeps you signed in, and server logs (such as IP address and
            time of a request) kept for security.
          </List.Item>
        </List>
      </TextSection>

      <TextSection id="payments" title="3. Card Payments">
        <Text>
          Card payments are handled by our payment processor. Your card number, expiry date and security code go directly to the
          processor and are never sent to or stored on our servers. We keep only a reference to the payment and its status so that
          we can confirm bookings and orders and issue refunds.
        </Text>
      </TextSection>

      <TextSection id="use" title="4. How We Use Your Information">
        <List spacing="xs">
          <List.Item>
            To run your account, confirm bookings and orders and send receipts, calendar invites and reminders.
          </List.Item>
          <List.Item>To let your Seer prepare for and hold your consultation.</List.Item>
          <List.Item>To ship your Sacred Market orders.</List.Item>
          <List.Item>To verify Seer applicants and keep the platform safe from fraud and abuse.</List.Item>
          <List.Item>To answer your questions and meet our legal and accounting obligations.</List.Item>
        </List>
        <Text>We do not sell your personal information and we do not use it for third-party advertising.</Text>
      </TextSection>

      <TextSection id="sharing" title="5. Who We Share It With">
        <Text>
          Your Seer sees what they need for your session: the date, time, length and your notes. Reviews show your first name and
          the initial of your last name, never your e-mail. We share data with service providers who work for us (the payment
          processor, e-mail delivery and hosting), only as needed for their service, and with authorities when the law requires
          it.
        </Text>
      </TextSection>

      <TextSection id="retention" title="6. How Long We Keep It">
        <Text>
          We keep your account information while your account is open. Booking and order records are kept for seven years because
          accounting and tax law require it. ID documents of Seer applicants are kept while the application is reviewed and, for
          approved Seers, while they remain on the platform; they are deleted within 90 days after an application is rejected or a
          Seer leaves. Server logs are kept for at most 90 days.
        </Text>
      </TextSection>

      <TextSection id="rights" title="7. Your Rights">
        <Text>You may at any time ask us to:</Text>
        <List spacing="xs">
          <List.Item>
            <strong>Access</strong> the personal information we hold about you and receive a copy of it;
          </List.Item>
          <List.Item>
            <strong>Correct</strong> information that is wrong or incomplete;
          </List.Item>
          <List.Item>
            <strong>Delete</strong> your account and personal information, except records we must keep by law;
          </List.Item>
          <List.Item>object to or restrict certain uses, and withdraw consent you have given.</List.Item>
        </List>
        <Text>
          Write to {SUPPORT_EMAIL} from the e-mail address of your account. We answer within 30 days. You may also complain to
          your data protection authority, in Ghana the Data Protection Commission.
        </Text>
      </TextSection>

      <TextSection id="security" title="8. Security">
        <Text>
          Connections are encrypted, passwords are hashed, sessions are stored on our server and identity documents are kept
          outside the public website with access limited to admins and the applicant. No system is perfectly secure, but we work
          to protect your data and will tell you promptly if a breach affects you.
        </Text>
      </TextSection>

      <TextSection id="age" title="9. Age">
        <Text>
          The platform is for adults: you must be at least 18 years old. We do not knowingly collect data from children.
        </Text>
      </TextSection>

      <TextSection id="privacy-contact" title="10. Contact and Changes">
        <Text>
          Questions about this policy or your data: {SUPPORT_EMAIL}, or our{" "}
          <Anchor underline="always" component={Link} to="/contact">
            contact page
          </Anchor>
          . If we change this policy, the date above changes and significant changes are announced by e-mail. See also our{" "}
          <Anchor underline="always" component={Link} to="/terms">
            Terms of Service
          </Anchor>
          .
        </Text>
      </TextSection>
    </StaticPage>
  );
}
