import { Anchor, List, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { SUPPORT_EMAIL } from "./ContactPage";
import type { LegalSection } from "./StaticPage";

/** The Terms of Service in French (issue #45): the same 14 sections and rules as the English ones. */
export const TERMS_LAST_UPDATED_FR = "Dernière mise à jour\u202f: 30 octobre 2025";

export const termsSectionsFr: LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptation des conditions",
    body: (
      <Text>
        Les présentes conditions d’utilisation régissent votre usage de Seer, y compris l’annuaire des Seers, les consultations, le
        Marché sacré et l’Espace sagesse. En créant un compte, en réservant une consultation ou en passant une commande, vous
        acceptez ces conditions. Si vous ne les acceptez pas, veuillez ne pas utiliser la plateforme.
      </Text>
    ),
  },
  {
    id: "eligibility",
    title: "Conditions d’âge",
    body: (
      <Text>
        Vous devez avoir au moins 18 ans pour créer un compte, réserver une consultation, acheter dans le Marché sacré ou postuler
        comme Seer. L’âge minimum est de 18 ans. En utilisant la plateforme, vous confirmez remplir cette condition.
      </Text>
    ),
  },
  {
    id: "accounts",
    title: "Votre compte",
    body: (
      <Text>
        Vous êtes responsable de la confidentialité de vos identifiants et de tout ce qui est fait depuis votre compte. Donnez des
        informations exactes et tenez-les à jour. Prévenez-nous sans attendre à {SUPPORT_EMAIL} si vous pensez que quelqu’un
        d’autre a utilisé votre compte.
      </Text>
    ),
  },
  {
    id: "services",
    title: "Nos services",
    body: (
      <Text>
        Seer est une place de marché qui met en relation des clients avec des guides spirituels indépendants (les «&nbsp;Seers&nbsp;»)
        pour des consultations vidéo, et qui vend des objets sacrés dans le Marché sacré. Les Seers ne sont pas nos employés. La
        guidance spirituelle est proposée à des fins personnelles, culturelles et spirituelles&#8239;; elle ne remplace pas un avis
        médical, psychologique, juridique ou financier.
      </Text>
    ),
  },
  {
    id: "seer-verification",
    title: "Vérification des Seers",
    body: (
      <Text>
        Chaque Seer postule en indiquant sa tradition, sa lignée, ses années de pratique, sa déclaration éthique et une pièce
        d’identité, et son profil n’est publié qu’après examen par notre équipe. La vérification confirme l’identité et le
        parcours&#8239;; elle ne garantit aucun résultat particulier d’une consultation.
      </Text>
    ),
  },
  {
    id: "bookings-payments",
    title: "Réservations, paiements et commission",
    body: (
      <>
        <Text>
          Les consultations durent 15, 30 ou 60&nbsp;minutes au prix affiché sur le profil du Seer. Le paiement est prélevé par
          carte via notre prestataire de paiement lors de la réservation, et la réservation est confirmée dès que le paiement
          aboutit.
        </Text>
        <Text>
          Seer prélève une commission de plateforme de 20&#8239;% sur chaque consultation pour faire fonctionner la plateforme,
          vérifier les Seers et traiter les paiements. Le Seer reçoit les 80&#8239;% restants.
        </Text>
      </>
    ),
  },
  {
    id: "cancellations-refunds",
    title: "Annulations et remboursements",
    body: (
      <List spacing="xs">
        <List.Item>Annulation plus de 24&nbsp;heures avant la séance&#8239;: remboursement intégral.</List.Item>
        <List.Item>
          Annulation moins de 24&nbsp;heures avant la séance&#8239;: des frais d’annulation de 50&#8239;% s’appliquent et le reste est
          remboursé.
        </List.Item>
        <List.Item>Absence&#8239;: si vous ne vous présentez pas à une séance réservée, la totalité du prix est perdue.</List.Item>
        <List.Item>
          Si un Seer annule ou ne se présente pas, vous êtes remboursé intégralement ou pouvez réserver à nouveau sans frais.
        </List.Item>
      </List>
    ),
  },
  {
    id: "conduct",
    title: "Consultations et comportement",
    body: (
      <Text>
        Traitez les Seers, les clients et notre équipe avec respect. Le harcèlement, les menaces, les demandes d’actes nuisibles
        ou illégaux, l’enregistrement d’une séance sans consentement et le paiement en dehors de la plateforme sont interdits et
        peuvent entraîner la suspension de votre compte. Les Seers ne doivent ni promettre de résultats garantis ni demander de
        paiements supplémentaires.
      </Text>
    ),
  },
  {
    id: "sacred-market",
    title: "Achats dans le Marché sacré",
    body: (
      <Text>
        Les produits sont décrits aussi fidèlement que possible&#8239;; les objets faits main peuvent légèrement différer de leurs
        photos. Les prix sont prélevés lors de la commande avec la livraison&#8239;: la livraison standard coûte 10&nbsp;$ et la
        livraison express 25&nbsp;$. Les commandes sont généralement expédiées sous 2 à 3&nbsp;jours ouvrés et le suivi est envoyé
        par e-mail.
      </Text>
    ),
  },
  {
    id: "returns",
    title: "Retours",
    body: (
      <Text>
        Vous pouvez demander le retour d’un produit dans les 7&nbsp;jours suivant la livraison. Les retours doivent être demandés
        avec des photos de l’objet et de tout dommage ou défaut, envoyées à {SUPPORT_EMAIL}. Les objets doivent être inutilisés et
        dans leur emballage d’origine, sauf s’ils sont arrivés endommagés. Les retours acceptés sont remboursés sur la carte
        d’origine.
      </Text>
    ),
  },
  {
    id: "content",
    title: "Contenus et propriété intellectuelle",
    body: (
      <Text>
        Le nom, le design et le logiciel de Seer nous appartiennent. Les articles que vous publiez dans l’Espace sagesse restent les
        vôtres, mais vous nous autorisez à les afficher sur la plateforme. Ne publiez pas de contenus que vous n’avez pas le droit
        de partager, ou qui sont illicites, haineux ou trompeurs&#8239;; nous pouvons retirer de tels contenus.
      </Text>
    ),
  },
  {
    id: "liability",
    title: "Exclusions et limitation de responsabilité",
    body: (
      <Text>
        La plateforme est fournie «&nbsp;en l’état&nbsp;». Dans la mesure permise par la loi, nous ne sommes pas responsables des
        décisions que vous prenez à la suite d’une consultation ni des pertes indirectes ou consécutives, et notre responsabilité
        totale pour toute réclamation est limitée au montant que vous nous avez payé pour la consultation ou la commande
        concernée.
      </Text>
    ),
  },
  {
    id: "disputes",
    title: "Litiges et droit applicable",
    body: (
      <Text>
        Contactez-nous d’abord afin que nous puissions tenter de résoudre tout problème. Ces conditions sont régies par le droit de
        la République du Ghana. Toute action en justice découlant de ces conditions ou de votre usage de la plateforme doit être
        engagée dans un délai d’un an à compter des faits qui l’ont motivée&#8239;; passé ce délai d’un an, la réclamation est
        prescrite.
      </Text>
    ),
  },
  {
    id: "contact",
    title: "Contact et assistance",
    body: (
      <Text>
        Une question sur ces conditions&#8239;? Écrivez à {SUPPORT_EMAIL} ou utilisez notre{" "}
        <Anchor underline="always" component={Link} to="/contact">
          page de contact
        </Anchor>
        . L’assistance est ouverte du lundi au vendredi, de 9&nbsp;h à 18&nbsp;h GMT. Nous pouvons modifier ces conditions&#8239;; la
        date ci-dessus indique la dernière version, et les changements importants sont annoncés par e-mail.
      </Text>
    ),
  },
];
