import { Button, Group, Modal, PasswordInput, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useState, useSyncExternalStore } from "react";
import { answerConfirmation, confirmationAsked, subscribeToConfirmation } from "../../lib/confirm-identity";
import { useI18n } from "../../lib/i18n";
import { passkeyAnswer } from "../../lib/passkeys";
import { trpc } from "../../trpc";
import { accountText } from "./texts";

type Way = "password" | "code" | "passkey";

/**
 * Confirm it's you: opened over the page when the server asks for a fresh confirmation of a sensitive action (the
 * query client's mutation cache asks, lib/confirm-identity.ts). Once confirmed, the refused action is sent again as
 * it was: the form below stays as the person left it.
 */
export function ConfirmIdentityDialog() {
  const { t } = useI18n();
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
    <Modal opened={opened} onClose={close} title={t("account.confirmIt")} zIndex={400}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (way === "passkey") void confirmWithPasskey();
          else confirm.mutate(way === "password" ? { password: value } : { code: value });
        }}
        noValidate
      >
        <Stack>
          <Text size="sm">{t("account.confirmItText")}</Text>
          <SegmentedControl
            value={way}
            onChange={(v) => {
              setWay(v === "code" || v === "passkey" ? v : "password");
              setValue("");
              setPasskeyError(null);
              confirm.reset();
            }}
            data={[
              { value: "password", label: t("signIn.password") },
              { value: "code", label: t("account.way.code") },
              { value: "passkey", label: t("account.way.passkey") },
            ]}
          />
          {(confirm.error ?? passkeyError) && (
            <Text size="sm" c="red.8" role="alert">
              {confirm.error ? accountText(t, confirm.error.message) : passkeyError}
            </Text>
          )}
          {way === "passkey" ? (
            <Text size="sm">{t("account.passkeyConfirm")}</Text>
          ) : way === "password" ? (
            <PasswordInput
              label={t("signIn.password")}
              autoComplete="current-password"
              visibilityToggleButtonProps={{ "aria-label": t("signIn.togglePassword") }}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              data-autofocus
            />
          ) : (
            <TextInput
              label={t("account.codeLabel")}
              autoComplete="one-time-code"
              inputMode="text"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("account.cancel")}
            </Button>
            <Button type="submit" loading={confirm.isPending || challenge.isPending}>
              {t("account.confirm")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
