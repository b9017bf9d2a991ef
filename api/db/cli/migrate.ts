import { withDatabase } from './open';

await withDatabase(async (database) => {
  console.log(`Migrations applied (${database.kind}).`);
});
