/**
 * One interface for every directory (issue 19 part 2). An adapter speaks its directory's real protocol
 * (../../../../../../shared/spec/directories.md): authenticate, refresh, list users and groups in pages, members,
 * photo, changes since a cursor and, where the directory takes it, write back.
 */
export interface DirectoryUser {
  /** The directory's immutable id (the key; never e-mail or name). */
  id: string;
  /** The directory's own field names, flattened (`name.givenName`, `contact_details.emails.email`…), to map from. */
  fields: Record<string, string | null>;
  /** Group ids the user belongs to, when the listing says so (Wonde kinds and groups, Net2 department). */
  groups: string[];
  active: boolean;
}

export interface DirectoryGroup {
  id: string;
  name: string;
  kind: string | null;
  /** Member user ids when the listing carries them. */
  members?: string[];
}

export interface Page<T> {
  items: T[];
  /** Where the next page starts (opaque to us; a URL or token), null after the last one. */
  next: string | null;
}

export interface Changes {
  changed: DirectoryUser[];
  removed: string[];
  /** Where the following changes start. */
  cursor: Record<string, string>;
  /** The next page of this change listing (null when done). */
  next: string | null;
}

export interface AttendanceMark {
  date: string;
  session: 'AM' | 'PM';
  student_id: string;
  attendance_code_id: string;
  minutes_late?: number;
  comment?: string;
}

export interface DirectoryCode {
  id: string;
  code: string;
  name: string;
}

export interface DirectoryAdapter {
  readonly type: 'google' | 'azure' | 'paxton' | 'wonde';
  /** The directory's field names offered for mapping. */
  readonly fields: string[];
  /** Proves the credentials (token exchange or a cheap authenticated read). Throws DirectoryError. */
  authenticate(): Promise<void>;
  /** Gets a fresh access token (refresh grant, new client-credentials token, new JWT). */
  refresh(): Promise<void>;
  /** One page of users; `from` is the previous page's `next` (null for the first). */
  users(from: string | null): Promise<Page<DirectoryUser>>;
  groups(from: string | null): Promise<Page<DirectoryGroup>>;
  members(groupId: string, from: string | null): Promise<Page<string>>;
  /** The user's photo, or null when none. Refuses bodies over PHOTO_MAX_BYTES. */
  photo(userId: string): Promise<{ bytes: Buffer; mime: string } | null>;
  /** One page of changes since `cursor` (empty cursor: null when the directory tracks no changes). */
  changes(cursor: Record<string, string>, from: string | null): Promise<Changes | null>;
  attendanceCodes?(): Promise<DirectoryCode[]>;
  writeBack?(marks: AttendanceMark[]): Promise<{ writebackId: string }>;
}

/** Why a directory call failed: `auth` (credentials refused: code 9/10), `forbidden`, `rate`, `bad_answer`, `unreachable`. */
export class DirectoryError extends Error {
  constructor(
    public kind: 'auth' | 'forbidden' | 'rate' | 'bad_answer' | 'unreachable' | 'not_found' | 'validation',
    message: string,
    public status?: number,
  ) {
    super(message);
  }
}

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** A listing that never ends is cut here (pages of one listing). */
export const MAX_PAGES = 10_000;
