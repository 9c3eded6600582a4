/**
 * The token dialog: when the Worker has tokens configured, the first 401 opens it, and the token
 * given is kept for the tab (`sessionStorage`, in `api.ts`); a button forgets it again.
 */
import { forgetToken, setTokenPrompt, storedToken } from './api.ts';
import { byId } from './dom.ts';

/** Wires the dialog and the forget button; `say` reports to the page's status line. */
export function setupTokenDialog(say: (message: string) => void): void {
  const dialog = byId<HTMLDialogElement>('token-dialog');
  const tokenInput = byId<HTMLInputElement>('token-input');
  setTokenPrompt(
    (refused) =>
      new Promise((resolve) => {
        byId('token-message').textContent = refused
          ? 'That token was refused. Enter another.'
          : 'This Worker has tokens configured. Enter yours; it is kept for this tab only.';
        tokenInput.value = '';
        const done = (token: string | undefined) => {
          dialog.close();
          form.removeEventListener('submit', submit);
          cancel.removeEventListener('click', dismiss);
          dialog.removeEventListener('cancel', dismiss);
          byId('forget-token').hidden = storedToken() === undefined && token === undefined;
          resolve(token);
        };
        const form = byId<HTMLFormElement>('token-form');
        const cancel = byId('token-cancel');
        const submit = (event: Event) => {
          event.preventDefault();
          const token = tokenInput.value.trim();
          if (token !== '') done(token);
        };
        const dismiss = (event: Event) => {
          event.preventDefault();
          done(undefined);
        };
        form.addEventListener('submit', submit);
        cancel.addEventListener('click', dismiss);
        dialog.addEventListener('cancel', dismiss);
        dialog.showModal();
        tokenInput.focus();
      }),
  );
  byId('forget-token').hidden = storedToken() === undefined;
  byId('forget-token').addEventListener('click', () => {
    forgetToken();
    byId('forget-token').hidden = true;
    say('The token is forgotten; the next request asks again.');
  });
}
