import * as Dialog from '@radix-ui/react-dialog';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusReturn } from './focusReturn';

function Opener() {
  const [open, setOpen] = useState(false);
  const focusReturn = useFocusReturn();
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Content aria-describedby={undefined} {...focusReturn}>
            <Dialog.Title>title</Dialog.Title>
            <button onClick={() => setOpen(false)}>done</button>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

describe('useFocusReturn', () => {
  it('gives focus back to what opened the dialog when it closes', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByText('open'));
    expect(screen.getByText('done')).toHaveFocus();
    await user.click(screen.getByText('done'));
    expect(screen.getByText('open')).toHaveFocus();
  });
});
