/**
 * What the admins are mailed (src-server/modules/contact/mail.ts, src-server/modules/shop/mail.ts), each in their own
 * language: a contact message and the daily low-stock digest.
 */
const en = {
  "adminMail.contact.subject": "Contact form: {subject}",
  "adminMail.contact.wrote": "{name} <{email}> wrote through the contact form:",
  "adminMail.contact.reply": "Reply to this e-mail to answer them, then mark the message replied in the admin inbox: {url}",
  "adminMail.lowStock.subject": "Low stock: {count, plural, one {# product} other {# products}}",
  "adminMail.lowStock.intro": "These products are low on stock or sold out:",
  "adminMail.lowStock.out": "  {name}: out of stock (threshold {threshold})",
  "adminMail.lowStock.left": "  {name}: {count} left (threshold {threshold})",
  "adminMail.lowStock.restock": "Restock them from the admin console: {url}",
} as const;

const fr: Record<keyof typeof en, string> = {
  "adminMail.contact.subject": "Formulaire de contact\u00a0: {subject}",
  "adminMail.contact.wrote": "{name} <{email}> a écrit par le formulaire de contact\u00a0:",
  "adminMail.contact.reply":
    "Répondez à cet e-mail pour lui répondre, puis marquez le message comme traité dans la boîte de réception de l’administration\u00a0: {url}",
  "adminMail.lowStock.subject": "Stock bas\u00a0: {count, plural, one {# produit} other {# produits}}",
  "adminMail.lowStock.intro": "Ces produits sont presque épuisés ou en rupture de stock\u00a0:",
  "adminMail.lowStock.out": "  {name}\u00a0: rupture de stock (seuil {threshold})",
  "adminMail.lowStock.left": "  {name}\u00a0: {count, plural, one {# restant} other {# restants}} (seuil {threshold})",
  "adminMail.lowStock.restock": "Réapprovisionnez-les depuis la console d’administration\u00a0: {url}",
};

export const adminMail = { en, fr };
