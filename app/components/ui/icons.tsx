import { forwardRef, type ForwardRefExoticComponent, type RefAttributes, type SVGProps } from 'react';
import spriteUrl from './icons.svg?url';

export type LucideProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & { size?: string | number };
export type LucideIcon = ForwardRefExoticComponent<LucideProps & RefAttributes<SVGSVGElement>>;

/** lucide's rule: an icon is announced once it is given a name or a role, else screen readers skip it. */
function isLabelled(props: Record<string, unknown>) {
  return Object.keys(props).some((key) => (key.startsWith('aria-') || key === 'role' || key === 'title') && props[key] != null);
}

/**
 * One of lucide's icons, drawn by reference to its symbol in the sprite so that the drawing is
 * fetched once as a cached asset rather than shipped in the scripts. The outer <svg> is the one
 * lucide-react renders (attributes, classes, aria-hidden); the symbol sets no stroke of its own,
 * so colour and stroke width follow this element. `aliases` are the other names lucide writes
 * into the class list.
 */
function icon(name: string, ...aliases: string[]): LucideIcon {
  const classes = ['lucide', ...[name, ...aliases].map((each) => `lucide-${each}`)].join(' ');
  return forwardRef<SVGSVGElement, LucideProps>(
    ({ color = 'currentColor', size = 24, width = size, height = size, strokeWidth = 2, className, children, ...rest }, ref) => (
      <svg
        ref={ref}
        xmlns="http://www.w3.org/2000/svg"
        width={width}
        height={height}
        viewBox="0 0 24 24"
        fill="none"
        stroke={color}
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `${classes} ${className}` : classes}
        aria-hidden={children || isLabelled(rest) ? undefined : 'true'}
        {...rest}
      >
        <use href={`${spriteUrl}#${name}`} />
        {children}
      </svg>
    ),
  );
}

// Adding an icon here takes `npm run icons:sprite` to add its symbol to icons.svg (the test fails until then).
export const ArrowDownIcon = icon('arrow-down');
export const ArrowDownLeftIcon = icon('arrow-down-left');
export const ArrowLeftIcon = icon('arrow-left');
export const ArrowLeftRightIcon = icon('arrow-left-right');
export const ArrowUpDownIcon = icon('arrow-up-down');
export const ArrowUpIcon = icon('arrow-up');
export const ArrowUpRightIcon = icon('arrow-up-right');
export const AwardIcon = icon('award');
export const BadgeCheckIcon = icon('badge-check', 'verified');
export const BellIcon = icon('bell');
export const BookOpenIcon = icon('book-open');
export const BookPlusIcon = icon('book-plus');
export const Building2Icon = icon('building-complex', 'building-2');
export const BuildingIcon = icon('building');
export const CalendarIcon = icon('calendar');
export const CheckCircle2Icon = icon('circle-check', 'check-circle-2');
export const CheckIcon = icon('check');
export const ChevronDownIcon = icon('chevron-down');
export const ChevronLeftIcon = icon('chevron-left');
export const ChevronRightIcon = icon('chevron-right');
export const ChevronsLeftIcon = icon('chevrons-left');
export const ChevronsRightIcon = icon('chevrons-right');
export const ChevronsUpDownIcon = icon('chevrons-up-down');
export const CircleIcon = icon('circle');
export const ClipboardListIcon = icon('clipboard-list');
export const ClockIcon = icon('clock');
export const ConstructionIcon = icon('construction');
export const CreditCardIcon = icon('credit-card');
export const DownloadIcon = icon('download');
export const EyeIcon = icon('eye');
export const FileIcon = icon('file');
export const FilePenIcon = icon('file-pen', 'file-edit');
export const FilePlusIcon = icon('file-plus');
export const FileQuestionIcon = icon('file-question-mark', 'file-question');
export const FileTextIcon = icon('file-text');
export const FileWarningIcon = icon('file-exclamation-point', 'file-warning');
export const FileXIcon = icon('file-x');
export const FilesIcon = icon('files');
export const FlagIcon = icon('flag');
export const GraduationCapIcon = icon('graduation-cap');
export const GripVerticalIcon = icon('grip-vertical');
export const IdCardIcon = icon('id-card');
export const ImagesIcon = icon('images');
export const IndianRupeeIcon = icon('indian-rupee');
export const KeyRoundIcon = icon('key-round');
export const KeyboardIcon = icon('keyboard');
export const LayoutDashboardIcon = icon('layout-dashboard');
export const LayoutPanelTopIcon = icon('layout-panel-top');
export const LayoutTemplateIcon = icon('layout-template');
export const ListOrderedIcon = icon('list-ordered');
export const ListXIcon = icon('list-x');
export const LoaderCircleIcon = icon('loader-circle', 'loader-2');
export const LogOutIcon = icon('log-out');
export const MapPinIcon = icon('map-pin');
export const MedalIcon = icon('medal');
export const MegaphoneIcon = icon('megaphone');
export const MenuIcon = icon('menu');
export const MinusIcon = icon('minus');
export const MonitorIcon = icon('monitor');
export const MoonIcon = icon('moon');
export const MoreHorizontalIcon = icon('ellipsis', 'more-horizontal');
export const PaletteIcon = icon('palette');
export const PanelBottomIcon = icon('panel-bottom');
export const PanelLeftIcon = icon('panel-left', 'sidebar');
export const PanelTopIcon = icon('panel-top');
export const PenLineIcon = icon('pen-line', 'edit-3');
export const PencilIcon = icon('pencil');
export const PlusCircleIcon = icon('circle-plus', 'plus-circle');
export const PlusIcon = icon('plus');
export const PowerIcon = icon('power');
export const PowerOffIcon = icon('power-off');
export const ReceiptIndianRupeeIcon = icon('receipt-indian-rupee');
export const ReceiptTextIcon = icon('receipt-text');
export const RefreshCwIcon = icon('refresh-cw');
export const RotateCcwIcon = icon('rotate-ccw');
export const RotateCwIcon = icon('rotate-cw');
export const SaveIcon = icon('save');
export const SearchIcon = icon('search');
export const SearchXIcon = icon('search-x');
export const SettingsIcon = icon('settings');
export const ShieldCheckIcon = icon('shield-check');
export const ShieldIcon = icon('shield');
export const ShieldXIcon = icon('shield-x', 'shield-close');
export const SlidersHorizontalIcon = icon('sliders-horizontal');
export const SparklesIcon = icon('sparkles', 'stars');
export const SquareCheckIcon = icon('square-check', 'check-square-2');
export const SquareIcon = icon('square');
export const SunIcon = icon('sun');
export const TagsIcon = icon('tags');
export const ToggleRightIcon = icon('toggle-right');
export const Trash2Icon = icon('trash', 'trash-2');
export const TriangleAlertIcon = icon('triangle-exclamation-point', 'alert-triangle', 'triangle-alert');
export const Undo2Icon = icon('undo-2');
export const UploadIcon = icon('upload');
export const UserCheckIcon = icon('user-check');
export const UserCogIcon = icon('user-cog');
export const UserIcon = icon('user');
export const UserPlusIcon = icon('user-plus');
export const UsersIcon = icon('users');
export const WalletIcon = icon('wallet');
export const XIcon = icon('x');
