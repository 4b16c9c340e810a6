/** A vendor's application mails (src-server/modules/vendors/mail.ts): received, and the decision, in their language. */
const en = {
  "vendorMail.dear": "Dear {name},",
  "vendorMail.notes": "Notes from our team:",
  "vendorMail.receivedSubject": "We received your vendor application",
  "vendorMail.received":
    "Thank you for applying to sell in the Sacred Market. Our team reviews every application and will write to you with its decision.",
  "vendorMail.approvedSubject": "Your vendor application has been approved",
  "vendorMail.approved":
    "Your application to sell in the Sacred Market has been approved, with a commission of {commission}% on each sale. Add your products from your vendor dashboard at {url}: each is listed once our team has approved it.",
  "vendorMail.rejectedSubject": "Your vendor application",
  "vendorMail.rejected":
    "Thank you for applying to sell in the Sacred Market. After careful review we are unable to approve your application at this time.",
  "vendorMail.applyAgain": "You are welcome to apply again at {url}.",
  "vendorMail.gratitude": "With gratitude,",
  "vendorMail.respect": "With respect,",
} as const;

const fr: Record<keyof typeof en, string> = {
  "vendorMail.dear": "Bonjour {name},",
  "vendorMail.notes": "Notes de notre équipe\u00a0:",
  "vendorMail.receivedSubject": "Nous avons reçu votre candidature de vendeur",
  "vendorMail.received":
    "Merci d’avoir postulé pour vendre au Marché sacré. Notre équipe examine chaque candidature et vous écrira pour vous faire part de sa décision.",
  "vendorMail.approvedSubject": "Votre candidature de vendeur a été acceptée",
  "vendorMail.approved":
    "Votre candidature pour vendre au Marché sacré a été acceptée, avec une commission de {commission}\u00a0% sur chaque vente. Ajoutez vos produits depuis votre tableau de bord de vendeur sur {url}\u00a0: chacun est mis en vente une fois approuvé par notre équipe.",
  "vendorMail.rejectedSubject": "Votre candidature de vendeur",
  "vendorMail.rejected":
    "Merci d’avoir postulé pour vendre au Marché sacré. Après un examen attentif, nous ne pouvons pas accepter votre candidature pour le moment.",
  "vendorMail.applyAgain": "Vous pouvez postuler de nouveau sur {url}.",
  "vendorMail.gratitude": "Avec gratitude,",
  "vendorMail.respect": "Avec respect,",
};

export const vendorMail = { en, fr };
