import { Box, Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./StaticPage.module.css";

interface StaticPageProps {
  title: string;
  /** A short line under the title; for the legal pages, the "Last updated" date. */
  intro?: ReactNode;
  children: ReactNode;
  size?: "sm" | "md" | "lg";
}

/** A numbered section of a legal page, in one language. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The shared frame of the about, contact and legal pages: a warm banner with the one h1, then the content. */
export function StaticPage({ title, intro, children, size = "md" }: StaticPageProps) {
  return (
    <>
      <Box className={classes.banner}>
        <Container size={size} py={{ base: 40, sm: 56 }}>
          <Stack gap="xs">
            <Title order={1} className={classes.title}>
              {title}
            </Title>
            {intro && (
              <Text size="lg" className={classes.intro}>
                {intro}
              </Text>
            )}
          </Stack>
        </Container>
      </Box>
      <Container size={size} py={{ base: "xl", sm: 48 }}>
        {children}
      </Container>
    </>
  );
}

/** A numbered or plain section of a long text page, with an id so it can be linked to. */
export function TextSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} className={classes.section}>
      <Title order={2} id={`${id}-title`} fz={{ base: "h3", sm: "h2" }} mb="sm">
        {title}
      </Title>
      <Stack gap="sm" className={classes.prose}>
        {children}
      </Stack>
    </Box>
  );
}
