import { GROUP_SCHEMA, USER_SCHEMA } from './resource';

/** The discovery documents (RFC 7644 §4): what this endpoint supports, so a client configures itself. */
export const serviceProviderConfig = (base: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  documentationUri: `${base}/ServiceProviderConfig`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: 200 },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    { type: 'oauthbearertoken', name: 'OAuth Bearer Token', description: 'The organisation’s SCIM token, created by an administrator in Gatehouse', primary: true },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
});

export const resourceTypes = (base: string) => {
  const list = [
    { schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'], id: 'User', name: 'User', endpoint: '/Users', schema: USER_SCHEMA, meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` } },
    { schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'], id: 'Group', name: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA, meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` } },
  ];
  return { schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: list.length, startIndex: 1, itemsPerPage: list.length, Resources: list };
};

const attr = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});
const multi = (name: string) => attr(name, 'complex', { multiValued: true, subAttributes: [attr('value', 'string'), attr('type', 'string'), attr('primary', 'boolean')] });

export const schemas = (base: string) => {
  const list = [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: USER_SCHEMA,
      name: 'User',
      description: 'A person of the organisation',
      attributes: [
        attr('userName', 'string', { required: true, uniqueness: 'server' }),
        attr('name', 'complex', { subAttributes: [attr('givenName', 'string'), attr('familyName', 'string'), attr('formatted', 'string')] }),
        attr('displayName', 'string'),
        multi('emails'),
        multi('phoneNumbers'),
        attr('active', 'boolean'),
        attr('groups', 'complex', { multiValued: true, mutability: 'readOnly', subAttributes: [attr('value', 'string'), attr('display', 'string')] }),
      ],
      meta: { resourceType: 'Schema', location: `${base}/Schemas/${USER_SCHEMA}` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: GROUP_SCHEMA,
      name: 'Group',
      description: 'A user type of the organisation',
      attributes: [attr('displayName', 'string', { required: true }), attr('members', 'complex', { multiValued: true, subAttributes: [attr('value', 'string'), attr('display', 'string')] })],
      meta: { resourceType: 'Schema', location: `${base}/Schemas/${GROUP_SCHEMA}` },
    },
  ];
  return { schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: list.length, startIndex: 1, itemsPerPage: list.length, Resources: list };
};
