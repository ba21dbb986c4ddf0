// Request signing (HMAC-SHA256, @noble/hashes) is needed only for authenticated calls: the client
// imports this module when it first signs, so the public pages do not load the hash code.
export { signParams } from '@lightwell/domain';
