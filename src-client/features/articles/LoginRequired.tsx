import { Alert, Anchor, Container, Text } from "@mantine/core";
import { useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { loginHref, redirectToLogin } from "../../lib/auth";

/** Writing and managing articles needs an account: say so, offer the link, and go to sign-in after 500 ms. */
export function LoginRequired({ message }: { message: string }) {
  const here = useLocation({ select: (location) => location.href });
  useEffect(() => redirectToLogin(), []);
  return (
    <Container size="sm" py={60}>
      <Alert color="red" title="Login Required" role="alert">
        <Text size="sm" mb="xs">
          {message}
        </Text>
        <Anchor href={loginHref(here)} size="sm" fw={600}>
          Log In
        </Anchor>
      </Alert>
    </Container>
  );
}
