import { Card as AmplifyCard, type CardProps as AmplifyCardProps } from '@aws-amplify/ui-react';
import './card.css';

export interface CardProps extends AmplifyCardProps {
  highlighted?: boolean;
}

/** Outlined card; `highlighted` draws the brand border (the most popular plan, the active choice). */
export function Card({ highlighted = false, className, ...props }: CardProps) {
  return (
    <AmplifyCard
      variation="outlined"
      className={['app-card', highlighted ? 'app-card--highlighted' : '', className]
        .filter(Boolean)
        .join(' ')}
      {...props}
    />
  );
}
