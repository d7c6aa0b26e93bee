import type { DirectoryTypeKey } from '@gatehouse/contract';
import { GoogleAdapter, type GoogleConfig } from './google';
import { GraphAdapter, type AzureConfig } from './graph';
import { Net2Adapter, type PaxtonConfig } from './net2';
import { type DirectoryAdapter, DirectoryError } from './types';
import { WondeAdapter, type WondeConfig } from './wonde';

/** The adapter of a directory type over its (opened) configuration. */
export function adapterFor(type: DirectoryTypeKey, config: Record<string, unknown>): DirectoryAdapter {
  switch (type) {
    case 'wonde':
      return new WondeAdapter(config as unknown as WondeConfig);
    case 'azure':
      return new GraphAdapter(config as unknown as AzureConfig);
    case 'paxton':
      return new Net2Adapter(config as unknown as PaxtonConfig);
    case 'google':
      return new GoogleAdapter(config as unknown as GoogleConfig);
    default:
      throw new DirectoryError('unreachable', `the ${type as string} directory is not connected yet`);
  }
}

export { DirectoryError, type DirectoryAdapter, type DirectoryUser, type DirectoryGroup, type AttendanceMark } from './types';
export { WONDE_KINDS } from './wonde';
