import { describe, expect, it } from 'vitest';
import { trimCompanyName, truncateUserName, userImage } from './names';

describe('name truncation', () => {
  it('rule 58: a name longer than 14 characters keeps the first 12, trimmed, then three dots', () => {
    expect(truncateUserName('Amelia Johnson')).toBe('Amelia Johnson'); // exactly 14: unchanged
    expect(truncateUserName('Amelia Johnsons')).toBe('Amelia Johns...');
    expect(truncateUserName('Maximilian  Alexander')).toBe('Maximilian...'); // 12 kept = 'Maximilian  ', trimmed
    expect(truncateUserName(null)).toBe('');
  });
  it('rule 50: the company name is trimmed to 16 characters plus an ellipsis', () => {
    expect(trimCompanyName('Harbour Academy')).toBe('Harbour Academy');
    expect(trimCompanyName('Northfield Primary School')).toBe('Northfield Prima…');
    expect(trimCompanyName('1234567890123456')).toBe('1234567890123456');
  });
  it('rule 60: the user image template gets the entity id', () => {
    expect(userImage('/files/entity_id/u.png', 7)).toBe('/files/7/u.png');
    expect(userImage(null, 7)).toBeNull();
  });
});
