import "@mantine/carousel/styles.css";
import { Carousel } from "@mantine/carousel";
import { type FeaturedSeer, HomeSeerCard } from "./HomeSeerCard";

/** The featured Seers' looping carousel (docs/product.md#routes-and-screens, §9); FeaturedSeers fetches it when needed. */
export default function SeersCarousel({ seers }: { seers: FeaturedSeer[] }) {
  return (
    <Carousel
      role="region"
      aria-label="Featured Seers"
      aria-roledescription="carousel"
      slideSize={{ base: "100%", sm: "50%", md: "33.333333%" }}
      slideGap="lg"
      emblaOptions={{ loop: true, align: "start" }}
      withIndicators
      controlsOffset="xs"
      previousControlProps={{ "aria-label": "Previous Seer" }}
      nextControlProps={{ "aria-label": "Next Seer" }}
      getIndicatorProps={(index) => ({ "aria-label": `Show Seer ${index + 1} of ${seers.length}` })}
      styles={{ indicators: { bottom: "-1.75rem" }, indicator: { backgroundColor: "var(--mantine-color-terracotta-7)" } }}
      pb="xl"
    >
      {seers.map((seer, index) => (
        <Carousel.Slide key={seer.id} role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${seers.length}`}>
          <HomeSeerCard seer={seer} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
