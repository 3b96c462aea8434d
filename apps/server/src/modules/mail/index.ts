/** Mail: the outbox every message is queued in, in the sender's transaction, and its delivery over SMTP. No routes. */
export { deliverMail, queueMail, type OutgoingMail } from './mail.service';
