import type { RecordJson } from '@arca/schema';
import { createContext, use } from 'react';
import type { CommunityChoice } from './community/useCommunityChoice.ts';
import type { EditorSettings } from './DepositEditor.tsx';
import type { DepositActions } from './useDepositActions.ts';

export interface DepositContextValue {
  /** The draft as last read or saved; undefined before the first save. */
  draft: RecordJson | undefined;
  settings: EditorSettings;
  actions: DepositActions;
  /** The community the draft goes to (SPEC §2, community header). */
  community: CommunityChoice;
  /** A file of this page is uploading or failed to: it is not finished (SPEC §5). */
  uploading: boolean;
}

export const DepositContext = createContext<DepositContextValue | undefined>(undefined);

export function useDeposit(): DepositContextValue {
  const value = use(DepositContext);
  if (!value) throw new Error('useDeposit outside the deposit editor');
  return value;
}
