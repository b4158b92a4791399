import { Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import './public-page.css';

/** A full-width page section with its heading; `alt` shades the background to separate sections. */
export function Section({
  title,
  subtitle,
  children,
  tone,
  level = 2,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  tone?: 'alt';
  level?: 1 | 2;
}) {
  return (
    <section className={`app-section${tone === 'alt' ? ' app-section--alt' : ''}`}>
      <div className="app-section__inner">
        <Heading level={level} className="app-section__title">
          {title}
        </Heading>
        {subtitle ? <Text className="app-section__subtitle">{subtitle}</Text> : null}
        {children}
      </div>
    </section>
  );
}
