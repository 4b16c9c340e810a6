import { MantineProvider, NativeSelect } from "@mantine/core";
import { waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { drawn, hydrate } from "../test/drawn";
import { captureEarlyInput } from "../lib/early-input";
import { theme } from "../theme";
import { SearchForm, useUrlSearchText } from "./SearchForm";

// Issue #39: the server draws the search form, the person types and chooses before the app's code arrives, and the
// app, once it takes the page over, applies what they did instead of ignoring it.

function Page({ onSearch, onFilters }: { onSearch: (q: string | undefined) => void; onFilters: (patch: object) => void }) {
  const search = useUrlSearchText("", onSearch);
  return (
    <MantineProvider theme={theme}>
      <SearchForm label="Find a Seer" placeholder="Search" action="/seers" search={search} onEarlyFilters={onFilters}>
        <NativeSelect label="Country" name="country" data={["", "Ghana", "Kenya"]} value="" onChange={() => {}} />
      </SearchForm>
    </MantineProvider>
  );
}


describe("SearchForm on a page the server drew", () => {
  it("is a GET form to the page's address, its fields named as the URL's params", () => {
    const container = drawn(<Page onSearch={() => {}} onFilters={() => {}} />);
    const form = container.querySelector("form");
    expect(form?.getAttribute("method")).toBe("get");
    expect(form?.getAttribute("action")).toBe("/seers");
    expect(container.querySelector("input")?.getAttribute("name")).toBe("q");
    expect(container.querySelector("select")?.getAttribute("name")).toBe("country");
  });

  it("applies the search typed and the filter chosen before the app took the page over", async () => {
    const onSearch = vi.fn();
    const onFilters = vi.fn();
    const element = <Page onSearch={onSearch} onFilters={onFilters} />;
    const container = drawn(element);
    const input = container.querySelector("input") as HTMLInputElement;
    const select = container.querySelector("select") as HTMLSelectElement;
    input.value = "ifa";
    select.value = "Kenya";
    captureEarlyInput(container);
    hydrate(container, element);
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith("ifa"));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onFilters).toHaveBeenCalledExactlyOnceWith({ country: "Kenya" });
    expect(input.value).toBe("ifa");
  });

  it("changes nothing when nothing was typed or chosen", async () => {
    const onSearch = vi.fn();
    const onFilters = vi.fn();
    const element = <Page onSearch={onSearch} onFilters={onFilters} />;
    const container = drawn(element);
    captureEarlyInput(container);
    hydrate(container, element);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onSearch).not.toHaveBeenCalled();
    expect(onFilters).not.toHaveBeenCalled();
  });
});
