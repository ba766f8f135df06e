// The fixture lives in src/domain so that domain tests, which import nothing from the server, share it.
export { KARNATAKA_BUSINESS } from '../../domain/test-business';
