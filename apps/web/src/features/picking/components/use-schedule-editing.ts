/**
 * The producer schedule's row editing: the table state (rows in edit mode with the user's figures),
 * loading the fetched rows into it, and saving a row (with the messages of a refused save).
 */
import { useCallback, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickingSchedulePage } from '@orchard/shared/picking';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useSaveScheduleRow } from '../api/save-row';
import { initialScheduleTableState, saveBlocker, saveBlockerText, saveRequest, scheduleTableReducer } from '../schedule-table-state';

export function useScheduleEditing(data: PickingSchedulePage | undefined, pagerDate: string | null) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(scheduleTableReducer, initialScheduleTableState);
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  // a new answer is taken into the table state while rendering: the table draws the new page in the
  // same commit, not once with the previous rows and again after an effect
  const [loadedFrom, setLoadedFrom] = useState<PickingSchedulePage | undefined>(undefined);
  if (data !== loadedFrom) {
    setLoadedFrom(data);
    if (data) dispatch({ type: 'load', rows: data.rows });
  }

  const save = useSaveScheduleRow();
  const [savingId, setSavingId] = useState<number | null>(null);

  const onSave = useCallback(
    (id: number) => {
      const current = stateRef.current;
      const blocker = saveBlocker(current, id);
      if (blocker) {
        toast.error(t('picking.error'), saveBlockerText(blocker, t));
        return;
      }
      const request = saveRequest(current, id, pagerDate);
      if (!request) return;
      setSavingId(id);
      save.mutate(request, {
        onSuccess: (row) => {
          dispatch({ type: 'saved', id, row });
          toast.success(t('picking.success'), request.kind === 'create' ? t('picking.rowCreated') : t('picking.rowSaved'));
        },
        // the row stays in edit mode with the user's figures
        onError: (e) => toast.error(t('picking.error'), errorText(e)),
        onSettled: () => setSavingId(null),
      });
    },
    [pagerDate, save, t],
  );

  // the action cells call the latest onSave, whenever they were drawn
  const onSaveRef = useRef(onSave);
  useLayoutEffect(() => {
    onSaveRef.current = onSave;
  });

  return { state, dispatch, savingId, onSaveRef };
}
