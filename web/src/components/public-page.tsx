import { Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Section } from './section';
import './public-page.css';

/** The compact hero that opens a public page: title, subtitle, and what the page adds below them. */
export function CompactHero({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <section className="app-hero app-hero--compact">
      <div className="app-hero__inner">
        <Heading level={1} className="app-hero__title">
          {title}
        </Heading>
        <Text className="app-hero__subtitle">{subtitle}</Text>
        {children}
      </div>
    </section>
  );
}

/** The call to action that closes a public page: a title, a subtitle, one button, an optional note. */
export function CallToAction(props: {
  title: string;
  subtitle: string;
  to: string;
  button: string;
  note?: string;
}) {
  return (
    <section className="app-cta">
      <div className="app-section__inner">
        <Heading level={2} className="app-section__title">
          {props.title}
        </Heading>
        <Text className="app-section__subtitle">{props.subtitle}</Text>
        <Link to={props.to} className="amplify-button amplify-button--primary amplify-button--large">
          {props.button}
        </Link>
        {props.note ? <Text className="app-cta__note">{props.note}</Text> : null}
      </div>
    </section>
  );
}

/** Questions and answers that open on demand, in a shaded section. */
export function FaqSection({
  title,
  items,
}: {
  title: string;
  items: readonly { question: string; answer: string }[];
}) {
  return (
    <Section title={title} tone="alt">
      <div className="app-faq">
        {items.map((item) => (
          <details key={item.question} className="app-faq__item">
            <summary>{item.question}</summary>
            <Text>{item.answer}</Text>
          </details>
        ))}
      </div>
    </Section>
  );
}
