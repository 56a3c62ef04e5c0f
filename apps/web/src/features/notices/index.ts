export { NoticeSettingsSheet } from './NoticeSettingsSheet';
