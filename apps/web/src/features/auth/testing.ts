/** What other features' component tests may use of the auth area: the login page as a landing route. */
export { default as LoginPage } from './pages/LoginPage';
