/** What other parts of the console may embed of announcements: the banner of active ones (the shell shows it). */
export { AnnouncementsBanner } from './components/AnnouncementsBanner';
