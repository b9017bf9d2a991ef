import { systemClock } from '../../domain/clock';
import { seedIfEmpty } from '../seed';
import { withDatabase } from './open';

await withDatabase(async (database, env) => {
  const seeded = await seedIfEmpty(database.db, systemClock, (line) => console.log(line), env.SEED_INSTITUTE);
  if (!seeded) console.log('The database already holds data; nothing was seeded.');
});
