import { getInputProps, getSelectProps } from '@conform-to/react';
import type { MetaFunction } from '@remix-run/node';
import { type ThemeContent } from '../../common/contracts/site-content';
import { BUTTON_TEXT, isHexColour, modeTextColour, siteFonts, themeContrast, type SiteFont } from '../../common/site-theme';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { SiteSectionForm, useSiteSectionForm } from '~/components/site-settings/section-form';
import { SiteSectionLayout } from '~/components/site-settings/section-layout';
import { cn } from '~/components/ui/cn';
import { FieldError } from '~/components/ui/field-error';
import { FormField } from '~/components/ui/form-field';
import { CheckCircle2Icon, TriangleAlertIcon } from '~/components/ui/icons';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { siteSectionAction, siteSectionLoader } from '~/services/site-section.server';

const title = 'Theme';

export const meta: MetaFunction = () => [{ title: `${title} · Site settings` }];

export const loader = siteSectionLoader('theme');
export const action = siteSectionAction('theme');

const colours = [
  { name: 'primary', label: 'Primary', hint: 'Buttons and the header’s band' },
  { name: 'accent', label: 'Accent', hint: 'Links and highlights' },
  { name: 'background', label: 'Background', hint: 'The page behind the text' },
] as const;

export default function ThemeSettings() {
  const { view, form, fields } = useSiteSectionForm('theme');
  // What the editor has typed so far, each value falling back to the draft's while it is not a colour.
  const typed = { ...view.draft, ...(form.value as Partial<ThemeContent> | undefined) };
  const live: ThemeContent = {
    primary: isHexColour(typed.primary ?? '') ? typed.primary : view.draft.primary,
    accent: isHexColour(typed.accent ?? '') ? typed.accent : view.draft.accent,
    background: isHexColour(typed.background ?? '') ? typed.background : view.draft.background,
    font: typed.font in siteFonts ? (typed.font as SiteFont) : view.draft.font,
    mode: typed.mode === 'dark' ? 'dark' : 'light',
  };
  const checks = themeContrast(live);

  return (
    <SiteSectionLayout view={view} description="How every page of the site looks: its colours, its font, light or dark.">
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <SiteSectionForm form={form} version={view.version} className="content-start gap-5">
          {colours.map(({ name, label, hint }) => {
            const field = fields[name];
            return (
              <FormField key={name} field={field} label={label}>
                <div className="flex items-center gap-2">
                  <input
                    type="color"
                    aria-label={`${label}, picked`}
                    value={live[name]}
                    onChange={(event) => form.update({ name: field.name, value: event.target.value })}
                    className="size-9 shrink-0 cursor-pointer rounded-md border bg-background p-0.5"
                    tabIndex={-1}
                  />
                  <Input
                    {...getInputProps(field, { type: 'text' })}
                    key={field.key}
                    maxLength={7}
                    className="font-mono"
                    spellCheck={false}
                  />
                </div>
                <p className="text-xs text-muted-foreground">{hint}</p>
              </FormField>
            );
          })}
          <FormField field={fields.font} label="Font">
            <NativeSelect {...getSelectProps(fields.font)} key={fields.font.key}>
              {Object.entries(siteFonts).map(([value, font]) => (
                <option key={value} value={value}>
                  {font.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Mode</legend>
            <div className="flex gap-4">
              {(['light', 'dark'] as const).map((mode) => (
                <label key={mode} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={fields.mode.name}
                    value={mode}
                    defaultChecked={view.draft.mode === mode}
                    className="size-4 accent-primary"
                  />
                  {mode === 'light' ? 'Light: dark text on the background' : 'Dark: light text on the background'}
                </label>
              ))}
            </div>
            <FieldError id={fields.mode.errorId} errors={fields.mode.errors} />
          </fieldset>
          <section aria-labelledby="contrast-title" className="grid gap-2">
            <h2 id="contrast-title" className="text-sm font-medium">
              Contrast (WCAG AA asks 4.5 to 1)
            </h2>
            <ul className="grid gap-1.5 text-sm" aria-live="polite">
              {checks.map((check) => (
                <li
                  key={check.label}
                  className={cn('flex items-center gap-2', check.passes ? 'text-foreground' : 'text-amber-800 dark:text-amber-300')}
                >
                  {check.passes ? (
                    <CheckCircle2Icon aria-hidden className="size-4 text-emerald-600" />
                  ) : (
                    <TriangleAlertIcon aria-hidden className="size-4" />
                  )}
                  <span>
                    {check.label}: {check.ratio.toFixed(2)} to 1{check.passes ? '' : ' — hard to read for some visitors'}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </SiteSectionForm>
        <ThemePreview theme={live} />
      </div>
    </SiteSectionLayout>
  );
}

/** A small page of the site in the colours as typed: what visitors will see once it is published. */
function ThemePreview({ theme }: { theme: ThemeContent }) {
  const text = modeTextColour[theme.mode];
  return (
    <section aria-labelledby="theme-preview-title" className="grid content-start gap-2">
      <h2 id="theme-preview-title" className="text-sm font-medium">
        Live preview
      </h2>
      <div
        className="overflow-hidden rounded-xl border shadow-sm"
        style={{ background: theme.background, color: text, fontFamily: siteFonts[theme.font].stack }}
      >
        <div className="flex items-center justify-between gap-3 px-4 py-3" style={{ background: theme.primary, color: BUTTON_TEXT }}>
          <span className="font-semibold">Your Institute</span>
          <span className="text-xs opacity-90">Home · Courses · Notices</span>
        </div>
        <div className="grid gap-3 p-5">
          <p className="text-xl font-semibold">Admissions are open for the new session</p>
          <p className="text-sm leading-relaxed">
            Practical courses taught by experienced faculty, with certificates recognised across the state.{' '}
            <span className="underline underline-offset-2" style={{ color: theme.accent }}>
              Read the prospectus
            </span>
          </p>
          <span className="w-fit rounded-md px-4 py-2 text-sm font-medium" style={{ background: theme.primary, color: BUTTON_TEXT }}>
            Enquire now
          </span>
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title={title} />;
}
