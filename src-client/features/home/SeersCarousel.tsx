import "@mantine/carousel/styles.css";
import { Carousel } from "@mantine/carousel";
import { useI18n } from "../../lib/i18n";
import { type FeaturedSeer, HomeSeerCard } from "./HomeSeerCard";

/** The featured Seers' looping carousel (docs/product.md#routes-and-screens, §9); FeaturedSeers fetches it when needed. */
export default function SeersCarousel({ seers }: { seers: FeaturedSeer[] }) {
  const { t } = useI18n();
  return (
    <Carousel
      role="region"
      aria-label={t("home.featuredRegion")}
      aria-roledescription="carousel"
      slideSize={{ base: "100%", sm: "50%", md: "33.333333%" }}
      slideGap="lg"
      emblaOptions={{ loop: true, align: "start" }}
      withIndicators
      controlsOffset="xs"
      previousControlProps={{ "aria-label": t("home.previousSeer") }}
      nextControlProps={{ "aria-label": t("home.nextSeer") }}
      getIndicatorProps={(index) => ({ "aria-label": t("home.showSeer", { index: index + 1, count: seers.length }) })}
      styles={{ indicators: { bottom: "-1.75rem" }, indicator: { backgroundColor: "var(--mantine-color-terracotta-7)" } }}
      pb="xl"
    >
      {seers.map((seer, index) => (
        <Carousel.Slide key={seer.id} role="group" aria-roledescription="slide" aria-label={t("home.slide", { index: index + 1, count: seers.length })}>
          <HomeSeerCard seer={seer} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
