import { act, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { standingToasts } from '../test/toasts';
import { notify } from './notify';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


describe('one toast per subject', () => {
  it('keeps a new answer that comes just as the previous toast of its subject runs out', async () => {
    render(<Toaster />);
    // The second answer arrives at the very moment the first toast's time is up, as sonner starts
    // taking it off the screen: under the first one's id it would leave with it.
    act(() => void notify.error('form', 'first refusal', { duration: 50, onAutoClose: () => notify.error('form', 'second refusal') }));
    expect(await screen.findByText('second refusal')).toBeInTheDocument();
    await act(() => sleep(600));
    expect(standingToasts()).toEqual(['second refusal']);
  });

  it('replaces the toast still shown for the subject instead of stacking under it, and leaves other subjects alone', async () => {
    render(<Toaster />);
    act(() => {
      notify.error('form', 'wrong code');
      notify.success('copy', 'copied');
    });
    expect(await screen.findByText('wrong code')).toBeInTheDocument();
    act(() => void notify.error('form', 'code expired'));
    expect(await screen.findByText('code expired')).toBeInTheDocument();
    await act(() => sleep(400));
    expect(standingToasts().sort()).toEqual(['code expired', 'copied']);
  });

  it('takes the subject\'s toast off when what it said no longer stands', async () => {
    render(<Toaster />);
    act(() => {
      notify.error('qr', 'no QR this time');
      notify.info('other', 'still here');
    });
    expect(await screen.findByText('no QR this time')).toBeInTheDocument();
    act(() => notify.dismiss('qr'));
    await waitFor(() => expect(standingToasts()).toEqual(['still here']));
  });
});
