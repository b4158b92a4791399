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

/** A page's FAQ as its strings hold it: a title and one question and answer per key. */
export interface FaqContent<Key extends string> {
  title: string;
  items: Record<Key, { question: string; answer: string }>;
}

/** Questions and answers that open on demand, in a shaded section, in the order given. */
export function FaqSection<Key extends string>({
  content,
  order,
}: {
  content: FaqContent<Key>;
  order: readonly Key[];
}) {
  return (
    <Section title={content.title} tone="alt">
      <div className="app-faq">
        {order.map((key) => (
          <details key={key} className="app-faq__item">
            <summary>{content.items[key].question}</summary>
            <Text>{content.items[key].answer}</Text>
          </details>
        ))}
      </div>
    </Section>
  );
}
