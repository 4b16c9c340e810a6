/** A Seer's payout mails (src-server/modules/payouts/mail.ts, docs/product.md#payout-rails). */
const en = {
  "payoutMail.dear": "Dear {name},",
  "payoutMail.failedSubject": "Your payout failed",
  "payoutMail.reversedSubject": "Your payout was reversed",
  "payoutMail.failed": "Your payout of {amount} could not be paid.",
  "payoutMail.reversed": "Your payout of {amount} was sent back by your bank or network.",
  "payoutMail.noReason": "The provider gave no reason.",
  "payoutMail.back":
    "The money is back on your balance. Check your payout details on the Earnings tab of your dashboard; once they are right, it is paid again.",
  "payoutMail.changedSubject": "Your payout details were changed",
  "payoutMail.nowGo": "Your payouts now go to {label}.",
  "payoutMail.fromNow": "Payouts can go there from now on.",
  "payoutMail.held": "For your safety, payouts go there only from {from} ({hours} hours after the change).",
  "payoutMail.notYou": "If you did not make this change, change your password at once and write to us through the contact page.",
} as const;

const fr: Record<keyof typeof en, string> = {
  "payoutMail.dear": "Bonjour {name},",
  "payoutMail.failedSubject": "Votre versement a échoué",
  "payoutMail.reversedSubject": "Votre versement a été retourné",
  "payoutMail.failed": "Votre versement de {amount} n’a pas pu être effectué.",
  "payoutMail.reversed": "Votre versement de {amount} a été renvoyé par votre banque ou votre réseau.",
  "payoutMail.noReason": "Le prestataire n’a donné aucun motif.",
  "payoutMail.back":
    "L’argent est de retour sur votre solde. Vérifiez vos coordonnées de versement dans l’onglet Gains de votre tableau de bord\u00a0; une fois corrigées, il vous sera versé de nouveau.",
  "payoutMail.changedSubject": "Vos coordonnées de versement ont été modifiées",
  "payoutMail.nowGo": "Vos versements vont désormais sur {label}.",
  "payoutMail.fromNow": "Les versements peuvent y aller dès maintenant.",
  "payoutMail.held":
    "Pour votre sécurité, les versements n’y iront qu’à partir du {from} ({hours}\u00a0heures après la modification).",
  "payoutMail.notYou":
    "Si vous n’êtes pas à l’origine de cette modification, changez immédiatement votre mot de passe et écrivez-nous via la page de contact.",
};

export const payoutMail = { en, fr };
