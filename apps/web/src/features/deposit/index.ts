export { DepositModal } from './DepositModal';
