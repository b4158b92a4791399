import type { LanguageResources } from '@app/shared/i18n';

/** `t()` keys are checked against the English resources. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: LanguageResources;
  }
}
