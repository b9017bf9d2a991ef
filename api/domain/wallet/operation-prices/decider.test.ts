import { describe, expect, it } from 'vitest';
import type { OperationPriceCreatedData, OperationPriceEvent } from '../events';
import { decide, evolve, initialState, type OperationPriceCommand, type OperationPriceState } from './decider';

const admission: OperationPriceCreatedData = {
  operationKey: 'ADD_STUDENT',
  operationName: 'Admission',
  price: 5000,
  enabled: true,
  description: '',
};

const stateAfter = (events: OperationPriceEvent[]): OperationPriceState => events.reduce(evolve, initialState);
const created: OperationPriceEvent = { type: 'OperationPriceCreated', data: admission };
const priced = stateAfter([created]);
const deleted = stateAfter([created, { type: 'OperationPriceDeleted', data: { operationKey: 'ADD_STUDENT' } }]);

describe('operation price: evolve', () => {
  it('folds a price through changes, switches and its deletion', () => {
    expect(
      stateAfter([
        created,
        { type: 'OperationPriceUpdated', data: { price: 6000, operationName: 'New admission' } },
        { type: 'OperationPriceDisabled', data: {} },
      ]),
    ).toEqual({ status: 'priced', price: { ...admission, price: 6000, operationName: 'New admission', enabled: false } });
    expect(stateAfter([created, { type: 'OperationPriceDisabled', data: {} }, { type: 'OperationPriceEnabled', data: {} }])).toEqual(
      priced,
    );
    expect(deleted).toEqual({ status: 'deleted' });
  });
});

describe('operation price: decide', () => {
  it('prices an operation once', () => {
    const command: OperationPriceCommand = { type: 'PriceOperation', data: admission };
    expect(decide(command, initialState)).toEqual([created]);
    expect(() => decide(command, priced)).toThrow(expect.objectContaining({ kind: 'conflict' }));
  });

  it('records only the fields that differ, and a flip of `enabled` as its own event', () => {
    expect(decide({ type: 'ChangeOperationPrice', data: { price: 5000, description: 'Per student', enabled: false } }, priced)).toEqual([
      { type: 'OperationPriceUpdated', data: { description: 'Per student' } },
      { type: 'OperationPriceDisabled', data: {} },
    ]);
    expect(decide({ type: 'ChangeOperationPrice', data: { ...admission } }, priced)).toEqual([]);
  });

  it('toggles to the other status each time', () => {
    expect(decide({ type: 'ToggleOperationPrice' }, priced)).toEqual([{ type: 'OperationPriceDisabled', data: {} }]);
    const disabled = stateAfter([created, { type: 'OperationPriceDisabled', data: {} }]);
    expect(decide({ type: 'ToggleOperationPrice' }, disabled)).toEqual([{ type: 'OperationPriceEnabled', data: {} }]);
  });

  it('deletes with the key the price had', () => {
    expect(decide({ type: 'DeleteOperationPrice' }, priced)).toEqual([
      { type: 'OperationPriceDeleted', data: { operationKey: 'ADD_STUDENT' } },
    ]);
  });

  it('refuses every change of a price that does not exist or was deleted', () => {
    const changes: OperationPriceCommand[] = [
      { type: 'ChangeOperationPrice', data: { price: 1 } },
      { type: 'ToggleOperationPrice' },
      { type: 'DeleteOperationPrice' },
    ];
    for (const state of [initialState, deleted]) {
      for (const command of changes) {
        expect(() => decide(command, state)).toThrow(expect.objectContaining({ kind: 'not-found', message: 'Operation price not found' }));
      }
    }
  });
});
