// core's isPossibleNumber, loaded the first time a page needs it: libphonenumber's metadata is
// 29 KB gzip that a page without typed numbers should not download. Null until it has loaded.
import { useEffect, useState } from 'react';

type PossibleNumberCheck = (phone: string) => boolean;

let loaded: PossibleNumberCheck | null = null;

export function usePossibleNumber(needed: boolean): PossibleNumberCheck | null {
  const [check, setCheck] = useState<PossibleNumberCheck | null>(() => loaded);
  useEffect(() => {
    if (!needed || check) return;
    let live = true;
    void import('@kurir/core/phone-possible').then(
      (m) => {
        loaded = m.isPossibleNumber;
        if (live) setCheck(() => m.isPossibleNumber);
      },
      // The check only warns; a page whose network dropped the module still sends (the server
      // applies the spec's pattern itself) rather than waiting for it forever.
      () => {
        if (live) setCheck(() => () => true);
      },
    );
    return () => {
      live = false;
    };
  }, [needed, check]);
  return check;
}
