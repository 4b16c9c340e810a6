import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { messages as french } from "../../../src/i18n/compiled/fr";
import { setFormatLocale } from "../../../src/i18n/format-locale";
import { createI18n } from "../../lib/i18n";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import { reviewData, seerData } from "./testData";

const stars = (label: string) => {
  const rating = screen.getAllByRole("img", { name: label })[0];
  if (!rating) throw new Error(`No rating labelled ${label}`);
  return Array.from(rating.querySelectorAll("[data-star]")).map((s) => s.getAttribute("data-star"));
};

describe("/seers/{id} profile", () => {
  it("shows the Seer's details, rounded stars and the rating with one decimal", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "seers.byId": ({ id }) =>
          seerData({
            id,
            fullName: "Chiamaka Obi",
            tradition: "Igbo Dibia",
            averageRating: "4.40",
            totalReviews: 7,
            country: "Nigeria",
            languages: ["Igbo", "English", "French"],
            yearsOfPractice: 15,
            specializations: ["Dream Interpretation", "Herbalism", "Divination"],
            biography: "I give my full attention to each person.",
          }),
        "seers.reviews": () => [],
      }),
    );
    renderApp("/seers/chiamaka");
    expect(await screen.findByRole("heading", { level: 1, name: "Chiamaka Obi" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Chiamaka Obi, Igbo Dibia · Seer"));
    expect(screen.getByRole("img", { name: "Chiamaka Obi" })).toHaveTextContent("CO");
    expect(screen.getByText("Igbo Dibia")).toBeInTheDocument();
    expect(stars("Rated 4.4 out of 5")).toEqual(["filled", "filled", "filled", "filled", "empty"]);
    expect(screen.getByText("4.4")).toBeInTheDocument();
    expect(screen.getByText("(7 reviews)")).toBeInTheDocument();
    expect(screen.getByText("Nigeria")).toBeInTheDocument();
    expect(screen.getByText("Igbo, English, French")).toBeInTheDocument();
    expect(screen.getByText("15+ years of practice")).toBeInTheDocument();
    for (const s of ["Dream Interpretation", "Herbalism", "Divination"]) expect(screen.getByText(s)).toBeInTheDocument();
    expect(screen.getByText("I give my full attention to each person.")).toBeInTheDocument();
    expect(await screen.findByText("No reviews yet.")).toBeInTheDocument();
  });

  it("rounds the stars to the nearest whole star", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "seers.byId": () => seerData({ averageRating: "4.50" }),
        "seers.reviews": () => [],
      }),
    );
    renderApp("/seers/seer-1");
    await screen.findByRole("heading", { level: 1, name: "Ama Serwaa Owusu" });
    expect(stars("Rated 4.5 out of 5")).toEqual(["filled", "filled", "filled", "filled", "filled"]);
  });

  it("offers a booking card for each price that exists, linking to the booking wizard", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "seers.byId": () => seerData({ id: "seer-9", price15Min: null, price30Min: "45.00", price60Min: "80.00" }),
        "seers.reviews": () => [],
      }),
    );
    renderApp("/seers/seer-9");
    const panel = (await screen.findByRole("heading", { name: "Book a Consultation" })).closest("section");
    if (!panel) throw new Error("No booking panel");
    expect(within(panel).queryByText("15 Minutes")).not.toBeInTheDocument();
    expect(within(panel).queryByText("Quick spiritual check")).not.toBeInTheDocument();
    const links = within(panel).getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/book/seer-9?session=30min", "/book/seer-9?session=60min"]);
    expect(links[0]).toHaveTextContent("30 Minutes");
    expect(links[0]).toHaveTextContent("Full consultation");
    expect(links[0]).toHaveTextContent("$45.00");
    expect(links[1]).toHaveTextContent("60 Minutes");
    expect(links[1]).toHaveTextContent("Deep spiritual reading");
    expect(links[1]).toHaveTextContent("$80.00");
  });

  it("shows all three cards when all prices exist", async () => {
    server.use(
      ...trpcHandlers({ "account.me": () => null, "seers.byId": () => seerData({ id: "s" }), "seers.reviews": () => [] }),
    );
    renderApp("/seers/s");
    const link = await screen.findByRole("link", { name: /15 Minutes/ });
    expect(link).toHaveAttribute("href", "/book/s?session=15min");
    expect(link).toHaveTextContent("Quick spiritual check");
    expect(link).toHaveTextContent("$25.00");
  });

  it("lists client reviews with first name, last initial, date, stars and comment", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "seers.byId": () => seerData(),
        "seers.reviews": () => [
          reviewData({
            id: "r1",
            rating: 5,
            comment: "Deeply moving.",
            seerReply: "Thank you, Ama. Walk well.",
            createdAt: new Date("2026-11-01T10:00:00Z"),
            client: { firstName: "Ama", lastName: "M" },
          }),
          reviewData({
            id: "r2",
            rating: 3,
            comment: null,
            createdAt: new Date("2026-10-15T10:00:00Z"),
            client: { firstName: "Kofi", lastName: "boateng" },
          }),
        ],
      }),
    );
    renderApp("/seers/seer-1");
    await screen.findByRole("heading", { name: "Client Reviews" });
    const reviews = await screen.findAllByTestId("seer-review");
    expect(reviews).toHaveLength(2);
    const [first, second] = reviews as [HTMLElement, HTMLElement];
    expect(within(first).getByText("Ama M.")).toBeInTheDocument();
    expect(within(first).getByText("November 1, 2026")).toBeInTheDocument();
    expect(within(first).getByRole("img", { name: "Rated 5.0 out of 5" })).toBeInTheDocument();
    expect(within(first).getByText("Deeply moving.")).toBeInTheDocument();
    expect(within(first).getByTestId("seer-reply")).toHaveTextContent(/^Reply from .+Thank you, Ama\. Walk well\.$/);
    expect(within(second).queryByTestId("seer-reply")).not.toBeInTheDocument();
    expect(within(second).getByText("Kofi B.")).toBeInTheDocument();
    expect(within(second).queryByText(/boateng/i)).not.toBeInTheDocument();
    expect(within(second).getByRole("img", { name: "Rated 3.0 out of 5" })).toBeInTheDocument();
  });

  it("shows 'Seer Not Found' for a missing or unapproved Seer", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "seers.byId": () => ({ error: { code: "NOT_FOUND", message: "Seer Not Found" } }),
        "seers.reviews": () => ({ error: { code: "NOT_FOUND", message: "Seer Not Found" } }),
      }),
    );
    renderApp("/seers/pending-seer");
    expect(await screen.findByRole("heading", { level: 1, name: "Seer Not Found" })).toBeInTheDocument();
    expect(screen.getByText("The Seer you're looking for doesn't exist or is not available.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse Seers" })).toHaveAttribute("href", "/seers");
  });

  it("reads in French: its headings, the booking panel, the reviews and their dates, the numbers (issue #45)", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "seers.byId": () => seerData({ averageRating: "4.40", totalReviews: 1, yearsOfPractice: 15 }),
        "seers.reviews": () => [
          reviewData({ seerReply: "Merci.", client: { firstName: null, lastName: null } }),
        ],
      }),
    );
    setFormatLocale("fr");
    try {
      renderApp("/fr/seers/seer-1", createI18n("fr", french));
      await screen.findByRole("heading", { level: 1, name: "Ama Serwaa Owusu" });
      await waitFor(() => expect(document.title).toBe("Ama Serwaa Owusu, Akan Akom · Seer"));
      expect(stars("Noté 4,4 sur 5")).toEqual(["filled", "filled", "filled", "filled", "empty"]);
      expect(screen.getByText("4,4")).toBeInTheDocument();
      expect(screen.getByText("(1 avis)")).toBeInTheDocument();
      expect(screen.getByText("Au moins 15 ans de pratique")).toBeInTheDocument();
      expect(screen.getByRole("heading", { level: 2, name: "Spécialités" })).toBeInTheDocument();
      expect(screen.getByRole("heading", { level: 2, name: "À propos" })).toBeInTheDocument();
      // What the Seer wrote is shown as written.
      expect(screen.getByText("A priestess of the Akan tradition.")).toBeInTheDocument();
      const panel = screen.getByRole("region", { name: "Réserver une consultation" });
      const link = within(panel).getByTestId("session-30min");
      expect(link).toHaveAttribute("href", "/fr/book/seer-1?session=30min");
      expect(link).toHaveTextContent(/^30\sminutes/);
      expect(link).toHaveTextContent("Une consultation complète");
      const reviews = screen.getByRole("region", { name: "Avis des clients" });
      const review = await within(reviews).findByTestId("seer-review");
      expect(review).toHaveTextContent("Anonyme");
      expect(review).toHaveTextContent("1 novembre 2026");
      expect(within(review).getByTestId("seer-reply")).toHaveTextContent("Réponse de Ama Serwaa Owusu");
    } finally {
      setFormatLocale("en");
    }
  });

  it("says a missing Seer is not found, in French", async () => {
    server.use(
      ...trpcHandlers({
        "account.me": () => null,
        "seers.byId": () => ({ error: { code: "NOT_FOUND", message: "Seer Not Found" } }),
      }),
    );
    renderApp("/fr/seers/nobody", createI18n("fr", french));
    expect(await screen.findByRole("heading", { level: 1, name: "Seer introuvable" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voir les Seers" })).toHaveAttribute("href", "/fr/seers");
    await waitFor(() => expect(document.title).toBe("Seer introuvable · Seer"));
  });
});
