/*
 * A brand-new account is welcomed, not welcomed back: the sign-up marks its user id for this browser
 * session, and the dashboard greets that user as new until the session ends (a later sign-in, on this
 * device or another, is a return).
 */

const NEW_ACCOUNT_KEY = 'newAccountUser';

export function markNewAccount(userId: string): void {
  try {
    window.sessionStorage.setItem(NEW_ACCOUNT_KEY, userId);
  } catch {
    // Without storage the new user is greeted as returning: a wording, not a failure.
  }
}

export function isNewAccount(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(NEW_ACCOUNT_KEY) === userId;
  } catch {
    return false;
  }
}
