import { Alert, Anchor, Button, Card, Grid, Group, Stack, Text, TextInput, Textarea, ThemeIcon, Title } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconClock, IconHelpCircle, IconMail, IconSparkles } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useHydrated } from "../../lib/hydrated";
import { trpc } from "../../trpc";
import { StaticPage } from "./StaticPage";

export const SUPPORT_EMAIL = "support@seer.local";
export const SEERS_EMAIL = "seers@seer.local";
export const CONTACT_THANKS = "Thank you for your message! We'll get back to you within 1-2 business days.";
const CONTACT_FAILED = "We could not send your message. Please try again, or write to support@seer.local.";

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
        Send Us a Message
      </Title>
      {sent && (
        <Alert
          role="status"
          color="forest"
          icon={<IconCircleCheck aria-hidden />}
          title="Message Sent"
          mb="md"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setSent(false)}
        >
          {CONTACT_THANKS}
        </Alert>
      )}
      <form onSubmit={onSubmit} method="post" aria-label="Contact form">
        <Stack gap="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput name="name" label="Name" autoComplete="name" required maxLength={200} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput name="email" type="email" label="Email" autoComplete="email" required maxLength={320} />
            </Grid.Col>
          </Grid>
          <TextInput name="subject" label="Subject" required maxLength={200} />
          <Textarea name="message" label="Message" required rows={6} maxLength={5000} />
          {send.error && (
            <Alert ref={errorRef} tabIndex={-1} role="alert" color="red" icon={<IconAlertCircle aria-hidden />} title="Message not sent">
              {send.error.message || CONTACT_FAILED}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending || !ready}>
              Send Message
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function ContactPage() {
  return (
    <StaticPage
      title="Contact Us"
      intro="Questions about a booking, an order or joining as a Seer? We are here to help."
      size="lg"
    >
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <ContactCard icon={IconMail} title="Customer Support">
              <Text size="sm">Bookings, payments, orders and your account:</Text>
              <Anchor href={`mailto:${SUPPORT_EMAIL}`} fw={600}>
                {SUPPORT_EMAIL}
              </Anchor>
            </ContactCard>
            <ContactCard icon={IconSparkles} title="Seer Applications">
              <Text size="sm">Questions about becoming a verified Seer or about your application:</Text>
              <Anchor href={`mailto:${SEERS_EMAIL}`} fw={600}>
                {SEERS_EMAIL}
              </Anchor>
            </ContactCard>
            <ContactCard icon={IconClock} title="Support Hours">
              <Text size="sm">Monday to Friday, 9AM to 6PM GMT.</Text>
            </ContactCard>
            <ContactCard icon={IconHelpCircle} title="Frequently Asked Questions">
              <Text size="sm">
                Many answers about cancellations, refunds, returns and payments are already in our{" "}
                <Anchor underline="always" component={Link} to="/terms">
                  Terms of Service
                </Anchor>{" "}
                and{" "}
                <Anchor underline="always" component={Link} to="/privacy">
                  Privacy Policy
                </Anchor>
                . Please check them before writing: it may be the quickest way to your answer.
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
