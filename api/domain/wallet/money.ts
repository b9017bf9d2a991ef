/** The largest amount one API call may move: ₹10,00,00,000.00 (10^10 paise). */
export const MAX_AMOUNT_PAISE = 10_000_000_000;

export { formatRupees } from '../../../common/money';

/**
 * The time zone the institute keeps its books in: a day or a month of wallet activity starts at
 * midnight in India. India has no daylight saving, so its offset is fixed.
 */
export const WALLET_TIME_ZONE = 'Asia/Kolkata';
export const WALLET_UTC_OFFSET = '+05:30';
