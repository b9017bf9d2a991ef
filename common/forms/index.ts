export * from './defaults';
export * from './fields';
export * from './schema-builder';
export * from './types';
export * from './config-schema';
