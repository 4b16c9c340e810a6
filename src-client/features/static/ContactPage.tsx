import { Alert, Anchor, Button, Card, Grid, Group, Stack, Text, TextInput, Textarea, ThemeIcon, Title } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconClock, IconHelpCircle, IconMail, IconSparkles } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useHydrated } from "../../lib/hydrated";
import { useI18n } from "../../lib/i18n";
import { trpc } from "../../trpc";
import { StaticPage } from "./StaticPage";

export const SUPPORT_EMAIL = "support@seer.local";
export const SEERS_EMAIL = "seers@seer.local";

function ContactCard({ icon: Icon, title, children }: { icon: typeof IconMail; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" color="terracotta">
          <Icon size={22} aria-hidden />
        </ThemeIcon>
        <Stack gap={4} miw={0}>
          <Title order={2} fz="h4">
            {title}
          </Title>
          {children}
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * The message form (docs/product.md#static-pages): the browser checks the fields first, the server stores the message
 * for the admins' inbox and mails them. Success thanks the person and clears the form; a refusal is shown inside the
 * form, next to the button, and takes the focus, and what was typed stays.
 */
function ContactForm() {
  const [sent, setSent] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const send = trpc.contact.send.useMutation();
  // The message goes through the app: until its code has taken a drawn page over, the button is busy (issue #39), and
  // what is typed meanwhile stays in the fields, which are read only when it is pressed.
  const ready = useHydrated();
  const { t } = useI18n();

  useEffect(() => {
    if (send.error) errorRef.current?.focus();
  }, [send.error]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const field = (name: string) => String(new FormData(form).get(name) ?? "");
    setSent(false);
    send.mutate(
      { name: field("name"), email: field("email"), subject: field("subject"), message: field("message") },
      {
        onSuccess: () => {
          form.reset();
          setSent(true);
        },
      },
    );
  }

  return (
    <Card withBorder radius="md" padding="xl" component="section" aria-labelledby="contact-form-title">
      <Title order={2} id="contact-form-title" fz="h3" mb="md">
        {t("contact.formTitle")}
      </Title>
      {sent && (
        <Alert
          role="status"
          color="forest"
          icon={<IconCircleCheck aria-hidden />}
          title={t("contact.sent")}
          mb="md"
          withCloseButton
          closeButtonLabel={t("contact.dismiss")}
          onClose={() => setSent(false)}
        >
          {t("contact.thanks")}
        </Alert>
      )}
      <form onSubmit={onSubmit} method="post" aria-label={t("contact.form")}>
        <Stack gap="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput name="name" label={t("contact.name")} autoComplete="name" required maxLength={200} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput name="email" type="email" label={t("contact.email")} autoComplete="email" required maxLength={320} />
            </Grid.Col>
          </Grid>
          <TextInput name="subject" label={t("contact.subject")} required maxLength={200} />
          <Textarea name="message" label={t("contact.message")} required rows={6} maxLength={5000} />
          {send.error && (
            <Alert
              ref={errorRef}
              tabIndex={-1}
              role="alert"
              color="red"
              icon={<IconAlertCircle aria-hidden />}
              title={t("contact.notSent")}
            >
              {send.error.message || t("contact.failed", { email: SUPPORT_EMAIL })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending || !ready}>
              {t("contact.send")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function ContactPage() {
  const { t } = useI18n();
  return (
    <StaticPage title={t("contact.title")} intro={t("contact.intro")} size="lg">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <ContactCard icon={IconMail} title={t("contact.support")}>
              <Text size="sm">{t("contact.supportText")}</Text>
              <Anchor href={`mailto:${SUPPORT_EMAIL}`} fw={600}>
                {SUPPORT_EMAIL}
              </Anchor>
            </ContactCard>
            <ContactCard icon={IconSparkles} title={t("contact.applications")}>
              <Text size="sm">{t("contact.applicationsText")}</Text>
              <Anchor href={`mailto:${SEERS_EMAIL}`} fw={600}>
                {SEERS_EMAIL}
              </Anchor>
            </ContactCard>
            <ContactCard icon={IconClock} title={t("contact.hours")}>
              <Text size="sm">{t("contact.hoursText")}</Text>
            </ContactCard>
            <ContactCard icon={IconHelpCircle} title={t("contact.faq")}>
              <Text size="sm">
                {t("contact.faqBefore")}{" "}
                <Anchor underline="always" component={Link} to="/terms">
                  {t("footer.terms")}
                </Anchor>{" "}
                {t("contact.faqAnd")}{" "}
                <Anchor underline="always" component={Link} to="/privacy">
                  {t("footer.privacy")}
                </Anchor>
                {t("contact.faqAfter")}
              </Text>
            </ContactCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ContactForm />
        </Grid.Col>
      </Grid>
    </StaticPage>
  );
}
