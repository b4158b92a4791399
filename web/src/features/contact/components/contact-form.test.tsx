import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/kit/test/render';
import { CONTACT_SUCCESS_MS, ContactForm } from './contact-form';

function input(label: string): HTMLInputElement {
  return screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
}

function fill(label: string, value: string) {
  fireEvent.change(input(label), { target: { value } });
}

describe('ContactForm', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('requires every field', async () => {
    await renderWithProviders(<ContactForm />);

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Please enter a subject')).toBeTruthy();
    expect(screen.getByText('Please enter your message')).toBeTruthy();
  });

  it('wants an email address in email format', async () => {
    await renderWithProviders(<ContactForm />);
    fill('Name', 'Ada');
    fill('Email', 'not-an-email');
    fill('Subject', 'Plans');
    fill('Message', 'Hello');

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.queryByTestId('contact-success')).toBeNull();
  });

  it('keeps the message local, shows success for 3 seconds, then resets', async () => {
    vi.useFakeTimers();
    const log = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderWithProviders(<ContactForm />);
    fill('Name', 'Ada');
    fill('Email', 'ada@example.com');
    fill('Subject', 'Plans');
    fill('Message', 'Hello');

    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByTestId('contact-success')).toBeTruthy();
    expect(log).toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(CONTACT_SUCCESS_MS - 1));
    expect(screen.getByTestId('contact-success')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('contact-success')).toBeNull();
    expect(input('Name').value).toBe('');
  });
});
