import { callFromPublicPage } from '@/kit/api/public-page-call';

/**
 * Posts the undo link's token (POST /api/auth/email-change/undo), loading the API client on the call
 * (kit/api/public-page-call.ts). No sign-in: the signed token is the authority. The API answers in the
 * page's language.
 */
export async function postEmailUndo(
  token: string,
  language: string,
): Promise<{ restored: true; email: string }> {
  return callFromPublicPage(language, (api, contract) =>
    api.call(contract.auth.undoEmailChange, { body: { token } }),
  );
}
