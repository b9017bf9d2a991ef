import type { DomainEvent } from '../db/event-store';
import type { UserStatus } from '../../common/contracts/users';

export interface UserCreatedData {
  name: string;
  email: string;
  phone: string;
  passwordHash: string;
  role: string;
  status: UserStatus;
  branchId: string | null;
}
/** Only the fields that changed. */
export type UserUpdatedData = Partial<Omit<UserCreatedData, 'passwordHash'>>;

/** What happens to a user: the account's changes and its sessions' signs. */
export type UserEvent =
  | DomainEvent<'UserCreated', UserCreatedData>
  | DomainEvent<'UserUpdated', UserUpdatedData>
  | DomainEvent<'UserStatusChanged', { status: UserStatus }>
  | DomainEvent<'UserPasswordChanged', { passwordHash: string }>
  /** Every permission the user holds after the change. */
  | DomainEvent<'UserPermissionsSet', { permissionIds: string[] }>
  | DomainEvent<'UserDeleted', { email: string }>
  | DomainEvent<'UserSignedIn', { sessionId: string; ip: string }>
  | DomainEvent<'UserLoggedOut', { sessionId: string }>
  /** A rotated refresh token came back: its whole session was revoked. */
  | DomainEvent<'RefreshTokenReuseDetected', { sessionId: string }>;
