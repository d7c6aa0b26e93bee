/**
 * SCIM's own error answer (RFC 7644 §3.12): `{ schemas: [Error], status, scimType?, detail }`, sent as
 * application/scim+json. SCIM clients are machines (Okta, Entra), so `detail` is English (docs/decisions.md).
 */
export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_TYPE = 'application/scim+json; charset=utf-8';

export type ScimType = 'invalidFilter' | 'tooMany' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue' | 'invalidVers' | 'sensitive';

export class ScimError extends Error {
  constructor(
    public status: number,
    public detail: string,
    public scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const scimBody = (status: number, detail: string, scimType?: ScimType) => ({
  schemas: [SCIM_ERROR],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const invalidPath = (detail: string) => new ScimError(400, detail, 'invalidPath');
export const noResource = (kind: 'User' | 'Group', id: string) => new ScimError(404, `${kind} ${id} not found`);
