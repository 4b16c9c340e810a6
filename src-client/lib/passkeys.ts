import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";

/**
 * The browser's side of passkeys (@simplewebauthn/browser, loaded when first needed so that no page pays for it
 * before): the server's options in, the authenticator's answer out. A person who closes the browser's prompt gets
 * the browser's own error, shown as it is.
 */
export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  return startRegistration({ optionsJSON });
}

export async function answerWithPasskey(optionsJSON: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return startAuthentication({ optionsJSON });
}

/** The server's challenge, then the authenticator's answer; a failure is the message to show. */
export async function passkeyAnswer(
  challenge: () => Promise<PublicKeyCredentialRequestOptionsJSON>,
): Promise<{ answer: AuthenticationResponseJSON } | { error: string }> {
  try {
    return { answer: await answerWithPasskey(await challenge()) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
