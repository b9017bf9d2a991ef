export { formatRupees } from '../../../common/money';

/**
 * The time zone the institute keeps its books in: a day or a month of wallet activity starts at
 * midnight in India. India has no daylight saving, so its offset is fixed.
 */
export const WALLET_TIME_ZONE = 'Asia/Kolkata';
export const WALLET_UTC_OFFSET = '+05:30';
