import * as z from 'zod';
import {
  AuthResponseSchema,
  LoginPayloadSchema,
  RegistrationPayloadSchema,
  UpdateProfilePayloadSchema,
  UserSchema,
} from '../domain/entities/user';
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
    summary: 'Create an investor account (tier FREE, role USER whatever the body says) and sign it in.',
    body: RegistrationPayloadSchema,
    response: AuthResponseSchema,
    successStatus: 201,
    errors: [409],
    rateClass: 'write',
  }),
  login: defineRoute({
    id: 'auth.login',
    method: 'POST',
    path: '/api/auth/login',
    area: 'auth',
    access: 'public',
    summary: 'Sign in with email and password.',
    body: LoginPayloadSchema,
    response: AuthResponseSchema,
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
