/** What other modules may use of the people area. */
export { type ChangeActor, protectedOf, refusalOf } from './protection';
export { accessOf, visibleTo } from './policy';
