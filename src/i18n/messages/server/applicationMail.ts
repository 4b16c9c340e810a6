/** The decision on a Seer application (src-server/modules/applications/mail.ts), in the applicant's language. */
const en = {
  "applicationMail.dear": "Dear {name},",
  "applicationMail.notes": "Notes from our team:",
  "applicationMail.approvedSubject": "Your Seer application has been approved",
  "applicationMail.approved":
    "Congratulations: your application to become a Seer has been approved. Your profile now appears in our directory and your Seer dashboard is ready at {url}.",
  "applicationMail.approvedClosing": "With gratitude,",
  "applicationMail.rejectedSubject": "Your Seer application",
  "applicationMail.rejected":
    "Thank you for applying to become a Seer. After careful review we are unable to approve your application at this time.",
  "applicationMail.applyAgain": "You are welcome to apply again at {url}.",
  "applicationMail.rejectedClosing": "With respect,",
} as const;

const fr: Record<keyof typeof en, string> = {
  "applicationMail.dear": "Bonjour {name},",
  "applicationMail.notes": "Notes de notre équipe\u00a0:",
  "applicationMail.approvedSubject": "Votre candidature de Seer a été acceptée",
  "applicationMail.approved":
    "Félicitations\u00a0: votre candidature pour devenir Seer a été acceptée. Votre profil figure désormais dans notre annuaire et votre tableau de bord Seer vous attend sur {url}.",
  "applicationMail.approvedClosing": "Avec gratitude,",
  "applicationMail.rejectedSubject": "Votre candidature de Seer",
  "applicationMail.rejected":
    "Merci d’avoir postulé pour devenir Seer. Après un examen attentif, nous ne pouvons pas accepter votre candidature pour le moment.",
  "applicationMail.applyAgain": "Vous pouvez postuler de nouveau sur {url}.",
  "applicationMail.rejectedClosing": "Avec respect,",
};

export const applicationMail = { en, fr };
