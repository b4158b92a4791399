import { useTranslation } from 'react-i18next';

/**
 * The show/hide labels of every password field (Amplify's PasswordField writes English otherwise).
 * Amplify's button is a switch named "Show password" (checked while the password shows); the other
 * two are the state it announces.
 */
export function usePasswordLabels() {
  const { t } = useTranslation('auth');
  return {
    showPasswordButtonLabel: t('password.show'),
    passwordIsHiddenLabel: t('password.isHidden'),
    passwordIsShownLabel: t('password.isShown'),
  };
}
