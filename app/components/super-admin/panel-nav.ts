import {
  BookOpenIcon,
  Building2Icon,
  ClipboardListIcon,
  FileTextIcon,
  GraduationCapIcon,
  ShieldCheckIcon,
  UsersIcon,
  type LucideIcon,
} from '~/components/ui/icons';

/** The super-admin panel's pages (SPEC.md section 2.5). */
export const panelPaths = {
  home: '/admin/super-admin',
  users: '/admin/super-admin/users',
  permissions: '/admin/super-admin/permissions',
} as const;

export const formEditorPath = (formType: string) => `/admin/super-admin/forms/${encodeURIComponent(formType)}`;

export interface PanelLink {
  id: string;
  label: string;
  href: string;
  icon: LucideIcon;
  keywords: readonly string[];
  /** A key sequence, in ShortcutKeys notation ('g u'). */
  shortcut?: string;
}

export interface PanelSection {
  title: 'Administration' | 'Form Types';
  links: PanelLink[];
}

const builtInForms: readonly PanelLink[] = [
  {
    id: 'form:student',
    label: 'Student Form',
    href: formEditorPath('student'),
    icon: GraduationCapIcon,
    keywords: ['admission', 'students'],
  },
  { id: 'form:course', label: 'Course Form', href: formEditorPath('course'), icon: BookOpenIcon, keywords: ['courses'] },
  { id: 'form:branch', label: 'Branch Form', href: formEditorPath('branch'), icon: Building2Icon, keywords: ['branches', 'centres'] },
  {
    id: 'form:examResult',
    label: 'Exam & Result Form',
    href: formEditorPath('examResult'),
    icon: ClipboardListIcon,
    keywords: ['exams', 'results'],
  },
];

/** The sidebar's sections: administration, then the built-in forms and the custom ones. */
export function panelSections(customForms: readonly { formType: string; label: string }[]): PanelSection[] {
  return [
    {
      title: 'Administration',
      links: [
        {
          id: 'users',
          label: 'User Management',
          href: panelPaths.users,
          icon: UsersIcon,
          keywords: ['users', 'accounts', 'staff'],
          shortcut: 'g u',
        },
        {
          id: 'permissions',
          label: 'Permission Management',
          href: panelPaths.permissions,
          icon: ShieldCheckIcon,
          keywords: ['access', 'grants', 'roles'],
          shortcut: 'g p',
        },
      ],
    },
    {
      title: 'Form Types',
      links: [
        ...builtInForms,
        ...customForms.map((form) => ({
          id: `form:${form.formType}`,
          label: form.label,
          href: formEditorPath(form.formType),
          icon: FileTextIcon,
          keywords: ['custom form', form.formType],
        })),
      ],
    },
  ];
}
