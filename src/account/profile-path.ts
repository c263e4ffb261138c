/**
 * The profile page (SPEC §2 Profile '/myaccount/profile (also avatar click)'): the personal centre's first entry
 * and the header avatar's link. Its own module so the server-rendered avatar link needs no menu tables.
 */
export const PROFILE_PATH = '/myaccount/profile';
