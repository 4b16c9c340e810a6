import { Anchor, List, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useI18n } from "../../lib/i18n";
import { SUPPORT_EMAIL } from "./ContactPage";
import { StaticPage, TextSection } from "./StaticPage";

export const PRIVACY_LAST_UPDATED_FR = "Dernière mise à jour\u202f: 30 octobre 2025";

/** The Privacy Policy in French (issue #45): the same ten sections and commitments as the English one. */
export function PrivacyPageFr() {
  const { t } = useI18n();
  return (
    <StaticPage title={t("footer.privacy")} intro={PRIVACY_LAST_UPDATED_FR}>
      <TextSection id="introduction" title="1. Qui nous sommes">
        <Text>
          Seer est une place de marché de consultations vidéo avec des guides spirituels africains vérifiés et d’objets sacrés dans
          le Marché sacré. Cette politique explique quelles informations personnelles nous recueillons, pourquoi, combien de temps
          nous les conservons et quels sont vos droits. Une consultation est souvent personnelle&nbsp;: nous traitons ce que vous
          partagez avec le soin qu’il mérite.
        </Text>
      </TextSection>

      <TextSection id="collected" title="2. Ce que nous recueillons">
        <List spacing="xs">
          <List.Item>
            <strong>Compte&#8239;:</strong> vos nom et prénom, votre adresse e-mail, un mot de passe haché de manière sûre (jamais le
            mot de passe lui-même), votre rôle et, si vous en ajoutez une, une photo de profil.
          </List.Item>
          <List.Item>
            <strong>Réservations&#8239;:</strong> le Seer réservé, la date, l’heure, la durée et le fuseau horaire de la séance, le
            montant payé et les notes que vous écrivez pour le Seer.
          </List.Item>
          <List.Item>
            <strong>Commandes&#8239;:</strong> les articles achetés, les montants, ainsi que le nom, l’e-mail, le numéro de
            téléphone et l’adresse de livraison indiqués lors de la commande.
          </List.Item>
          <List.Item>
            <strong>Candidatures de Seers&#8239;:</strong> les informations que vous envoyez (tradition, lignée, expérience,
            biographie, coordonnées) et une pièce d’identité. Les pièces d’identité servent uniquement à vérifier le candidat et ne
            peuvent être ouvertes que par nos administrateurs et par le candidat&#8239;; elles ne sont jamais montrées sur le site.
          </List.Item>
          <List.Item>
            <strong>Espace sagesse&#8239;:</strong> les articles que vous écrivez, et vos prénom et nom en tant qu’auteur.
          </List.Item>
          <List.Item>
            <strong>Données techniques&#8239;:</strong> un cookie de session qui vous garde connecté, et les journaux du serveur
            (comme l’adresse IP et l’heure d’une requête) conservés pour la sécurité.
          </List.Item>
        </List>
      </TextSection>

      <TextSection id="payments" title="3. Paiements par carte">
        <Text>
          Les paiements par carte sont traités par notre prestataire de paiement. Votre numéro de carte, sa date d’expiration et son
          code de sécurité vont directement au prestataire et ne sont jamais envoyés ni conservés sur nos serveurs. Nous ne gardons
          qu’une référence du paiement et son statut, afin de confirmer les réservations et les commandes et d’effectuer les
          remboursements.
        </Text>
      </TextSection>

      <TextSection id="use" title="4. Comment nous utilisons vos informations">
        <List spacing="xs">
          <List.Item>
            Pour gérer votre compte, confirmer les réservations et les commandes et envoyer reçus, invitations d’agenda et rappels.
          </List.Item>
          <List.Item>Pour permettre à votre Seer de préparer et de tenir votre consultation.</List.Item>
          <List.Item>Pour expédier vos commandes du Marché sacré.</List.Item>
          <List.Item>Pour vérifier les candidats Seers et protéger la plateforme contre la fraude et les abus.</List.Item>
          <List.Item>Pour répondre à vos questions et remplir nos obligations légales et comptables.</List.Item>
        </List>
        <Text>Nous ne vendons pas vos informations personnelles et ne les utilisons pas pour la publicité de tiers.</Text>
      </TextSection>

      <TextSection id="sharing" title="5. Avec qui nous les partageons">
        <Text>
          Votre Seer voit ce dont il a besoin pour votre séance&nbsp;: la date, l’heure, la durée et vos notes. Les avis montrent votre
          prénom et l’initiale de votre nom, jamais votre e-mail. Nous partageons des données avec les prestataires qui travaillent
          pour nous (le prestataire de paiement, l’envoi des e-mails et l’hébergement), uniquement dans la mesure nécessaire à leur
          service, et avec les autorités lorsque la loi l’exige.
        </Text>
      </TextSection>

      <TextSection id="retention" title="6. Combien de temps nous les conservons">
        <Text>
          Nous conservons les informations de votre compte tant qu’il est ouvert. Les réservations et les commandes sont conservées
          sept ans, comme l’exigent le droit comptable et fiscal. Les pièces d’identité des candidats Seers sont conservées pendant
          l’examen de la candidature et, pour les Seers acceptés, tant qu’ils restent sur la plateforme&#8239;; elles sont supprimées
          dans les 90&nbsp;jours suivant le refus d’une candidature ou le départ d’un Seer. Les journaux du serveur sont conservés
          90&nbsp;jours au plus.
        </Text>
      </TextSection>

      <TextSection id="rights" title="7. Vos droits">
        <Text>Vous pouvez à tout moment nous demander de&#8239;:</Text>
        <List spacing="xs">
          <List.Item>
            <strong>consulter</strong> les informations personnelles que nous détenons sur vous et en recevoir une copie&#8239;;
          </List.Item>
          <List.Item>
            <strong>corriger</strong> des informations inexactes ou incomplètes&#8239;;
          </List.Item>
          <List.Item>
            <strong>supprimer</strong> votre compte et vos informations personnelles, sauf les données que la loi nous oblige à
            conserver&#8239;;
          </List.Item>
          <List.Item>vous opposer à certains usages ou les limiter, et retirer un consentement donné.</List.Item>
        </List>
        <Text>
          Écrivez à {SUPPORT_EMAIL} depuis l’adresse e-mail de votre compte. Nous répondons sous 30&nbsp;jours. Vous pouvez aussi
          saisir votre autorité de protection des données, au Ghana la Data Protection Commission.
        </Text>
      </TextSection>

      <TextSection id="security" title="8. Sécurité">
        <Text>
          Les connexions sont chiffrées, les mots de passe hachés, les sessions conservées sur notre serveur et les pièces d’identité
          gardées hors du site public, avec un accès limité aux administrateurs et au candidat. Aucun système n’est parfaitement sûr,
          mais nous travaillons à protéger vos données et vous préviendrons rapidement si une violation vous concerne.
        </Text>
      </TextSection>

      <TextSection id="age" title="9. Âge">
        <Text>
          La plateforme est réservée aux adultes&#8239;: vous devez avoir au moins 18&nbsp;ans. Nous ne recueillons pas sciemment de
          données concernant des enfants.
        </Text>
      </TextSection>

      <TextSection id="privacy-contact" title="10. Contact et modifications">
        <Text>
          Une question sur cette politique ou sur vos données&#8239;: {SUPPORT_EMAIL}, ou notre{" "}
          <Anchor underline="always" component={Link} to="/contact">
            page de contact
          </Anchor>
          . Si nous modifions cette politique, la date ci-dessus change et les changements importants sont annoncés par e-mail.
          Voir aussi nos{" "}
          <Anchor underline="always" component={Link} to="/terms">
            conditions d’utilisation
          </Anchor>
          .
        </Text>
      </TextSection>
    </StaticPage>
  );
}
