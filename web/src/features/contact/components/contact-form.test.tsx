import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contract } from '@app/shared/api/contract';
import type { ContactMessagePayload } from '@app/shared/domain/entities/contact';
import { api } from '@/kit/api/api-client';
import { installFakeApi } from '@/kit/test/fake-api';
import { renderWithProviders } from '@/kit/test/render';
import { ContactForm } from './contact-form';

/** The form's sender, on the fake API (the real one first loads the runtime configuration). */
const sendThroughFakeApi = (body: ContactMessagePayload) =>
  api.call(contract.public.sendContactMessage, { body });

function input(label: string): HTMLInputElement {
  return screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
}

function fill(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
}

function fillAll() {
  fill('Name', 'Ada');
  fill('Email', 'ada@example.com');
  fill('Subject', 'Plans');
  fill('Message', 'Hello');
}

describe('ContactForm', () => {
  it('requires every field and sends nothing until they are filled', async () => {
    const requests = installFakeApi(() => undefined);
    await renderWithProviders(<ContactForm send={sendThroughFakeApi} />);

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Please enter a subject')).toBeTruthy();
    expect(screen.getByText('Please enter your message')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('wants an email address in email format', async () => {
    installFakeApi(() => undefined);
    await renderWithProviders(<ContactForm send={sendThroughFakeApi} />);
    fillAll();
    fill('Email', 'not-an-email');

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.queryByTestId('contact-success')).toBeNull();
  });

  it('posts the message and says it was sent only once the server accepted it, then clears the form', async () => {
    const requests = installFakeApi(() => ({ status: 201, body: { received: true } }));
    await renderWithProviders(<ContactForm send={sendThroughFakeApi} />);
    fillAll();

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    // The answer has not come yet (fetch is asynchronous): no success so far.
    expect(screen.queryByTestId('contact-success')).toBeNull();
    expect(await screen.findByTestId('contact-success')).toBeTruthy();
    expect(requests.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/api/contact', { name: 'Ada', email: 'ada@example.com', subject: 'Plans', message: 'Hello' }],
    ]);
    expect(input('Name').value).toBe('');
  });

  it("shows the server's refusal by its message, and no success", async () => {
    installFakeApi(() => ({
      status: 429,
      body: {
        error: 'Too many requests',
        code: 'RATE_LIMITED',
        message_code: 'REQUEST_RATE_LIMITED',
        params: { count: 60 },
      },
    }));
    await renderWithProviders(<ContactForm send={sendThroughFakeApi} />, { language: 'fr' });
    fill('Nom', 'Ada');
    fill('E-mail', 'ada@example.com');
    fill('Objet', 'Offres');
    fill('Message', 'Bonjour');

    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le message' }));

    const error = await screen.findByTestId('contact-error');
    // fr/messages.json REQUEST_RATE_LIMITED_other with count 60, not the body's English `error`.
    expect(error.textContent).toBe('Trop de requêtes. Patientez 60 secondes puis réessayez.');
    expect(screen.queryByTestId('contact-success')).toBeNull();
  });

  it("puts a 400's field message under the field it names", async () => {
    installFakeApi(() => ({
      status: 400,
      body: {
        error: 'Invalid request',
        code: 'VALIDATION_FAILED',
        message_code: 'REQUEST_INVALID',
        params: {},
        issues: [
          {
            path: 'body.subject',
            message: 'Subject: too long',
            message_code: 'FIELD_TOO_LONG',
            params: { field: 'subject', maximum: 200 },
          },
        ],
      },
    }));
    await renderWithProviders(<ContactForm send={sendThroughFakeApi} />);
    fillAll();

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    // en/messages.json FIELD_TOO_LONG with the field's label from terms.json.
    expect(await screen.findByText('Subject: must be at most 200 characters.')).toBeTruthy();
    expect(screen.queryByTestId('contact-success')).toBeNull();
  });
});
