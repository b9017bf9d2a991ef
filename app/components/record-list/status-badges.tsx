import { Badge } from '~/components/ui/badge';

/** Active or Inactive. */
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>;
}

/** Yes or No, for a flag that is a setting rather than a status. */
export function FlagBadge({ on, yes = 'Yes', no = 'No' }: { on: boolean; yes?: string; no?: string }) {
  return on ? <Badge variant="outline">{yes}</Badge> : <span className="text-muted-foreground">{no}</span>;
}

/**
 * A student's state: active or not, awaiting registration, passed out. "Registered" is the usual
 * case and goes without a badge.
 */
export function StudentBadges({ student }: { student: { isActive: boolean; isRegistered: boolean; completedCourse: boolean } }) {
  return (
    <span className="flex flex-wrap gap-1 md:flex-nowrap">
      <ActiveBadge active={student.isActive} />
      {student.isRegistered ? null : <Badge variant="warning">Not registered</Badge>}
      {student.completedCourse ? <Badge variant="default">Pass-out</Badge> : null}
    </span>
  );
}
