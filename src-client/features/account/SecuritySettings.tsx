import { Alert, Button, Code, Group, Image, List, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { createPasskey } from "../../lib/passkeys";
import { trpc } from "../../trpc";

/** Setting up an authenticator app: the QR code and the secret, then its first code; the recovery codes go up. */
function TotpSetup({ onConfirmed }: { onConfirmed: (recoveryCodes: string[]) => void }) {
  const start = trpc.account.startTotp.useMutation();
  const [code, setCode] = useState("");
  const confirm = trpc.account.confirmTotp.useMutation({ onSuccess: (data) => onConfirmed(data.recoveryCodes) });
  if (!start.data) {
    return (
      <Stack gap="xs">
        {start.error && (
          <Text size="sm" c="red.8" role="alert">
            {start.error.message}
          </Text>
        )}
        <Button size="xs" variant="light" w="fit-content" onClick={() => start.mutate()} loading={start.isPending}>
          Set Up Authenticator App
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
        <Text size="sm">Scan this code with your authenticator app, or type the secret into it.</Text>
        <Image src={start.data.qrCode} alt="QR code for your authenticator app" w={200} h={200} />
        <Text size="sm">
          Secret: <Code data-testid="totp-secret">{start.data.secret}</Code>
        </Text>
        {confirm.error && (
          <Text size="sm" c="red.8" role="alert">
            {confirm.error.message}
          </Text>
        )}
        <TextInput
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          maw={240}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Button type="submit" size="xs" w="fit-content" loading={confirm.isPending}>
          Turn On
        </Button>
      </Stack>
    </form>
  );
}

/** Recovery codes, shown once (after setting up the app, or when new ones are made). */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Alert color="forest" title="Save your recovery codes" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Each code works once, if you lose your phone. Keep them somewhere safe: they are shown only this once.
        </Text>
        <List size="sm" aria-label="Recovery codes" ff="monospace">
          {codes.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <Button size="xs" w="fit-content" onClick={onDone}>
          I Saved Them
        </Button>
      </Stack>
    </Alert>
  );
}

/** Passkeys: the list (each removable) and adding one under a name; the first second factor brings recovery codes. */
function Passkeys({ onChanged, onRecoveryCodes }: { onChanged: () => void; onRecoveryCodes: (codes: string[]) => void }) {
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
      add.mutate({ name: name.trim() || "Passkey", response });
    } catch (error) {
      setBrowserError(error instanceof Error ? error.message : String(error));
    }
  };
  const problem = add.error?.message ?? remove.error?.message ?? browserError;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        Passkeys
      </Title>
      {list.data && list.data.length === 0 && <Text size="sm">No passkeys yet.</Text>}
      {list.data && list.data.length > 0 && (
        <List size="sm" aria-label="Your passkeys">
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
                  aria-label={`Remove passkey ${key.name}`}
                  onClick={() => remove.mutate({ kind: "passkey", id: key.id })}
                  loading={remove.isPending && remove.variables.kind === "passkey" && remove.variables.id === key.id}
                >
                  Remove
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
            label="Passkey name"
            placeholder="My laptop"
            maw={240}
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button type="submit" size="xs" variant="light" loading={options.isPending || add.isPending}>
            Add Passkey
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

/** The profile's Security section: second factors (the authenticator app, passkeys, recovery codes). */
export function SecuritySettings({ admin }: { admin: boolean }) {
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
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Security" id="security">
      <Title order={2} fz="h3" mb="md">
        Security
      </Title>
      <Stack gap="md">
        {admin && factors.data && !has && (
          <Alert color="ochre" role="status">
            Set up a second factor to open the console
          </Alert>
        )}
        <Text size="sm">
          A second factor keeps your account safe even if someone learns your password: after your password, you enter a code from
          an authenticator app or use a passkey.
        </Text>
        <Title order={3} fz="h5">
          Authenticator app
        </Title>
        {shownCodes && <RecoveryCodes codes={shownCodes} onDone={() => setShownCodes(null)} />}
        {factors.data?.totp ? (
          <Stack gap="xs">
            <Text size="sm">On.</Text>
            {problem && (
              <Text size="sm" c="red.8" role="alert">
                {problem.message}
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
                Remove App
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
              Recovery codes
            </Title>
            <Text size="sm">Recovery codes left: {factors.data.recoveryCodesLeft}</Text>
            <Button size="xs" variant="light" w="fit-content" onClick={() => codes.mutate()} loading={codes.isPending}>
              New Recovery Codes
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
