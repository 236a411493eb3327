import type { RecordJson } from '@arca/schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { readCommunity, type CommunityJson } from '../../api/communities.ts';
import { queryKeys } from '../../api/query-keys.ts';
import type { DepositFormValues } from '../form-values.ts';
import { reviewCommunityId } from './review-rules.ts';

/**
 * The community the draft goes to: the one of its review, or the one of the
 * `/communities/{slug}/upload` address, until the person picks another or
 * removes it. Saving makes the review follow it (useDepositActions).
 */
export function useCommunityChoice(
  form: UseFormReturn<DepositFormValues>,
  initialDraft: RecordJson | undefined,
  slug: string | undefined,
) {
  // Fixed at mount: the address loses its slug once the new draft has its own.
  const [initialKey] = useState(
    () => reviewCommunityId(initialDraft) ?? (initialDraft ? undefined : slug),
  );
  const initial = useQuery({
    queryKey: queryKeys.community(initialKey ?? ''),
    queryFn: ({ signal }) => readCommunity(initialKey ?? '', signal),
    enabled: initialKey !== undefined,
    staleTime: Infinity,
    retry: false,
  });
  const queryClient = useQueryClient();
  /** undefined: not touched yet (the initial one holds); null: removed. */
  const [picked, setPicked] = useState<CommunityJson | null>();
  // The save reads it at call time: "Publish without community" removes, then saves at once.
  const pickedRef = useRef<CommunityJson | null>(undefined);
  const [pickerOpen, setPickerOpen] = useState(false);
  const chosen = picked === undefined ? initial.data : (picked ?? undefined);

  function chosenId(): string | undefined {
    if (pickedRef.current !== undefined) return pickedRef.current?.id;
    if (initialKey === undefined) return undefined;
    const loaded = queryClient.getQueryData<CommunityJson>(queryKeys.community(initialKey));
    // The draft's own review names the community by id; a slug needs the loaded community.
    return loaded?.id ?? (initialKey === slug ? undefined : initialKey);
  }

  function choose(community: CommunityJson) {
    pickedRef.current = community;
    setPicked(community);
    setPickerOpen(false);
    forceRestricted(form, community);
  }

  // The community of `/communities/{slug}/upload` is chosen as the page opens.
  const preselected = initialDraft ? undefined : initial.data;
  useEffect(() => {
    if (preselected) forceRestricted(form, preselected);
  }, [form, preselected]);

  function remove() {
    pickedRef.current = null;
    setPicked(null);
  }

  return useMemo(
    () => ({
      chosen,
      loading: initialKey !== undefined && initial.isPending && picked === undefined,
      /** What the editor opened with: a review's community id, or the address's slug. */
      initialKey,
      /** The person's pick since the page opened: undefined when untouched, null when removed. */
      picked,
      /** The id the next save makes the review point to. */
      chosenId,
      choose,
      remove,
      pickerOpen,
      setPickerOpen,
    }),
    // choose/remove only touch the form and refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [chosen, initial.isPending, picked, pickerOpen],
  );
}

/** SPEC §4: a restricted community makes a public record (and its files) restricted. */
function forceRestricted(form: UseFormReturn<DepositFormValues>, community: CommunityJson) {
  if (community.access.visibility !== 'restricted') return;
  const access = form.getValues('access');
  if (access.record === 'public' || access.files === 'public') {
    form.setValue('access.record', 'restricted', { shouldDirty: true });
    form.setValue('access.files', 'restricted', { shouldDirty: true });
    form.setValue('access.embargo.active', false, { shouldDirty: true });
  }
}

export type CommunityChoice = ReturnType<typeof useCommunityChoice>;
