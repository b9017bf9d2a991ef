import type { DomainEvent, StreamRef } from '../../db/event-store';

export const ADMIT_CARDS_STREAM = 'admit-cards';

/** The admit cards of an exam's sitting in one branch. */
export const admitCardsStream = (examId: string, branchId: string): StreamRef<AdmitCardsEvent> => ({
  type: ADMIT_CARDS_STREAM,
  id: `admit-cards:${examId}:${branchId}`,
});

/** Admit cards issued to students of a sitting who had none, each with its verification code. */
export type AdmitCardsIssued = DomainEvent<
  'AdmitCardsIssued',
  { examId: string; branchId: string; cards: Array<{ studentId: string; code: string }> }
>;

export type AdmitCardsEvent = AdmitCardsIssued;
