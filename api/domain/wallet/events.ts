import type { DomainEvent } from '../../db/event-store';

/** Every amount is in paise and positive; the ledger row carries the sign. */
export interface WalletCreditedData {
  entryId: string;
  branchId: string;
  amount: number;
  note: string;
  reference: string;
}

export interface WalletChargedData {
  entryId: string;
  branchId: string;
  amount: number;
  operationKey: string;
  operationName: string;
  referenceId: string;
}

export interface WalletRefundedData {
  entryId: string;
  branchId: string;
  amount: number;
  /** The ledger id of the charge this refund reverses. */
  chargeId: string;
  reason: string;
  operationKey: string | null;
  operationName: string | null;
  referenceId: string | null;
}

/** A correction by hand: `amount` is signed (negative takes money out). */
export interface WalletAdjustedData {
  entryId: string;
  branchId: string;
  amount: number;
  reason: string;
}

/** A branch wallet's movements. */
export type WalletEvent =
  | DomainEvent<'WalletCredited', WalletCreditedData>
  | DomainEvent<'WalletCharged', WalletChargedData>
  | DomainEvent<'WalletRefunded', WalletRefundedData>
  | DomainEvent<'WalletAdjusted', WalletAdjustedData>;

export interface OperationPriceCreatedData {
  operationKey: string;
  operationName: string;
  /** Paise. */
  price: number;
  enabled: boolean;
  description: string;
}

/** Only the fields that changed. */
export type OperationPriceUpdatedData = Partial<Omit<OperationPriceCreatedData, 'enabled'>>;

/** What an operation costs, and whether it is charged at all. */
export type OperationPriceEvent =
  | DomainEvent<'OperationPriceCreated', OperationPriceCreatedData>
  | DomainEvent<'OperationPriceUpdated', OperationPriceUpdatedData>
  | DomainEvent<'OperationPriceEnabled', Record<string, never>>
  | DomainEvent<'OperationPriceDisabled', Record<string, never>>
  | DomainEvent<'OperationPriceDeleted', { operationKey: string }>;
