import { describe, expect, it } from "vitest";
import { openPage, signInAs, signUpNew } from "./support";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

describe("Seer onboarding", () => {
  it("a client applies with a PDF, an admin approves with a note, the new Seer gets the Dashboard and is listed once priced", async () => {
    const fullName = `Esi Onboarding ${Date.now().toString(36)}`;

    // The applicant.
    const applicant = await openPage();
    await signUpNew(applicant, "/become-seer");
    await applicant.getByLabel("Full Name").fill(fullName);
    await applicant.getByLabel("Country").fill("Ghana");
    await applicant.getByLabel("Contact Email").fill("esi.onboarding@example.com");
    await applicant.getByLabel("Spiritual Tradition").fill("Akan");
    await applicant.getByLabel("Years of Practice").fill("8");
    const specializations = applicant.getByRole("textbox", { name: "Specializations" });
    await specializations.fill("Divination");
    await specializations.press("Enter");
    await specializations.fill("Dream Interpretation");
    await applicant.getByRole("button", { name: "Add", exact: true }).click();
    await applicant.getByLabel("Lineage Information").fill("Trained for six years at a shrine in Larteh.");
    await applicant.getByLabel("Biography").fill("I read for families and teach the old songs.");
    await applicant.getByLabel("Ethics Statement").fill("I keep confidences and never promise outcomes.");
    await applicant.getByLabel(/^ID Document/).setInputFiles({ name: "passport.pdf", mimeType: "application/pdf", buffer: PDF });
    const finished = applicant.getByRole("progressbar", { name: "Uploaded passport.pdf" });
    await finished.waitFor();
    expect(await finished.getAttribute("aria-valuenow")).toBe("100");
    await applicant.getByRole("button", { name: "Submit Application" }).click();
    await applicant.getByText("Application Submitted").waitFor();
    await applicant.waitForURL((url) => url.pathname === "/");

    // The admin.
    const admin = await openPage();
    await signInAs(admin, "admin", "/admin");
    await admin.getByRole("tab", { name: /^Applications/ }).click();
    const card = admin.getByRole("article", { name: `Application from ${fullName}` });
    await card.waitFor();
    const documentLink = card.getByRole("link", { name: /View ID Document/ });
    expect(await documentLink.getAttribute("target")).toBe("_blank");
    const document = await admin.request.get((await documentLink.getAttribute("href")) ?? "");
    expect(document.status()).toBe(200);
    expect(document.headers()["content-type"]).toBe("application/pdf");
    await card.getByLabel("Review Notes").fill("Lineage confirmed by phone.");
    await card.getByRole("button", { name: "Approve" }).click();
    await admin.getByText("Application Reviewed").waitFor();
    await admin.getByRole("tab", { name: /^Approved/ }).click();
    await admin
      .getByRole("article", { name: `Application from ${fullName}` })
      .getByText("Lineage confirmed by phone.")
      .waitFor();

    // Approved but without a price, the new Seer is not in the directory yet.
    const visitor = await openPage();
    await visitor.goto(`/seers?q=${encodeURIComponent(fullName)}`);
    await visitor.getByText("No Seers found matching your criteria").waitFor();

    // The applicant, signed in, now has the Dashboard button; the dashboard says what is missing.
    await applicant.reload();
    await expect.poll(() => applicant.getByRole("link", { name: "Dashboard", exact: true }).isVisible()).toBe(true);
    await applicant.goto("/seer/dashboard?tab=profile");
    await applicant.getByText("Your profile is not listed yet").waitFor();
    await applicant.getByRole("button", { name: "Update Profile" }).click();
    await applicant.getByRole("textbox", { name: "30 Minute Price" }).fill("45");
    // The application asked for no languages: the profile needs one.
    const languages = applicant.locator("input").and(applicant.getByLabel("Languages"));
    await languages.fill("Twi");
    await languages.press("Enter");
    await applicant.getByRole("button", { name: "Save Profile" }).click();
    await applicant.getByText("Your profile is not listed yet").waitFor({ state: "detached" });

    // Priced, the new Seer is listed.
    await visitor.reload();
    await visitor.getByText(fullName).first().waitFor();
    expect(applicant.consoleErrors).toEqual([]);
    expect(admin.consoleErrors).toEqual([]);
  });
});
