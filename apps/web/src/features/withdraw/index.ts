export { WithdrawModal } from './WithdrawModal';
