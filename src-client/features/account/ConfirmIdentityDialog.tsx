import { Button, Group, Modal, PasswordInput, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useState, useSyncExternalStore } from "react";
import { answerConfirmation, confirmationAsked, subscribeToConfirmation } from "../../lib/confirm-identity";
import { trpc } from "../../trpc";

type Way = "password" | "code";

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
  const close = () => {
    setValue("");
    confirm.reset();
    answerConfirmation(false);
  };
  return (
    <Modal opened={opened} onClose={close} title="Confirm it's you">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          confirm.mutate(way === "password" ? { password: value } : { code: value });
        }}
        noValidate
      >
        <Stack>
          <Text size="sm">For your security, confirm it's you before this change.</Text>
          <SegmentedControl
            value={way}
            onChange={(v) => {
              setWay(v === "code" ? "code" : "password");
              setValue("");
              confirm.reset();
            }}
            data={[
              { value: "password", label: "Password" },
              { value: "code", label: "Authenticator code" },
            ]}
          />
          {confirm.error && (
            <Text size="sm" c="red.8" role="alert">
              {confirm.error.message}
            </Text>
          )}
          {way === "password" ? (
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
            <Button type="submit" loading={confirm.isPending}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
