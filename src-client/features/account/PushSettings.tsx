import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
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
      notify({ title: "Notifications on", message: "This device will tell you about your sessions and messages." }, "success");
    } catch {
      notify({ title: "Error", message: "Notifications could not be turned on. Please try again." }, "destructive");
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
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Notifications on this device">
      <Stack gap="sm" align="flex-start">
        <Title order={3} size="h4">
          Notifications on this device
        </Title>
        <Text size="sm" c="dimmed">
          Get a notification on this device when a booking is confirmed, moved or cancelled, 24 hours and 10 minutes
          before a session, and when you have a new message.
        </Text>
        {state === "unsupported" && <Text size="sm">This browser cannot show notifications.</Text>}
        {state === "blocked" && (
          <Text size="sm">Notifications are blocked for this site. Allow them in your browser's settings, then try again.</Text>
        )}
        {state === "on" && <Text size="sm">Notifications are on for this device.</Text>}
        {state === "on" && (
          <Button variant="outline" color="dark" loading={busy} onClick={() => void turnOff()}>
            Turn off notifications
          </Button>
        )}
        {(state === "off" || state === "blocked") && (
          <Button loading={busy} onClick={() => void turnOn()}>
            Turn on notifications
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
