/**
 * The Sacred Market's mails to a shopper (src-server/modules/shop/mail.ts, and a vendor's part of an order in
 * ../../../../src-server/modules/vendors/mail.ts): receipt, shipping, delivery, refund, return, in the shopper's language.
 */
const en = {
  "shopMail.receipt.subject": "Your Sacred Market order {number}",
  "shopMail.receipt.thanks": "Thank you for your order, {name}!",
  "shopMail.receipt.number": "Order number: {number}",
  "shopMail.receipt.items": "Items:",
  "shopMail.line": "  {product} x {quantity}: {amount}",
  "shopMail.receipt.subtotal": "Subtotal: {amount}",
  "shopMail.receipt.shipping": "Shipping ({method}): {amount}",
  "shopMail.receipt.total": "Total: {amount}",
  "shopMail.receipt.shipTo": "Shipping to:",
  "shopMail.receipt.phone": "Phone: {phone}",
  "shopMail.receipt.method": "Shipping method: {method}",
  "shopMail.receipt.soon":
    "Your order will typically ship within 2-3 business days. We will send you the tracking details once it is on its way.",
  "shopMail.method.standard": "Standard Shipping ({cost})",
  "shopMail.method.express": "Express Shipping ({cost})",
  "shopMail.yourOrder": "Your order: {url}",
  "shopMail.shipped.subject": "Your Sacred Market order {number} has shipped",
  "shopMail.shipped.body": "Good news, {name}: your order {number} is on its way.",
  "shopMail.shipped.follow": "Follow your parcel: {url}",
  "shopMail.delivered.subject": "Your Sacred Market order {number} was delivered",
  "shopMail.delivered.body": "Your order {number} was delivered, {name}. We hope it serves you well.",
  "shopMail.delivered.returns":
    "Something not right? You can ask for a return within 7 days of delivery, from the order in your profile.",
  "shopMail.refund.subject": "A refund for your Sacred Market order {number}",
  "shopMail.refund.body": "We are refunding {amount} to your card for order {number}, {name}.",
  "shopMail.refund.returnReceived": "Return received",
  "shopMail.refund.soon": "Refunds usually reach your card within 5-10 business days.",
  "shopMail.return.dear": "Dear {name},",
  "shopMail.return.yourOrders": "Your orders: {url}",
  "shopMail.return.requestedSubject": "We received your return request for order {number}",
  "shopMail.return.requested":
    "Thank you. An admin will look at your request and the photos, and we will e-mail you the decision.",
  "shopMail.return.acceptedSubject": "Your return for order {number} is accepted",
  "shopMail.return.sendBack": "Please send the items back to: {address}.",
  "shopMail.return.refundOnArrival": "We refund your card as soon as the parcel reaches us.",
  "shopMail.return.declinedSubject": "Your return for order {number} was declined",
  "shopMail.part.shippedSubject": "Part of your Sacred Market order {number} has shipped",
  "shopMail.part.shippedBody": "Good news, {name}: {vendor} has sent their part of your order {number}:",
  "shopMail.part.follow": "Follow this parcel: {url}",
  "shopMail.part.deliveredSubject": "Part of your Sacred Market order {number} was delivered",
  "shopMail.part.deliveredBody": "{vendor}'s part of your order {number} was delivered, {name}. We hope it serves you well.",
  "shopMail.part.returns":
    "Something not right? You can ask for a return of these items within 7 days of delivery, from the order in your profile.",
} as const;

const fr: Record<keyof typeof en, string> = {
  "shopMail.receipt.subject": "Votre commande {number} au Marché sacré",
  "shopMail.receipt.thanks": "Merci pour votre commande, {name}\u00a0!",
  "shopMail.receipt.number": "Numéro de commande\u00a0: {number}",
  "shopMail.receipt.items": "Articles\u00a0:",
  "shopMail.line": "  {product} x {quantity}\u00a0: {amount}",
  "shopMail.receipt.subtotal": "Sous-total\u00a0: {amount}",
  "shopMail.receipt.shipping": "Livraison ({method})\u00a0: {amount}",
  "shopMail.receipt.total": "Total\u00a0: {amount}",
  "shopMail.receipt.shipTo": "Adresse de livraison\u00a0:",
  "shopMail.receipt.phone": "Téléphone\u00a0: {phone}",
  "shopMail.receipt.method": "Mode de livraison\u00a0: {method}",
  "shopMail.receipt.soon":
    "Votre commande est généralement expédiée sous 2 à 3 jours ouvrés. Nous vous enverrons le suivi dès qu’elle sera en route.",
  "shopMail.method.standard": "Livraison standard ({cost})",
  "shopMail.method.express": "Livraison express ({cost})",
  "shopMail.yourOrder": "Votre commande\u00a0: {url}",
  "shopMail.shipped.subject": "Votre commande {number} au Marché sacré a été expédiée",
  "shopMail.shipped.body": "Bonne nouvelle, {name}\u00a0: votre commande {number} est en route.",
  "shopMail.shipped.follow": "Suivez votre colis\u00a0: {url}",
  "shopMail.delivered.subject": "Votre commande {number} au Marché sacré a été livrée",
  "shopMail.delivered.body": "Votre commande {number} a été livrée, {name}. Nous espérons qu’elle vous sera précieuse.",
  "shopMail.delivered.returns":
    "Un problème\u00a0? Vous pouvez demander un retour dans les 7 jours suivant la livraison, depuis la commande dans votre profil.",
  "shopMail.refund.subject": "Un remboursement pour votre commande {number} au Marché sacré",
  "shopMail.refund.body": "Nous vous remboursons {amount} sur votre carte pour la commande {number}, {name}.",
  "shopMail.refund.returnReceived": "Retour reçu",
  "shopMail.refund.soon": "Un remboursement arrive généralement sur votre carte sous 5 à 10 jours ouvrés.",
  "shopMail.return.dear": "Bonjour {name},",
  "shopMail.return.yourOrders": "Vos commandes\u00a0: {url}",
  "shopMail.return.requestedSubject": "Nous avons reçu votre demande de retour pour la commande {number}",
  "shopMail.return.requested":
    "Merci. Un administrateur va examiner votre demande et les photos, et nous vous enverrons sa décision par e-mail.",
  "shopMail.return.acceptedSubject": "Votre retour pour la commande {number} est accepté",
  "shopMail.return.sendBack": "Veuillez renvoyer les articles à l’adresse suivante\u00a0: {address}.",
  "shopMail.return.refundOnArrival": "Nous remboursons votre carte dès que le colis nous parvient.",
  "shopMail.return.declinedSubject": "Votre retour pour la commande {number} a été refusé",
  "shopMail.part.shippedSubject": "Une partie de votre commande {number} au Marché sacré a été expédiée",
  "shopMail.part.shippedBody": "Bonne nouvelle, {name}\u00a0: {vendor} a expédié sa partie de votre commande {number}\u00a0:",
  "shopMail.part.follow": "Suivez ce colis\u00a0: {url}",
  "shopMail.part.deliveredSubject": "Une partie de votre commande {number} au Marché sacré a été livrée",
  "shopMail.part.deliveredBody":
    "La partie de votre commande {number} venant de {vendor} a été livrée, {name}. Nous espérons qu’elle vous sera précieuse.",
  "shopMail.part.returns":
    "Un problème\u00a0? Vous pouvez demander le retour de ces articles dans les 7 jours suivant la livraison, depuis la commande dans votre profil.",
};

export const shopMail = { en, fr };
