import { createContext, lazy, Suspense, use } from 'react';
import { useDeposit } from '../deposit-context.ts';
import { DeleteModal } from './DeleteModal.tsx';
import { PublishModal } from './PublishModal.tsx';
import { deleteKind } from './publish-rules.ts';

// Loaded when first opened: the deposit page's initial JavaScript stays small.
const SubmitReviewModal = lazy(() =>
  import('../community/SubmitReviewModal.tsx').then((module) => ({
    default: module.SubmitReviewModal,
  })),
);

/** The confirmations the editor's action buttons open. */
export type ActionDialog = 'publish' | 'publishWithoutCommunity' | 'submit' | 'delete';

const OpenDialogContext = createContext<(dialog: ActionDialog) => void>(() => undefined);

export const OpenDialogProvider = OpenDialogContext;

/** Opens one of the editor's confirmations. */
export function useOpenDialog(): (dialog: ActionDialog) => void {
  return use(OpenDialogContext);
}

interface ActionDialogsProps {
  dialog: ActionDialog | undefined;
  onClose: () => void;
}

/**
 * The confirmations, rendered once by the editor rather than by the buttons:
 * the buttons move between the side card and the phone's bar when the window
 * crosses the breakpoint (a phone turned, a window resized), and an open dialog,
 * with what was ticked or typed in it, must stay.
 */
export function ActionDialogs({ dialog, onClose }: ActionDialogsProps) {
  const { draft, actions, community } = useDeposit();
  const chosen = community.chosen;
  const kind = deleteKind(draft);
  return (
    <>
      <PublishModal
        opened={dialog === 'publish' || dialog === 'publishWithoutCommunity'}
        onClose={onClose}
        onConfirm={() => {
          onClose();
          // Without the community, the review goes: the save deletes it, then publishes.
          if (dialog === 'publishWithoutCommunity') community.remove();
          void actions.publish();
        }}
        extraCheckboxes={[]}
      />
      {dialog === 'submit' && chosen && (
        <Suspense fallback={null}>
          <SubmitReviewModal
            opened
            onClose={onClose}
            onConfirm={(comment) => {
              onClose();
              void actions.submitForReview(comment);
            }}
            communityTitle={chosen.metadata.title}
            curationPolicy={chosen.metadata.curation_policy}
            direct={chosen.ui?.permissions?.can_include_directly === true}
            published={draft?.is_published ?? false}
          />
        </Suspense>
      )}
      <DeleteModal
        opened={dialog === 'delete'}
        kind={kind}
        onClose={onClose}
        onConfirm={() => {
          onClose();
          void actions.remove();
        }}
      />
    </>
  );
}
