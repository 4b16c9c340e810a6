/**
 * The shortest and longest passwords accepted (NIST SP 800-63B: at least 8; long passphrases welcome). Kept apart from
 * the zxcvbn checker so that the forms' schemas do not pull its dictionaries into every page.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
