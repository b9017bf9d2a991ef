import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, Outlet, useLoaderData, useLocation, useNavigate, type ShouldRevalidateFunction } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { CommandPalette } from '~/components/command-palette';
import { lazyComponent } from '~/components/lazy-component';
import { ScreenShortcuts, type GoToShortcut } from '~/components/screen-shortcuts';
import { SessionTimeout } from '~/components/session-timeout';
import { EditorSidebarTools, EditorSlotProvider } from '~/components/form-editor/sidebar-tools';
import { AddFormDialog, addFormSchema } from '~/components/super-admin/add-form-dialog';
import { formEditorPath, panelPaths, panelSections } from '~/components/super-admin/panel-nav';
import { PanelSidebar } from '~/components/super-admin/panel-sidebar';
import { Button } from '~/components/ui/button';
import { MenuIcon, ShieldIcon } from '~/components/ui/icons';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '~/components/ui/sheet';
import { requireSuperAdmin } from '~/services/auth.server';
import { createCustomForm, listCustomForms } from '~/services/custom-forms.server';
import { readForm } from '~/services/forms.server';
import { redirectWithToast } from '~/services/toast.server';

const PanelPaletteDialog = lazyComponent(() =>
  import('~/components/super-admin/panel-palette-dialog').then((module) => module.PanelPaletteDialog),
);

export const meta: MetaFunction = () => [{ title: 'Super Admin' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api, headers } = await requireSuperAdmin(request, context);
  const customForms = await listCustomForms(api);
  return data({ user: { name: user.name, email: user.email }, customForms }, { headers });
}

/** Add New Form: creates an empty custom form and opens its editor. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api, headers } = await requireSuperAdmin(request, context);
  const { submission } = await readForm(request, addFormSchema);
  if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers });
  const result = await createCustomForm(api, submission.value.name);
  if (!result.ok) {
    return data(submission.reply({ formErrors: [result.message] }), { status: result.status >= 500 ? 500 : 400, headers });
  }
  return redirectWithToast(formEditorPath(result.data.formType), { type: 'success', title: result.message }, { headers });
}

/**
 * The panel's data (who is signed in, the custom forms) changes only through the panel's own
 * action and the form editor: searching, paging and the user and permission forms leave it alone.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, formAction, defaultShouldRevalidate }) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  const otherPage = [panelPaths.users, panelPaths.permissions].some((path) => formAction?.startsWith(path));
  if (formMethod && otherPage) return false;
  return defaultShouldRevalidate;
};

export default function SuperAdminPanel() {
  const { user, customForms } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [addFormOpen, setAddFormOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const sections = useMemo(() => panelSections(customForms), [customForms]);

  // A page was chosen (or a form created): the sheet and the dialog get out of the way.
  useEffect(() => {
    setMenuOpen(false);
    setAddFormOpen(false);
  }, [location.pathname]);

  const goTo = useMemo<GoToShortcut[]>(
    () =>
      sections.flatMap((section) =>
        section.links.flatMap((link) =>
          link.shortcut ? [{ keys: link.shortcut, label: link.label, run: () => navigate(link.href) }] : [],
        ),
      ),
    [sections, navigate],
  );
  const showShortcuts = useCallback(() => setShortcutsOpen(true), []);
  const addForm = useCallback(() => setAddFormOpen(true), []);

  const sidebar = (className?: string) => (
    <PanelSidebar
      user={user}
      sections={sections}
      className={className}
      tools={<EditorSidebarTools />}
      onAddForm={() => {
        setMenuOpen(false);
        setAddFormOpen(true);
      }}
      onOpenPalette={() => {
        setMenuOpen(false);
        setPaletteOpen(true);
      }}
    />
  );

  return (
    <EditorSlotProvider>
      <div className="min-h-svh bg-muted/40 dark:bg-background">
        <SessionTimeout />
        <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-sidebar-border lg:block">{sidebar()}</aside>

        <div className="lg:pl-64">
          <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur lg:hidden">
            <Button variant="ghost" size="icon" aria-label="Open menu" onClick={() => setMenuOpen(true)}>
              <MenuIcon aria-hidden="true" />
            </Button>
            <Link to={panelPaths.home} className="flex items-center gap-2 font-semibold">
              <ShieldIcon aria-hidden="true" className="size-4 text-primary" />
              Super Admin
            </Link>
          </header>
          <main id="main" className="mx-auto w-full max-w-7xl p-4 sm:p-6 lg:p-8">
            <Outlet />
          </main>
        </div>

        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetContent side="left" className="w-72 gap-0 p-0 sm:max-w-72 lg:hidden">
            <SheetTitle className="sr-only">Menu</SheetTitle>
            <SheetDescription className="sr-only">Pages of the super admin panel</SheetDescription>
            {sidebar('min-h-full')}
          </SheetContent>
        </Sheet>

        <AddFormDialog open={addFormOpen} onOpenChange={setAddFormOpen} />
        <CommandPalette
          dialog={PanelPaletteDialog}
          open={paletteOpen}
          onOpenChange={setPaletteOpen}
          sections={sections}
          onAddForm={addForm}
          onShowShortcuts={showShortcuts}
        />
        <ScreenShortcuts open={shortcutsOpen} onOpenChange={setShortcutsOpen} goTo={goTo} sidebarToggle={false} />
      </div>
    </EditorSlotProvider>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Super Admin" back={{ href: panelPaths.users, label: 'User Management' }} fullScreen />;
}
