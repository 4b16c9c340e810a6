import { Progress, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import type { PasswordStrength } from "../../../src/domain/password-strength";
import { useI18n } from "../../lib/i18n";

const COLORS = ["red.8", "red.8", "yellow.8", "forest", "forest"] as const;

/**
 * How guessable the password being typed is (zxcvbn, offline, with the person's own details). The checker's
 * dictionaries are large, so they are loaded only when someone starts typing a new password.
 */
export function PasswordStrengthMeter({ password, userInputs = [] }: { password: string; userInputs?: readonly string[] }) {
  const { t, locale } = useI18n();
  const [judged, setJudged] = useState<{ password: string; strength: PasswordStrength } | null>(null);
  const inputs = userInputs.join("\u0001");
  useEffect(() => {
    let current = true;
    if (!password) return;
    void import("../../../src/domain/password-strength").then(({ passwordStrength }) => {
      if (current) setJudged({ password, strength: passwordStrength(password, inputs ? inputs.split("\u0001") : []) });
    });
    return () => {
      current = false;
    };
  }, [password, inputs]);
  // Only the verdict on what is typed now: nothing for an empty field, nothing stale.
  const strength = password && judged?.password === password ? judged.strength : null;
  if (!strength) return null;
  return (
    <Stack gap={4} aria-live="polite">
      <Progress value={(strength.score + 1) * 20} color={COLORS[strength.score]} size="sm" aria-label={t("signIn.strength")} />
      <Text size="sm" c="dimmed">
        {t("signIn.strengthIs", { level: t(`signIn.strength.${strength.score}`) })}
        {/* The checker's advice is English (its only dictionary and words here): an English page alone shows it. */}
        {strength.feedback && locale === "en" ? `. ${strength.feedback}` : ""}
      </Text>
    </Stack>
  );
}
