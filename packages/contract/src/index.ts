export * from './constants.js';
export * from './errors.js';
export * from './rules.js';
export * from './schemas.js';
export * from './money.js';
export * from './wallet.js';
export * from './site.js';
export * from './operators.js';
