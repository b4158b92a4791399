import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { OperatorCard } from './contact-page';

describe('contact page: the operator from the site configuration', () => {
  it('shows the configured operator, never a placeholder address', async () => {
    await renderWithProviders(
      <OperatorCard
        operator={{ name: 'Example Ops Ltd', email: 'help@example.org', postalAddress: '1 Rue Test, Paris' }}
      />,
    );
    const contact = screen.getByTestId('operator-contact');
    expect(contact.textContent).toContain('Example Ops Ltd');
    expect(screen.getByRole('link', { name: 'help@example.org' }).getAttribute('href')).toBe(
      'mailto:help@example.org',
    );
    expect(contact.textContent).toContain('1 Rue Test, Paris');
    expect(document.body.textContent).not.toMatch(/nuggetinvest\.example|Fifth Avenue/);
  });

  it('says plainly when none is configured', async () => {
    await renderWithProviders(<OperatorCard operator={null} />);
    expect(screen.getByTestId('operator-not-configured').textContent).toBe(
      'This deployment has no contact details configured yet: the form on this page reaches the team.',
    );
  });
});
