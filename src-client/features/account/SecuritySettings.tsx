import { Alert, Button, Code, Group, Image, List, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useI18n } from "../../lib/i18n";
import { createPasskey } from "../../lib/passkeys";
import { trpc } from "../../trpc";
import { accountText } from "./texts";

/** Setting up an authenticator app: the QR code and the secret, then its first code; the recovery codes go up. */
function TotpSetup({ onConfirmed }: { onConfirmed: (recoveryCodes: string[]) => void }) {
  const { t } = useI18n();
  const start = trpc.account.startTotp.useMutation();
  const [code, setCode] = useState("");
  const confirm = trpc.account.confirmTotp.useMutation({ onSuccess: (data) => onConfirmed(data.recoveryCodes) });
  if (!start.data) {
    return (
      <Stack gap="xs">
        {start.error && (
          <Text size="sm" c="red.8" role="alert">
            {accountText(t, start.error.message)}
          </Text>
        )}
        <Button size="xs" variant="light" w="fit-content" onClick={() => start.mutate()} loading={start.isPending}>
          {t("accountSecurity.setUpApp")}
        </Button>
      </Stack>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate({ code });
      }}
      noValidate
    >
      <Stack gap="xs">
        <Text size="sm">{t("accountSecurity.scan")}</Text>
        <Image src={start.data.qrCode} alt={t("accountSecurity.qrAlt")} w={200} h={200} />
        <Text size="sm">
          {t("accountSecurity.secret")} <Code data-testid="totp-secret">{start.data.secret}</Code>
        </Text>
        {confirm.error && (
          <Text size="sm" c="red.8" role="alert">
            {accountText(t, confirm.error.message)}
          </Text>
        )}
        <TextInput
          label={t("accountSecurity.codeFromApp")}
          autoComplete="one-time-code"
          inputMode="numeric"
          maw={240}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Button type="submit" size="xs" w="fit-content" loading={confirm.isPending}>
          {t("accountSecurity.turnOn")}
        </Button>
      </Stack>
    </form>
  );
}

/** Recovery codes, shown once (after setting up the app, or when new ones are made). */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useI18n();
  return (
    <Alert color="forest" title={t("accountSecurity.saveCodes")} role="status">
      <Stack gap="xs">
        <Text size="sm">{t("accountSecurity.codesText")}</Text>
        <List size="sm" aria-label={t("accountSecurity.recoveryCodes")} ff="monospace">
          {codes.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <Button size="xs" w="fit-content" onClick={onDone}>
          {t("accountSecurity.saved")}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Passkeys: the list (each removable) and adding one under a name; the first second factor brings recovery codes. */
function Passkeys({ onChanged, onRecoveryCodes }: { onChanged: () => void; onRecoveryCodes: (codes: string[]) => void }) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const list = trpc.account.passkeys.useQuery();
  const [name, setName] = useState("");
  const [browserError, setBrowserError] = useState<string | null>(null);
  const changed = () => {
    void utils.account.passkeys.invalidate();
    onChanged();
  };
  const options = trpc.account.passkeyRegistration.useMutation();
  const add = trpc.account.addPasskey.useMutation({
    onSuccess: (data) => {
      setName("");
      if (data.recoveryCodes) onRecoveryCodes(data.recoveryCodes);
      changed();
    },
  });
  const remove = trpc.account.removeSecondFactor.useMutation({ onSuccess: changed });
  const addPasskey = async () => {
    setBrowserError(null);
    add.reset();
    try {
      const response = await createPasskey(await options.mutateAsync());
      add.mutate({ name: name.trim() || t("accountSecurity.defaultPasskeyName"), response });
    } catch (error) {
      setBrowserError(error instanceof Error ? error.message : String(error));
    }
  };
  const failed = add.error ?? remove.error;
  const problem = failed ? accountText(t, failed.message) : browserError;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        {t("accountSecurity.passkeys")}
      </Title>
      {list.data && list.data.length === 0 && <Text size="sm">{t("accountSecurity.noPasskeys")}</Text>}
      {list.data && list.data.length > 0 && (
        <List size="sm" aria-label={t("accountSecurity.yourPasskeys")}>
          {list.data.map((key) => (
            <List.Item key={key.id}>
              <Group gap="xs">
                <Text size="sm" span>
                  {key.name}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red.8"
                  aria-label={t("accountSecurity.removePasskey", { name: key.name })}
                  onClick={() => remove.mutate({ kind: "passkey", id: key.id })}
                  loading={remove.isPending && remove.variables.kind === "passkey" && remove.variables.id === key.id}
                >
                  {t("accountSecurity.remove")}
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {problem && (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void addPasskey();
        }}
        noValidate
      >
        <Group gap="xs" align="flex-end">
          <TextInput
            label={t("accountSecurity.passkeyName")}
            placeholder={t("accountSecurity.passkeyPlaceholder")}
            maw={240}
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button type="submit" size="xs" variant="light" loading={options.isPending || add.isPending}>
            {t("accountSecurity.addPasskey")}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

/** The profile's Security section: second factors (the authenticator app, passkeys, recovery codes). */
export function SecuritySettings({ admin }: { admin: boolean }) {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const factors = trpc.account.secondFactors.useQuery();
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const refresh = () => void Promise.all([utils.account.secondFactors.invalidate(), utils.account.me.invalidate()]);
  const remove = trpc.account.removeSecondFactor.useMutation({ onSuccess: refresh });
  const codes = trpc.account.newRecoveryCodes.useMutation({
    onSuccess: (data) => {
      setShownCodes(data.recoveryCodes);
      refresh();
    },
  });
  const has = factors.data ? factors.data.totp || factors.data.passkeys > 0 : false;
  const problem = remove.error ?? codes.error;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={t("accountSecurity.title")} id="security">
      <Title order={2} fz="h3" mb="md">
        {t("accountSecurity.title")}
      </Title>
      <Stack gap="md">
        {admin && factors.data && !has && (
          <Alert color="ochre" role="status">
            {t("accountSecurity.adminNeeds")}
          </Alert>
        )}
        <Text size="sm">{t("accountSecurity.intro")}</Text>
        <Title order={3} fz="h5">
          {t("accountSecurity.app")}
        </Title>
        {shownCodes && <RecoveryCodes codes={shownCodes} onDone={() => setShownCodes(null)} />}
        {factors.data?.totp ? (
          <Stack gap="xs">
            <Text size="sm">{t("accountSecurity.on")}</Text>
            {problem && (
              <Text size="sm" c="red.8" role="alert">
                {accountText(t, problem.message)}
              </Text>
            )}
            <Group gap="xs">
              <Button
                size="xs"
                variant="outline"
                color="red.8"
                onClick={() => remove.mutate({ kind: "totp" })}
                loading={remove.isPending}
              >
                {t("accountSecurity.removeApp")}
              </Button>
            </Group>
          </Stack>
        ) : (
          factors.data && (
            <TotpSetup
              onConfirmed={(recoveryCodes) => {
                setShownCodes(recoveryCodes);
                refresh();
              }}
            />
          )
        )}
        <Passkeys onChanged={refresh} onRecoveryCodes={setShownCodes} />
        {has && factors.data && (
          <Stack gap="xs">
            <Title order={3} fz="h5">
              {t("accountSecurity.recoveryCodes")}
            </Title>
            <Text size="sm">{t("accountSecurity.codesLeft", { count: factors.data.recoveryCodesLeft })}</Text>
            <Button size="xs" variant="light" w="fit-content" onClick={() => codes.mutate()} loading={codes.isPending}>
              {t("accountSecurity.newCodes")}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
