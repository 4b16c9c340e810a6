import { Alert, Anchor, Container, Text, Title } from "@mantine/core";
import { useNavigate, useRouteContext } from "@tanstack/react-router";
import { useEffect, type ReactNode } from "react";
import { loginHref, redirectToLogin, type SignedInUser } from "../../lib/auth";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { accessNotice, type AccessNotice } from "./notices";
import { usePageAddress } from "../../lib/page-address";

/** The page of a route whose `beforeLoad` ran checkAccess, or that rule's notice. */
export function RequireAuth({ children }: { children: ReactNode | ((user: SignedInUser) => ReactNode) }) {
  const access = useRouteContext({ strict: false, select: (context) => context.access });
  if (!access) throw new Error("RequireAuth needs checkAccess in its route's beforeLoad");
  if (!access.allowed) return <AccessNoticeView notice={accessNotice(access.rule, access.refusal)} />;
  return typeof children === "function" ? children(access.user) : children;
}

export function AccessNoticeView({ notice }: { notice: AccessNotice }) {
  const here = usePageAddress();
  const navigate = useNavigate();
  const { t } = useI18n();
  const title = t(notice.title);
  const message = t(notice.message);
  useEffect(() => {
    if (notice.toast) notify({ title, message }, "destructive");
    if (notice.then === "login") return redirectToLogin();
    if (notice.then === "home") void navigate({ to: "/", replace: true });
    return undefined;
  }, [notice, title, message, navigate]);
  return (
    <Container size="sm" py={60}>
      <Alert
        color="red"
        role="alert"
        title={
          <Title order={1} size="h3">
            {title}
          </Title>
        }
      >
        <Text size="sm">{message}</Text>
        {notice.loginLink && (
          <Anchor href={loginHref(here)} size="sm" fw={600} display="inline-block" mt="xs">
            {t("nav.logIn")}
          </Anchor>
        )}
      </Alert>
    </Container>
  );
}
