import * as z from 'zod';
import { ContactMessageAcceptedSchema, ContactMessagePayloadSchema } from '../domain/entities/contact';
import {
  UnsubscribeOneClickQuerySchema,
  UnsubscribePayloadSchema,
  UnsubscribeResultSchema,
  UNSUBSCRIBE_ONE_CLICK_PATH,
} from '../domain/entities/mail';
import { HealthResponseSchema } from './health-response';
import { defineRoute } from './route';

/** The one-click unsubscribe of alert mails: no sign-in, the signed token says who and what. */
const unsubscribeRoutes = {
  unsubscribe: defineRoute({
    id: 'public.unsubscribe',
    method: 'POST',
    path: '/api/unsubscribe',
    area: 'public',
    access: 'public',
    summary:
      'Turn off the mail a signed unsubscribe link names (one alert type, e-mail or digest); works without signing in.',
    body: UnsubscribePayloadSchema,
    response: UnsubscribeResultSchema,
    rateClass: 'write',
  }),
  unsubscribeOneClick: defineRoute({
    id: 'public.unsubscribeOneClick',
    method: 'POST',
    path: UNSUBSCRIBE_ONE_CLICK_PATH,
    area: 'public',
    access: 'public',
    summary:
      "RFC 8058 one-click unsubscribe: a mail client's POST to an alert mail's List-Unsubscribe address (body `List-Unsubscribe=One-Click`, not read); the signed token in the query turns that one mail off without signing in.",
    query: UnsubscribeOneClickQuerySchema,
    response: UnsubscribeResultSchema,
    rateClass: 'write',
  }),
} as const;

export const publicRoutes = {
  root: defineRoute({
    id: 'public.getRoot',
    method: 'GET',
    path: '/api/',
    area: 'public',
    access: 'public',
    summary: 'API root; the dashboard calls it on load and logs the message.',
    response: z.object({ message: z.string(), version: z.string(), data_mode: z.enum(['replay', 'live']) }),
    rateClass: 'read',
  }),
  health: defineRoute({
    id: 'public.getHealth',
    method: 'GET',
    path: '/api/health',
    area: 'public',
    access: 'public',
    summary: 'Liveness of the API.',
    response: HealthResponseSchema,
    rateClass: 'read',
  }),
  sendContactMessage: defineRoute({
    id: 'public.sendContactMessage',
    method: 'POST',
    path: '/api/contact',
    area: 'public',
    access: 'optional-user',
    summary:
      "The contact form, for administrators' Inbox; no sign-in needed (a signed-in sender's id and plan are kept). At most a few messages per sender and hour.",
    body: ContactMessagePayloadSchema,
    response: ContactMessageAcceptedSchema,
    successStatus: 201,
    rateClass: 'write',
  }),
  ...unsubscribeRoutes,
} as const;
