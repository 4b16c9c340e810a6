import { Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { SignedInUser } from "../../lib/auth";
import { useI18n } from "../../lib/i18n";
import { SignOutButton } from "../../components/SignOutButton";

function fullName(user: SignedInUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
}

/** The top of /profile: who is signed in, their role, their way to their dashboard, and signing out. */
export function AccountCard({ user }: { user: SignedInUser }) {
  const { t } = useI18n();
  const name = fullName(user);
  return (
    <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }}>
      <Group justify="space-between" align="flex-start" gap="lg">
        <Group gap="md" wrap="nowrap" miw={0}>
          <Avatar src={user.profileImageUrl} alt="" size={72} radius="xl" color="terracotta" name={name}>
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={4} miw={0}>
            <Title order={1} fz={{ base: "h2", sm: "h1" }} lh={1.1}>
              {name}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: "anywhere" }} data-testid="profile-email">
              {user.email}
            </Text>
            <Badge variant="light" color="forest" w="fit-content" data-testid="profile-role">
              {t(`account.role.${user.role}`)}
            </Badge>
          </Stack>
        </Group>
        <Group gap="sm">
          {user.role === "seer" && (
            <Button component={Link} to="/seer/dashboard" variant="light">
              {t("account.seerDashboard")}
            </Button>
          )}
          {user.role === "admin" && (
            <Button component={Link} to="/admin" variant="light">
              {t("nav.admin")}
            </Button>
          )}
          <SignOutButton variant="outline" color="dark" leftSection={<IconLogout size={18} aria-hidden />}>
            {t("account.signOut")}
          </SignOutButton>
        </Group>
      </Group>
    </Paper>
  );
}
