import { hashPassword } from "../../db/passwords";

export { hashPassword, verifyPassword } from "../../db/passwords";

/** Verified against when the account does not exist, so that timing does not tell which e-mails have accounts. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (): Promise<string> => (dummyHash ??= hashPassword("not-a-real-password-for-timing"));
