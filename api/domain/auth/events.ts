import type { DomainEvent } from '../../db/event-store';

/** Failed sign-ins per email, kept whether or not a user has that email. */
export type SignInEvent = DomainEvent<'SignInFailed', { email: string; ip: string }>;
