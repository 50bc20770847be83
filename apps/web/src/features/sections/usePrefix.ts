import { useLocation } from 'react-router';

/** '/management' when a manager works for the user, else '/app' (the routes mirror each other). */
export function usePrefix(): string {
  return useLocation().pathname.startsWith('/management') ? '/management' : '/app';
}
