import { documentMessages } from '../../../common/contracts/documents';
import { invalid } from '../errors';
import type { AdmitCardsEvent } from './events';

/** A sitting's admit cards folded: the students holding one. */
export interface AdmitCards {
  version: number;
  holders: ReadonlySet<string>;
}

export const initialAdmitCards: AdmitCards = { version: 0, holders: new Set() };

export function evolveAdmitCards(state: AdmitCards, event: AdmitCardsEvent): AdmitCards {
  switch (event.type) {
    case 'AdmitCardsIssued':
      return { version: state.version + 1, holders: new Set([...state.holders, ...event.data.cards.map((card) => card.studentId)]) };
  }
}

/** Admit cards for the students sitting now, each offered a fresh code; a student who holds a card keeps it. */
export type IssueAdmitCards = {
  type: 'IssueAdmitCards';
  data: { examId: string; branchId: string; students: Array<{ studentId: string; code: string }> };
};

export function decideAdmitCards(command: IssueAdmitCards, state: AdmitCards): AdmitCardsEvent[] {
  const { examId, branchId, students } = command.data;
  if (students.length === 0) throw invalid(documentMessages.nobodySitting);
  const cards = students.filter((student) => !state.holders.has(student.studentId));
  return cards.length === 0 ? [] : [{ type: 'AdmitCardsIssued', data: { examId, branchId, cards } }];
}
