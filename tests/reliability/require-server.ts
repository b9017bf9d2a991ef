/** The suite's checks need a PostgreSQL server: say so in one line rather than fail obscurely. */
export default function requireServer() {
  if (!process.env.DATABASE_URL?.startsWith('postgres')) {
    throw new Error(
      'The reliability suite runs on a PostgreSQL server: set DATABASE_URL=postgres://… (npm test runs it when DATABASE_URL is set).',
    );
  }
}
