import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousAxeViolations, POLL, signInAdminInBrowser } from '../src/admin-site';
import { launchBrowser, newPage } from '../src/browser';
import { WAIT } from './investor-helpers';

/**
 * The contact form delivered, in Chromium: a visitor who is not signed in writes from the contact
 * page, sees "sent" once the API accepted it, and the admin finds the message in the Inbox tab with
 * the sender's plan ("Not signed in") and marks it handled.
 */
describe('contact page to the admin Inbox in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a visitor sends a message and the admin reads it in the Inbox and marks it handled', async () => {
    const { webUrl } = inject('stack');
    const subject = `Question ${randomUUID()}`;
    const visitor = await newPage(browser);
    await visitor.page.goto(`${webUrl}/contact`);
    const form = visitor.page.getByTestId('contact-form');
    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill('grace@example.test');
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('Do you cover bond ETFs?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    // Wait for either answer, so a refusal fails here with its own words rather than a timeout.
    const answer = visitor.page.getByTestId('contact-success').or(visitor.page.getByTestId('contact-error'));
    await expect.poll(() => answer.count(), WAIT).toBe(1);
    expect(await answer.textContent()).toContain('Your message has been sent');
    expect(await visitor.page.getByTestId('contact-error').count()).toBe(0);
    await visitor.context.close();

    const admin = await newPage(browser);
    await signInAdminInBrowser(admin.page);
    await admin.page.getByRole('tab', { name: 'Inbox' }).click();
    const message = admin.page.getByTestId('inbox-message').filter({ hasText: subject });
    await expect.poll(() => message.count(), POLL).toBe(1);
    expect(await message.textContent()).toContain('From Grace Hopper <grace@example.test>');
    expect(await message.getByTestId('inbox-sender-tier').textContent()).toBe('Not signed in');
    expect(await message.getAttribute('data-handled')).toBe('false');
    await expectNoSeriousAxeViolations(admin.page);

    // Amplify's checkbox input is visually hidden under its label: click the label, as a person does.
    await message.getByText('Handled', { exact: true }).click();
    await expect.poll(() => message.getAttribute('data-handled'), POLL).toBe('true');
    await admin.context.close();
  }, 120_000);
});
