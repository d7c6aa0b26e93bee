/** The visitor lists (issue 15 part 4): today's visits, those expected from today on, those awaiting approval. */
export const VISITORS_PATHS = { today: '/visitors', expected: '/visitors/expected', awaiting: '/visitors/awaiting-approval' } as const;
