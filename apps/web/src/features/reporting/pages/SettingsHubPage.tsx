import { HubPage } from './ReportingHubPage';

export default function SettingsHubPage() {
  return <HubPage hub="settings" />;
}
