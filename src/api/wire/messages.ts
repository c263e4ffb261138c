/** Schema chunk of the message centre and announcement calls (src/api/wire.ts `messagesWire`). */
export { dataOr } from '../parse.ts';
export { Bulletin, NoticeRecord, parseNoticeList } from '../../../common/wire/messages.ts';
