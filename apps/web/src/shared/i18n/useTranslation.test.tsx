import { act, render, screen } from '@testing-library/react';
import { Trans } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '.';
import { useTranslation } from './useTranslation';

/** Like the app's <Money>: draws its own content, whatever the sentence puts inside the tag. */
const Amount = () => <b>500</b>;

function Sample() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p data-testid="plain">{t('login.title')}</p>
      <p data-testid="marked">
        <Trans i18n={i18n} t={t} i18nKey="game.confirmTransfer" values={{ name: 'PG' }} components={{ amount: <Amount /> }} />
      </p>
    </>
  );
}

afterEach(async () => {
  await act(() => changeLanguage('th'));
});

describe('useTranslation', () => {
  it('draws the current language and again after a switch, <Trans> markup included', async () => {
    render(<Sample />);
    expect(screen.getByTestId('plain')).toHaveTextContent('เข้าสู่ระบบ');
    expect(screen.getByTestId('marked').querySelector('b')).toHaveTextContent('500');
    expect(screen.getByTestId('marked')).toHaveTextContent(/โยกเงินในกระเป๋าทั้งหมด\s*500\s*บาท เข้า PG/);
    await act(() => changeLanguage('en'));
    expect(screen.getByTestId('plain')).toHaveTextContent('Log in');
    expect(screen.getByTestId('marked')).toHaveTextContent(/500.*PG/);
    expect(screen.getByTestId('marked').querySelector('b')).toHaveTextContent('500');
  });
});
