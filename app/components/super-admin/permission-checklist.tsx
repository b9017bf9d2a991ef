import { Collapsible } from 'radix-ui';
import { ChevronDownIcon } from '~/components/ui/icons';
import { Checkbox } from '~/components/ui/checkbox';
import { cn } from '~/components/ui/cn';
import { NativeCheckbox } from '~/components/ui/native-checkbox';
import { Progress } from '~/components/ui/progress';
import { categoryChecked, categoryProgress, categoryState, type PermissionGroup } from '~/machines/permission-editor.machine';
import type { CataloguePermission } from './permission-management-model';

const categoryLabels: Record<string, string> = {
  dashboard: 'Dashboard',
  student: 'Students',
  exam: 'Exams & Results',
  branch: 'Branches',
  course: 'Courses',
  invoice: 'Invoices & Payments',
  certificate: 'Certificates & ID Cards',
  settings: 'Site Settings',
  users: 'Users & Permissions',
  wallet: 'Wallet',
};

export function categoryLabel(category: string): string {
  return categoryLabels[category] ?? category.replace(/[_-]+/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase());
}

interface PermissionChecklistProps {
  groups: readonly PermissionGroup<CataloguePermission>[];
  selected: readonly string[];
  disabled: boolean;
  /** Categories folded away. */
  collapsed: ReadonlySet<string>;
  onCollapsedChange: (category: string, collapsed: boolean) => void;
  onToggle: (permissionId: string) => void;
  onToggleCategory: (permissionIds: string[]) => void;
}

/**
 * The permission checklist grouped by category (SPEC.md sections 2.5 and 4): each category folds
 * away, has a tri-state box (all, some, none) and its progress. The boxes are real checkboxes
 * named `permissions`, so the surrounding form also works without JavaScript.
 */
export function PermissionChecklist({
  groups,
  selected,
  disabled,
  collapsed,
  onCollapsedChange,
  onToggle,
  onToggleCategory,
}: PermissionChecklistProps) {
  const chosen = new Set(selected);
  return (
    <div className="grid gap-3">
      {groups.map((group) => {
        const ids = group.permissions.map((permission) => permission._id);
        const state = categoryState(selected, ids);
        const progress = categoryProgress(selected, ids);
        const label = categoryLabel(group.category);
        const open = !collapsed.has(group.category);
        const contentId = `permission-category-${group.category}`;
        return (
          <Collapsible.Root
            key={group.category}
            open={open}
            onOpenChange={(next) => onCollapsedChange(group.category, !next)}
            className="rounded-lg border bg-card"
            data-category={group.category}
          >
            <div className="flex items-center gap-3 px-3 py-2.5 sm:px-4">
              <Checkbox
                checked={categoryChecked(state)}
                onCheckedChange={() => onToggleCategory(ids)}
                disabled={disabled}
                aria-label={`All ${label} permissions`}
              />
              <Collapsible.Trigger
                aria-controls={contentId}
                className="group/trigger flex min-w-0 flex-1 items-center gap-3 rounded-md text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{label}</span>
                  <span className="mt-1 flex items-center gap-2">
                    <Progress
                      value={progress.percent}
                      className="h-1.5 w-24 sm:w-32"
                      aria-label={`${label}: ${progress.granted} of ${progress.total} granted`}
                    />
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {progress.granted}/{progress.total}
                    </span>
                  </span>
                </span>
                <ChevronDownIcon
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]/trigger:rotate-180 motion-reduce:transition-none"
                />
                <span className="sr-only">{open ? `Collapse ${label}` : `Expand ${label}`}</span>
              </Collapsible.Trigger>
            </div>
            {/* Kept mounted while folded: every box stays part of the form. */}
            <Collapsible.Content forceMount id={contentId} className="border-t data-[state=closed]:hidden">
              <ul className="grid gap-x-4 gap-y-1 p-3 sm:grid-cols-2 sm:px-4">
                {group.permissions.map((permission) => {
                  const inputId = `permission-${permission._id}`;
                  const checked = chosen.has(permission._id);
                  return (
                    <li key={permission._id}>
                      <label
                        htmlFor={inputId}
                        className={cn(
                          'flex cursor-pointer items-start gap-2.5 rounded-md px-2 py-1.5 transition-colors hover:bg-muted/60',
                          checked && 'bg-primary/5',
                          disabled && 'cursor-not-allowed opacity-70',
                        )}
                      >
                        <NativeCheckbox
                          id={inputId}
                          name="permissions"
                          value={permission._id}
                          checked={checked}
                          disabled={disabled}
                          onChange={() => onToggle(permission._id)}
                          className="mt-0.5"
                        />
                        <span className="grid min-w-0">
                          <span className="text-sm leading-snug">{permission.description || permission.name}</span>
                          <span className="truncate font-mono text-[11px] text-muted-foreground">{permission.name}</span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </Collapsible.Content>
          </Collapsible.Root>
        );
      })}
    </div>
  );
}
