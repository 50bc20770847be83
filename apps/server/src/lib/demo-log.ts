/** Demo seeding problems are worth a line on stderr but must never stop the start. */
export const seedDemoLog = (message: string) => {
  process.stderr.write(`[demo] ${message}\n`);
};
