/**
 * The visitor's cookie decision, kept in localStorage as the specification says (`cookieConsent` =
 * `accepted` | `rejected`). The version of the consent text sits beside it, so a changed text asks
 * again. No imports on purpose: the Playwright config reads these constants too.
 */
export const CONSENT_STORAGE_KEY = "cookieConsent";
export const CONSENT_VERSION_KEY = "cookieConsentVersion";
/**
 * Raise this when the banner or the privacy policy starts describing different processing (another
 * tool, other cookies, another purpose): every earlier decision then counts as none.
 */
export const CONSENT_VERSION = "2025-01";

export type ConsentStatus = "accepted" | "rejected";

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function isConsentStatus(value: unknown): value is ConsentStatus {
  return value === "accepted" || value === "rejected";
}

/** The current decision, or null when there is none for this version of the text (or no storage). */
export function readConsent(storage: StorageLike | null): ConsentStatus | null {
  if (!storage) return null;
  try {
    const status = storage.getItem(CONSENT_STORAGE_KEY);
    return isConsentStatus(status) && storage.getItem(CONSENT_VERSION_KEY) === CONSENT_VERSION ? status : null;
  } catch {
    return null;
  }
}

export function writeConsent(storage: StorageLike | null, status: ConsentStatus): void {
  if (!storage) return;
  try {
    storage.setItem(CONSENT_STORAGE_KEY, status);
    storage.setItem(CONSENT_VERSION_KEY, CONSENT_VERSION);
  } catch {
    // Storage can be full or disabled (private mode): the decision then holds for this page only.
  }
}

/** localStorage, or null where reading it throws (disabled storage, sandboxed frames). */
export function browserStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
