import type { StudentExam } from '../../common/contracts/exam-results';
import type { ResponseOf } from '../../common/contracts/endpoint';
import type { invoiceContract } from '../../common/contracts/invoices';
import type { FieldChange, HistoryEntry, RecordView as RecordRow } from '../../common/contracts/dynamic-data';
import type { ListRow, Option } from './list-query';
import type { ListQuery, QueryDefaults } from './record-query';

/** What a record list's loader answers, read by the services that make it and the screens that show it. */

export type { FieldChange, HistoryEntry, RecordRow };

/** A field of the record's form configuration, as the details show it. */
export interface DetailField {
  name: string;
  label: string;
  type: string;
}

export interface RecordDetail {
  record: RecordRow;
  /** The active fields of the form, in form order, then any stored value the form no longer has. */
  fields: DetailField[];
  history: HistoryEntry[];
  /** A student's exams and results; absent for other records, or when they could not be read. */
  results?: { exams: StudentExam[]; marksheets: boolean };
  /** A student's fee summary, invoices and payments; absent for other records, or for a caller the API refuses them. */
  fees?: StudentFees;
}

export type StudentFees = ResponseOf<typeof invoiceContract.studentFees>;

/** What a list screen's loader answers. */
export interface RecordListData<Row extends ListRow = RecordRow> {
  rows: Row[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  query: ListQuery;
  defaults: QueryDefaults;
  /** Whether the signed-in user may add, change or remove these records (the API checks again). */
  can: { create: boolean; edit: boolean; delete: boolean };
  /** Names of the branches, courses and categories that values refer to by id. */
  names: Record<string, string>;
  options: { branches: Option[]; courses: Option[] };
  /** The branch a branch's own staff are confined to; null for institute-wide users. */
  userBranch: { id: string; name: string | null } | null;
  /** The details of the record named by ?view=, or why they could not be loaded. */
  view: { ok: true; detail: RecordDetail } | { ok: false; id: string; message: string } | null;
}
