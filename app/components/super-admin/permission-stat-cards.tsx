import { Card } from '~/components/ui/card';
import { KeyRoundIcon, ShieldCheckIcon, UserCheckIcon, UsersIcon, type LucideIcon } from '~/components/ui/icons';
import type { PermissionStats } from './permission-management-model';

function StatCard({ label, value, icon: Icon }: { label: string; value: number | null; icon: LucideIcon }) {
  return (
    <Card className="flex-row items-center gap-4 px-5 py-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums">{value ?? '—'}</p>
      </div>
    </Card>
  );
}

/** Total Users, Active Users, Users with Permissions and Total Permissions (SPEC.md section 2.5); a dash for what failed to load. */
export function PermissionStatCards({ stats, totalPermissions }: { stats: PermissionStats | null; totalPermissions: number | null }) {
  return (
    <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      <StatCard label="Total Users" value={stats?.all ?? null} icon={UsersIcon} />
      <StatCard label="Active Users" value={stats?.active ?? null} icon={UserCheckIcon} />
      <StatCard label="Users with Permissions" value={stats?.withPermissions ?? null} icon={ShieldCheckIcon} />
      <StatCard label="Total Permissions" value={totalPermissions} icon={KeyRoundIcon} />
    </div>
  );
}
