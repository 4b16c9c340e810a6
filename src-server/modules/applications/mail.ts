import type { MailMessage } from "../../platform/mail";

interface Applicant {
  fullName: string;
  contactEmail: string;
}

/** The decision e-mail to an applicant (ARCHITECTURE: mail templates for the application decision). */
export function applicationDecisionEmail(
  applicant: Applicant,
  decision: "approved" | "rejected",
  reviewNotes: string | null,
  publicUrl: string,
): MailMessage {
  const notes = reviewNotes ? `\n\nNotes from our team:\n${reviewNotes}` : "";
  if (decision === "approved") {
    return {
      to: applicant.contactEmail,
      subject: "Your Seer application has been approved",
      text:
        `Dear ${applicant.fullName},\n\n` +
        "Congratulations: your application to become a Seer has been approved. Your profile now appears in our directory " +
        `and your Seer dashboard is ready at ${publicUrl}/seer/dashboard.${notes}\n\n` +
        "With gratitude,\nThe Seer team",
    };
  }
  return {
    to: applicant.contactEmail,
    subject: "Your Seer application",
    text:
      `Dear ${applicant.fullName},\n\n` +
      `Thank you for applying to become a Seer. After careful review we are unable to approve your application at this time.${notes}\n\n` +
      `You are welcome to apply again at ${publicUrl}/become-seer.\n\n` +
      "With respect,\nThe Seer team",
  };
}
