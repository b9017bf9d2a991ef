import {
  AwardIcon,
  BookOpenIcon,
  BuildingIcon,
  CalendarIcon,
  ClipboardListIcon,
  FileTextIcon,
  GraduationCapIcon,
  MapPinIcon,
  ToggleRightIcon,
  UserCheckIcon,
  UserIcon,
  type LucideIcon,
} from '~/components/ui/icons';
import type { CategoryKey, IconName } from './field-model';

/** The icons a field may name (SPEC.md section 3, "Editor field definition"). */
export const fieldIcons: Record<IconName, LucideIcon> = {
  User: UserIcon,
  GraduationCap: GraduationCapIcon,
  MapPin: MapPinIcon,
  Calendar: CalendarIcon,
  UserCheck: UserCheckIcon,
  Building: BuildingIcon,
  BookOpen: BookOpenIcon,
};

export const categoryIcons: Record<CategoryKey, LucideIcon> = {
  basic: UserIcon,
  details: ClipboardListIcon,
  contact: MapPinIcon,
  status: ToggleRightIcon,
  exam: FileTextIcon,
  result: AwardIcon,
  course: GraduationCapIcon,
  subjects: BookOpenIcon,
};
