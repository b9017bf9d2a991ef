import { DomainError } from '../errors';
import { formatRupees } from '../../../common/money';

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
 * A charge or a negative adjustment larger than the balance. Thrown inside a command's
 * transaction, it rolls the whole transaction back: nothing is charged and nothing else
 * the transaction did (an admission) remains.
 */
export class InsufficientBalanceError extends DomainError {
  override name = 'InsufficientBalanceError';
  constructor(
    readonly branchId: string,
    readonly required: number,
    readonly balance: number | null,
  ) {
    super(
      'insufficient-balance',
      balance === null
        ? `${walletMessages.insufficient}: ${formatRupees(required)} needed`
        : `${walletMessages.insufficient}: ${formatRupees(required)} needed, ${formatRupees(balance)} available`,
      undefined,
      { branchId, required, ...(balance === null ? {} : { balance }) },
    );
  }
}
