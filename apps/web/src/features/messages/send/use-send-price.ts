// The price of the send as it stands, worked out in the browser with core's pricing (the function
// the server charges with), from the loaded unit prices or the spec's fallback while they load.
import { useQuery } from '@tanstack/react-query';
import type { Channel } from '@kurir/core/constants';
import { getPricingQuery } from '../api/get-pricing';
import { quoteSend, unitPricesFrom } from './send-form';

export function useSendPrice(input: { channel: Channel; recipients: number; parts: number; creditEuros: number }) {
  const smsPrice = useQuery(getPricingQuery('sms'));
  const viberPrice = useQuery(getPricingQuery('viber'));
  const prices = unitPricesFrom(smsPrice.data?.sellPriceWithTax, viberPrice.data?.sellPriceWithTax);
  return {
    quote: quoteSend({ ...input, prices }),
    pricesLoaded: smsPrice.isSuccess && viberPrice.isSuccess,
  };
}
