export * from './core';
export * from './users';
export * from './sites';
export * from './user-types';
export * from './areas';
export * from './journeys';
export * from './visits';
export * from './attendance';
