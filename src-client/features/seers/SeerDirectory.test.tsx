import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { server, trpcHandlers } from "../../test/msw";
import { renderApp } from "../../test/render";
import type { RouterInputs } from "../../trpc";
import { filterOptionsData, pageOf, seerData } from "./testData";

type ListInput = RouterInputs["seers"]["list"];

/** Answers the directory's calls and records every list input it receives. */
function directory(answer: (input: ListInput) => ReturnType<typeof pageOf> | Promise<ReturnType<typeof pageOf>>) {
  const inputs: ListInput[] = [];
  server.use(
    ...trpcHandlers({
      "account.me": () => null,
      "seers.filterOptions": () => filterOptionsData,
      "seers.list": (input) => {
        inputs.push(input);
        return answer(input);
      },
    }),
  );
  return inputs;
}

const cards = () => screen.getAllByTestId("seer-card");
const cardOf = (name: string) => {
  const heading = screen.getByRole("heading", { name });
  const card = heading.closest("a");
  if (!card) throw new Error(`No card link around ${name}`);
  return card;
};

describe("/seers directory", () => {
  it("shows 6 skeleton cards while loading, then the Seers", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    directory(async () => {
      await gate;
      return pageOf([seerData()]);
    });
    renderApp("/seers");
    expect(await screen.findByRole("heading", { name: "Meet Our Seers" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId("seer-card-skeleton")).toHaveLength(6));
    release();
    expect(await screen.findByRole("heading", { name: "Ama Serwaa Owusu" })).toBeInTheDocument();
    expect(screen.queryByTestId("seer-card-skeleton")).not.toBeInTheDocument();
  });

  it("applies the card rules of the spec", async () => {
    directory(() =>
      pageOf([
        seerData({
          id: "full",
          fullName: "Chiamaka Obi",
          tradition: "Igbo Dibia",
          profileImageUrl: "https://images.example/chiamaka.jpg",
          specializations: ["Dream Interpretation", "Herbalism", "Divination", "Ancestral Healing"],
          languages: ["Igbo", "English", "French"],
          country: "Nigeria",
          price15Min: "25.00",
          price30Min: "45.00",
          averageRating: "4.80",
          totalReviews: 12,
        }),
        seerData({
          id: "new",
          fullName: "Dumisani Zulu",
          profileImageUrl: null,
          specializations: ["Bone Throwing"],
          languages: ["Zulu", "English"],
          country: "South Africa",
          price15Min: "20.00",
          price30Min: null,
          averageRating: "0.00",
          totalReviews: 0,
        }),
        seerData({ id: "thirty", fullName: "Efua Mensah", price15Min: null, price30Min: "40.00", languages: ["Fante"] }),
      ]),
    );
    renderApp("/seers");
    await screen.findByRole("heading", { name: "Chiamaka Obi" });
    expect(cards()).toHaveLength(3);

    const full = cardOf("Chiamaka Obi");
    expect(full).toHaveAttribute("href", "/seers/full");
    expect(full.querySelector("img")).toHaveAttribute("src", "https://images.example/chiamaka.jpg");
    expect(within(full).getByText("Igbo Dibia")).toBeInTheDocument();
    expect(within(full).getByTestId("seer-rating")).toHaveTextContent("4.8(12 reviews)");
    expect(within(full).getByText("Dream Interpretation")).toBeInTheDocument();
    expect(within(full).getByText("Herbalism")).toBeInTheDocument();
    expect(within(full).queryByText("Divination")).not.toBeInTheDocument();
    expect(within(full).getByText("+2")).toBeInTheDocument();
    expect(within(full).getByText("Nigeria")).toBeInTheDocument();
    expect(within(full).getByTestId("seer-languages")).toHaveTextContent(/^Igbo, English(…|\.\.\.)$/);
    expect(full).toHaveTextContent("Starting from $25.00");

    const fresh = cardOf("Dumisani Zulu");
    expect(fresh).toHaveAttribute("href", "/seers/new");
    expect(within(fresh).queryByTestId("seer-rating")).not.toBeInTheDocument();
    expect(fresh.querySelector("img")).toBeNull();
    expect(fresh.querySelector("[data-generated-avatar]")).toHaveTextContent("DZ");
    expect(within(fresh).queryByText(/^\+\d/)).not.toBeInTheDocument();
    expect(within(fresh).getByTestId("seer-languages")).toHaveTextContent(/^Zulu, English$/);
    expect(fresh).not.toHaveTextContent("Starting from");

    expect(cardOf("Efua Mensah")).toHaveTextContent("Starting from $40.00");
  });

  it("says so when no Seer matches", async () => {
    directory(() => pageOf([]));
    renderApp("/seers");
    expect(await screen.findByText("No Seers found matching your criteria")).toBeInTheDocument();
    expect(screen.queryAllByTestId("seer-card")).toHaveLength(0);
  });

  it("reads search and filters from the URL, so a filtered list is a shareable link", async () => {
    const inputs = directory(() => pageOf([seerData()]));
    renderApp("/seers?q=ama&country=Ghana&specialization=Divination&language=Twi");
    await screen.findByRole("heading", { name: "Ama Serwaa Owusu" });
    expect(inputs[0]).toMatchObject({ search: "ama", country: "Ghana", specialization: "Divination", language: "Twi" });
    expect(screen.getByRole("textbox", { name: "Search" })).toHaveValue("ama");
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Country" })).toHaveValue("Ghana"));
    expect(screen.getByRole("combobox", { name: "Specialization" })).toHaveValue("Divination");
    expect(screen.getByRole("combobox", { name: "Language" })).toHaveValue("Twi");
  });

  it("offers each filter's options after 'All', and filters the list in the URL", async () => {
    const inputs = directory(() => pageOf([seerData()]));
    const { router } = renderApp("/seers");
    await screen.findByRole("heading", { name: "Ama Serwaa Owusu" });
    const country = screen.getByRole("combobox", { name: "Country" });
    await waitFor(() =>
      expect(
        within(country)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["All Countries", "Ghana", "Nigeria", "South Africa"]),
    );
    expect(country).toHaveValue("");
    expect(
      within(screen.getByRole("combobox", { name: "Language" }))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All Languages", "English", "Twi", "Yoruba"]);

    await userEvent.selectOptions(country, "Nigeria");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Language" }), "Yoruba");
    await waitFor(() => expect(router.state.location.search).toEqual({ country: "Nigeria", language: "Yoruba" }));
    await waitFor(() => expect(inputs.at(-1)).toMatchObject({ country: "Nigeria", language: "Yoruba" }));
    expect(inputs.at(-1)?.specialization).toBeUndefined();
  });

  it("debounces the search box into one request", async () => {
    const inputs = directory(() => pageOf([seerData()]));
    const { router } = renderApp("/seers");
    await screen.findByRole("heading", { name: "Ama Serwaa Owusu" });
    await userEvent.type(screen.getByRole("textbox", { name: "Search" }), "owusu");
    await waitFor(() => expect(router.state.location.search).toEqual({ q: "owusu" }));
    await waitFor(() => expect(inputs.at(-1)?.search).toBe("owusu"));
    expect(inputs.map((i) => i.search)).toEqual([undefined, "owusu"]);
  });

  it("resets all four with Clear Filters", async () => {
    const inputs = directory(() => pageOf([seerData()]));
    const { router } = renderApp("/seers?q=ama&country=Ghana&specialization=Divination&language=Twi");
    await screen.findByRole("heading", { name: "Ama Serwaa Owusu" });
    await userEvent.click(screen.getByRole("link", { name: "Clear Filters" }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole("textbox", { name: "Search" })).toHaveValue("");
    for (const name of ["Country", "Specialization", "Language"]) expect(screen.getByRole("combobox", { name })).toHaveValue("");
    await waitFor(() =>
      expect(inputs.at(-1)).toMatchObject({
        search: undefined,
        country: undefined,
        specialization: undefined,
        language: undefined,
      }),
    );
  });

  it("loads more Seers page by page", async () => {
    const inputs = directory((input) =>
      !input.cursor
        ? pageOf([seerData({ id: "a", fullName: "First Seer" })], { total: 2, nextCursor: "after-first" })
        : pageOf([seerData({ id: "b", fullName: "Second Seer" })], { total: 2, page: 2 }),
    );
    renderApp("/seers");
    await screen.findByRole("heading", { name: "First Seer" });
    expect(screen.getByText("Showing 1 of 2 Seers")).toBeInTheDocument();
    // A link to the next page for a browser without the app's code; with it, the page grows in place.
    expect(screen.getByRole("link", { name: "Load more" })).toHaveAttribute("href", "/seers?cursor=after-first");
    await userEvent.click(screen.getByRole("link", { name: "Load more" }));
    expect(await screen.findByRole("heading", { name: "Second Seer" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "First Seer" })).toBeInTheDocument();
    // The server's opaque cursor goes back as it came.
    expect(inputs.at(-1)?.cursor).toBe("after-first");
    expect(screen.queryByRole("link", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("shows a search's capped total as a lower bound, and the latest page's figure after Load more", async () => {
    directory((input) =>
      !input.cursor
        ? pageOf([seerData({ id: "a", fullName: "First Seer" })], { total: 500, totalCapped: true, nextCursor: "after-first" })
        : pageOf([seerData({ id: "b", fullName: "Second Seer" })], {
            total: 501,
            totalCapped: true,
            page: 2,
            nextCursor: "after-second",
          }),
    );
    renderApp("/seers?q=seer");
    await screen.findByRole("heading", { name: "First Seer" });
    expect(screen.getByText("Showing 1 of 500+ Seers")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Load more" }));
    expect(await screen.findByRole("heading", { name: "Second Seer" })).toBeInTheDocument();
    expect(screen.getByText("Showing 2 of 501+ Seers")).toBeInTheDocument();
  });

  it("shows an exact total with thousands separated", async () => {
    directory(() => pageOf([seerData()], { total: 89900, nextCursor: "next" }));
    renderApp("/seers");
    expect(await screen.findByText("Showing 1 of 89,900 Seers")).toBeInTheDocument();
  });
});
