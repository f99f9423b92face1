import { Admin, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { authProviderFor } from './auth-provider.ts';
import { Dashboard } from './Dashboard.tsx';
import { dataProvider } from './data-provider.ts';
import { i18nProvider } from './i18n.ts';
import { consoleResources } from './resources.tsx';
import { consoleTheme } from './theme.ts';

interface AdminConsoleProps {
  nickname: string;
  role: 'member' | 'staff' | 'admin';
}

/** The operator console: react-admin over /api/admin, mounted on /admin only. */
export function AdminConsole({ nickname, role }: AdminConsoleProps) {
  const authProvider = authProviderFor({ nickname, role: role === 'admin' ? 'admin' : 'staff' });
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Admin
              basename="/admin"
              title="리추얼 운영 콘솔"
              dataProvider={dataProvider}
              dashboard={Dashboard}
              authProvider={authProvider}
              i18nProvider={i18nProvider}
              theme={consoleTheme}
              disableTelemetry
            >
              {consoleResources.map((resource) => (
                <Resource key={resource.name} {...resource} />
              ))}
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
