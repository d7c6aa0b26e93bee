/**
 * People: saving one, their photo, who may see them, presenting their documents.
 * Other modules import only this file (lint refuses the rest; docs/ARCHITECTURE.md, Modules).
 */
export { peopleDemo } from './demo';
export { storeUserPhoto } from './photo';
export { accessOf, visibleTo } from './policy';
export { presentDocument } from './present';
export { type ChangeActor, protectedOf, refusalOf } from './protection';
export { loadVisible } from './routes-core';
export { assertUnique, labelIds } from './save-user';
export { compareQueuedNames, NAME_BATCH, NAME_BUDGET_MS, refreshPairStatistics } from './name-pairs';
