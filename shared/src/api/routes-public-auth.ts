import * as z from 'zod';
import {
  AuthResponseSchema,
  LoginPayloadSchema,
  RegistrationPayloadSchema,
  UpdateProfilePayloadSchema,
  UserSchema,
} from '../domain/entities/user';
import {
  AccountDeletedSchema,
  AccountExportSchema,
  ChangePasswordPayloadSchema,
  DeleteAccountPayloadSchema,
  SignedOutEverywhereSchema,
} from '../domain/entities/account';
import { MailCodeSentSchema, SignUpConfirmSchema } from '../domain/entities/mail';
import { ContactMessageAcceptedSchema, ContactMessagePayloadSchema } from '../domain/entities/contact';
import { defineRoute } from './route';
import { mailCodeRoutes, unsubscribeRoutes } from './routes-mail';

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  service: z.string(),
  version: z.string(),
  time: z.string(),
});

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

export const authRoutes = {
  register: defineRoute({
    id: 'auth.register',
    method: 'POST',
    path: '/api/auth/register',
    area: 'auth',
    access: 'public',
    summary:
      'Start an investor account: mail a single-use code to the address (an address that already has an account gets a notice instead). The answer is the same either way. A few requests per address and hour.',
    body: RegistrationPayloadSchema,
    response: MailCodeSentSchema,
    successStatus: 202,
    rateClass: 'write',
  }),
  confirmRegistration: defineRoute({
    id: 'auth.confirmRegistration',
    method: 'POST',
    path: '/api/auth/register/confirm',
    area: 'auth',
    access: 'public',
    summary:
      'Finish the account with the mailed code and the password (tier FREE, role USER whatever the first body said) and sign it in; a code works once, for a few minutes.',
    body: SignUpConfirmSchema,
    response: AuthResponseSchema,
    successStatus: 201,
    rateClass: 'write',
  }),
  login: defineRoute({
    id: 'auth.login',
    method: 'POST',
    path: '/api/auth/login',
    area: 'auth',
    access: 'public',
    summary:
      'Sign in with email and password (and the authenticator code when the account has a second factor). Repeated failures per account and per address answer 429.',
    body: LoginPayloadSchema,
    response: AuthResponseSchema,
    errors: [429],
    rateClass: 'write',
  }),
  me: defineRoute({
    id: 'auth.getMe',
    method: 'GET',
    path: '/api/auth/me',
    area: 'auth',
    access: 'user',
    summary: 'The signed-in user.',
    response: UserSchema,
    rateClass: 'read',
  }),
  updateMe: defineRoute({
    id: 'auth.updateMe',
    method: 'PATCH',
    path: '/api/auth/me',
    area: 'auth',
    access: 'user',
    summary: 'Save profile and preferences (first and last name, language, theme).',
    body: UpdateProfilePayloadSchema,
    response: UserSchema,
    rateClass: 'write',
  }),
  changePassword: defineRoute({
    id: 'auth.changePassword',
    method: 'POST',
    path: '/api/auth/password',
    area: 'auth',
    access: 'user',
    summary: 'Change the password (the current one, then the new one), through the identity service.',
    body: ChangePasswordPayloadSchema,
    response: z.object({ changed: z.literal(true) }),
    rateClass: 'write',
  }),
  signOutEverywhere: defineRoute({
    id: 'auth.signOutEverywhere',
    method: 'POST',
    path: '/api/auth/sign-out-everywhere',
    area: 'auth',
    access: 'user',
    summary: 'End every session of the account: tokens issued before now are refused.',
    response: SignedOutEverywhereSchema,
    rateClass: 'write',
  }),
  exportData: defineRoute({
    id: 'auth.exportData',
    method: 'GET',
    path: '/api/auth/export',
    area: 'auth',
    access: 'user',
    summary: 'Download my data: one zip (JSON and CSV) of everything stored about the account.',
    response: AccountExportSchema,
    rateClass: 'analysis',
  }),
  deleteAccount: defineRoute({
    id: 'auth.deleteAccount',
    method: 'POST',
    path: '/api/auth/delete-account',
    area: 'auth',
    access: 'user',
    summary:
      'Delete my account, confirmed with the password: erased from every table and the identity service; invoices kept under a pseudonym. A retry finishes a partial deletion.',
    body: DeleteAccountPayloadSchema,
    response: AccountDeletedSchema,
    rateClass: 'write',
  }),
  health: defineRoute({
    id: 'auth.getHealth',
    method: 'GET',
    path: '/api/auth/health',
    area: 'auth',
    access: 'public',
    summary: 'Health of the auth service (user pool and users table reachable).',
    response: HealthResponseSchema,
    rateClass: 'read',
  }),
  ...mailCodeRoutes,
} as const;
