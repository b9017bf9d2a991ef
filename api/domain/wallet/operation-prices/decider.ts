import type { Decider } from '../../command';
import { conflict, notFound } from '../../errors';
import type { OperationPriceCreatedData, OperationPriceEvent, OperationPriceUpdatedData } from '../events';

export type OperationPriceState = { status: 'unpriced' } | { status: 'priced'; price: OperationPriceCreatedData } | { status: 'deleted' };

export type OperationPriceCommand =
  | { type: 'PriceOperation'; data: OperationPriceCreatedData }
  /** Fields left out stay as they are. */
  | { type: 'ChangeOperationPrice'; data: OperationPriceUpdatedData & { enabled?: boolean } }
  | { type: 'ToggleOperationPrice' }
  | { type: 'DeleteOperationPrice' };

export const initialState: OperationPriceState = { status: 'unpriced' };

export function evolve(state: OperationPriceState, event: OperationPriceEvent): OperationPriceState {
  switch (event.type) {
    case 'OperationPriceCreated':
      return { status: 'priced', price: event.data };
    case 'OperationPriceDeleted':
      return { status: 'deleted' };
    default:
      if (state.status !== 'priced') return state;
      if (event.type === 'OperationPriceUpdated') return { status: 'priced', price: { ...state.price, ...event.data } };
      return { status: 'priced', price: { ...state.price, enabled: event.type === 'OperationPriceEnabled' } };
  }
}

const changedFields = ['operationKey', 'operationName', 'price', 'description'] as const;

/**
 * What a change of a price records: OperationPriceUpdated with the fields that differ, and
 * OperationPriceEnabled or OperationPriceDisabled when `enabled` flips; nothing when nothing does.
 */
function change(price: OperationPriceCreatedData, input: OperationPriceUpdatedData & { enabled?: boolean }): OperationPriceEvent[] {
  const changed: OperationPriceUpdatedData = {};
  for (const field of changedFields) {
    const value = input[field];
    if (value !== undefined && value !== price[field]) Object.assign(changed, { [field]: value });
  }
  const events: OperationPriceEvent[] = [];
  if (Object.keys(changed).length) events.push({ type: 'OperationPriceUpdated', data: changed });
  if (input.enabled !== undefined && input.enabled !== price.enabled) {
    events.push({ type: input.enabled ? 'OperationPriceEnabled' : 'OperationPriceDisabled', data: {} });
  }
  return events;
}

export function decide(command: OperationPriceCommand, state: OperationPriceState): OperationPriceEvent[] {
  if (command.type === 'PriceOperation') {
    // Ids are new for every price: a stream that exists already is a second creation of one price.
    if (state.status !== 'unpriced') throw conflict('This operation price exists already');
    return [{ type: 'OperationPriceCreated', data: command.data }];
  }
  if (state.status !== 'priced') throw notFound('Operation price');
  switch (command.type) {
    case 'ChangeOperationPrice':
      return change(state.price, command.data);
    case 'ToggleOperationPrice':
      return change(state.price, { enabled: !state.price.enabled });
    case 'DeleteOperationPrice':
      return [{ type: 'OperationPriceDeleted', data: { operationKey: state.price.operationKey } }];
  }
}

export const operationPriceDecider: Decider<OperationPriceCommand, OperationPriceState, OperationPriceEvent> = {
  initialState,
  evolve,
  decide,
};
