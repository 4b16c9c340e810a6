import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useI18n } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../trpc";

/** What this device can do about notifications, and whether it already gets them. */
type DeviceState = "checking" | "unsupported" | "blocked" | "off" | "on";

const supported = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The subscription this browser holds with its push service, if any (none before the service worker is ready). */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function deviceState(): Promise<DeviceState> {
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const subscription = await currentSubscription();
  return subscription && Notification.permission === "granted" ? "on" : "off";
}

const base64UrlBytes = (text: string) => {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/**
 * docs/product.md#profile, `Notifications on this device` (issue #44): the person opts in here, per device, never
 * on a first visit; the browser asks its own permission only after `Turn on notifications`.
 */
export function PushSettings() {
  const { t } = useI18n();
  const utils = trpc.useUtils();
  const [state, setState] = useState<DeviceState>("checking");
  const [busy, setBusy] = useState(false);
  const subscribe = trpc.push.subscribe.useMutation();
  const unsubscribe = trpc.push.unsubscribe.useMutation();
  const [deviceId, setDeviceId] = useState<string | null>(null);

  useEffect(() => {
    void deviceState().then(setState);
  }, []);

  const turnOn = async () => {
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        setState("blocked");
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const { publicKey } = await utils.push.publicKey.fetch();
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) }));
      const json = subscription.toJSON();
      const device = await subscribe.mutateAsync({
        endpoint: json.endpoint ?? subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
        device: navigator.userAgent.slice(0, 300),
      });
      setDeviceId(device.id);
      setState("on");
      notify({ title: t("accountSecurity.push.onTitle"), message: t("accountSecurity.push.onText") }, "success");
    } catch {
      notify({ title: t("accountSecurity.push.error"), message: t("accountSecurity.push.failed") }, "destructive");
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      // The browser drops the subscription; the server forgets it now when this page stored it, else when the push
      // service first answers that it is gone.
      const subscription = await currentSubscription();
      await subscription?.unsubscribe();
      if (deviceId) await unsubscribe.mutateAsync({ id: deviceId }).catch(() => undefined);
      setState("off");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={t("accountSecurity.push.title")}>
      <Stack gap="sm" align="flex-start">
        <Title order={3} size="h4">
          {t("accountSecurity.push.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("accountSecurity.push.intro")}
        </Text>
        {state === "unsupported" && <Text size="sm">{t("accountSecurity.push.unsupported")}</Text>}
        {state === "blocked" && <Text size="sm">{t("accountSecurity.push.blocked")}</Text>}
        {state === "on" && <Text size="sm">{t("accountSecurity.push.isOn")}</Text>}
        {state === "on" && (
          <Button variant="outline" color="dark" loading={busy} onClick={() => void turnOff()}>
            {t("accountSecurity.push.turnOff")}
          </Button>
        )}
        {(state === "off" || state === "blocked") && (
          <Button loading={busy} onClick={() => void turnOn()}>
            {t("accountSecurity.push.turnOn")}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
