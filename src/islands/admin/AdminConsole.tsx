import { Admin, AppBar, Layout, Resource, UserMenu } from 'react-admin';
import type { LayoutProps } from 'react-admin';
import { useMemo } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { authProviderFor, identityLabel } from './auth-provider.ts';
import type { Identity } from './auth-provider.ts';
import { Dashboard } from './Dashboard.tsx';
import { dataProvider } from './data-provider.ts';
import { i18nProvider } from './i18n.ts';
import { consoleResources } from './resources.tsx';
import { consoleTheme } from './theme.ts';

interface AdminConsoleProps {
  nickname: string;
  role: 'member' | 'staff' | 'admin';
}

/** The user menu's button is named by the text it shows, not by a generic "내 계정". */
function consoleLayout(identity: Identity) {
  const label = identityLabel(identity);
  const ConsoleAppBar = () => <AppBar userMenu={<UserMenu label={label} />} />;
  return function ConsoleLayout({ children }: LayoutProps) {
    return <Layout appBar={ConsoleAppBar}>{children}</Layout>;
  };
}

/** The operator console: react-admin over /api/admin, mounted on /admin only. */
export function AdminConsole({ nickname, role }: AdminConsoleProps) {
  // Made once: a layout component made anew on each render would remount the whole console.
  const { authProvider, layout } = useMemo(() => {
    const identity: Identity = { nickname, role: role === 'admin' ? 'admin' : 'staff' };
    return { authProvider: authProviderFor(identity), layout: consoleLayout(identity) };
  }, [nickname, role]);
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
              layout={layout}
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
