/** Rules 251-252: one implementation, in the contract, shared with the console's reason form. */
export { reasonRangeErrors as reasonErrors } from '@gatehouse/contract';
