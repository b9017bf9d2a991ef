/** A count as India writes it: 1,00,000. */
export const formatCount = (count: number) => count.toLocaleString('en-IN');
