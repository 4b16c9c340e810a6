import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { notifications } from "@mantine/notifications";
import { beforeEach, describe, expect, it } from "vitest";
import type { SeerApplicationInput } from "../../../src/schemas/applications";
import { server, TEST_ORIGIN, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";

const client = {
  id: "u-1",
  email: "esi@example.com",
  firstName: "Esi",
  lastName: "Tester",
  profileImageUrl: null,
  role: "client" as const,
  emailVerified: true,
  secondFactor: false,
};
const DOC_URL = "/api/uploads/3f2b0c1e-1234-4abc-8def-0123456789ab";

/** The home page's reads, for the journeys that end on /. */
const home = { "seers.featured": () => [], "shop.products": () => ({ items: [], nextCursor: null }) } satisfies Parameters<
  typeof trpcHandlers
>[0];

function signedIn(extra: Parameters<typeof trpcHandlers>[0] = {}) {
  server.use(
    ...trpcHandlers({ ...home, "account.me": () => client, "cart.list": () => [], "applications.mine": () => null, ...extra }),
  );
}
const uploadAnswers = (answer: () => Response | Promise<Response>) =>
  server.use(http.post(`${TEST_ORIGIN}/api/upload/id-document`, answer));
const pdf = () => new File(["%PDF-1.4 test"], "passport.pdf", { type: "application/pdf" });
const field = (name: RegExp) => screen.getByLabelText(name);

/** Pasting rather than typing keeps these long forms fast on a busy machine. */
async function fillEverythingButTheDocument(user: ReturnType<typeof userEvent.setup>) {
  const fill = async (name: RegExp, text: string) => {
    await user.click(field(name));
    await user.paste(text);
  };
  await fill(/^Full Name/, "Esi Tester");
  await fill(/^Country/, "Ghana");
  await fill(/^Contact Email/, "esi@example.com");
  await fill(/^Spiritual Tradition/, "Akan");
  await fill(/^Years of Practice/, "12");
  await user.type(field(/^Specializations/), "Divination{Enter}");
  await fill(/^Lineage Information/, "Trained at Larteh.");
  await fill(/^Biography/, "I read for families.");
  await fill(/^Ethics Statement/, "I keep confidences.");
}

describe("/become-seer", () => {
  // The toast store outlives a test; one visible at a time means a leftover toast would hide the next.
  beforeEach(() => notifications.clean());

  it("tells visitors to log in", async () => {
    server.use(...trpcHandlers({ "account.me": () => null }));
    renderApp("/become-seer");
    const alerts = await screen.findAllByRole("alert");
    const notice = alerts.find((a) => a.textContent?.includes("Login Required"));
    expect(notice).toHaveTextContent("Please log in to apply as a Seer");
    expect(screen.queryByRole("form", { name: "Seer application" })).not.toBeInTheDocument();
  });

  it("shows every field with its type and placeholder", async () => {
    signedIn();
    renderApp("/become-seer");
    await screen.findByRole("form", { name: "Seer application" });
    expect(field(/^Contact Email/)).toHaveAttribute("type", "email");
    expect(field(/^Contact Phone/)).not.toBeRequired();
    expect(field(/^Spiritual Tradition/)).toHaveAttribute("placeholder", "e.g., Ifá, Vodun, Sangoma, Akan");
    expect(field(/^Years of Practice/)).toHaveAttribute("placeholder", "e.g., 10");
    const file = field(/^ID Document/);
    expect(file).toHaveAttribute("type", "file");
    expect(file).toHaveAttribute("accept", ".jpeg,.jpg,.png,.pdf");
    expect(screen.getByText("ID Document (JPEG, PNG or PDF, max 10MB)")).toBeInTheDocument();
  });

  it("shows the spec's messages when submitted empty", async () => {
    signedIn();
    const user = userEvent.setup({ delay: null });
    renderApp("/become-seer");
    await screen.findByRole("form", { name: "Seer application" });
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByText("Must be at least 1 year")).toBeInTheDocument();
    expect(screen.getByText("Add at least one specialization")).toBeInTheDocument();
    expect(screen.getByText("Please upload your ID document")).toBeInTheDocument();
    expect(screen.getByText("Full name is required")).toBeInTheDocument();

    await user.type(field(/^Years of Practice/), "0");
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByText("Must be at least 1 year")).toBeInTheDocument();
  });

  it("adds specializations as tags with Enter or Add, ignoring blanks and duplicates, and removes them", async () => {
    signedIn();
    const user = userEvent.setup({ delay: null });
    renderApp("/become-seer");
    await screen.findByRole("form", { name: "Seer application" });
    const input = field(/^Specializations/);
    await user.type(input, "Divination{Enter}");
    await user.type(input, "   {Enter}");
    await user.type(input, " divination ");
    await user.click(screen.getByRole("button", { name: "Add" }));
    await user.type(input, "Herbal Healing");
    await user.click(screen.getByRole("button", { name: "Add" }));
    const tags = () =>
      within(screen.getByLabelText("Added specializations"))
        .getAllByText(/./, { selector: "span" })
        .map((e) => e.textContent);
    expect(tags()).toEqual(["Divination", "Herbal Healing"]);
    expect(input).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Remove Divination" }));
    expect(tags()).toEqual(["Herbal Healing"]);
  });

  it("uploads the document when chosen, shows progress, then submits and goes home with the toast", async () => {
    let submitted: SeerApplicationInput | undefined;
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => (release = resolve));
    signedIn({
      "applications.submit": async (input) => {
        submitted = input;
        await pending;
        return { id: "a-1", status: "pending", createdAt: new Date() };
      },
    });
    let finishUpload: () => void = () => {};
    const uploadGate = new Promise<void>((resolve) => (finishUpload = resolve));
    uploadAnswers(async () => {
      await uploadGate;
      return HttpResponse.json({ url: DOC_URL });
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp("/become-seer");
    await screen.findByRole("form", { name: "Seer application" });
    await fillEverythingButTheDocument(user);
    await user.upload(field(/^ID Document/), pdf());
    expect(await screen.findByRole("progressbar", { name: "Uploading passport.pdf" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Submit Application" })).toBeDisabled();
    finishUpload();
    expect(await screen.findByText("Uploaded: passport.pdf")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Uploaded passport.pdf" })).toHaveAttribute("aria-valuenow", "100");

    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByRole("button", { name: "Submitting..." })).toBeDisabled();
    release();
    expect(await screen.findByText("Application Submitted")).toBeInTheDocument();
    expect(screen.getByText("Your application has been submitted for review. We'll contact you via email.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(submitted).toMatchObject({
      fullName: "Esi Tester",
      yearsOfPractice: 12,
      specializations: ["Divination"],
      idDocumentUrl: DOC_URL,
    });
    expect(submitted).not.toHaveProperty("userId");
  });

  it("shows 'Upload Failed' and the server's reason when the upload is refused", async () => {
    signedIn();
    uploadAnswers(() => new HttpResponse("Only JPEG, PNG or PDF files are accepted for the ID document.", { status: 422 }));
    const user = userEvent.setup({ delay: null });
    renderApp("/become-seer");
    await screen.findByRole("form", { name: "Seer application" });
    await user.upload(field(/^ID Document/), pdf());
    expect(await screen.findByText("Upload Failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to upload ID document. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Only JPEG, PNG or PDF files are accepted for the ID document.")).toBeInTheDocument();
  });

  it("shows 'Error' when the application fails and keeps the form", async () => {
    signedIn({
      "applications.submit": () => ({
        error: { code: "CONFLICT", message: "You already have an application under review. We'll contact you via email." },
      }),
    });
    uploadAnswers(() => HttpResponse.json({ url: DOC_URL }));
    const user = userEvent.setup({ delay: null });
    renderApp("/become-seer");
    await screen.findByRole("form", { name: "Seer application" });
    await fillEverythingButTheDocument(user);
    await user.upload(field(/^ID Document/), pdf());
    await screen.findByText("Uploaded: passport.pdf");
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByText("Failed to submit application. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(
      screen
        .getAllByRole("alert")
        .some((a) => a.textContent === "You already have an application under review. We'll contact you via email."),
    ).toBe(true);
    expect(screen.getByRole("button", { name: "Submit Application" })).toBeEnabled();
  });

  it("shows 'Unauthorized' when the session has ended", async () => {
    signedIn({ "applications.submit": () => ({ error: { code: "UNAUTHORIZED", message: "Unauthorized" } }) });
    uploadAnswers(() => HttpResponse.json({ url: DOC_URL }));
    const user = userEvent.setup({ delay: null });
    const view = renderApp("/become-seer");
    await screen.findByRole("form", { name: "Seer application" });
    await fillEverythingButTheDocument(user);
    await user.upload(field(/^ID Document/), pdf());
    await screen.findByText("Uploaded: passport.pdf");
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByText("Please log in again")).toBeInTheDocument();
    expect(screen.getByText("Unauthorized")).toBeInTheDocument();
    // Unmounting before the 500 ms redirect keeps jsdom from attempting a navigation.
    view.unmount();
  });
});
