import { rebuildProjections } from '../rebuild';
import { withDatabase } from './open';

await withDatabase(async (database) => {
  const started = performance.now();
  const applied = await rebuildProjections(database.db, (count) => process.stdout.write(`\rReplayed ${count} events`));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\rRebuilt every projection from ${applied} events in ${seconds} s.`);
});
