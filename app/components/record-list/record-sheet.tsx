import * as React from 'react';
import { Badge } from '~/components/ui/badge';
import { RecordButtons } from '~/components/list/record-buttons';
import { Separator } from '~/components/ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '~/components/ui/sheet';
import { Skeleton } from '~/components/ui/skeleton';
import { formatDateTime } from '~/utils/format';
import { editHref } from '~/lib/record-links';
import { RecordFields, RecordHistory } from './record-details';
import { StudentFees } from './student-fees';
import { StudentResults } from './student-results';
import type { RecordListData, RecordRow } from '~/lib/record-list';

/**
 * A record's details beside the list, opened by ?view=<id> (so it survives a reload and can be
 * shared): every field by its form label, a student's results and fees, then its history.
 */
export function RecordSheet({
  viewId,
  view,
  pendingTitle,
  names,
  can,
  typeLabel,
  onClose,
  onDelete,
}: {
  /** The record the address asks for (or is about to); null closes the sheet. */
  viewId: string | null;
  view: RecordListData['view'];
  /** The row's name while its details load. */
  pendingTitle?: string;
  names: Record<string, string>;
  can: RecordListData['can'];
  typeLabel: string;
  onClose: () => void;
  onDelete: (record: RecordRow) => void;
}) {
  const loaded = view && (view.ok ? view.detail.record._id === viewId : view.id === viewId) ? view : null;
  const record = loaded?.ok ? loaded.detail.record : null;
  const edit = record && can.edit ? editHref(record.formType, record._id) : undefined;
  // The sheet opens from the address, not from a trigger Radix knows: on closing, focus goes
  // back to the row it was opened for, as it would to a trigger.
  const lastViewed = React.useRef(viewId);
  if (viewId) lastViewed.current = viewId;

  return (
    <Sheet open={viewId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        className="w-full gap-0 sm:max-w-xl"
        onCloseAutoFocus={(event) => {
          const row = document.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(lastViewed.current ?? '')}"]`);
          if (!row) return;
          event.preventDefault();
          row.focus();
        }}
      >
        <SheetHeader className="border-b">
          <SheetTitle className="text-lg">{record?.title ?? pendingTitle ?? typeLabel}</SheetTitle>
          {record ? (
            <SheetDescription asChild>
              <div className="flex flex-wrap items-center gap-2">
                <span>{typeLabel}</span>
                {record.registrationNo ? <Badge variant="outline">Reg. {record.registrationNo}</Badge> : null}
                {record.rollNo ? <Badge variant="outline">Roll {record.rollNo}</Badge> : null}
                {record.code && !record.registrationNo ? <Badge variant="outline">{record.code}</Badge> : null}
              </div>
            </SheetDescription>
          ) : (
            <SheetDescription>{typeLabel} details</SheetDescription>
          )}
        </SheetHeader>

        <div className="grid gap-6 p-4">
          {!loaded ? (
            <div role="status" aria-label="Loading details" className="grid gap-4">
              {Array.from({ length: 6 }, (_, index) => (
                <div key={index} className="grid gap-1.5">
                  <Skeleton className="h-3 w-24" />
                  <Skeleton className="h-4 w-48" />
                </div>
              ))}
            </div>
          ) : !loaded.ok ? (
            <p role="alert" className="text-sm text-destructive">
              {loaded.message}
            </p>
          ) : (
            <>
              <section aria-labelledby="record-fields-heading">
                <h3 id="record-fields-heading" className="mb-3 text-sm font-semibold">
                  Details
                </h3>
                <RecordFields record={loaded.detail.record} fields={loaded.detail.fields} names={names} />
                <p className="mt-4 text-xs text-muted-foreground">
                  Added {formatDateTime(loaded.detail.record.createdAt)} · last changed {formatDateTime(loaded.detail.record.updatedAt)}
                </p>
              </section>
              {loaded.detail.results ? (
                <>
                  <Separator />
                  <section aria-labelledby="record-results-heading">
                    <h3 id="record-results-heading" className="mb-3 text-sm font-semibold">
                      Exams and results
                    </h3>
                    <StudentResults
                      studentId={loaded.detail.record._id}
                      exams={loaded.detail.results.exams}
                      marksheets={loaded.detail.results.marksheets}
                    />
                  </section>
                </>
              ) : null}
              {loaded.detail.fees ? (
                <>
                  <Separator />
                  <section aria-labelledby="record-fees-heading">
                    <h3 id="record-fees-heading" className="mb-3 text-sm font-semibold">
                      Fees
                    </h3>
                    <StudentFees fees={loaded.detail.fees} />
                  </section>
                </>
              ) : null}
              <Separator />
              <section aria-labelledby="record-history-heading">
                <h3 id="record-history-heading" className="mb-4 text-sm font-semibold">
                  History
                </h3>
                <RecordHistory history={loaded.detail.history} fields={loaded.detail.fields} names={names} record={loaded.detail.record} />
              </section>
            </>
          )}
        </div>

        {record && (edit || can.delete) ? (
          <SheetFooter className="sticky bottom-0 flex-row justify-end border-t bg-background">
            <RecordButtons editHref={edit} onDelete={can.delete ? () => onDelete(record) : undefined} />
          </SheetFooter>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
