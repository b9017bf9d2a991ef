import { createMachine, type AnyStateMachine } from 'xstate';

/**
 * createTestModel refuses machines that invoke actors or wait (`after`): it walks the graph
 * without running anything. This gives it the same machine, built from the same config and
 * implementations, with those sources turned into the events they produce:
 * `xstate.done.actor.<invoke id>`, `xstate.error.actor.<invoke id>` and
 * `xstate.after.<delay>.<state id>`. Tests then replay each path against the real machine,
 * settling the stubbed actor or advancing the clock when the path says so.
 *
 * Every invoke needs an `id`, so its events have a stable name.
 */
export function toTestMachine<TMachine extends AnyStateMachine>(machine: TMachine): TMachine {
  const config = rewriteState(machine.config as StateConfig, machine.id);
  return createMachine(config as never, machine.implementations as never) as unknown as TMachine;
}

type StateConfig = {
  id?: string;
  on?: Record<string, unknown>;
  invoke?: InvokeConfig | InvokeConfig[];
  after?: Record<string, unknown>;
  states?: Record<string, StateConfig>;
  [key: string]: unknown;
};

type InvokeConfig = { id?: string; src?: unknown; onDone?: unknown; onError?: unknown; onSnapshot?: unknown };

function rewriteState(state: StateConfig, id: string): StateConfig {
  const { invoke, after, on, states, ...rest } = state;
  const transitions: Record<string, unknown> = { ...on };
  for (const invocation of invoke === undefined ? [] : Array.isArray(invoke) ? invoke : [invoke]) {
    if (!invocation.id) throw new Error(`The invoke in state "${id}" needs an id to be modelled`);
    if (invocation.onSnapshot) throw new Error(`onSnapshot in state "${id}" is not modelled`);
    if (invocation.onDone) transitions[`xstate.done.actor.${invocation.id}`] = invocation.onDone;
    if (invocation.onError) transitions[`xstate.error.actor.${invocation.id}`] = invocation.onError;
  }
  for (const [delay, transition] of Object.entries(after ?? {})) {
    transitions[`xstate.after.${delay}.${id}`] = transition;
  }
  const rewritten: StateConfig = { ...rest };
  if (Object.keys(transitions).length) rewritten.on = transitions;
  if (states) {
    rewritten.states = Object.fromEntries(
      Object.entries(states).map(([key, child]) => [key, rewriteState(child, child.id ?? `${id}.${key}`)]),
    );
  }
  return rewritten;
}
