import { HttpError } from '../../http/errors';
import { formatRupees } from './money';

export const walletMessages = {
  insufficient: 'Insufficient wallet balance',
  alreadyRefunded: 'This charge was already refunded',
  otherBranch: 'You can only use your own branch’s wallet',
  noBranch: 'No branch is assigned to your account',
  branchRequired: 'Choose a branch',
  allBranchesNeeded: 'Viewing every branch’s wallet needs the WALLET_VIEW_ALL or WALLET_MANAGE_ALL permission',
  priceTaken: (key: string) => `A price for ${key} already exists`,
} as const;

/**
 * A charge or a negative adjustment larger than the balance. It answers 402 and, thrown inside a
 * command's transaction, rolls the whole transaction back: nothing is charged and nothing else
 * the transaction did (an admission) remains.
 */
export class InsufficientBalanceError extends HttpError {
  override name = 'InsufficientBalanceError';
  constructor(
    readonly branchId: string,
    readonly required: number,
    readonly balance: number | null,
  ) {
    super(
      402,
      balance === null
        ? `${walletMessages.insufficient}: ${formatRupees(required)} needed`
        : `${walletMessages.insufficient}: ${formatRupees(required)} needed, ${formatRupees(balance)} available`,
      { data: { branchId, required, ...(balance === null ? {} : { balance }) } },
    );
  }
}
