import { Button, Group, Modal, PasswordInput, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useState, useSyncExternalStore } from "react";
import { answerConfirmation, confirmationAsked, subscribeToConfirmation } from "../../lib/confirm-identity";
import { passkeyAnswer } from "../../lib/passkeys";
import { trpc } from "../../trpc";

type Way = "password" | "code" | "passkey";

/**
 * Confirm it's you: opened over the page when the server asks for a fresh confirmation of a sensitive action (the
 * query client's mutation cache asks, lib/confirm-identity.ts). Once confirmed, the refused action is sent again as
 * it was: the form below stays as the person left it.
 */
export function ConfirmIdentityDialog() {
  const opened = useSyncExternalStore(subscribeToConfirmation, confirmationAsked, () => false);
  const [way, setWay] = useState<Way>("password");
  const [value, setValue] = useState("");
  const confirm = trpc.account.confirm.useMutation({
    onSuccess: () => {
      setValue("");
      answerConfirmation(true);
    },
  });
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const challenge = trpc.account.passkeyChallenge.useMutation();
  const confirmWithPasskey = async () => {
    setPasskeyError(null);
    const result = await passkeyAnswer(() => challenge.mutateAsync());
    if ("error" in result) setPasskeyError(result.error);
    else confirm.mutate({ passkey: result.answer });
  };
  const close = () => {
    setValue("");
    setPasskeyError(null);
    confirm.reset();
    answerConfirmation(false);
  };
  return (
    // Above the dialog whose action it confirms (a refund's, an admin cancellation's), which stays open beneath.
    <Modal opened={opened} onClose={close} title="Confirm it's you" zIndex={400}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (way === "passkey") void confirmWithPasskey();
          else confirm.mutate(way === "password" ? { password: value } : { code: value });
        }}
        noValidate
      >
        <Stack>
          <Text size="sm">For your security, confirm it's you before this change.</Text>
          <SegmentedControl
            value={way}
            onChange={(v) => {
              setWay(v === "code" || v === "passkey" ? v : "password");
              setValue("");
              setPasskeyError(null);
              confirm.reset();
            }}
            data={[
              { value: "password", label: "Password" },
              { value: "code", label: "Authenticator code" },
              { value: "passkey", label: "Passkey" },
            ]}
          />
          {(confirm.error ?? passkeyError) && (
            <Text size="sm" c="red.8" role="alert">
              {confirm.error?.message ?? passkeyError}
            </Text>
          )}
          {way === "passkey" ? (
            <Text size="sm">Confirm uses your passkey: your browser will ask for it.</Text>
          ) : way === "password" ? (
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              data-autofocus
            />
          ) : (
            <TextInput
              label="Code from your app or a recovery code"
              autoComplete="one-time-code"
              inputMode="text"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={confirm.isPending || challenge.isPending}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
