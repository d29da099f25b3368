import pino from 'pino';

// Tests run silent unless LOG_LEVEL asks otherwise, so a failing test's output is not buried.
const level = process.env.LOG_LEVEL || (process.env.VITEST ? 'silent' : 'info');

export const logger = pino({ level });
export type Logger = pino.Logger;
