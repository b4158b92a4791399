import { Badge as AmplifyBadge, type BadgeProps as AmplifyBadgeProps } from '@aws-amplify/ui-react';
import './badge.css';

/**
 * The badge styles of docs/product.md "Screens" (grade and speculation badges): default, secondary, outline,
 * destructive, plus success and warning.
 */
export type BadgeVariant =
  'default' | 'secondary' | 'outline' | 'success' | 'warning' | 'destructive' | 'info';

const VARIATIONS: Record<BadgeVariant, AmplifyBadgeProps['variation']> = {
  default: 'info',
  info: 'info',
  secondary: undefined,
  outline: undefined,
  success: 'success',
  warning: 'warning',
  destructive: 'error',
};

export interface BadgeProps extends Omit<AmplifyBadgeProps, 'variation'> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return (
    <AmplifyBadge
      size="small"
      variation={VARIATIONS[variant]}
      className={['app-badge', `app-badge--${variant}`, className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}
