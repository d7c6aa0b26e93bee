export * from './common';
export * from './permissions';
export * from './plans';
export * from './auth';
export * from './entity';
export * from './preferences';
export * from './realtime';
export * from './messages';
