/** What other console features may embed from the visitor pages: the frame of a page without the console shell. */
export { VisitorFrame } from './components/VisitorFrame';
