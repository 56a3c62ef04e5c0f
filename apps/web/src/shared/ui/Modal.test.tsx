import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './Modal';
import { DOUBLE_TAP_WINDOW_MS, liftTapShield } from './tapShield';

afterEach(() => liftTapShield());

function OpensOnItsOwn() {
  const [open, setOpen] = useState(true);
  return (
    <Modal open={open} onOpenChange={setOpen} title="Agreement">
      <p>Read me</p>
    </Modal>
  );
}

describe('a dialog', () => {
  it('stays open for a tap on its backdrop as it opens, and closes for one a double tap later', async () => {
    const user = userEvent.setup();
    render(<OpensOnItsOwn />);
    // A tap meant for the screen beneath, landing as the dialog appears.
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Agreement' })).toBeInTheDocument();

    await new Promise((resolve) => setTimeout(resolve, DOUBLE_TAP_WINDOW_MS + 50));
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
