export const API_PREFIX = 'api/public/v1';
