import type { DashboardActivity } from '../../../common/contracts/dashboard';
import {
  ArrowUpRightIcon,
  CalendarIcon,
  GraduationCapIcon,
  IndianRupeeIcon,
  ReceiptIndianRupeeIcon,
  TriangleAlertIcon,
  UserCheckIcon,
  UserPlusIcon,
  UsersIcon,
  WalletIcon,
  type LucideIcon,
} from '~/components/ui/icons';
import { formatRupees } from '~/utils/format';

export interface FigureLook {
  label: string;
  icon: LucideIcon;
  /** A line under the figure. */
  note: string;
  /** Paise, shown as rupees. */
  money?: boolean;
  /** The series drawn under the figure as a sparkline. */
  series?: string;
}

/**
 * How each figure the API answers is shown. An area that adds figures to the API adds their look
 * here; a figure without one still shows, under its key.
 */
const looks: Record<string, FigureLook> = {
  'students.new': { label: 'New students', icon: UserCheckIcon, note: 'Waiting for registration' },
  'students.registered': { label: 'Registered students', icon: UsersIcon, note: 'Registration done, pass-outs included' },
  'students.passout': { label: 'Pass-out students', icon: GraduationCapIcon, note: 'Completed their course' },
  admissions: { label: 'Admissions this month', icon: UserPlusIcon, note: 'By admission date', series: 'admissions' },
  'wallet.balance': { label: 'Wallet balance', icon: WalletIcon, note: 'Available to spend', money: true },
  'wallet.spend': { label: 'Spent this month', icon: ArrowUpRightIcon, note: 'Charges less refunds', money: true, series: 'wallet.spend' },
  'exams.upcoming': { label: 'Upcoming exams', icon: CalendarIcon, note: 'With a subject date ahead' },
  'invoices.overdue': { label: 'Overdue invoices', icon: TriangleAlertIcon, note: 'Past their due date, not paid in full' },
  'invoices.overdueDue': { label: 'Overdue dues', icon: ReceiptIndianRupeeIcon, note: 'Still due on overdue invoices', money: true },
  'payments.received': {
    label: 'Received this month',
    icon: IndianRupeeIcon,
    note: 'Payments less reversals',
    money: true,
    series: 'payments.received',
  },
};

export function figureLook(key: string): FigureLook {
  return looks[key] ?? { label: key, icon: CalendarIcon, note: '' };
}

export function formatFigure(value: number, money = false) {
  return money ? formatRupees(value) : value.toLocaleString('en-IN');
}

/** The change on last month, in words for everyone: "+25% vs last month". */
export function changeOnLastMonth(value: number, previous: number): { text: string; direction: 'up' | 'down' | 'same' } {
  if (value === previous) return { text: 'Same as last month', direction: 'same' };
  const direction = value > previous ? 'up' : 'down';
  if (previous === 0) return { text: 'None last month', direction };
  const percent = Math.round((Math.abs(value - previous) / previous) * 100);
  return { text: `${direction === 'up' ? '+' : '−'}${percent}% vs last month`, direction };
}

const nouns: Record<string, string> = { student: 'student', exam: 'exam' };
const walletVerbs: Record<string, string> = {
  credited: 'added balance',
  charged: 'was charged for',
  refunded: 'refunded',
  adjusted: 'corrected the balance',
};

/** "added student", "Asha Kulkarni"; a wallet movement: "was charged for", "Add Student". */
export function activityText(entry: Pick<DashboardActivity, 'area' | 'action' | 'title'>): { verb: string; object: string } {
  if (entry.area === 'wallet') return { verb: walletVerbs[entry.action] ?? entry.action, object: entry.title };
  const verb = { created: 'added', updated: 'updated', deleted: 'deleted' }[entry.action] ?? entry.action;
  return { verb: `${verb} ${nouns[entry.area] ?? entry.area}`, object: entry.title || 'untitled' };
}
