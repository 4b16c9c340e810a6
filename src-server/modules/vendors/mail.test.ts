import { describe, expect, it } from "vitest";
import {
  vendorApplicationReceivedEmail,
  vendorDecisionEmail,
  vendorPartDeliveredEmail,
  vendorPartShippedEmail,
} from "./mail";

// Issue #45: the vendors' mails in English as before, and in French.

const URL = "https://seer.example";
const order = { orderNumber: "SM-1001", shippingName: "Ama Mensah", shippingEmail: "ama@example.com" };

describe("the vendors' mails", () => {
  const application = { businessName: "Adinkra Crafts", contactEmail: "crafts@example.com" };
  it("keep their English", () => {
    expect(vendorApplicationReceivedEmail("crafts@example.com", "Adinkra Crafts").text).toBe(
      "Dear Adinkra Crafts,\n\nThank you for applying to sell in the Sacred Market. Our team reviews every application and will write to you with its decision.\n\nWith gratitude,\nThe Seer team",
    );
    expect(vendorDecisionEmail(application, "approved", "12.5", null, URL).text).toContain(
      "with a commission of 12.5% on each sale. Add your products from your vendor dashboard at https://seer.example/vendor: each",
    );
    expect(vendorPartDeliveredEmail(order, "Adinkra Crafts", URL).text).toContain(
      "Adinkra Crafts's part of your order SM-1001 was delivered",
    );
  });

  it("are French for a French reader", () => {
    const rejected = vendorDecisionEmail(application, "rejected", "10", "Photos missing", URL, "fr");
    expect(rejected.subject).toBe("Votre candidature de vendeur");
    expect(rejected.text).toContain("Notes de notre équipe\u00a0:\nPhotos missing");
    expect(rejected.text).toContain("Vous pouvez postuler de nouveau sur https://seer.example/fr/become-vendor.");
    expect(vendorDecisionEmail(application, "approved", "12.5", null, URL, "fr").text).toContain(
      "https://seer.example/fr/vendor",
    );
    const part = vendorPartShippedEmail(order, { businessName: "Adinkra Crafts", lines: ["1 x Beads"], link: null }, URL, "fr");
    expect(part.subject).toBe("Une partie de votre commande SM-1001 au Marché sacré a été expédiée");
    expect(part.text).toContain("Votre commande\u00a0: https://seer.example/fr/profile");
  });
});
