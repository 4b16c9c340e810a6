/**
 * A shopper's orders on /profile (src-client/features/shop: MyOrders, OrderCard, ReturnDialog; docs/product.md's
 * `My Orders`): states, vendors' parts, tracking, refunds and returns.
 */
const en = {
  "orders.title": "My Orders",
  "orders.loading": "Loading orders",
  "orders.loadFailed": "Your orders could not be loaded. Please try again later.",
  "orders.none": "No orders yet.",
  "orders.visitShop": "Visit the Sacred Market",

  "orders.order": "Order {number}",
  "orders.placed": "Placed {date}",
  "orders.items": "Items in order {number}",
  "orders.item": "{name} x {quantity}",
  "orders.status.paid": "Paid",
  "orders.status.pending": "Awaiting Payment",
  "orders.status.shipped": "Shipped",
  "orders.status.delivered": "Delivered",
  "orders.status.refunded": "Refunded",
  "orders.tracking": "Tracking: {tracking}",
  "orders.track": "Track parcel",
  "orders.delivered": "Delivered {date}",
  "orders.refunded": "Refunded {amount}",
  "orders.total": "Total {amount}",
  "orders.return.requested": "Return requested: we will e-mail you our decision.",
  "orders.return.accepted": "Return accepted: please send the items to {address}. We refund your card when they arrive.",
  "orders.return.declined": "Return declined.",
  "orders.return.declinedWhy": "Return declined: {reason}",
  "orders.return.received": "Return received and refunded.",
  "orders.askReturn": "Ask for a return",

  "orders.from": "From {business}",
  "orders.returnedRefunded": "Returned and refunded",
  "orders.shipped": "Shipped {date} with {carrier}, {tracking}",
  "orders.preparing": "Preparing to ship",
  "orders.returnThese": "Return these items",

  "orders.returnOrder": "Return order {number}",
  "orders.returnPart": "Return {business}'s items from order {number}",
  "orders.returnRules": "Returns are accepted within 7 days of delivery. Tell us what is wrong and add photos of the items.",
  "orders.reason": "Reason",
  "orders.photos": "Photos (up to {max}, JPEG or PNG)",
  "orders.addPhoto": "Add at least one photo.",
  "orders.uploadFailed": "The photos could not be uploaded. Please try again.",
  "orders.back": "Back",
  "orders.returnRequested": "Return requested",
  "orders.returnRequestedText": "We will e-mail you our decision.",
} as const;

const fr: Record<keyof typeof en, string> = {
  "orders.title": "Mes commandes",
  "orders.loading": "Chargement des commandes",
  "orders.loadFailed": "Vos commandes n’ont pas pu être chargées. Veuillez réessayer plus tard.",
  "orders.none": "Aucune commande pour l’instant.",
  "orders.visitShop": "Visiter le Marché sacré",

  "orders.order": "Commande {number}",
  "orders.placed": "Passée le {date}",
  "orders.items": "Articles de la commande {number}",
  "orders.item": "{name} x {quantity}",
  "orders.status.paid": "Payée",
  "orders.status.pending": "En attente de paiement",
  "orders.status.shipped": "Expédiée",
  "orders.status.delivered": "Livrée",
  "orders.status.refunded": "Remboursée",
  "orders.tracking": "Suivi\u00a0: {tracking}",
  "orders.track": "Suivre le colis",
  "orders.delivered": "Livrée le {date}",
  "orders.refunded": "Remboursé\u00a0: {amount}",
  "orders.total": "Total {amount}",
  "orders.return.requested": "Retour demandé\u00a0: nous vous enverrons notre décision par e-mail.",
  "orders.return.accepted":
    "Retour accepté\u00a0: veuillez envoyer les articles à {address}. Nous remboursons votre carte à leur réception.",
  "orders.return.declined": "Retour refusé.",
  "orders.return.declinedWhy": "Retour refusé\u00a0: {reason}",
  "orders.return.received": "Retour reçu et remboursé.",
  "orders.askReturn": "Demander un retour",

  "orders.from": "De {business}",
  "orders.returnedRefunded": "Retourné et remboursé",
  "orders.shipped": "Expédié le {date} par {carrier}, {tracking}",
  "orders.preparing": "En préparation",
  "orders.returnThese": "Retourner ces articles",

  "orders.returnOrder": "Retourner la commande {number}",
  "orders.returnPart": "Retourner les articles de {business} de la commande {number}",
  "orders.returnRules":
    "Les retours sont acceptés dans les 7 jours suivant la livraison. Dites-nous ce qui ne va pas et ajoutez des photos des articles.",
  "orders.reason": "Motif",
  "orders.photos": "Photos (jusqu’à {max}, JPEG ou PNG)",
  "orders.addPhoto": "Ajoutez au moins une photo.",
  "orders.uploadFailed": "Les photos n’ont pas pu être envoyées. Veuillez réessayer.",
  "orders.back": "Retour",
  "orders.returnRequested": "Retour demandé",
  "orders.returnRequestedText": "Nous vous enverrons notre décision par e-mail.",
};

export const orders = { en, fr };
